//! PMPP 7.2: basic 2D convolution (placeholder until the section is written)
