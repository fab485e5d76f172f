# judge
# 评分的结论：测试的消息、目标的说明、对发现的建议、错误元素的分布图、计划中各行的名称、速度模型的资源。

## 发现的数目（所有报告都用同一种计法）。

judge-findings = { $count ->
   *[other] { $count } 条发现
}
judge-findings-occurrences = { $count ->
    [1] 1 条发现
   *[other] { $count } 条不同的发现
}（共出现 { $occurrences } 次）

## 测试的消息：各条说明之间用“；”隔开。

judge-notes = { $first }；{ $rest }
judge-see-findings = { $note }（见“发现”）
judge-reached-no-output = { $note }，它没有直接影响任何输出
judge-none-reached-an-output = { $note }，它们都没有直接影响任何输出
judge-elements-wrong = { $total } 个元素中有 { $wrong } 个错误
judge-elements-wrong-never-written = { $total } 个元素中有 { $wrong } 个错误（从未写入）
judge-computed-nan = 其中 { $count } 个是核函数写入的 NaN（由一个在写入之前就被读取的值算出？）
judge-equals-mistake = 它与下面这种核函数的输出相同：{ $mistakes }
judge-mistakes-or = { $first }，或者{ $rest }
judge-stopped-by = 因 { $kind } 而停止
judge-a-fault = 故障
judge-changed-input = 核函数修改了它的输入：参数 { $argument } 的{ $place }，原为 { $was }，现为 { $now }（核函数不能写它所读取的缓冲区）
judge-element = 元素 { $element }
judge-element-xy = 元素 { $element }（x { $x }，y { $y }）
judge-element-xyz = 元素 { $element }（x { $x }，y { $y }，z { $z }）
judge-not-run-after-timeout = 未运行：之前的一个测试没有结束（超时）

## 目标。

judge-needs-gpu = 需要 GPU
judge-not-graded-without-gpu = 没有 GPU，不评分（估计为复制速度的 { $percent }%）
judge-not-graded = 未评分：{ $why }
judge-not-timed = 未计时：{ $error }
judge-role-metrics-case = 度量用例
judge-role-second-metrics-case = 第二个度量用例
judge-did-not-run = { $role }没有运行
judge-stopped-at = { $role }在 { $kind } 处停止（见“发现”）
judge-no-metrics-counted = 没有统计到任何度量
judge-metrics-case-stopped = { $label }；在 { $kind } 处停止：只是这次启动中一部分工作的计数

## --variants。

judge-variant-does-not-compile = 使用 { $defines } 时无法编译：{ $log }

## 排在竞争或屏障问题之后、很可能由它引起的发现。

judge-may-follow-from-line = 可能由上面第 { $line } 行的{ $kind ->
    [race] 竞争
    [barrier] 屏障问题
   *[other] { $kind }
}引起：请先修复它
judge-may-follow-from = 可能由上面的{ $kind ->
    [race] 竞争
    [barrier] 屏障问题
   *[other] { $kind }
}引起：请先修复它

## 对读取未写入共享内存的建议。

