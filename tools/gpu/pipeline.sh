#!/usr/bin/env bash
# The grader's GPU paths after a change to how it builds and times (issue 24: one build step,
# typed errors, views), on a machine with a GPU and no Rust: build here (`cargo build --release
# -p grader`, and the grader before the change into target/base-grader), carry both, run this
# with OUT set to a results folder. Each step runs both binaries, so their outputs can be set
# side by side; every step has a timeout (a kernel with a divergent barrier hangs a real GPU).
set -u
export PMPP_NO_PROGRESS=1
NEW=./target/gpu-new/grader
OLD=${OLD:-./target/base-grader}
mkdir -p "$OUT"
both() { # <name> <seconds> <args…>: each binary's stdout, stderr and exit status
    local name=$1 limit=$2; shift 2
    for which in new old; do
        local bin=$NEW; [ $which = old ] && bin=$OLD
        timeout "$limit" "$bin" "$@" > "$OUT/$name-$which.out" 2> "$OUT/$name-$which.err"
        echo $? > "$OUT/$name-$which.rc"
    done
}
both all-gpu 300 all --solutions --backend gpu --seed 1234 --format json
both verify-gpu 330 verify --backend gpu
both time 200 time challenge-2d challenge-3d 7.4 8.5 --solutions
for k in skip-after-first stash-and-copy timing-case-detected; do
    both "hostile-$k" 100 challenge-2d --kernel grader/hostile/challenge-2d/$k.cu --backend gpu --seed 1 --format json
done
both profile-7.4 60 profile 7.4 --solutions
both profile-challenge-3d 60 profile challenge-3d --solutions
both no-kernel 60 7.4 --kernel grader/does-not-exist.cu --backend gpu
