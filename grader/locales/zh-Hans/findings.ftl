# findings
#
# 检测器发现的证据（模拟器的 `Detail`，由 grader/src/judge/evidence.rs 说出）。
# 数字按模拟器的写法传入：不加千位分隔符，地址为十六进制。

finding-at-ptx-line = { $evidence }（PTX 第 { $line } 行）

## 内存空间

finding-space-global = 全局
finding-space-shared = 共享
finding-space-local = 本地
finding-space-const = 常量
finding-space-param = 参数
finding-space-call-parameter = 调用参数
finding-space-generic = 通用

## 越界、未对齐、写只读内存

finding-out-of-bounds = 在{ $space }内存中越界{ $access ->
        [write] 写入
       *[read] 读取
    } { $size } 字节：{ $place }
finding-oob-shared = 共享内存偏移 { $offset }（该线程块共有 { $bytes } 字节共享内存）
finding-oob-const = 常量内存偏移 { $offset }（该模块共有 { $bytes } 字节 __constant__ 数据）
finding-oob-local = 本地内存偏移 { $offset }（每个线程有 { $bytes } 字节）
finding-oob-param = 参数偏移 { $offset }
finding-oob-call-parameter = 调用参数偏移 { $offset }（每个线程有 { $bytes } 字节）
finding-oob-address = 地址 { $addr } 不在任何一块已分配的内存中
finding-misaligned = 对{ $space }内存的 { $size } 字节访问未对齐，地址为 { $addr }
finding-misaligned-atomic = { $size } 字节的原子操作未对齐，地址为 { $addr }
finding-read-only-write = 写入了只读内存（常量内存或参数内存）

## 共享内存上的竞争

finding-race = 共享内存上的{ $race }竞争（{ $place }）：此前访问过该位置的是{ $other }，两次访问之间没有 __syncthreads()
finding-race-at = 共享内存上的{ $race }竞争（{ $place }）：此前在{ $line }访问过该位置的是{ $other }，两次访问之间没有 __syncthreads()
finding-race-read-after-write = 写后读
finding-race-write-after-read = 读后写
finding-race-write-after-write = 写后写
finding-race-element = 偏移 { $offset }，即 `{ $array }` 按行主序计数的第 { $index } 个元素
finding-race-offset = 偏移 { $offset }
finding-thread = 线程 { $thread }
finding-other-threads = 其他线程

## 屏障

finding-barrier-exited = 只有线程块中的一部分线程到达了 __syncthreads()：线程 { $thread } 已经退出，其余线程将永远等待下去
finding-barrier-diverged = 同一线程块的线程在不同的 __syncthreads() 处等待（{ $first }和{ $other }）
finding-line = 第 { $line } 行
finding-ptx-line = PTX 第 { $line } 行

## 启动被停止

finding-budget-spent = 本次启动超出了指令预算：是否有死循环？
finding-stopped-by-another-launch = 在此处被停止：该核函数的另一次启动超出了指令预算
finding-assert-failed = 断言 `{ $expr }` 在 { $function } 中失败
finding-trap = 核函数执行了 `trap`（`__trap()`）：GPU 会在此处中止本次启动（"unspecified launch failure"），程序之后的每个 CUDA 调用都会失败
finding-bad-call-null = 通过空函数指针进行调用：GPU 会在此处停止本次启动
finding-bad-call = 通过值为 { $pointer } 的函数指针进行调用，但它不指向核函数所在文件中任何接受这些参数的函数：GPU 会在此处停止本次启动
finding-inlined-too-large = 该核函数调用的函数内联后总计超过 { $limit } 条指令（存在递归？）：模拟器在此停止
finding-calls-too-deep = 函数调用嵌套超过 { $limit } 层（无限递归？）：本次启动已被停止

## 不可移植的代码

finding-warpid = %warpid 是线程束在其 SM 上的槽位，而不是它在线程块中的序号（GPU 会给出别的值，而且会变化）：请改用 threadIdx.x / warpSize
finding-unportable = { $at }{ $value }{ $used ->
        [branch] 决定了一个分支
        [guard] 决定了一条指令是否执行
        [address] 决定了一个地址
        [stored] 被存储到了内存中
       *[atomic] 是一次原子操作的操作数
    }：GPU 的时钟、SM 编号和缓冲区地址都与模拟器的不同，因此核函数在那里可能{ $used ->
        [branch] 走上另一条路径
        [guard] 走上另一条路径
        [address] 访问别的内存
       *[other] 写入别的值
    }
finding-gpu-value-register = 从 { $register } 读到的值
finding-gpu-value-buffer-address = 取得的缓冲区地址

## 读取没有线程写入过的共享内存，以及读到的值流向何处

finding-unwritten-read = 读取了共享内存（{ $place }）{ $copy ->
        [yes] ，其中存放的是本线程块中没有任何线程写入过的共享内存的副本
       *[no] ，而本线程块中没有任何线程写入过它
    }；该值{ $at }流入了{ $used }
finding-unwritten-in-array = 偏移 { $offset }，位于 `{ $array }` 中
finding-unwritten-offset = 偏移 { $offset }
finding-use-global-store = 一次全局内存存储
finding-use-store-address = 一次存储操作的地址
finding-use-address = 一次内存访问的地址
finding-use-comparison = 一次比较（分支或条件）
finding-use-atomic = 一次原子操作
finding-use-local-store = 本地内存（本地数组或 printf 的参数），此后不再继续跟踪
finding-used-on-the-same-line = 在同一行
finding-used-at-line = 在第 { $line } 行
finding-used-at-file-line = 在 { $file }:{ $line } 处
finding-used-at-ptx-line = 在 PTX 第 { $line } 行
