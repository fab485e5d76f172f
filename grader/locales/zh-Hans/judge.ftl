# judge
# 评分的结论：测试的消息、目标的说明、对发现的建议、错误元素的分布图、计划中各行的名称、速度模型的资源。

## 发现的数目（所有报告都用同一种计法）。

judge-findings = { $count ->
   *[other] { $count_text } 条发现
}
judge-findings-occurrences = { $count ->
    [1] 1 条发现
   *[other] { $count_text } 条不同的发现
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
judge-stopped-when-another-timed-out = 未完成：另一个测试用完了时间，本测试随之停止

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

judge-tile-never-loaded = 分块的一部分从未被载入（halo 单元，或幽灵单元格：对应网格之外的点的槽位，应当存入 0 而不是跳过）
judge-read-beyond-loaded = 线程读到了已载入的部分之外（下标超出了分块中已载入的部分）
judge-unwritten-outside-arrays = 在线程块中任何线程写入之前就读取了共享内存，且读取位置不在核函数声明的任何共享数组之内（偏移 { $offset }）：{ $beyond }
judge-unwritten-read = 在线程块中任何线程写入之前就读取了共享内存：`{ $name }` 的元素 { $index }
judge-unwritten-none-written = { $read }，而此时 `{ $name }` 的任何元素都还没有被写入：它的存储语句缺失了、写到了另一个数组，或者位于这次读取之后
judge-unwritten-count = 它的 { $len } 个元素中有 { $unwritten } 个未写入
judge-slot-own = 读取线程自己的槽位 { $slot }
judge-slot-of-thread = 线程 ({ $x }, { $y }, { $z }) 的槽位 { $slot }
judge-slot-on-edge = 这个线程块位于网格边缘：如果该槽位是幽灵单元格（网格之外的点），请在其中存入 0 而不是跳过它；如果不是，那就是该线程的存储被跳过了（漏掉了 halo 单元？）
judge-slot-inside = 这个线程块位于网格内部，它的分块没有幽灵单元格：是该线程的存储被跳过了（漏掉了 halo 单元？）
judge-unwritten-slot = { $read }；在每个线程对应一个槽位的分块中，这是{ $whose }，从未被存储（{ $count }）。{ $why }
judge-unwritten-past-threads = { $read }（{ $count }）。该数组有 { $len } 个槽位，而线程块只有 { $threads } 个线程，这个槽位在前 { $threads } 个之后：每个线程只存储一次会让它一直未被载入；请分第二步或用一个循环载入其余部分（halo 单元）
judge-block-on-edge = 这个线程块位于网格边缘，幽灵单元格就在这里
judge-block-inside = 这个线程块位于网格内部，它的分块没有幽灵单元格
judge-unwritten-either = { $read }（{ $count }）：要么是{ $never_loaded }，要么是{ $beyond }；{ $block_place }

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

## 模拟器和评分的错误（$error：模拟器自己的原话）。

judge-emulator-cannot-load = 模拟器无法载入这个核函数的 PTX：{ $error }
judge-emulator-cannot-launch = 模拟器无法启动这个核函数：{ $error }
judge-case-no-such-buffer = 用例 { $case }：参数指向缓冲区 { $buffer }，但它不存在
judge-case-no-output-buffer = 用例 { $case }：输出缓冲区 { $buffer } 不存在
judge-internal-error = 评分 { $section } 时出现内部错误（{ $what }）；请报告这个问题
