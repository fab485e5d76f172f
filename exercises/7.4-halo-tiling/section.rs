//! PMPP 7.4: tiled 2D convolution with halo cells in shared memory (placeholder until the section is written)
