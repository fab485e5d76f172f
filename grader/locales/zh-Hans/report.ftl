# 一个小节的文本报告：标题、测试、发现、度量与目标。

lang-name = 简体中文

error-label = 错误：
lang-unknown = --lang { $given }：本课程支持 { $tags }（或 zh_TW.UTF-8 这样的区域设置）

## 报告的标题与测试。

report-kernel = 核函数
report-backend = 后端
report-seed = 种子 { $seed }（用 --seed { $seed } 重新运行）
report-tests = 测试
# 测试一栏：测试的种类。
report-vis-visible = 可见
report-vis-hidden = 隐藏
report-vis-metrics = 度量
report-printf-header = printf 输出（线程块，线程）：
report-printf-more = … 另有 { $more } 次 printf 调用未显示
report-first-wrong = 最先出错的元素：
# 出错元素各列的标题："(x, y, z)  期望值  实际值"。
report-expected = 期望值
report-got = 实际值
report-and-more = … 另有 { $more } 个
report-where-everywhere = 出错位置：所有元素都错了
report-where = 出错位置：{ $legend }

## 发现。

report-findings = 发现：{ $findings }
# $kind 是发现的名称（race、out_of_bounds……），保留英文。
report-finding-at = { $kind } 位于 { $place }，线程块 { $block } 线程 { $thread }，测试“{ $case }”
report-finding-more-tests = { $count ->
   *[other] （另有 { $more } 个测试中也出现）
}
report-no-source-line = （无源代码行）
report-line-inferred = 第 { $line } 行为推断所得：{ $why }
report-inferred-line = 编译器没有为这条指令给出它自己的行号（由多条语句生成的代码），这是它周围代码中最近的一行
report-called-from = 调用自 { $place }
report-called-from-more = ，调用自 { $place }
report-findings-more = … 每种只列出首次出现；另有 { $more } 次出现未列出
report-explain-out-of-bounds = 有线程在数组之外读或写：检查这次访问之前的边界判断（幽灵单元格、向上取整的网格）
report-explain-misaligned = 地址不是访问大小的整数倍：本应按元素计算的下标按字节计算了，或者类型转换有误
report-explain-race = 两个线程在两次屏障之间使用了同一个共享内存字，且至少有一个在写：一读一写之间需要 __syncthreads()；两次写入则需要只有一个写入者
report-explain-uninitialized-shared = 在线程块中任何线程写入之前就读取了共享内存：分块的一部分（通常是 halo 单元）从未载入
report-explain-barrier = 线程块中并非所有线程都到达了 __syncthreads()（位于 if 之内，或在提前 return 之后）：把它移到所有线程都会经过的地方
report-explain-timeout = 核函数没有在指令预算内结束：某个循环永不终止（检查它的边界和步进）
report-explain-assertion = 核函数中的 assert() 失败，或调用了 __trap()：启动在那里停止，与在 GPU 上一样
report-explain-call-depth = 函数之间的调用深度超出了模拟器的跟踪范围：是不是有永不终止的递归？
report-explain-unportable = 核函数依赖的值在 GPU 上会不同（时钟、SM 或线程束的编号、缓冲区所在的位置；%warpid 并不是线程束在线程块中的序号）：在这里能运行只是碰巧

## 度量。