judge-tile-never-loaded-image = 分块的一部分从未被载入（halo 单元，或幽灵单元格：对应图像之外像素的槽位，应当存入 0 而不是跳过）
judge-tile-never-loaded-grid = 分块的一部分从未被载入（halo 单元；只有在计算边界点时才会读到对应网格之外的点的槽位，而本节的边界点保持输入值、不参与计算）
judge-tile-never-loaded-clamped = 分块的一部分从未被载入（某个 halo 单元：在数组两端，它存放的是钳制后的端点元素，而不是 0）
judge-read-beyond-loaded = 线程读到了已载入的部分之外（下标超出了分块中已载入的部分）
judge-unwritten-outside-arrays = 在线程块中任何线程写入之前就读取了共享内存，且读取位置不在核函数声明的任何共享数组之内（偏移 { $offset }）：{ $beyond }
judge-unwritten-read = 在线程块中任何线程写入之前就读取了共享内存：`{ $name }` 的元素 { $index }
judge-unwritten-none-written = { $read }，而此时 `{ $name }` 的任何元素都还没有被写入：它的存储语句缺失了、写到了另一个数组，或者位于这次读取之后
judge-unwritten-count = 它的 { $len } 个元素中有 { $unwritten } 个未写入
judge-slot-own = 读取线程自己的槽位 { $slot }
judge-slot-of-thread = 线程 ({ $x }, { $y }, { $z }) 的槽位 { $slot }
judge-slot-on-edge-image = 这个线程块的分块越过了图像边缘：如果该槽位是幽灵单元格（图像之外的像素），请在其中存入 0 而不是跳过它；如果不是，那就是该线程的存储被跳过了（漏掉了 halo 单元？）
judge-slot-inside-image = 这个线程块的分块位于图像内部，没有幽灵单元格：是该线程的存储被跳过了（漏掉了 halo 单元？）
judge-slot-on-edge-grid = 这个线程块位于网格边界：如果该槽位是网格之外的点，那么只有边界点会读取它，而本节不计算边界点（只计算 1 ≤ i, j, k ≤ N − 2 的点）；如果不是，那就是该线程的存储被跳过了（漏掉了 halo 单元？）
judge-slot-inside-grid = 这个线程块位于网格内部，它的分块没有任何槽位在网格之外：是该线程的存储被跳过了（漏掉了 halo 单元？）
judge-slot-on-edge-clamped = 这个线程块位于数组的一端：本节对两端做钳制，那里的 halo 单元存放端点元素（A[−1] = A[0]，A[N] = A[N − 1]），而不是 0；如果该槽位不是 halo 单元，那就是该线程的存储被跳过了
judge-slot-inside-clamped = 这个线程块位于数组内部：是该线程的存储被跳过了（漏掉了 halo 单元？）
judge-unwritten-slot = { $read }；在每个线程对应一个槽位的分块中，这是{ $whose }，从未被存储（{ $count }）。{ $why }
judge-unwritten-past-threads = { $read }（{ $count }）。该数组有 { $len } 个槽位，而线程块只有 { $threads } 个线程，这个槽位在前 { $threads } 个之后：每个线程只存储一次会让它一直未被载入；请分第二步或用一个循环载入其余部分（halo 单元）
judge-block-on-edge-image = 这个线程块的分块越过了图像边缘，幽灵单元格就在这里
judge-block-inside-image = 这个线程块的分块位于图像内部，没有幽灵单元格
judge-block-on-edge-grid = 这个线程块位于网格边界：只有在计算边界点时才会读到网格之外的槽位，而本节不计算边界点
judge-block-inside-grid = 这个线程块位于网格内部，它的分块没有任何槽位在网格之外
judge-block-on-edge-clamped = 这个线程块位于数组的一端，本节对两端做钳制（A[−1] = A[0]，A[N] = A[N − 1]），而不是补 0
judge-block-inside-clamped = 这个线程块位于数组内部
judge-rule-clamped = 本节对数组两端做钳制：A[−1] = A[0]，A[N] = A[N − 1]，从不取 0。
judge-unwritten-1d-left-halo = { $read }（{ $count }）：这是左侧 halo 单元，即槽位 0，由线程 0 载入（A[gid − 1]，在第一个线程块中钳制为 A[0]）。{ $rule }
judge-unwritten-1d-own = { $read }（{ $count }）：这是线程 { $thread } 自己的槽位（它把 A[gid] 存到 tid + 1），从未被存储。{ $rule }
judge-unwritten-1d-right-halo = { $read }（{ $count }）：这是本线程块右侧的 halo 单元，由线程块的最后一个线程 { $last } 载入（A[gid + 1]，钳制为 A[N − 1]）。{ $rule }
judge-unwritten-1d-right-halo-partial = { $read }（{ $count }）：这是本线程块右侧的 halo 单元；本线程块是最后一个，只有线程 0 到 { $last } 有元素（N = { $n }）：必须由最后一个有元素的线程，即线程 { $last }（gid = N − 1）载入它，并钳制为 A[N − 1]；只靠线程 { $block_last } 载入，在这里永远不会发生。{ $rule }
judge-unwritten-1d-past = { $read }（{ $count }）：读到了本线程块右侧 halo 单元（槽位 { $halo }）之后：线程读到了已载入的部分之外。{ $rule }
judge-unwritten-either = { $read }（{ $count }）：要么是{ $never_loaded }，要么是{ $beyond }；{ $block_place }

