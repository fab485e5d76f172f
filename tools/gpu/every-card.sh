#!/usr/bin/env bash
# Issue 39 (the challenge on every card) on a machine with a GPU and no Rust: the grader built
# here and carried as .gpu/grader; run from the repository root with OUT set. The reference
# solutions timed into this card's part of docs/gpu-timing.md; the challenge kernels graded on
# the GPU (their JSON reports: the target at 80% or within 5% of the reference timed in the same
# run); and the same kernels' verdicts from the model without a GPU for this card. Every step
# has a timeout (a kernel with a divergent barrier hangs a real GPU); each writes to $OUT.
set -u
export PMPP_NO_PROGRESS=1
G=./.gpu/grader
RESULTS=$OUT
OUT=$(mktemp -d)
trap 'tar -czf "$RESULTS/logs.tar.gz" -C "$OUT" . ; cp "$OUT/steps.txt" docs/gpu-timing.md "$RESULTS/" 2>/dev/null' EXIT
step() { # <name> <seconds> <command…>
    local name=$1 limit=$2; shift 2
    local start=$SECONDS
    timeout "$limit" "$@" > "$OUT/$name.out" 2>&1
    echo "$name: exit $? in $((SECONDS - start)) s" | tee -a "$OUT/steps.txt"
}
nvidia-smi --query-gpu=name,driver_version,compute_cap --format=csv > "$OUT/gpu.txt" 2>&1
step time-solutions 300 $G time all --solutions --write-docs
for k in solutions/challenge-2d/kernel.cu grader/accepted/challenge-2d/float4-staging.cu \
    grader/wrong/challenge-2d/one-lane-per-request.cu grader/wrong/challenge-2d/one-warp-blocks.cu \
    grader/wrong/challenge-2d/tiled-7.4-style.cu solutions/challenge-3d/kernel.cu ${EXTRA_KERNELS:-}; do
    s=challenge-2d; case $k in *3d*) s=challenge-3d;; esac
    step "gpu-$(basename $(dirname $k))-$(basename $k .cu)" 90 $G "$s" --kernel "$k" --backend gpu --seed 7 --format json
    step "emu-$(basename $(dirname $k))-$(basename $k .cu)" 90 $G "$s" --kernel "$k" --backend emulator --card "${CARD:-h200}" --seed 7 --format json
done
