#!/usr/bin/env bash
# Gradescope runs this once, as root, when the autograder image is built (Ubuntu base image).
# It installs Rust and NVRTC (NVIDIA's runtime CUDA compiler, from pip: no GPU or CUDA toolkit is
# needed, the kernels run on the course's emulator) and builds the grader from the bundled source.
set -euxo pipefail
SOURCE="${AUTOGRADER_SOURCE:-/autograder/source}"

apt-get update
apt-get install -y --no-install-recommends curl ca-certificates build-essential python3 python3-pip

curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs | sh -s -- -y --profile minimal
. "$HOME/.cargo/env"

# The NVRTC every student's first run installs. Newer Ubuntu images mark the system Python as
# externally managed: allow the one wheel.
python3 -m pip install --quiet nvidia-cuda-nvrtc-cu12==@NVRTC_VERSION@ \
    || python3 -m pip install --quiet --break-system-packages nvidia-cuda-nvrtc-cu12==@NVRTC_VERSION@

cd "$SOURCE"
cargo build --release --locked -p grader
# Fails the image build now, not every submission later, if NVRTC cannot be found. This first run
# also installs NVIDIA's half-precision headers into the grader's cache (~/.cache/pmpp-course).
./target/release/grader @SECTION@ --solutions --backend emulator --seed 1 > /dev/null || {
    echo "the reference check failed (exit $?): see above" >&2
    exit 1
}
