//! Convolution oracles (PMPP ch. 7). Ghost cells are 0.
