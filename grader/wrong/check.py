#!/usr/bin/env python3
"""Run every wrong kernel of grader/wrong through the grader and check it fails for the reasons
its header names.

Usage (from the workspace root):
    python3 grader/wrong/check.py [--grader PATH] [--seed N] [FILE.cu ...]

--grader is the grader binary (default: target/debug/grader under $CARGO_TARGET_DIR or
./target). Without files, every grader/wrong/<section>/*.cu is checked. Prints one row per
kernel: expected reasons, the reasons the grader gave, and OK or MISMATCH. Exit status 0 when
every kernel failed for each of its expected reasons, 1 otherwise, 2 when it could not run.

The grader's reasons are read from its JSON report:
  compile            compile.ok is false
  finding:<kind>     a finding of that kind
  target:<name>      a target that was measured and missed
                     ("target:<name> (unmeasured)" when it failed for want of a measurement)
  tests              a test (visible, hidden or the metrics case) that did not pass
  problem            the grader could not grade the file (its "problem" field)
"""

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

WRONG_DIR = Path(__file__).resolve().parent
REASON_KINDS = ("finding:", "target:")
PLAIN_REASONS = ("tests", "compile", "problem", "input_changed")


def parse_header(path):
    """The `// expect:` reasons and the `// why:` line at the top of a wrong kernel."""
    expects, why = [], None
    for line in path.read_text().splitlines():
        if line.startswith("// expect:"):
            reason = line[len("// expect:"):].strip()
            if not (reason in PLAIN_REASONS or reason.startswith(REASON_KINDS)):
                raise ValueError(f"{path}: unknown reason {reason!r}")
            expects.append(reason)
        elif line.startswith("// why:"):
            why = line[len("// why:"):].strip()
        else:
            break
    if not expects or not why:
        raise ValueError(f"{path}: the file must start with '// expect: <reason>' and '// why: <line>'")
    return expects, why


def reasons_of(section_report):
    """The set of failure reasons in one section of the grader's JSON report."""
    got = set()
    if not section_report.get("compile", {}).get("ok", True):
        got.add("compile")
    for f in section_report.get("findings", []):
        got.add("finding:" + f["kind"])
    for t in section_report.get("targets", []):
        if not t.get("passed", True):
            # A target the grader could not measure (no compile, no launch) is not the miss
            # a wrong kernel is meant to show.
            unmeasured = t.get("measured") is None
            got.add("target:" + t["name"] + (" (unmeasured)" if unmeasured else ""))
    if any(not t.get("passed", True) for t in section_report.get("tests", [])):
        got.add("tests")
    if any(t.get("changed_input") for t in section_report.get("tests", [])):
        got.add("input_changed")
    if section_report.get("problem"):
        got.add("problem")
    return got


def default_grader():
    target = os.environ.get("CARGO_TARGET_DIR", "target")
    return str(Path(target) / "debug" / "grader")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--grader", default=default_grader())
    ap.add_argument("--seed", default="1")
    ap.add_argument("files", nargs="*")
    args = ap.parse_args()
    if not Path(args.grader).exists():
        print(f"no grader binary at {args.grader}: build it (cargo build -p grader) or pass --grader", file=sys.stderr)
        return 2
    files = [Path(f) for f in args.files] or sorted(WRONG_DIR.glob("*/*.cu"))
    all_ok = True
    for path in files:
        section = path.parent.name
        try:
            expects, _why = parse_header(path)
        except ValueError as e:
            print(e, file=sys.stderr)
            return 2
        cmd = [args.grader, section, "--kernel", str(path), "--format", "json", "--backend", "emulator", "--seed", args.seed]
        run = subprocess.run(cmd, capture_output=True, text=True)
        try:
            report = json.loads(run.stdout)
            got = reasons_of(report["sections"][0])
            if run.returncode == 0:
                got.add("passed")
        except (json.JSONDecodeError, KeyError, IndexError):
            got = {f"no JSON (exit {run.returncode}): {run.stderr.strip()[:200]}"}
        missing = [e for e in expects if e not in got]
        ok = not missing
        all_ok &= ok
        extra = sorted(got - set(expects))
        print(f"{'OK      ' if ok else 'MISMATCH'} {section}/{path.name}: expect {', '.join(expects)}; "
              f"grader: {', '.join(sorted(got)) or 'nothing'}" + (f" (also: {', '.join(extra)})" if extra and ok else ""))
    return 0 if all_ok else 1


if __name__ == "__main__":
    sys.exit(main())
