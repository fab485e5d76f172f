# 练习的文本：exercises/*/section.rs 与 kernels/src/ 按 id 引用这里的每条消息。

## 各小节目标的建议（exercises/<section>/section.rs 中的 `Target::advice`），显示在未达到的目标下方。

# 1d
exercise-advice-1d-global-load-bytes-per-output = 每个元素只从全局内存载入一次，放进共享内存，再从那里读取三个邻居
exercise-advice-1d-shared-bytes-per-block = 只用一个 (blockDim.x+2) 个 int 的数组：要么是启动时提供的动态数组 `extern __shared__ int s_data[]`，要么是静态数组 `__shared__ int s_data[256 + 2]`，不要两个都用

# 7.2
exercise-advice-7_2-op-per-byte = 每个图像内的抽头应只花一次乘加和两次 4 字节载入（像素和滤波器）；每个抽头不要再载入别的

# 7.3
exercise-advice-7_3-op-per-byte = 从 __constant__ 数组 F 读取滤波器，而不是从全局内存读取：每个抽头只应剩下像素的那次载入

# 7.4
exercise-advice-7_4-op-per-byte = 每个输入像素在每个线程块中只应从全局内存载入一次，放进共享内存；之后各个抽头读取共享分块
exercise-advice-7_4-global-loads-per-element = 每个输入像素被从全局内存载入了很多次：每个线程块只把它载入共享分块一次，再让各个抽头读取分块

# 7.5
exercise-advice-7_5-op-per-byte = 落在线程块分块之内的抽头从共享内存读取；只有 halo 抽头（分块之外的）才可以访问全局内存
exercise-advice-7_5-shared-bytes-per-block = 这里的共享分块只有 TILE_DIM x TILE_DIM 个 float：halo 不存放在共享内存中

# 8.2
exercise-advice-8_2-op-per-byte = 每个内部点花费 13 次 FLOP（一次乘法、六次乘加）和 7 次载入；不要再载入别的

# 8.3
exercise-advice-8_3-op-per-byte = 把线程块输入分块中的每个点只载入一次到共享内存，再从那里读取邻居

# 8.4
exercise-advice-8_4-op-per-byte = 分块的每个平面只载入一次，在线程块沿 z 向上移动期间把它保留在共享内存中
# 8.4 和 8.5 共用。
exercise-advice-8_4-threads-per-block = 一个线程块是一个 IN_TILE_DIM x IN_TILE_DIM 的线程平面；每个线程沿自己的那一列穿过各个平面

# 8.5
exercise-advice-8_5-op-per-byte = 分块的每个平面只载入一次；前一个和下一个值放在寄存器中，当前平面放在共享内存中
exercise-advice-8_5-shared-bytes-per-block = 只有当前平面需要共享内存：前一个和下一个值只被各自的线程读取，所以把它们放在寄存器中

# challenge-2d
exercise-advice-challenge-2d-global-load-bytes-per-output = 每个输出都从全局内存读取它的抽头：每个线程块只把每个输入像素载入一次（共享内存中的分块，或保存在寄存器中的若干行），再从那里读取抽头
exercise-advice-challenge-2d-global-load-uncoalesced-sectors-per-output = 一个线程束中各线程载入的地址相距很远：让相邻的 threadIdx.x 对应相邻的列（x 是内存中变化最快的下标）
exercise-advice-challenge-2d-shared-bank-conflicts-per-output = 一个线程束的共享内存访问落在同一个存储体上：按 [row][column] 索引共享分块，让相邻的 threadIdx.x 对应相邻的列
exercise-advice-challenge-2d-local-memory-bytes = 按编译器无法展开的值索引的线程私有数组会放在本地内存（DRAM）中：用常量边界的循环来遍历它，让编译器展开，或者改用单独的变量
exercise-advice-challenge-2d-percent-of-copy = 在 GPU 上测得：看看其他哪个数字不对，再用 `cargo run -p grader -- traffic challenge-2d` 找到对应的代码行

# challenge-3d
exercise-advice-challenge-3d-global-load-uncoalesced-sectors-per-output = 一个线程束中各线程载入的地址相距很远：让相邻的 threadIdx.x 对应相邻的 k（内存中变化最快的下标）
exercise-advice-challenge-3d-shared-bank-conflicts-per-output = 一个线程束的共享内存访问落在同一个存储体上：让 threadIdx.x 作为共享数组的最后一个（变化最快的）下标
exercise-advice-challenge-3d-local-memory-bytes = 按编译器无法展开的值索引的线程私有数组会放在本地内存（DRAM）中：把各个平面放在单独的变量中，并轮换它们
exercise-advice-challenge-3d-percent-of-copy = 在 GPU 上测得：看看其他哪个数字不对，再用 `cargo run -p grader -- traffic challenge-3d` 找到对应的代码行

## 错误输出所对应的典型错误（`Mistake::what`），用在 judge.ftl 的“它与下面这种核函数的输出相同：{ $mistakes }”中。

# 二维卷积（kernels/src/conv.rs）
exercise-mistake-filter-flipped = 滤波器被整个首尾翻转（用了 F[2r-fRow][2r-fCol] 而不是 F[fRow][fCol]）
exercise-mistake-filter-rows-reversed = 滤波器的各行按相反的顺序使用（F[2r-fRow][fCol]）
exercise-mistake-filter-each-row-reversed = 滤波器的每一行都被反转（F[fRow][2r-fCol]）
exercise-mistake-filter-transposed = 滤波器被转置（F[fCol][fRow]）

# 七点 stencil（kernels/src/stencil.rs）
exercise-mistake-c1-c2-swapped = c1 和 c2 互换了（c1 应加权 in[i,j,k-1]，即 x-1；c2 应加权 in[i,j,k+1]，即 x+1）
exercise-mistake-c3-c4-swapped = c3 和 c4 互换了（c3 应加权 in[i,j-1,k]，即 y-1；c4 应加权 in[i,j+1,k]，即 y+1）
exercise-mistake-c5-c6-swapped = c5 和 c6 互换了（c5 应加权 in[i-1,j,k]，即 z-1；c6 应加权 in[i+1,j,k]，即 z+1）
exercise-mistake-every-pair-swapped = 每一对都互换了，c1/c2、c3/c4 和 c5/c6（整个 stencil 被首尾翻转）
exercise-mistake-k-j-axes-mixed-up = c1、c2 和 c3、c4 互换了（k 轴和 j 轴搞混了）
exercise-mistake-j-i-axes-mixed-up = c3、c4 和 c5、c6 互换了（j 轴和 i 轴搞混了）
exercise-mistake-k-i-axes-mixed-up = c1、c2 和 c5、c6 互换了（k 轴和 i 轴搞混了）
