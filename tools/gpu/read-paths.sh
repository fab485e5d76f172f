#!/usr/bin/env bash
# Every read path of global memory against Nsight Compute (issue "a pass means the chapter was
# done": atomics that return a value are loads, vector loads and cache qualifiers are counted as
# ncu counts them). On a machine with a GPU, ncu and no Rust: build the grader here
# (`cargo build -p grader`), copy it to target/gpu-new/grader, carry it, run this with OUT set.
# Writes $OUT/read-paths.md (the table) and $OUT/read-paths.log.
set -u
export PMPP_NO_PROGRESS=1
GRADER=${GRADER:-./target/gpu-new/grader}
kernels=(
    1d:grader/hostile/1d/atomic-add-zero-reads.cu
    1d:grader/hostile/1d/atomic-or-reads.cu
    1d:grader/hostile/1d/atomic-max-reads.cu
    7.4:grader/hostile/7.4/tile-ignored-atomic-add-reads.cu
    7.4:grader/hostile/7.4/tile-ignored-atomic-cas-reads.cu
    8.4:grader/hostile/8.4/planes-ignored-atomic-add-reads.cu
    7.4:grader/hostile/7.4/untiled-float4-loads.cu
    7.4:grader/hostile/7.4/untiled-int4-loads.cu
    7.4:grader/hostile/7.4/untiled-ldg.cu
    7.4:grader/hostile/7.4/untiled-ldcg.cu
    7.4:grader/hostile/7.4/untiled-ldcs.cu
    7.4:grader/hostile/7.4/untiled-ldlu.cu
    7.4:grader/hostile/7.4/untiled-ldcv.cu
    7.4:grader/hostile/7.4/untiled-volatile-pointer.cu
    7.4:grader/hostile/7.4/untiled-ptx-ld-nc.cu
    7.4:grader/hostile/7.4/untiled-ptx-generic-load.cu
    7.4:grader/hostile/7.4/untiled-ptx-ldu.cu
    challenge-2d:grader/accepted/challenge-2d/float4-staging.cu
)
for extra in grader/hostile/challenge-3d/*atomic*.cu; do
    [ -f "$extra" ] && kernels+=("challenge-3d:$extra")
done
mkdir -p "$OUT"
timeout 540 python3 tools/ncu-crosscheck --grader "$GRADER" --markdown "$OUT/read-paths.md" "${kernels[@]}" \
    > "$OUT/read-paths.stdout" 2> "$OUT/read-paths.log"
echo "exit $?" >> "$OUT/read-paths.log"
