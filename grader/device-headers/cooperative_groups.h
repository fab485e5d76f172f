// Stand-in for NVIDIA's <cooperative_groups.h> (grader/device-headers/README.md): NVRTC's pip
// wheel ships none. It covers what the course's kernels use: thread_block, thread_block_tile<N>
// from tiled_partition<N> with its shuffles and votes, cg::reduce, and the generic thread_group.
// It is written over the warp intrinsics alone so that clang (clang/pmpp_cuda_clang.h) compiles
// it too. Sizes and ranks are unsigned int throughout (NVIDIA's newer headers return unsigned
// long long from some of them).
#pragma once

namespace cooperative_groups {

namespace details {
// The thread's index in its block, in the order warps are formed (x fastest, then y, then z).
__device__ inline unsigned int block_rank() {
    return (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
}
__device__ inline unsigned int block_threads() { return blockDim.x * blockDim.y * blockDim.z; }

// The lanes of the warp that make up this thread's tile of `size` threads (a power of two <= 32).
__device__ inline unsigned int tile_mask(unsigned int size) {
    unsigned int first_lane = (block_rank() & 31) & ~(size - 1);
    return (0xffffffffu >> (32 - size)) << first_lane;
}

// The four shuffles on one 32-bit word: the int overloads are the ones both compilers provide.
struct shfl_idx {
    __device__ int operator()(unsigned m, int v, unsigned a, int w) const { return __shfl_sync(m, v, (int)a, w); }
};
struct shfl_up {
    __device__ int operator()(unsigned m, int v, unsigned a, int w) const { return __shfl_up_sync(m, v, a, w); }
};
struct shfl_down {
    __device__ int operator()(unsigned m, int v, unsigned a, int w) const { return __shfl_down_sync(m, v, a, w); }
};
struct shfl_xor {
    __device__ int operator()(unsigned m, int v, unsigned a, int w) const { return __shfl_xor_sync(m, v, (int)a, w); }
};

// Any plain value (int, unsigned, float, double, long long, a small struct) moved as 32-bit
// words, each with the same shuffle: a double is two shfl.sync, as with NVIDIA's header.
template <class Shfl, class T>
__device__ inline T shuffle(unsigned int mask, T value, unsigned int arg, int width) {
    union {
        T value;
        int words[(sizeof(T) + 3) / 4];
    } u;
    u.value = value;
#pragma unroll
    for (unsigned int i = 0; i < (sizeof(T) + 3) / 4; ++i)
        u.words[i] = Shfl()(mask, u.words[i], arg, width);
    return u.value;
}
// False, but only once a template is instantiated: a member that must not be called.
template <class T> struct never { static constexpr bool value = false; };
}  // namespace details

// Any group, its kind known at run time: a whole block, or a tile of one warp (`mask` its lanes).
class thread_group {
    unsigned int _size, _rank, _mask;
    bool _whole_block;