report-metrics = 度量（{ $case }）
report-metric-flops = 问题所需的 FLOPs
report-metric-executed-flops = 实际执行的 FLOPs
report-metric-global-load-bytes = 全局内存载入字节数
report-metric-op-per-byte = OP/B（问题 FLOPs ÷ 全局内存载入字节数）
report-metric-global-load-requests = 全局内存载入请求数
report-metric-global-load-sectors = 全局内存载入扇区数（32 B）
report-metric-global-store-bytes = 全局内存存储字节数
report-metric-shared-per-block = 每个线程块的共享内存（字节）
report-metric-threads-blocks = 线程数 × 线程块数
# A metric in words ($shown of report-not-graded-shown; the targets' table keeps the ids the
# JSON and the contract use).
report-metric-name-op-per-byte = OP/B
report-metric-name-shared-bytes-per-block = 每个线程块的共享内存字节数
report-metric-name-global-load-bytes-per-output = 每个输出的全局内存载入字节数
report-metric-name-threads-per-block = 每个线程块的线程数
report-metric-name-global-load-sectors-per-request = 每次全局内存载入请求的扇区数
report-metric-name-global-load-sectors-over-minimum = 全局内存载入扇区数与最少可能值之比
report-metric-name-global-load-uncoalesced-sectors-per-output = 每个输出的未合并全局内存载入扇区数
report-metric-name-global-loads-per-element = 每个输入元素的全局内存载入次数
report-metric-name-shared-bank-conflicts-per-request = 每次共享内存请求的存储体冲突数
report-metric-name-shared-bank-conflicts-per-output = 每个输出的存储体冲突数
report-metric-name-local-memory-bytes = 本地内存字节数
report-metric-name-active-lane-percent = 活跃线程占线程束的百分比
report-metric-name-percent-of-copy = 速度占复制的百分比
# $shown：度量的名称（文字）与数值（"每次全局内存载入请求的扇区数 17.30"）。
report-not-graded-shown = 不计分（其开销由缓存决定）：{ $shown }
report-gpu-shared-same = { $bytes } B 静态共享内存（与模拟器一致）
report-gpu-shared-differs = { $bytes } B 静态共享内存（模拟器给出 { $emulator } B！）
report-gpu-spills = （寄存器溢出或本地数组）
report-gpu-line = 在 { $device }（{ $binary }）上：每线程 { $registers } 个寄存器，每线程 { $local } B 本地内存{ $spill }，{ $shared }
report-also-measured = 另外测得
report-variant-textbook = （教科书 { $value }）
report-variant-failed = 失败：{ $message }

## 速度。

report-speed-on = 在 { $device } 上的速度
report-timing = 计时用例 { $case }：{ $ms } ms（中位数），{ $gbps } GB/s = 设备到设备复制的 { $percent }%（{ $copy } GB/s）
report-timed = 计时方式：{ $method }
report-speed-reference = 课程的参考核函数在本次运行中、同一张显卡上的计时：{ $ms } ms = 复制的 { $percent }%；比它慢不超过 { $tolerance }% 的核函数也算达到目标
report-at-most = 至多 { $value }
report-resource-dram = DRAM 流量
report-resource-shared-wavefronts = 共享内存 wavefront
report-resource-issue = 指令发射
report-resource-l1-sectors = L1 扇区
report-resource-blocks = 线程块启动
report-resource-atomics = 全局原子操作
report-resource-loads-in-flight = 在途 DRAM 载入（占用率）
report-line = 第 { $line } 行
report-line-with-text = 第 { $line } 行：{ $text }
report-cannot-reach = 无法达到复制的 { $target }%：在 { $gpu } 上仅“{ $resource }”一项就至少需要 { $ms } ms，至多为复制的 { $most }%{ $place }
report-estimated-at-most = 估计至多 { $value }
report-estimate-cannot-reach = 估计低于复制的 { $target }%：在 { $gpu } 上为 { $percent }%；模型对受“{ $resource }”限制的核函数的估计，最多比实测时间慢 { $factor } 倍，即使快 { $factor } 倍，这个核函数也只有 { $most }%（这是估计，不是界限：以 GPU 上的计时为准）{ $place }
report-cannot-reach-where = ——其中大部分在{ $line }
report-model-beside = 与上面的实测并列
report-model-not-measured = 并非实测
report-model-header = 模型估计的 { $gpu } 上的速度（根据模拟器的计数；{ $measured }）
report-model-bound-at = { $resource }，大部分在{ $line }
report-model-bound-once = { $resource }：输入只读一次、输出只写一次
# A bound: the least time the counts allow, so the most % of copy the kernel can reach.
# $reference: report-model-reference-at-most, or nothing where the section has no reference.
report-model-at-most = 至多为复制的 { $percent }%（至少 { $ms } ms{ $reference }），这是界限：在这张卡上，核函数不可能比这更快；限制它的是{ $bound }
report-model-reference-at-most = ；课程参考答案：至多 { $percent }%
report-model-reference-estimate = ；课程参考答案：{ $percent }%
# $change: one of report-change-*; $place: report-model-change-where or nothing.
report-model-change = 要更快，核函数需要{ $change }{ $place }
report-model-change-where = ——其中大部分在{ $line }
report-change-dram = 减少 DRAM 与芯片之间传输的字节（最少是：每个输入只读一次，每个输出只写一次）
report-change-shared-wavefronts = 减少共享内存 wavefront（每个输出更少的共享内存访问，或消除存储体冲突）
report-change-issue = 减少每个输出的指令数（每个线程计算更多输出，减少下标运算）
report-change-l1-sectors = 减少全局内存载入的扇区数（合并访问，或从共享内存、寄存器中复用输入）
report-change-blocks = 减少线程块数（每个线程块计算更多输出）
report-change-atomics = 减少全局原子操作
report-change-loads-in-flight = 每个 SM 同时在途的 DRAM 载入更多（更多驻留线程束：每个线程块用更少的寄存器或共享内存、更大的线程块；或让每个线程在使用数值之前先发出几次相互独立的载入）
report-model-limited-at = ，瓶颈：{ $resource }（第 { $line } 行）
report-model-limited = ，瓶颈：{ $resource }
report-model-estimate = 估计为复制的 { $percent }%（{ $ms } ms{ $limited }{ $reference }）；模型在 { $kernels } 个已计时核函数上的误差：中位数 { $median }%，最大 { $worst }%
report-model-occupancy = 占用率：每个 SM 驻留 { $warps } 个线程束（线程块 { $threads } 个线程，NVRTC 为该显卡编译时每线程 { $registers } 个寄存器，每个线程块 { $shared } 字节共享内存），每个线程束一次只等待一个 DRAM 载入
report-model-sampled = 计时用例自己的线程块所做的工作与按其尺寸缩放的度量用例不同：在模拟器上运行了它的 { $blocks } 个线程块（{ $outputs } 个输出），{ $count } 为 { $sampled }，而假定的是 { $assumed }；因此以上数字来自这些线程块实际所做的工作（用时是缩放所得估计值的 { $ratio } 倍）
report-sampled-stored-bytes = 存储的字节
report-sampled-shared-wavefronts = 共享内存 wavefront
report-sampled-shared-wavefronts-if-merged = 共享内存 wavefront（按合并计）
report-sampled-warp-instructions = 线程束指令
report-sampled-l1-sectors = L1 扇区
report-sampled-global-atomics = 全局原子操作的通道
report-sampled-global-load-bytes = 全局载入字节
report-sampled-global-load-requests = 全局载入请求

