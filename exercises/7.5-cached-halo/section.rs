//! PMPP 7.5: tiled 2D convolution with halo cells from the caches (placeholder until the section is written)
