// Stand-in for NVIDIA's <cuda_pipeline.h>: the primitives (__pipeline_memcpy_async,
// __pipeline_commit, __pipeline_wait_prior) of <cuda_pipeline_primitives.h>. The C++
// cuda::pipeline API lives in libcu++ (<cuda/pipeline>), which NVRTC's wheel does not ship.
#pragma once
#include <cuda_pipeline_primitives.h>
