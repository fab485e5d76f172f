# The `hint` command's frame around a section's hints.

hint-none = 这个小节没有提示
hint-number = 提示 { $index }/{ $count }：{ $hint }
hint-number-last = 提示 { $index }/{ $count }（解法的思路）：{ $hint }
hint-another = 下一条提示：{ $command }
hint-last = 这是最后一条提示；本节在课程讲义中的章节：{ $command }
hint-note = （注意：{ $message }）

# The hints of each section, in course order: `hint-<section>-<n>` (the section's id with `.` as `_`).

# 7.2
hint-7_2-1 = 让每个线程负责一个输出像素：它的列号来自 x 维（blockIdx.x*blockDim.x + threadIdx.x），行号来自 y 维。
hint-7_2-2 = 输出像素是 N 中以它为中心的 (2r+1)x(2r+1) 小块的加权和：小块从第 row-r 行、第 col-r 列开始，小块中格子 (fRow, fCol) 的权重是 F[fRow*(2r+1) + fCol]。
hint-7_2-3 = 幽灵单元格：落在图像之外的小块格子按 0 计，所以跳过它（行和列都要与图像范围比较）。自己的像素在图像之外的线程（网格是向上取整的）不能写入。
hint-7_2-4 = 解法的结构：算出 outCol/outRow 并检查边界，外层循环 fRow、内层循环 fCol，在寄存器中累加，最后只写一次 P[outRow*width + outCol]。

# 7.3
hint-7_3-1 = 从你的 7.2 核函数出发：每个线程的工作不变，变的只是滤波器放在哪里。
hint-7_3-2 = F 在文件作用域中声明为 __constant__ float F[2*FILTER_RADIUS+1][2*FILTER_RADIUS+1]；评分器在启动前把滤波器复制进去（cudaMemcpyToSymbol），所以核函数不再把 F 作为参数。
hint-7_3-3 = 常量内存带缓存并且可以广播：一个线程束的所有线程同时读取同一个 F[fRow][fCol]，因此这些读取不产生全局内存流量。把它当作二维数组来索引。
hint-7_3-4 = 幽灵单元格的检查和线程自身像素的边界检查与 7.2 完全相同。

# 7.4
hint-7_4-1 = 一个线程块就是一个输入分块：32x32 个线程，每个载入一个输入像素。它计算的输出是这个分块内部的 OUT_TILE_DIM x OUT_TILE_DIM 部分，因此相邻线程块的输入分块重叠 2*FILTER_RADIUS。
hint-7_4-2 = 线程块 (bx, by) 中的线程 (tx, ty) 载入第 bx*OUT_TILE_DIM + tx - FILTER_RADIUS 列、第 by*OUT_TILE_DIM + ty - FILTER_RADIUS 行的像素；若它在图像之外，就在共享分块中存入 0（幽灵单元格）。
hint-7_4-3 = 任何线程读取邻居的像素之前，所有载入都必须完成：在载入阶段和计算阶段之间放一个屏障。
hint-7_4-4 = 然后，只有 (tx - FILTER_RADIUS, ty - FILTER_RADIUS) 落在 [0, OUT_TILE_DIM) 内、且像素在图像之内的线程才计算：输出 (tileRow, tileCol) 的小块从 N_s[tileRow][tileCol] 开始。不要在屏障之前 return。

# 7.5
hint-7_5-1 = 这一次，线程块的输入分块和输出分块是同一个 32x32 的正方形：每个线程把自己的像素载入共享内存，并计算自己的输出。
hint-7_5-2 = 一个分块的 halo 单元是相邻分块的内部单元，所以它们很可能已经在 L2（或 L1）缓存中：直接从 N 读取它们，而不是存进共享内存。
hint-7_5-3 = 对每个抽头判断：邻居在本线程块的分块之内（读共享分块）还是之外（读 N，但只在它位于图像之内时读：幽灵单元格为 0）？在载入分块和计算之间放一个屏障。
hint-7_5-4 = 像素在图像之外的线程仍要在分块中存入 0，仍要到达屏障；它们只是不计算、不写入。

# 1d
hint-1d-1 = 每个线程负责一个元素：gid = blockIdx.x*blockDim.x + threadIdx.x。它的值放进 s_data[threadIdx.x + 1]，把第 0 格和第 blockDim.x + 1 格留给两端的 halo 元素。
hint-1d-2 = 线程块的第一个线程还要载入左侧 halo（线程块之前的那个元素），最后一个持有有效元素的线程还要载入右侧 halo（它之后的那个元素）。在数组两端取边界值：A[-1] 就是 A[0]，A[N] 就是 A[N-1]。
hint-1d-3 = 载入之后、读取邻居之前放一个屏障。gid >= N 的线程（最后一个线程块不满）什么也不载入，但仍然必须到达屏障：保护的是工作，而不是屏障。
hint-1d-4 = 然后对 gid < N，用整数运算计算 C[gid] = (s_data[tid] + s_data[tid+1] + s_data[tid+2]) / 3。不满的线程块中最后一个有效线程不是 blockDim.x - 1，而是 gid == N - 1 的那个。

# 8.2
hint-8_2-1 = 每个网格点一个线程：k（变化最快的下标，即内存中的 x）来自线程和线程块下标的 x 维，j 来自 y 维，i（平面）来自 z 维。
hint-8_2-2 = 边界点（i、j 或 k 等于 0 或 N-1）保持输入值，评分器已经把它们复制到 out 中：只计算并写入内部点。网格是向上取整的，所以还要跳过超出 N 的线程。
hint-8_2-3 = 点 (i, j, k) 位于 in[i*N*N + j*N + k]；它的六个邻居在 k 上相差 ±1，在 j 上相差 ±N，在 i 上相差 ±N*N。权重是宏 c0（点本身）、c1/c2（k∓1）、c3/c4（j∓1）、c5/c6（i∓1）。
hint-8_2-4 = N 是无符号数：下标也用无符号数计算，内部点的判断写成 i >= 1 && i < N - 1（j 和 k 同理）；N < 3 时没有内部点。

