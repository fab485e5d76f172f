# toolchain
