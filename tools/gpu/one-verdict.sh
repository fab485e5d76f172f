#!/usr/bin/env bash
# Issue 38 (one kernel, one verdict) on a machine with a GPU and no Rust: the grader built here
# and carried as .gpu/grader; run from the repository root with OUT set, as
# `tools/gpu/one-verdict.sh kernels` (the coverage recording, this issue's kernels on the GPU,
# Nsight Compute) and `tools/gpu/one-verdict.sh verify` (every suite; one device call each). Every
# step has a timeout (a kernel with a divergent barrier hangs a real GPU); each writes to $OUT.
set -u
export PMPP_NO_PROGRESS=1
G=./.gpu/grader
# Few files come back from a device call: the logs go into one archive (see the end).
RESULTS=$OUT
OUT=$(mktemp -d)
trap 'tar -czf "$RESULTS/logs.tar.gz" -C "$OUT" . ; cp "$OUT/steps.txt" "$RESULTS/" 2>/dev/null' EXIT
step() { # <name> <seconds> <command…>
    local name=$1 limit=$2; shift 2
    local start=$SECONDS
    timeout "$limit" "$@" > "$OUT/$name.out" 2>&1
    echo "$name: exit $? in $((SECONDS - start)) s" | tee -a "$OUT/steps.txt"
}
nvidia-smi --query-gpu=name,driver_version,compute_cap --format=csv > "$OUT/gpu.txt" 2>&1
if [ "${1:-kernels}" = verify ]; then
    # Every kernel of every suite as its header says, the counts from PTX for this card; and
    # Nsight Compute beside the emulator on the cp.async kernel (LDGSTS counted with the loads).
    step ncu 100 python3 tools/ncu-crosscheck --grader $G \
        challenge-2d:grader/accepted/challenge-2d/cp-async-double-buffered.cu 1d:grader/hostile/1d/arch-ldg-from-sm80.cu
    step verify-gpu 450 $G verify --backend gpu --seed 7
    exit 0
fi
# The new coverage fixtures recorded on the GPU (cp.async, the grid group, the special registers).
step coverage-record 150 $G coverage --backend gpu --record
cp grader/coverage/recorded.json "$OUT/recorded.json"
# The hostile kernels of this issue, graded on the GPU: their reports as JSON.
for k in hostile/1d/arch-ldg-from-sm80 hostile/1d/arch-naive-on-t4-only hostile/8.5/arch-three-planes-on-hopper \
    hostile/7.4/clock64-latency-chain hostile/8.3/buffer-address-tell accepted/challenge-2d/cp-async-double-buffered; do
    s=${k#*/}; s=${s%%/*}
    step "gpu-$(basename $k)" 60 $G "$s" --kernel "grader/$k.cu" --backend gpu --seed 7 --format json
done
# Nsight Compute beside the emulator on the cp.async kernel (LDGSTS counted with the loads) and
# on the address-switching kernel (the GPU's own path).
step ncu 150 python3 tools/ncu-crosscheck --grader $G \
    challenge-2d:grader/accepted/challenge-2d/cp-async-double-buffered.cu \
    8.3:grader/hostile/8.3/buffer-address-tell.cu 1d:grader/hostile/1d/arch-ldg-from-sm80.cu
step time-cp-async 60 $G time challenge-2d --kernel grader/accepted/challenge-2d/cp-async-double-buffered.cu
