# Each section's title: `section-<section>-title` (the section's id with `.` as `_`).
# Each section's `title()` in exercises/<dir>/section.rs names its message.

section-7_2-title = 基本的二维卷积
section-7_3-title = 放在常量内存中的滤波器
section-7_4-title = 使用 halo 单元的分块卷积
section-7_5-title = 借助缓存读取 halo 单元的分块卷积
section-1d-title = 使用共享内存的一维均值 stencil
section-8_2-title = 基本的三维七点 stencil
section-8_3-title = 使用共享内存分块的三维 stencil
section-8_4-title = 使用线程粗化的三维 stencil
section-8_5-title = 使用寄存器平铺的三维 stencil
section-challenge-2d-title = 挑战：最快的二维卷积
section-challenge-3d-title = 挑战：最快的三维 stencil
