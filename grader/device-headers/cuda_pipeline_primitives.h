// Stand-in for NVIDIA's <cuda_pipeline_primitives.h> (grader/device-headers/README.md): the
// primitives of the asynchronous global-to-shared copy (cp.async, sm_80 and later), written over
// the PTX instructions so that NVRTC and clang compile the same code. Before sm_80 there is no
// cp.async, and the copy happens at once, as NVIDIA's header does it there.
#pragma once

#ifndef PMPP_CUDA_PIPELINE_PRIMITIVES
#define PMPP_CUDA_PIPELINE_PRIMITIVES

namespace pmpp_pipeline {
// A generic pointer to shared memory as the 32-bit shared-space address cp.async takes.
__device__ inline unsigned int shared_address(const void *p) {
    unsigned long long address;
    asm("cvta.to.shared.u64 %0, %1;" : "=l"(address) : "l"(p));
    return (unsigned int)address;
}
}  // namespace pmpp_pipeline

// Copy size_and_align bytes (4, 8 or 16; both pointers aligned to it) from global memory to
// shared memory; with zfill, the last zfill bytes are not read and are written as zeros. The
// destination may be read only after __pipeline_wait_prior has waited for the copy's batch.
__device__ inline void __pipeline_memcpy_async(void *__restrict__ dst_shared, const void *__restrict__ src_global,
                                               size_t size_and_align, size_t zfill = 0) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    const unsigned int dst = pmpp_pipeline::shared_address(dst_shared);
    const unsigned int src_size = (unsigned int)(size_and_align - zfill);
    switch (size_and_align) {
    case 16:
        asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;\n" ::"r"(dst), "l"(src_global), "r"(src_size)
                     : "memory");
        break;
    case 8:
        asm volatile("cp.async.ca.shared.global [%0], [%1], 8, %2;\n" ::"r"(dst), "l"(src_global), "r"(src_size)
                     : "memory");
        break;
    case 4:
        asm volatile("cp.async.ca.shared.global [%0], [%1], 4, %2;\n" ::"r"(dst), "l"(src_global), "r"(src_size)
                     : "memory");
        break;
    default:
        __trap();  // NVIDIA's header allows 4, 8 and 16 bytes only
    }
#else
    // Whole 32-bit words where the zero fill is (the common case: a whole copy, or none of it),
    // bytes otherwise.
    if (size_and_align % 4 == 0 && zfill % 4 == 0) {
        unsigned int *d = (unsigned int *)dst_shared;
        const unsigned int *s = (const unsigned int *)src_global;
        for (size_t i = 0; i < size_and_align / 4; ++i)
            d[i] = 4 * i < size_and_align - zfill ? s[i] : 0u;
    } else {
        char *d = (char *)dst_shared;
        const char *s = (const char *)src_global;
        for (size_t i = 0; i < size_and_align; ++i)
            d[i] = i < size_and_align - zfill ? s[i] : 0;
    }
#endif
}

// Close the batch of copies issued since the last commit.
__device__ inline void __pipeline_commit() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    asm volatile("cp.async.commit_group;\n" ::: "memory");
#endif
}

// Wait until at most `prior` of the committed batches are still in flight (0: all of them).
__device__ inline void __pipeline_wait_prior(size_t prior) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    switch (prior) {
    case 0: asm volatile("cp.async.wait_group 0;\n" ::: "memory"); break;
    case 1: asm volatile("cp.async.wait_group 1;\n" ::: "memory"); break;
    case 2: asm volatile("cp.async.wait_group 2;\n" ::: "memory"); break;
    case 3: asm volatile("cp.async.wait_group 3;\n" ::: "memory"); break;
    case 4: asm volatile("cp.async.wait_group 4;\n" ::: "memory"); break;
    case 5: asm volatile("cp.async.wait_group 5;\n" ::: "memory"); break;
    case 6: asm volatile("cp.async.wait_group 6;\n" ::: "memory"); break;
    case 7: asm volatile("cp.async.wait_group 7;\n" ::: "memory"); break;
    default: asm volatile("cp.async.wait_group 8;\n" ::: "memory"); break;
    }
#endif
}

#endif
