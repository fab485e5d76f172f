// Stand-in for <cuda_runtime_api.h> (grader/device-headers/README.md): NVRTC already declares
// everything device code uses from it (threadIdx, blockIdx, __syncthreads, atomics, printf, ...).
#pragma once
