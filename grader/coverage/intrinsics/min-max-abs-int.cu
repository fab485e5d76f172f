// entry: min/max/abs (int)
// guide: int min(int, int), int max(int, int), int abs(int), unsigned int min(unsigned int, unsigned int)
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    int a = (int)(in[t] * 8.0f);
    int b = (int)t - 64;
    out[4 * t + 0] = (unsigned int)min(a, b);
    out[4 * t + 1] = (unsigned int)max(a, b);
    out[4 * t + 2] = (unsigned int)abs(a - b);
    out[4 * t + 3] = min((unsigned int)a, (unsigned int)b);   // negative values are large
}
