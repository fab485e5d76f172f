//! PMPP 8.5: 3D stencil with register tiling (placeholder until the section is written)
