//! PMPP 8.3: 3D stencil with shared-memory tiling (placeholder until the section is written)