## 目标。

report-targets = 目标
# 目标表各列的标题。
report-col-target = 目标
report-col-measured = 测得
report-col-textbook = 教科书
report-second-case = 但在第二个度量用例（{ $case }）上为 { $measured }：目标必须在每种规模下都成立
report-every-line-traffic = 每一行的访存流量：cargo run -p grader -- traffic { $section }
report-culprit-loads = 每个输出进行 { $loads } 次全局内存载入，是所有行中最多的
report-culprit-sectors = 每次线程束级载入访问 { $per_request } 个扇区，是其宽度所需最少扇区数的 { $over } 倍（合并访问时为 1）
report-culprit-conflicts = 造成 { $replays } 次存储体冲突重放，是所有行中最多的
report-culprit-conflict-example = ；例如，同一线程束的通道 { $lane_a } 和 { $lane_b }（线程 { $thread_a } 和 { $thread_b }）{ $access }{ $places }：这是存储体 { $bank } 中两个不同的字，而一个存储体每次只能提供一个字，所以这次访问要分 { $ways } 次完成
report-conflict-read = 读取
report-conflict-write = 写入
report-conflict-elements = `{ $array }` 按行主序计数的第 { $index_a } 和第 { $index_b } 个元素
report-conflict-places = { $place_a } 和 { $place_b }
report-conflict-element = `{ $array }` 按行主序计数的第 { $index } 个元素
report-conflict-offset = 偏移 { $offset }
report-conflict-half-warps = 每个线程束的前后两半位于宽 16 个线程的线程块的不同行上，而分块的行与行相隔 32 个字的整数倍，所以两半在每个存储体上都会相撞：让线程块宽 32 个线程，或给分块的每行补一个字
report-culprit-local = 载入和存储了 { $bytes } 字节本地内存，是所有行中最多的{ $array }
report-culprit-local-array = （可能是每线程数组 { $name }，声明于第 { $line } 行）
report-culprit-inferred = （包括编译器没有给出自身行号的代码，计在这一最近的行上）

## 结论。

report-compile-error = 编译错误
report-no-defines = 无宏定义
report-passed-word = 通过
report-failed-word = 未通过
report-passed-on-emulator-word = 在模拟器上通过
report-passed-on-emulator = { $verdict } — 所有测试以及模拟器能测量的所有目标均通过；没有 GPU 无法测量：{ $targets }（挑战的目标：请在装有 NVIDIA GPU 的机器上运行 `cargo run -p grader -- time { $section }`）
report-visible-pass = 可见测试通过
report-all-pass = 所有测试和目标均通过
report-why-compile = 核函数无法编译
report-why-launch = 核函数无法启动
report-why-tests = { $total } 个测试中有 { $failed } 个失败
report-why-sanitizer = 检测器：{ $findings }
report-why-missed = { $count ->
   *[other] { $count } 个目标未达到
}
report-why-not-graded = { $count ->
   *[other] { $count } 个目标未计分
}
# FAILED 结论中各原因之间的分隔。
report-list-sep = {"，"}
report-stuck = 卡住了？cargo run -p grader -- hint { $section }

