# Each section's title: `section-<section>-title` (the section's id with `.` as `_`).
# Each section's `title()` in exercises/<dir>/section.rs names its message.

section-7_2-title = Basic 2D convolution
section-7_3-title = The filter in constant memory
section-7_4-title = Tiled convolution with halo cells
section-7_5-title = Tiled convolution using caches for halo cells
section-1d-title = 1D average stencil in shared memory
section-8_2-title = Basic 3D seven-point stencil
section-8_3-title = 3D stencil with shared-memory tiling
section-8_4-title = 3D stencil with thread coarsening
section-8_5-title = 3D stencil with register tiling
section-challenge-2d-title = Challenge: the fastest 2D convolution
section-challenge-3d-title = Challenge: the fastest 3D stencil