  public:
    __device__ thread_group(unsigned int size, unsigned int rank, unsigned int mask, bool whole_block)
        : _size(size), _rank(rank), _mask(mask), _whole_block(whole_block) {}
    __device__ unsigned int size() const { return _size; }
    __device__ unsigned int num_threads() const { return _size; }
    __device__ unsigned int thread_rank() const { return _rank; }
    __device__ void sync() const {
        if (_whole_block)
            __syncthreads();
        else
            __syncwarp(_mask);
    }
};

// The block the thread belongs to (this_thread_block()). Everything is read from the built-in
// variables, so the members are static, as NVIDIA's are.
class thread_block {
  public:
    __device__ static void sync() { __syncthreads(); }
    __device__ static unsigned int thread_rank() { return details::block_rank(); }
    __device__ static unsigned int size() { return details::block_threads(); }
    __device__ static unsigned int num_threads() { return details::block_threads(); }
    __device__ static dim3 group_index() { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
    __device__ static dim3 thread_index() { return dim3(threadIdx.x, threadIdx.y, threadIdx.z); }
    __device__ static dim3 dim_threads() { return dim3(blockDim.x, blockDim.y, blockDim.z); }
    __device__ static dim3 group_dim() { return dim_threads(); }
    __device__ operator thread_group() const { return thread_group(size(), thread_rank(), 0xffffffffu, true); }
};

__device__ inline thread_block this_thread_block() { return thread_block(); }

// The whole grid (this_grid()): ranks and sizes over every block, as NVIDIA's grid_group gives
// them (64-bit thread counts, 32-bit block counts). Legal in any launch; only its sync() needs a
// cooperative launch (cudaLaunchCooperativeKernel), which the course never makes, so sync() is
// refused when it is compiled, with the reason, instead of hanging a GPU.
class grid_group {
  public:
    __device__ static bool is_valid() { return false; }  // no cooperative launch: no grid barrier
    __device__ static unsigned long long thread_rank() {
        return (unsigned long long)block_rank() * details::block_threads() + details::block_rank();
    }
    __device__ static unsigned long long size() { return (unsigned long long)num_blocks() * details::block_threads(); }
    __device__ static unsigned long long num_threads() { return size(); }
    __device__ static unsigned int block_rank() {
        return (blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
    }
    __device__ static unsigned int num_blocks() { return gridDim.x * gridDim.y * gridDim.z; }
    __device__ static dim3 dim_blocks() { return dim3(gridDim.x, gridDim.y, gridDim.z); }
    __device__ static dim3 block_index() { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
    __device__ static dim3 group_dim() { return dim_blocks(); }
    __device__ static dim3 dim_threads() { return dim3(blockDim.x, blockDim.y, blockDim.z); }
    template <class Never = void>
    __device__ static void sync() {
        static_assert(details::never<Never>::value,
                      "cg::this_grid().sync() needs a cooperative launch (cudaLaunchCooperativeKernel); the course "
                      "launches every kernel normally, where a grid barrier would hang the GPU: end the kernel "
                      "instead, or synchronise the block with this_thread_block().sync()");
    }
};

__device__ inline grid_group this_grid() { return grid_group(); }

// Size consecutive threads of one warp (tiled_partition<Size>(parent)). ParentT is accepted so
// that NVIDIA's spelling thread_block_tile<32, thread_block> compiles; tiled_partition returns
// thread_block_tile<Size>, and the two convert into each other.
template <unsigned int Size, class ParentT = void>
class thread_block_tile {
    static_assert(Size >= 1 && Size <= 32 && (Size & (Size - 1)) == 0,
                  "thread_block_tile<Size> / tiled_partition<Size>: Size must be 1, 2, 4, 8, 16 or 32 "
                  "(a tile is part of one warp; this course's grader does not support larger tiles)");
    unsigned int _meta_rank, _meta_size;

    __device__ static unsigned int first_lane() { return (details::block_rank() & 31) & ~(Size - 1); }

  public:
    // Tile number meta_rank of meta_size in the parent (made by tiled_partition).
    __device__ thread_block_tile(unsigned int meta_rank, unsigned int meta_size)
        : _meta_rank(meta_rank), _meta_size(meta_size) {}
    template <class P>
    __device__ thread_block_tile(const thread_block_tile<Size, P> &t)
        : _meta_rank(t.meta_group_rank()), _meta_size(t.meta_group_size()) {}

    // This tile's lanes within the warp: the mask of every warp-level call below.
    __device__ static unsigned int mask() { return details::tile_mask(Size); }
    __device__ static void sync() { __syncwarp(mask()); }
    __device__ static unsigned int thread_rank() { return details::block_rank() & (Size - 1); }
    __device__ static constexpr unsigned int size() { return Size; }
    __device__ static constexpr unsigned int num_threads() { return Size; }
    __device__ unsigned int meta_group_rank() const { return _meta_rank; }
    __device__ unsigned int meta_group_size() const { return _meta_size; }

    // Shuffles with width Size: a source outside the tile wraps (shfl) or is not read (up, down),
    // as NVIDIA's. Ranks and deltas are within the tile.
    template <class T>
    __device__ T shfl(T var, unsigned int src_rank) const {
        return details::shuffle<details::shfl_idx>(mask(), var, src_rank, Size);
    }
    template <class T>
    __device__ T shfl_up(T var, unsigned int delta) const {
        return details::shuffle<details::shfl_up>(mask(), var, delta, Size);
    }
    template <class T>
    __device__ T shfl_down(T var, unsigned int delta) const {
        return details::shuffle<details::shfl_down>(mask(), var, delta, Size);
    }
    template <class T>
    __device__ T shfl_xor(T var, unsigned int lane_mask) const {
        return details::shuffle<details::shfl_xor>(mask(), var, lane_mask, Size);
    }

    __device__ int any(int predicate) const { return __any_sync(mask(), predicate); }
    __device__ int all(int predicate) const { return __all_sync(mask(), predicate); }
    // Bit i is thread_rank() i's predicate (the tile's bits moved down to bit 0).
    __device__ unsigned int ballot(int predicate) const {
        return __ballot_sync(mask(), predicate) >> first_lane();
    }

    __device__ operator thread_group() const { return thread_group(Size, thread_rank(), mask(), false); }
};

// Tiles of a block, numbered in thread_rank order.
template <unsigned int Size>
__device__ thread_block_tile<Size> tiled_partition(const thread_block &) {
    return thread_block_tile<Size>(details::block_rank() / Size, (details::block_threads() + Size - 1) / Size);
}

// Smaller tiles of a tile.
template <unsigned int Size, unsigned int ParentSize, class P>
__device__ thread_block_tile<Size> tiled_partition(const thread_block_tile<ParentSize, P> &) {
    static_assert(Size <= ParentSize, "tiled_partition<Size>(tile): Size must not exceed the tile's size");
    return thread_block_tile<Size>((details::block_rank() & (ParentSize - 1)) / Size, ParentSize / Size);
}

// The run-time form, tiled_partition(parent, n), n a power of two from 1 to 32; it returns a
// thread_group (size, thread_rank, sync only, as NVIDIA's).
__device__ inline thread_group tiled_partition(const thread_group &parent, unsigned int n) {
    return thread_group(n, parent.thread_rank() & (n - 1), details::tile_mask(n), false);
}

// The free-function forms.
template <class Group>
__device__ void sync(const Group &g) { g.sync(); }
template <class Group>
__device__ unsigned int thread_rank(const Group &g) { return g.thread_rank(); }
template <class Group>
__device__ unsigned int group_size(const Group &g) { return g.size(); }

// The operations of cg::reduce (less gives the minimum, greater the maximum).
template <class T> struct plus { __device__ T operator()(T a, T b) const { return a + b; } };
template <class T> struct less { __device__ T operator()(T a, T b) const { return b < a ? b : a; } };
template <class T> struct greater { __device__ T operator()(T a, T b) const { return a < b ? b : a; } };
template <class T> struct bit_and { __device__ T operator()(T a, T b) const { return a & b; } };
template <class T> struct bit_or { __device__ T operator()(T a, T b) const { return a | b; } };
template <class T> struct bit_xor { __device__ T operator()(T a, T b) const { return a ^ b; } };

// A butterfly over the tile: log2(Size) shfl_xor steps, and every thread ends with the result
// (for a float sum, the same bits in every thread, since each step adds the same two values).
template <unsigned int Size, class P, class T, class Op>
__device__ T reduce(const thread_block_tile<Size, P> &g, T value, Op op) {
#pragma unroll
    for (unsigned int offset = Size / 2; offset > 0; offset /= 2)
        value = op(value, g.shfl_xor(value, offset));
    return value;
}

}  // namespace cooperative_groups
