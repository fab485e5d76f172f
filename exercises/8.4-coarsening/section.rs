//! PMPP 8.4: 3D stencil with thread coarsening in z (placeholder until the section is written)
