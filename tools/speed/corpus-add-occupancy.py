#!/usr/bin/env python3
"""Add the occupancy model's inputs to a recorded corpus (docs/generated/speed-corpus.jsonl) without
timing it again: each row's model gets `kernel_resources` (block size, registers from NVRTC's sm_90
build, shared memory) and its counts the global load bytes and requests, from a run of the grader
without a GPU on the same kernels (`grader time --list LIST --jsonl`, LIST: the corpus' timed rows,
with kernels changed since the corpus was timed taken from the commit it was timed at).

A row is updated only where the new run's counts are the recorded ones (within 0.5%): the timed
kernel and the modelled one are then the same work. Usage:
    corpus-add-occupancy.py CORPUS NEW_ROWS.jsonl [MORE_NEW_ROWS.jsonl ...] > UPDATED
"""
import json
import sys

COUNTS = ["loaded_bytes", "stored_bytes", "shared_wavefronts", "warp_instructions", "l1_sectors", "blocks"]


def key(row):
    # Kernels taken from an older commit were modelled from /tmp/…/old/<path>.
    kernel = row["kernel"]
    if "/old/" in kernel:
        kernel = kernel.split("/old/", 1)[1]
    return row["section"], kernel


def same_counts(a, b):
    return all(abs(a.get(c, 0) - b.get(c, 0)) <= 0.005 * max(abs(a.get(c, 0)), 1.0) for c in COUNTS)


def main():
    corpus = [json.loads(l) for l in open(sys.argv[1]) if l.startswith("{")]
    new = {}
    for path in sys.argv[2:]:
        for line in open(path):
            if line.startswith("{"):
                row = json.loads(line)
                if row.get("model"):
                    new[key(row)] = row["model"]  # later files win (the older kernels' run)
    updated, mismatched = 0, []
    for row in corpus:
        m = row.get("model")
        n = new.get((row["section"], row["kernel"]))
        if not (m and n and row.get("median_ms")):
            continue
        if not same_counts(m["scaled"]["estimate"], n["scaled"]["estimate"]):
            mismatched.append(row["kernel"])
            continue
        for part in ("bound", "estimate"):
            for c in ("global_load_bytes", "global_load_requests"):
                m["scaled"][part][c] = n["scaled"][part][c]
        m["kernel_resources"] = n.get("kernel_resources")
        updated += 1
    for row in corpus:
        print(json.dumps(row, separators=(",", ":")))
    print(f"{updated} rows updated; counts differ (left without occupancy): {mismatched}", file=sys.stderr)


main()
