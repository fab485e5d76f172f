// entry: bool from float
// guide: (bool)x on float: true unless x is +0 or -0 (NaN and subnormals are true)
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[t];
    float q = x < 0.0f ? __uint_as_float(0x7fc00000u | t) : x * 0.0f;     // NaN or +0
    bool a = x;
    bool b = x * -0.0f;                                                    // +-0: false
    bool c = q;
    bool d = x * 1.0e-45f;                                                 // subnormal (0 for |x| < 0.5)
    out[4 * t + 0] = a;
    out[4 * t + 1] = b;
    out[4 * t + 2] = c;
    out[4 * t + 3] = d ? 0x100u + t : t;
}
