// What NVRTC gives device code without any include, for clang's CUDA front end (which the
// grader runs with -nocudainc -nocudalib: no CUDA installation needed). Included before the
// student's file with `-include`; see grader/src/clang.rs.
#pragma once
#define __PMPP_CLANG__ 1

#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __host__ __attribute__((host))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
#define __restrict__ __restrict

typedef __SIZE_TYPE__ size_t;
#ifndef NULL
#define NULL 0
#endif

struct uint3 { unsigned int x, y, z; };
struct dim3 {
    unsigned int x, y, z;
    __host__ __device__ constexpr dim3(unsigned int x = 1, unsigned int y = 1, unsigned int z = 1) : x(x), y(y), z(z) {}
    __host__ __device__ constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
};
// Vector types with CUDA's alignment (an int2 load is one 8-byte access).
struct __attribute__((aligned(8))) int2 { int x, y; };
struct __attribute__((aligned(8))) uint2 { unsigned int x, y; };
struct __attribute__((aligned(8))) float2 { float x, y; };
struct __attribute__((aligned(16))) int4 { int x, y, z, w; };
struct __attribute__((aligned(16))) uint4 { unsigned int x, y, z, w; };
struct __attribute__((aligned(16))) float4 { float x, y, z, w; };
__device__ inline int2 make_int2(int x, int y) { return int2{x, y}; }
__device__ inline float2 make_float2(float x, float y) { return float2{x, y}; }
__device__ inline float4 make_float4(float x, float y, float z, float w) { return float4{x, y, z, w}; }
__device__ inline int4 make_int4(int x, int y, int z, int w) { return int4{x, y, z, w}; }

// The built-in variables, read from the PTX special registers.
#define __PMPP_SREG3(r) (uint3{(unsigned)__nvvm_read_ptx_sreg_##r##_x(), (unsigned)__nvvm_read_ptx_sreg_##r##_y(), (unsigned)__nvvm_read_ptx_sreg_##r##_z()})
#define threadIdx __PMPP_SREG3(tid)
#define blockIdx __PMPP_SREG3(ctaid)
#define blockDim __PMPP_SREG3(ntid)
#define gridDim __PMPP_SREG3(nctaid)
#define warpSize 32

// Synchronisation.
// __syncthreads is a clang builtin (bar.sync 0).
__device__ inline void __syncwarp(unsigned mask = 0xffffffffu) { __nvvm_bar_warp_sync(mask); }
__device__ inline void __threadfence() { __nvvm_membar_gl(); }
__device__ inline void __threadfence_block() { __nvvm_membar_cta(); }
__device__ inline int __syncthreads_count(int p) { return __nvvm_bar0_popc(p); }
__device__ inline int __syncthreads_and(int p) { return __nvvm_bar0_and(p); }
__device__ inline int __syncthreads_or(int p) { return __nvvm_bar0_or(p); }

