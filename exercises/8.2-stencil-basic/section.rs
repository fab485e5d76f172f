//! PMPP 8.2: basic 3D seven-point stencil (placeholder until the section is written)