## 对竞争的建议，按竞争的种类。

judge-race-earlier-at = 在{ $line }
judge-race-earlier = 在此之前
judge-race-read-after-write = 一个线程读取的槽位，另一个线程{ $earlier }写入过，两者在同一个屏障区间内：存储与读取之间缺少 __syncthreads()，或者它被放在了存储之前
judge-race-write-after-read = 一个线程覆盖的槽位，另一个线程{ $earlier }读取过，两者在同一个屏障区间内：读取与下一次存储之间缺少 __syncthreads()（分块在所有线程用完之前就被重用了）
judge-race-write-after-write-one-line = 两个线程写入了同一个槽位，都在这一行：__syncthreads() 解决不了这个问题。请让每个槽位只有一个写入者：检查存储的下标（两个线程算出了同一个下标）以及选出存储线程的条件（漏掉了 `if (threadIdx.x == 0)`？）
judge-race-write-after-write = 两个线程写入了同一个槽位，另一个线程{ $earlier }，然后是这一个：请让每个槽位只有一个写入者（检查两处存储的下标以及选出写入者的条件）；只有当这两次存储本来就是先后两个阶段时，在它们之间加 __syncthreads() 才能解决

## 测试输出中的错误元素。

judge-never-written = 从未写入
judge-missing = 缺失
judge-poison = { $value }（毒化值）
judge-map-cells = 每格 = { $width }×{ $height } 个元素（x → 向右，y ↓ 向下）；. 正确，x 部分错误，X 全部错误
judge-map-one-cell = 每格一个元素（x → 向右，y ↓ 向下）；. 正确，X 错误
judge-map-planes = 含错误元素的平面：z = { $planes }
judge-map-planes-more = 含错误元素的平面：z = { $planes } …（共 { $count } 个平面）

## 载入分布图中的缓冲区。

judge-buffer-label = { $name }（{ $elements } 个元素）

## 计划中的各行（Gradescope 和 PrairieLearn 中的测试名称）。

judge-row-test = { $section } 测试：{ $case }（{ $visibility ->
    [metrics] 度量用例
    [hidden] 隐藏
   *[other] 可见
}）
judge-row-target = { $section } 目标：{ $metric } { $op } { $value }
judge-row-sanitizer = { $section } 检测器：无发现

## 速度模型的资源。

judge-resource-dram = DRAM 流量
judge-resource-shared-wavefronts = 共享内存 wavefront
judge-resource-issue = 指令发射
judge-resource-l1-sectors = L1 扇区
judge-resource-blocks = 启动的线程块
judge-resource-atomics = 全局原子操作
judge-resource-loads-in-flight = 在途 DRAM 载入（占用率）

## 模拟器和评分的错误（$error：模拟器自己的原话）。

judge-emulator-cannot-load = 模拟器无法载入这个核函数的 PTX：{ $error }
judge-emulator-cannot-launch = 模拟器无法启动这个核函数：{ $error }
judge-case-no-such-buffer = 用例 { $case }：参数指向缓冲区 { $buffer }，但它不存在
judge-case-no-output-buffer = 用例 { $case }：输出缓冲区 { $buffer } 不存在
judge-internal-error = 评分 { $section } 时出现内部错误（{ $what }）；请报告这个问题
