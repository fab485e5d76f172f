#!/usr/bin/env bash
# The speed model's corpus (issue "speed without a GPU"): every kernel of the course that runs —
# solutions, stubs, wrong, accepted and hostile kernels — timed on the GPU with the grader's
# method (outputs unchecked: a wrong kernel's work is as real as a right one's), beside the
# model's bound and estimate from the emulator's counts (`grader time --unchecked --jsonl`).
# Kernels that hang, fault or stop on the emulator are not launched.
#
# On a machine with a GPU and no Rust: build the grader here (`cargo build -p grader`), copy it
# to target/gpu-new/grader, carry it, and run `tools/gpu/speed-corpus.sh [LIST]` with OUT set
# (LIST: `SECTION:FILE` lines; default every kernel of the course; TIME_ARGS=--timing-only times a
# list known to run without grading it on the emulator first, the model rows coming from a run
# without a GPU: tools/speed-corpus-merge). Writes one JSON row per
# kernel to $OUT/speed-corpus.jsonl; copy them to docs/generated/speed-corpus.jsonl, then `UPDATE_BOOK_FIGURES=1 cargo test -p grader --test
# suite speed` redraws the book's figure and checks the bound (0 violations) and the error.
set -u
export PMPP_NO_PROGRESS=1
GRADER=${GRADER:-./target/gpu-new/grader}
LIST=${1:-}
mkdir -p "$OUT"
if [ -z "$LIST" ]; then
    LIST="$OUT/corpus.list"
    : > "$LIST"
    for dir in solutions/*/; do
        name=$(basename "$dir")
        case "$name" in
            1d-*) id=1d ;;
            challenge-*) id=$name ;;
            *) id=${name%%-*} ;;
        esac
        echo "$id:solutions/$name/kernel.cu" >> "$LIST"
        echo "$id:exercises/$name/kernel.cu" >> "$LIST"
        for kind in wrong accepted hostile; do
            for f in grader/$kind/$id/*.cu; do
                [ -f "$f" ] && echo "$id:$f" >> "$LIST"
            done
        done
    done
fi
echo "$(wc -l < "$LIST") kernels in the corpus" >&2
# One process for the list (one CUDA context, one timing case per section); should a kernel
# bring it down (a fault the emulator did not see), the rest of the list goes on in a new one.
remaining="$OUT/remaining.list"
cp "$LIST" "$remaining"
touch "$OUT/speed-corpus.jsonl"
while [ -s "$remaining" ]; do
    before=$(wc -l < "$OUT/speed-corpus.jsonl")
    # shellcheck disable=SC2086 # TIME_ARGS: more options, e.g. --timing-only (see grader time)
    timeout "${SECONDS_LEFT:-3000}" "$GRADER" time --list "$remaining" --unchecked --jsonl ${TIME_ARGS:-} \
        >> "$OUT/speed-corpus.jsonl" 2>> "$OUT/speed-corpus.log"
    code=$?
    done_n=$(($(wc -l < "$OUT/speed-corpus.jsonl") - before))
    total=$(wc -l < "$remaining")
    echo "exit $code after $done_n of $total kernels" >> "$OUT/speed-corpus.log"
    [ "$done_n" -ge "$total" ] && break
    [ "$code" = 124 ] && break
    # Exit 2 with the kernel's row written: it faulted the GPU, and the grader stopped after it;
    # otherwise the process died on the kernel after the last row.
    skip=$((done_n + 1))
    if [ "$code" != 2 ]; then
        echo "brought down by: $(sed -n "${skip}p" "$remaining")" >> "$OUT/speed-corpus.log"
        skip=$((done_n + 2))
    fi
    tail -n +"$skip" "$remaining" > "$remaining.next"
    mv "$remaining.next" "$remaining"
done
echo "corpus done: $(wc -l < "$OUT/speed-corpus.jsonl") rows" >> "$OUT/speed-corpus.log"
# The check on this run's own figures: kernels faster than the model's bound (there must be none).
python3 - "$OUT/speed-corpus.jsonl" > "$OUT/speed-corpus-summary.txt" <<'PY'
import json, sys
rows = [json.loads(line) for line in open(sys.argv[1])]
timed = [r for r in rows if r.get("median_ms") and r.get("model")]
faster = [r for r in timed if r["median_ms"] < r["model"]["bound_ms"]]
print(f"{len(rows)} kernels, {len(timed)} timed and modelled, {len(faster)} faster than their bound")
for r in faster:
    print(f"  VIOLATION {r['section']} {r['kernel']}: {r['median_ms']:.3f} ms < bound {r['model']['bound_ms']:.3f} ms")
closest = sorted(timed, key=lambda r: r["median_ms"] / max(r["model"]["bound_ms"], 1e-12))[:3]
for r in closest:
    print(f"  closest: {r['kernel']} at {r['median_ms'] / max(r['model']['bound_ms'], 1e-12):.2f} times its bound")
PY
cat "$OUT/speed-corpus-summary.txt" >&2
