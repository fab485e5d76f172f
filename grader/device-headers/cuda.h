// Stand-in for <cuda.h> (grader/device-headers/README.md): NVRTC already declares
// everything device code uses from it (threadIdx, blockIdx, __syncthreads, atomics, printf, ...).
#pragma once