## 紧凑报告（watch）。

report-more-log-lines = … 另有 { $more } 行（f：完整报告）
report-first-failure = 第一个失败：{ $test }
report-printf-lines = printf：{ $count ->
   *[other] { $count } 行
}（f：完整报告）

## 运行多个小节后的汇总。

report-summary = 汇总
report-summary-passed = 通过
report-summary-passed-emulator = 在模拟器上通过（速度未测量）
report-summary-unmeasured = （其中 { $count ->
   *[other] { $count }
} 个未测量速度：没有 GPU）
report-summary-total = { $total } 个小节中 { $passed } 个通过{ $unmeasured }，用时 { $seconds } s

## 进度条。

report-bar-tests = 个测试
report-bar-section = 小节 { $section }

## traffic：逐行表格。

report-traffic-case = 度量用例 { $case }
report-traffic-op-per-byte = OP/B { $op_per_byte }：问题的 { $flops } FLOPs 除以从全局内存载入的 { $bytes } 字节，共 { $outputs } 个输出（实际执行 { $executed } FLOPs）
# 表格各列的标题（要短：下面的数字在其下右对齐）。
report-traffic-col-line = 行
report-traffic-col-source = 源代码
report-traffic-col-loads = 载入/输出
report-traffic-col-requests = 请求
report-traffic-col-sectors = 扇区/请求
report-traffic-col-stores = 存储 B
report-traffic-col-shared = 共享 B
report-traffic-col-conflicts = 冲突
report-traffic-col-local = 本地 B
report-traffic-col-flops = FLOPs
# 合计一行。
report-traffic-all = 合计
report-traffic-legend =
    载入/输出：该行每个输出元素的线程级全局内存载入次数；扇区/请求：每次线程束级载入访问的
    32 字节扇区数（整个线程束的 4 字节载入以 4 为理想）；共享 B：共享内存载入与存储的字节数；
    冲突：存储体冲突带来的额外 wavefront；本地 B：本地内存载入与存储的字节数（编译器无法保存在寄存器中
    的每线程数组）；FLOPs：实际执行的次数。
report-traffic-inferred =
    {"*"}：还计入了编译器没有给出自身行号的指令（由多条语句生成的代码），计在它们周围代码中最近的一行上。

## traffic：复用图与线程块视图。

report-map-stats = { $label }：每个元素的载入次数：最小 { $min }，平均 { $mean }，最大 { $max } —— 必需流量的 { $times }×{ $plane }
report-map-plane = （平面 z = { $plane }，共 0..{ $last }）
report-map-cell = 每格 = { $cw }×{ $ch } 个元素；' ' 无 … '@' { $max } 次载入
report-map-corner = 前 { $cols }×{ $rows } 个元素，各自的载入次数：
report-block-title = 线程块 { $block }，及其中的线程 { $thread }：
report-block-plane = ，平面 z = { $z }
report-block-loaded = { $name }：该线程块从全局内存载入了 { $elements } 个元素（{ $loads } 次载入）；该线程载入了其中 { $thread } 个{ $plane }
report-block-columns = 第 { $x0 }..{ $x1 } 列，第 { $y0 }..{ $y1 } 行；数字：该线程块的载入次数（超过 9 记为 '+'），o：该线程载入过，·：未载入
report-block-shared-unused = 共享内存：未使用
report-block-shared = 共享内存：写入 { $written } 个字，读取 { $read } 个；该线程读取了 { $thread } 个。每行 { $per_row } 个字{ $first }：
report-block-shared-first = ，共 { $rows } 行，显示前 { $shown } 行
report-block-shared-legend = #：写入并读取，w：只写入，r：读取但从未写入，o：该线程读取过，·：未访问
report-argument = 第 { $number } 个参数
report-plane-not-3d = --plane { $plane }：小节 { $section } 的缓冲区不是三维的
report-plane-out-of-range = --plane { $plane }：在度量用例中 { $name } 的平面为 0 到 { $last }
report-coords-count = `{ $text }`：请给出 X,Y 或 X,Y,Z
report-coords-not-integer = `{ $text }`：`{ $part }` 不是非负整数
report-traffic-another-block = （换一个线程块：--block X,Y[,Z]；换一个线程：--thread X,Y[,Z]）
report-traffic-no-metrics-run = { $kernel } 没有把度量用例运行完（请先修复 `cargo run -p grader -- { $section }` 报告的问题）
report-traffic-block-outside = 线程块 { $block } 或其线程 { $thread } 不在这次启动中（度量用例启动 { $grid } 个线程块，每块 { $threads } 个线程）
report-wrote = 已写入 { $path }

