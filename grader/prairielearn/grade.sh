#!/usr/bin/env bash
# PrairieLearn runs this for every submission of a PMPP question, as info.json's entrypoint says:
#     grade.sh SECTION SEED SECONDS
# It grades /grade/student/kernel.cu as SECTION (the hidden cases from SEED, or from data.json's
# params.seed when the question sets one) and writes /grade/results/results.json within SECONDS,
# PrairieLearn's timeout. Made by `grader prairielearn`; every path can be overridden (the
# course's end-to-end test points them at a temporary directory and a grader it built).
set -u
SECTION="$1"
SEED="$2"
SECONDS_ALLOWED="${3:-60}"
ROOT="${PL_GRADE_ROOT:-/grade}"
GRADER="${GRADER_BIN:-/usr/local/bin/grader}"
# The user the grader runs as when this runs as root (the image makes it).
RUN_AS="${PMPP_GRADER_USER:-grader}"
# PrairieLearn's container has 1 GiB in all: the compiler stops at its own limit first.
export PMPP_NO_PROGRESS=1 PMPP_COMPILE_MEMORY_MIB="${PMPP_COMPILE_MEMORY_MIB:-512}"

results="$ROOT/results"
mkdir -p "$results"
rm -f "$results/results.json"

# What the grader reads, in a folder of its own: the student's kernel.cu alone (so that messages
# name `kernel.cu`), the question's data and the instructor's private cases.
work=$(mktemp -d)
# A plain file only: a link would let `cp` copy whatever it points at (the private cases).
if [ -f "$ROOT/student/kernel.cu" ] && [ ! -L "$ROOT/student/kernel.cu" ]; then
    cp "$ROOT/student/kernel.cu" "$work/kernel.cu"
fi
if [ -f "$ROOT/data/data.json" ]; then cp "$ROOT/data/data.json" "$work/data.json"; fi
args=("$SECTION" --kernel "$work/kernel.cu" --format prairielearn --results "$work/results.json"
    --data "$work/data.json" --seed "$SEED" --backend emulator --compiler nvrtc)
for f in private-cases.toml private-cases.json; do
    if [ -f "$ROOT/tests/$f" ]; then
        cp "$ROOT/tests/$f" "$work/$f"
        args+=(--cases "$work/$f")
    fi
done

# As root (PrairieLearn's default), the grader runs as an unprivileged user that owns only the
# work folder.
run=()
if [ "$(id -u)" = 0 ] && id "$RUN_AS" >/dev/null 2>&1; then
    chown -R "$RUN_AS" "$work"
    run=(setpriv --reuid="$RUN_AS" --regid="$RUN_AS" --init-groups --no-new-privs)
fi
cd "$work"
# Stopped a few seconds before PrairieLearn would kill the container, so that a result is written.
limit=$((SECONDS_ALLOWED > 15 ? SECONDS_ALLOWED - 5 : 10))
timeout --kill-after=2 "$limit" "${run[@]}" "$GRADER" "${args[@]}"
status=$?

if [ -s "$work/results.json" ]; then
    cp "$work/results.json" "$results/results.json"
else
    # A grader that could not finish still leaves a result; not charged as an attempt.
    if [ "$status" = 124 ] || [ "$status" = 137 ]; then
        why="The grading took longer than $limit s and was stopped. Please tell your instructor."
    else
        why="The autograder itself failed (exit status $status). Please tell your instructor."
    fi
    printf '{"gradable": false, "score": 0, "message": "%s", "output": "%s", "format_errors": ["%s"], "tests": []}\n' \
        "$why" "$why" "$why" > "$results/results.json"
fi
rm -rf "$work"
exit 0
