// DRAM load-to-use latency under light load, by pointer chase: one thread follows a random cycle
// through a buffer much larger than the L2, each load (ld.global.cg: not kept in L1) waiting for
// the one before. Prints the mean ns per load for several buffer sizes and strides: an L2 hit for
// comparison, then DRAM (the model's `dram_latency_ns` in grader/src/speed/cards.rs).
// Build and run: nvcc -O2 -o dram-latency tools/gpu/dram-latency.cu && ./dram-latency
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <vector>
#include <random>
#include <algorithm>

__global__ void chase(const uint64_t *next, uint64_t start, long steps, uint64_t *sink, long long *cycles) {
    uint64_t at = start;
    long long t0 = clock64();
    for (long i = 0; i < steps; i++) {
        at = __ldcg(&next[at]);
    }
    long long t1 = clock64();
    *sink = at;
    *cycles = t1 - t0;
}

// A random cycle over `lines` slots, `stride` bytes apart, within the first `span` bytes.
static double run(size_t span, size_t stride, long steps, uint64_t *d_next, uint64_t *d_sink, long long *d_cycles,
                  double clock_khz, const char *what) {
    size_t slots = span / stride;
    size_t per = stride / sizeof(uint64_t);
    std::vector<uint64_t> order(slots);
    for (size_t i = 0; i < slots; i++) order[i] = i;
    std::mt19937_64 rng(42);
    std::shuffle(order.begin() + 1, order.end(), rng);
    std::vector<uint64_t> next(span / sizeof(uint64_t), 0);
    for (size_t i = 0; i < slots; i++) next[order[i] * per] = order[(i + 1) % slots] * per;
    cudaMemcpy(d_next, next.data(), span, cudaMemcpyHostToDevice);
    // The copy up left the buffer's last lines in the L2: another buffer's 512 MiB pushes them out.
    static void *scratch = nullptr;
    if (!scratch) cudaMalloc(&scratch, (size_t)512 << 20);
    cudaMemset(scratch, 1, (size_t)512 << 20);
    cudaDeviceSynchronize();
    // A first walk, then the timed one from where it stopped: past the L2, the timed walk's
    // lines are ones the first never loaded (a walk that started over would find them in the L2).
    chase<<<1, 1>>>(d_next, 0, std::min<long>(steps, (long)slots), d_sink, d_cycles);
    uint64_t start = 0;
    cudaMemcpy(&start, d_sink, sizeof start, cudaMemcpyDeviceToHost);
    cudaEvent_t a, b;
    cudaEventCreate(&a);
    cudaEventCreate(&b);
    cudaEventRecord(a);
    chase<<<1, 1>>>(d_next, start, steps, d_sink, d_cycles);
    cudaEventRecord(b);
    cudaEventSynchronize(b);
    float ms = 0;
    cudaEventElapsedTime(&ms, a, b);
    long long cycles = 0;
    cudaMemcpy(&cycles, d_cycles, sizeof cycles, cudaMemcpyDeviceToHost);
    double ns_event = ms * 1e6 / steps;
    double ns_clock = cycles / (clock_khz * 1e-6) / steps;
    printf("%-28s span %6zu MiB stride %6zu B: %7.1f ns/load (events), %7.1f ns/load (clock64 at %.0f MHz), %.0f cycles\n",
           what, span >> 20, stride, ns_event, ns_clock, clock_khz / 1e3, (double)cycles / steps);
    return ns_clock;
}

int main() {
    cudaDeviceProp p;
    cudaGetDeviceProperties(&p, 0);
    int clock_khz = 0;
    cudaDeviceGetAttribute(&clock_khz, cudaDevAttrClockRate, 0);
    printf("%s, %d SMs, L2 %d MiB, SM clock attribute %d MHz\n", p.name, p.multiProcessorCount, p.l2CacheSize >> 20,
           clock_khz / 1000);
    size_t max_span = (size_t)1 << 30;
    uint64_t *d_next, *d_sink;
    long long *d_cycles;
    cudaMalloc(&d_next, max_span);
    cudaMalloc(&d_sink, 8);
    cudaMalloc(&d_cycles, 8);
    // 200,000 loads: with the first walk, 400,000 lines (51 MB at 128 B) of the 8 Mi in 1 GiB.
    const long steps = 200000;
    // L2 hits for reference, then DRAM: spans past the L2, lines 128 B apart (sector reuse ruled
    // out), at two spans.
    run(4 << 20, 128, steps, d_next, d_sink, d_cycles, clock_khz, "L2 (4 MiB)");
    run(256 << 20, 128, steps, d_next, d_sink, d_cycles, clock_khz, "DRAM (256 MiB)");
    run(max_span, 128, steps, d_next, d_sink, d_cycles, clock_khz, "DRAM (1 GiB)");
    cudaError_t e = cudaGetLastError();
    if (e != cudaSuccess) {
        printf("CUDA error: %s\n", cudaGetErrorString(e));
        return 1;
    }
    return 0;
}