## SVG 图的说明文字。

report-svg-loads-title = { $label }：每个元素从全局内存载入的次数{ $plane }
report-svg-plane = ，平面 z = { $plane }，共 0..{ $last }
report-svg-stats = 最小 { $min }，平均 { $mean }，最大 { $max }：必需流量（每个元素只载入一次）的 { $times }×
report-svg-all = 全部 { $size } 个元素（每格为 { $cell } 个元素的平均值）
report-svg-all-rows = 全部 { $elements } 个，每行 { $row } 个（每格为 { $cell } 个元素的平均值）
report-svg-first = 前 { $size } 个元素，各自的载入次数
report-svg-legend = 每个元素的载入次数：
report-svg-footprint = { $name }：从第 { $x0 } 列、第 { $y0 } 行起{ $plane }
report-svg-shared-caption = 共享内存，每行 { $per_row } 个字
report-svg-block = 线程块 { $block }：它从全局内存载入的内容，按载入次数着色；线程 { $thread } 的载入加框标出
report-svg-shared-legend = 共享内存：绿色为写入并读取，灰色为只写入，红色为读取但从未写入，蓝色为该线程读取过

## 课程平台的结果（Gradescope、PrairieLearn）。

report-row-not-run = 未运行
report-row-compile-failure = 核函数无法编译（{ $compiler }，{ $defines }）：
report-row-summary = 小节 { $section }（{ $title }），后端 { $backend }，种子 { $seed }：{ $verdict }。
report-row-passed-emulator = 所有测试以及模拟器能测量的所有目标均通过；没有 GPU 无法测量：{ $targets }
report-row-not-yet = 尚未通过
report-row-size = 规模 { $size }
report-row-skipped = 此处未测量（{ $why }）：该分照给
report-row-measured = 测得 { $value }
report-row-not-measured-here = 此处未测量：{ $why }
report-row-not-measured = 未测量
report-row-textbook = ，教科书 { $value }
report-row-finding = { $kind } 位于 { $place }，线程块 { $block } 线程 { $thread }，测试“{ $case }”：{ $advice }
report-row-findings = { $count }；每种的首次出现：
report-pl-target = 本小节针对 { $metric } 的目标，在度量用例上
report-pl-hidden-test = 隐藏用例：输出与 CPU 参考实现对比（其数据不显示）
report-pl-test = 输出与 CPU 参考实现对比
report-pl-sanitizer = 检测器：竞争、越界访问、未初始化的共享内存、屏障
report-pl-right = 正确
report-pl-wrong = 错误（其数值不显示）
report-pl-passed = 通过
report-pl-failed = 未通过
report-pl-no-png = （未绘制访存流量视图：此评分器构建时没有启用 `png` 特性）
report-pl-image-loads = { $label }：每个元素从全局内存载入的次数
report-pl-image-block = 线程块 { $block }：它载入的内容及其共享内存
report-pl-left-out = （{ $images }{ $report }已省略：results.json 必须小于 1 MB）
report-pl-images-dropped = { $count ->
   *[other] { $count } 张图片
}
report-pl-report-cut = 以及部分报告

report-finding-evidence = （{ $message }）

report-compiled-by = （{ $compiler }，{ $defines }）
# 全角括号前不加空格。
report-compile-headline = { $error }{ $compiler }
report-compiler = （{ $compiler }）

# A file whose device code differs between architectures (it switches on __CUDA_ARCH__).
report-arch-differs = 此文件的代码因显卡而异（取决于 __CUDA_ARCH__）：每种构建分别评分，以最差者为准
report-arch-build = { $archs }（{ $cards }）
report-arch-passed = 通过
report-arch-failed = 未通过
report-arch-this = ← 本报告
report-arch-not-built = 无法为 { $arch }（{ $cards }）构建，按其余架构评分：{ $error }
report-arch-not-run = { $arch }（{ $cards }）未评分：模拟器无法运行它的代码（{ $error }）