# 8.3
hint-8_3-1 = 一个线程块就是一个 8x8x8 的输入分块，每个点一个线程；它只计算内部的 6x6x6 个输出，因此相邻线程块的分块在每一侧重叠一个点。
hint-8_3-2 = 线程块 (bx, by, bz) 中的线程 (tx, ty, tz) 把点 i = bz*OUT_TILE_DIM + tz - 1（j 同理来自 y，k 来自 x）载入一个 __shared__ [8][8][8] 分块，前提是它位于网格之内。
hint-8_3-3 = 载入之后放一个屏障；不要在它之前 return。然后，若线程的点是网格的内部点，并且 (tx, ty, tz) 都在 [1, IN_TILE_DIM-1) 内，该线程就进行计算：这时它的邻居就是分块中相邻的元素。
hint-8_3-4 = 分块的最外层只被载入、从不被计算：这就是为什么比例是 8³ 次载入得到 6³ 个输出（教科书中为 1.37 OP/B）。

# 8.4
hint-8_4-1 = 一个线程块是 32x32 的一个线程平面，它计算 OUT_TILE_DIM = 30 个 30x30 的输出平面，一个接一个：每个线程从 i = blockIdx.z*OUT_TILE_DIM 开始沿自己的 (j, k) 列向上走。
hint-8_4-2 = 保留三个 32x32 的 __shared__ 平面：inPrev_s（i-1）、inCurr_s（i）和 inNext_s（i+1）。循环之前载入前两个；每次迭代中载入 inNext_s，用三个平面计算，然后把它们向下移动（prev <- curr，curr <- next）。
hint-8_4-3 = 每次迭代两个屏障：一个在载入 inNext_s 之后（任何线程读取之前平面已经完整），一个在计算之后（平面被覆盖时没有线程还在读它）。每个线程必须执行相同次数的迭代。
hint-8_4-4 = 网格之外的点：不要载入。移动平面时可能会复制它们的空位（这没关系），但绝不要用它们来计算：只计算网格的内部点，并且在分块中满足 1 <= tx, ty < IN_TILE_DIM-1。

# 8.5
hint-8_5-1 = 看看你的 8.4 核函数：一个线程读取的共享值中，哪些是别的线程写的？只有当前平面中 x/y 方向的邻居。inPrev_s[ty][tx] 和 inNext_s[ty][tx] 只被载入它们的那个线程读取。
hint-8_5-2 = 所以把线程自己那一列的前一个、当前和下一个值放在三个 float 寄存器中，只为邻居保留一个 __shared__ 平面 inCurr_s。
hint-8_5-3 = 每次迭代：若 i+1 < N 则载入 inNext（一个寄存器）；屏障；用 inPrev、inCurr、inNext 和 inCurr_s 中的四个邻居计算；屏障；移动寄存器（prev <- curr <- next），并把新的当前值存入 inCurr_s。
hint-8_5-4 = 共享内存从三个平面（12 KB）降到一个（4 KB），这让更多线程块可以共用一个多处理器：评分器会检查 4096 字节的上限。

# challenge-2d
hint-challenge-2d-1 = 从复制的速度上限出发：核函数必须把图像读一遍、写一遍。7.4 只达到它的三分之一；它的线程块把大部分时间花在载入占分块四分之一的 halo 和在屏障处等待上。
hint-challenge-2d-2 = 让每个线程计算多个输出。一个计算同一列中 8 个输出的线程，把窗口中的每个输入行仅读一次，并累加到它涉及的每个输出行中：8 个输出只需读 12 行（r = 2），而不是 40 行。
hint-challenge-2d-3 = 共享内存中的分块要宽（32 列或更多，相邻的 threadIdx.x 对应相邻的列）也要高（大约 64 行），这样 halo 只占它的一小部分；把一行的 (2r+1) 个抽头一次读入寄存器。
hint-challenge-2d-4 = 让遍历滤波器和遍历线程输出的循环具有常量边界（FILTER_RADIUS 和你的粗化因子都是宏），这样编译器会展开它们，并把输出保存在寄存器中；检查 `local_memory_bytes` 保持为 0。

# challenge-3d
hint-challenge-3d-1 = 从复制的速度上限出发：核函数必须把网格读一遍、写一遍。8.3 的共享分块在 H100 上只达到它的四分之一，8.5 大约一半：屏障和 halo 的代价比它们省下的载入还多。
hint-challenge-3d-2 = 沿 z 方向走：线程把自己 (j, k) 列的前一个、当前和下一个值保存在寄存器中，每次向上移动一个平面，这样 i±1 的邻居不花任何代价。
hint-challenge-3d-3 = 平面内的四个邻居（j±1、k±1）是相邻线程的当前值：在现代 GPU 上，只要直接从全局内存载入，L1 缓存就会提供它们。在求助于共享内存之前先试试这个。
hint-challenge-3d-4 = 给每个线程足够多的平面（16 到 32 个），使第一个平面的额外载入无关紧要；并给足够多的线程块，使每个 SM 都有好几个：网格是 ceil(N/TILE_X) × ceil(N/TILE_Y) × ceil(N/TILE_Z)。
