#!/usr/bin/env bash
# The device-language coverage table's GPU side, on a machine with a GPU and no Rust: build here
# (`cargo build --release -p grader`), carry the binary, run this with OUT set to a results
# folder. It records what the GPU computes for every fixture of grader/coverage/ (compared with
# the emulator on the spot) and checks the kernels of the new constructs on the GPU.
set -u
export PMPP_NO_PROGRESS=1
G=./target/release/grader
mkdir -p "$OUT"
# Every step has a timeout: a kernel with a divergent barrier hangs a real GPU.
timeout 400 $G coverage --backend gpu --record > "$OUT/coverage-gpu.txt" 2>&1
cp grader/coverage/recorded.json "$OUT/recorded.json"
timeout 150 $G verify --backend gpu --only accepted > "$OUT/verify-accepted-gpu.txt" 2>&1
timeout 150 $G verify --backend gpu --only wrong > "$OUT/verify-wrong-gpu.txt" 2>&1
