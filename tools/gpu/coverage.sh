#!/usr/bin/env bash
# The device-language coverage table's GPU side, on a machine with a GPU and no Rust: build here
# (`cargo build --release -p grader`), and pack the NVRTC the course installs (the 12.9 wheel's
# libnvrtc.so.12 and libnvrtc-builtins.so.12.9 as target/nvrtc12/nvrtc.tar.xz) with the wheel
# nvidia-cuda-runtime-cu12's include folder as target/nvrtc12/cuda/include; carry target/release/grader
# and target/nvrtc12, run this with OUT set to a results folder. It records what the GPU computes
# from NVRTC 12.9's code for every fixture of grader/coverage/ (compared with the emulator on the
# spot): the GPU machine's own CUDA 13 NVRTC compiles NVIDIA's maths library differently.
set -u
mkdir -p /tmp/nv12 "$OUT" && tar -xJf target/nvrtc12/nvrtc.tar.xz -C /tmp/nv12
export NVRTC_PATH=/tmp/nv12/libnvrtc.so.12 CUDA_HOME=$PWD/target/nvrtc12/cuda PMPP_NO_PROGRESS=1
G=./target/release/grader
# Every step has a timeout: a kernel with a divergent barrier hangs a real GPU.
timeout 60 $G list > "$OUT/list.txt" 2>&1
timeout 450 $G coverage --backend gpu --record > "$OUT/coverage-gpu.txt" 2>&1
cp grader/coverage/recorded.json "$OUT/recorded.json"
timeout 150 $G verify --backend gpu --only accepted > "$OUT/verify-accepted-gpu.txt" 2>&1
timeout 150 $G verify --backend gpu --only wrong > "$OUT/verify-wrong-gpu.txt" 2>&1
