//! Stencil oracles (PMPP ch. 8 and the 1D shared-memory exercise).
