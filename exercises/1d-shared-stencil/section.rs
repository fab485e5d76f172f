//! A 1D average stencil in shared memory (placeholder until the section is written)