// Atomics (relaxed, device scope, as CUDA's).
template <class T> __device__ inline T atomicAdd(T *p, T v) { return __atomic_fetch_add(p, v, __ATOMIC_RELAXED); }
template <class T> __device__ inline T atomicSub(T *p, T v) { return __atomic_fetch_sub(p, v, __ATOMIC_RELAXED); }
template <class T> __device__ inline T atomicMin(T *p, T v) { return __atomic_fetch_min(p, v, __ATOMIC_RELAXED); }
template <class T> __device__ inline T atomicMax(T *p, T v) { return __atomic_fetch_max(p, v, __ATOMIC_RELAXED); }
template <class T> __device__ inline T atomicAnd(T *p, T v) { return __atomic_fetch_and(p, v, __ATOMIC_RELAXED); }
template <class T> __device__ inline T atomicOr(T *p, T v) { return __atomic_fetch_or(p, v, __ATOMIC_RELAXED); }
template <class T> __device__ inline T atomicXor(T *p, T v) { return __atomic_fetch_xor(p, v, __ATOMIC_RELAXED); }
template <class T> __device__ inline T atomicExch(T *p, T v) { return __atomic_exchange_n(p, v, __ATOMIC_RELAXED); }
// __atomic_exchange_n takes integers only: a float is exchanged as its bits.
__device__ inline float atomicExch(float *p, float v) {
    return __builtin_bit_cast(float, __atomic_exchange_n((unsigned *)p, __builtin_bit_cast(unsigned, v), __ATOMIC_RELAXED));
}
template <class T> __device__ inline T atomicCAS(T *p, T expected, T desired) {
    __atomic_compare_exchange_n(p, &expected, desired, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
    return expected;
}

// Read-only loads: the same global loads (the grader's counts do not change).
template <class T> __device__ inline T __ldg(const T *p) { return *p; }

// Warp functions.
__device__ inline int __shfl_sync(unsigned m, int v, int l, int w = 32) { return __nvvm_shfl_sync_idx_i32(m, v, l, ((32 - w) << 8) | 0x1f); }
__device__ inline float __shfl_sync(unsigned m, float v, int l, int w = 32) { return __nvvm_shfl_sync_idx_f32(m, v, l, ((32 - w) << 8) | 0x1f); }
__device__ inline int __shfl_down_sync(unsigned m, int v, unsigned d, int w = 32) { return __nvvm_shfl_sync_down_i32(m, v, d, ((32 - w) << 8) | 0x1f); }
__device__ inline float __shfl_down_sync(unsigned m, float v, unsigned d, int w = 32) { return __nvvm_shfl_sync_down_f32(m, v, d, ((32 - w) << 8) | 0x1f); }
__device__ inline int __shfl_up_sync(unsigned m, int v, unsigned d, int w = 32) { return __nvvm_shfl_sync_up_i32(m, v, d, (32 - w) << 8); }
__device__ inline float __shfl_up_sync(unsigned m, float v, unsigned d, int w = 32) { return __nvvm_shfl_sync_up_f32(m, v, d, (32 - w) << 8); }
__device__ inline int __shfl_xor_sync(unsigned m, int v, int x, int w = 32) { return __nvvm_shfl_sync_bfly_i32(m, v, x, ((32 - w) << 8) | 0x1f); }
__device__ inline float __shfl_xor_sync(unsigned m, float v, int x, int w = 32) { return __nvvm_shfl_sync_bfly_f32(m, v, x, ((32 - w) << 8) | 0x1f); }
__device__ inline unsigned __ballot_sync(unsigned m, int p) { return __nvvm_vote_ballot_sync(m, p); }
__device__ inline int __all_sync(unsigned m, int p) { return __nvvm_vote_all_sync(m, p); }
__device__ inline int __any_sync(unsigned m, int p) { return __nvvm_vote_any_sync(m, p); }
// Warp reductions (redux.sync), sm_80 and later only, as in NVIDIA's headers: older
// architectures do not declare them.
#if __CUDA_ARCH__ >= 800
__device__ inline unsigned __reduce_add_sync(unsigned m, unsigned v) { return __nvvm_redux_sync_add(v, m); }
__device__ inline int __reduce_add_sync(unsigned m, int v) { return __nvvm_redux_sync_add(v, m); }
__device__ inline unsigned __reduce_min_sync(unsigned m, unsigned v) { return __nvvm_redux_sync_umin(v, m); }
__device__ inline int __reduce_min_sync(unsigned m, int v) { return __nvvm_redux_sync_min(v, m); }
__device__ inline unsigned __reduce_max_sync(unsigned m, unsigned v) { return __nvvm_redux_sync_umax(v, m); }
__device__ inline int __reduce_max_sync(unsigned m, int v) { return __nvvm_redux_sync_max(v, m); }
__device__ inline unsigned __reduce_and_sync(unsigned m, unsigned v) { return __nvvm_redux_sync_and(v, m); }
__device__ inline unsigned __reduce_or_sync(unsigned m, unsigned v) { return __nvvm_redux_sync_or(v, m); }
__device__ inline unsigned __reduce_xor_sync(unsigned m, unsigned v) { return __nvvm_redux_sync_xor(v, m); }
#endif

// printf (clang turns device printf into vprintf), assert and __trap.
extern "C" __device__ int printf(const char *, ...);
extern "C" __device__ void __assertfail(const char *message, const char *file, unsigned line, const char *function, size_t char_size);
#define assert(e) ((e) ? (void)0 : __assertfail(#e, __FILE__, __LINE__, __PRETTY_FUNCTION__, sizeof(char)))
// __trap() aborts the launch: PTX `trap`, as clang's own CUDA headers write it (a macro, so that
// the trap is at the caller's line).
#define __trap() asm volatile("trap;")

// Integer helpers CUDA declares for device code.
__device__ inline int min(int a, int b) { return a < b ? a : b; }
__device__ inline int max(int a, int b) { return a > b ? a : b; }
__device__ inline unsigned min(unsigned a, unsigned b) { return a < b ? a : b; }
__device__ inline unsigned max(unsigned a, unsigned b) { return a > b ? a : b; }
__device__ inline float min(float a, float b) { return __builtin_fminf(a, b); }
__device__ inline float max(float a, float b) { return __builtin_fmaxf(a, b); }
__device__ inline int abs(int a) { return a < 0 ? -a : a; }

// Math: what maps to PTX instructions exactly (sqrt.rn, abs, min, max, cvt.rmi, fma, div.rn).
#define __PMPP_MATH1(name, builtinf, builtin) \
    __device__ inline float name##f(float x) { return builtinf(x); } \
    __device__ inline float name(float x) { return builtinf(x); } \
    __device__ inline double name(double x) { return builtin(x); }
__PMPP_MATH1(sqrt, __builtin_sqrtf, __builtin_sqrt)
__PMPP_MATH1(fabs, __builtin_fabsf, __builtin_fabs)
__PMPP_MATH1(floor, __builtin_floorf, __builtin_floor)
__PMPP_MATH1(ceil, __builtin_ceilf, __builtin_ceil)
__PMPP_MATH1(trunc, __builtin_truncf, __builtin_trunc)
__PMPP_MATH1(round, __builtin_roundf, __builtin_round)
__PMPP_MATH1(rint, __builtin_rintf, __builtin_rint)
__device__ inline float abs(float x) { return __builtin_fabsf(x); }
__device__ inline double abs(double x) { return __builtin_fabs(x); }
__device__ inline float fminf(float a, float b) { return __builtin_fminf(a, b); }
__device__ inline float fmaxf(float a, float b) { return __builtin_fmaxf(a, b); }
__device__ inline float fmin(float a, float b) { return __builtin_fminf(a, b); }
__device__ inline float fmax(float a, float b) { return __builtin_fmaxf(a, b); }
__device__ inline double fmin(double a, double b) { return __builtin_fmin(a, b); }
__device__ inline double fmax(double a, double b) { return __builtin_fmax(a, b); }
__device__ inline float fmaf(float a, float b, float c) { return __builtin_fmaf(a, b, c); }
__device__ inline float fma(float a, float b, float c) { return __builtin_fmaf(a, b, c); }
__device__ inline double fma(double a, double b, double c) { return __builtin_fma(a, b, c); }
__device__ inline float copysignf(float a, float b) { return __builtin_copysignf(a, b); }
__device__ inline float __fdividef(float a, float b) { return a / b; }
__device__ inline bool isnan(float x) { return __builtin_isnan(x); }
__device__ inline bool isnan(double x) { return __builtin_isnan(x); }
__device__ inline bool isinf(float x) { return __builtin_isinf(x); }
__device__ inline bool isinf(double x) { return __builtin_isinf(x); }
__device__ inline bool isfinite(float x) { return __builtin_isfinite(x); }
__device__ inline bool isfinite(double x) { return __builtin_isfinite(x); }
// Transcendentals through the hardware's approximate instructions (NVRTC's libdevice is more
// precise; the course's kernels do not use them, and the grader compares with tolerances).
__device__ inline float exp2f(float x) { return __nvvm_ex2_approx_f(x); }
__device__ inline float expf(float x) { return __nvvm_ex2_approx_f(x * 1.4426950408889634f); }
__device__ inline float __expf(float x) { return expf(x); }
__device__ inline float log2f(float x) { return __nvvm_lg2_approx_f(x); }
__device__ inline float logf(float x) { return __nvvm_lg2_approx_f(x) * 0.6931471805599453f; }
__device__ inline float __logf(float x) { return logf(x); }
__device__ inline float powf(float x, float y) { return __nvvm_ex2_approx_f(y * __nvvm_lg2_approx_f(x)); }
__device__ inline float sinf(float x) { return __nvvm_sin_approx_f(x); }
__device__ inline float cosf(float x) { return __nvvm_cos_approx_f(x); }
__device__ inline float __sinf(float x) { return sinf(x); }
__device__ inline float __cosf(float x) { return cosf(x); }
__device__ inline float rsqrtf(float x) { return __nvvm_rsqrt_approx_f(x); }
__device__ inline float __frcp_rn(float x) { return 1.0f / x; }
__device__ inline float exp(float x) { return expf(x); }
__device__ inline float exp2(float x) { return exp2f(x); }
__device__ inline float log(float x) { return logf(x); }
__device__ inline float log2(float x) { return log2f(x); }
__device__ inline float pow(float x, float y) { return powf(x, y); }
__device__ inline float sin(float x) { return sinf(x); }
__device__ inline float cos(float x) { return cosf(x); }
__device__ inline float __fadd_rn(float a, float b) { return a + b; }
__device__ inline float __fmul_rn(float a, float b) { return a * b; }
__device__ inline float __fmaf_rn(float a, float b, float c) { return __builtin_fmaf(a, b, c); }
__device__ inline float __saturatef(float x) { return __builtin_fminf(__builtin_fmaxf(x, 0.0f), 1.0f); }

// Reinterpreting bits.
__device__ inline unsigned int __float_as_uint(float x) { return __builtin_bit_cast(unsigned int, x); }
__device__ inline int __float_as_int(float x) { return __builtin_bit_cast(int, x); }
__device__ inline float __uint_as_float(unsigned int x) { return __builtin_bit_cast(float, x); }
__device__ inline float __int_as_float(int x) { return __builtin_bit_cast(float, x); }
