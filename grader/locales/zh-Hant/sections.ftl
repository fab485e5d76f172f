# Each section's title: `section-<section>-title` (the section's id with `.` as `_`).
# Each section's `title()` in exercises/<dir>/section.rs names its message.

section-7_2-title = 基本的二維卷積
section-7_3-title = 放在常數記憶體中的濾波器
section-7_4-title = 使用 halo 單元的分塊卷積
section-7_5-title = 藉助快取讀取 halo 單元的分塊卷積
section-1d-title = 使用共享記憶體的一維均值 stencil
section-8_2-title = 基本的三維七點 stencil
section-8_3-title = 使用共享記憶體分塊的三維 stencil
section-8_4-title = 使用執行緒粗化的三維 stencil
section-8_5-title = 使用暫存器平鋪的三維 stencil
section-challenge-2d-title = 挑戰：最快的二維卷積
section-challenge-3d-title = 挑戰：最快的三維 stencil
