// Stand-in for <cuda_fp16.h>, used only where no CUDA toolkit or NVIDIA wheel provides the real
// header: the half type, its conversions and arithmetic (each operation rounds once to half, as
// the real one does, by computing in float, which holds every half product and sum exactly
// enough).
#pragma once
struct __half {
    unsigned short __x;
    __half() = default;
    __device__ __half(float f) {
        asm("{ .reg .f16 h; cvt.rn.f16.f32 h, %1; mov.b16 %0, h; }" : "=h"(__x) : "f"(f));
    }
    __device__ operator float() const {
        float f;
        asm("{ .reg .f16 h; mov.b16 h, %1; cvt.f32.f16 %0, h; }" : "=f"(f) : "h"(__x));
        return f;
    }
};
__device__ inline __half __float2half(float f) { return __half(f); }
__device__ inline __half __float2half_rn(float f) { return __half(f); }
__device__ inline float __half2float(__half h) { return float(h); }
__device__ inline __half __hadd(__half a, __half b) { return __half(float(a) + float(b)); }
__device__ inline __half __hsub(__half a, __half b) { return __half(float(a) - float(b)); }
__device__ inline __half __hmul(__half a, __half b) { return __half(float(a) * float(b)); }
__device__ inline __half __hdiv(__half a, __half b) { return __half(float(a) / float(b)); }
__device__ inline __half __hfma(__half a, __half b, __half c) { return __half(fmaf(float(a), float(b), float(c))); }
__device__ inline __half operator+(__half a, __half b) { return __hadd(a, b); }
__device__ inline __half operator-(__half a, __half b) { return __hsub(a, b); }
__device__ inline __half operator*(__half a, __half b) { return __hmul(a, b); }
__device__ inline __half operator/(__half a, __half b) { return __hdiv(a, b); }
__device__ inline __half& operator+=(__half& a, __half b) { return a = a + b; }
__device__ inline __half& operator*=(__half& a, __half b) { return a = a * b; }
typedef __half half;
