// entry: %clusterid / %nclusterid / %cluster_ctaid / %cluster_nctaid / %cluster_ctarank / %cluster_nctarank / %is_explicit_cluster
// guide: special registers of thread-block clusters (sm_90): a launch without clusters runs each block as a cluster of one
// compilers: nvrtc
extern "C" __global__ void probe(unsigned int *out, const float *in) {
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int cid, ncid, cctaid, cnctaid, rank, nrank, explicit_cluster;
    asm("mov.u32 %0, %%clusterid.x;" : "=r"(cid));
    asm("mov.u32 %0, %%nclusterid.x;" : "=r"(ncid));
    asm("mov.u32 %0, %%cluster_ctaid.x;" : "=r"(cctaid));
    asm("mov.u32 %0, %%cluster_nctaid.x;" : "=r"(cnctaid));
    asm("mov.u32 %0, %%cluster_ctarank;" : "=r"(rank));
    asm("mov.u32 %0, %%cluster_nctarank;" : "=r"(nrank));
    asm("{ .reg .pred p; mov.pred p, %%is_explicit_cluster; selp.u32 %0, 1, 0, p; }" : "=r"(explicit_cluster));
    out[4 * t + 0] = cid * 100u + ncid;
    out[4 * t + 1] = cctaid * 100u + cnctaid;
    out[4 * t + 2] = rank * 100u + nrank;
    out[4 * t + 3] = explicit_cluster ^ __float_as_uint(in[t]);
}
