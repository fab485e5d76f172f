# The compilers: finding or installing NVRTC, NVIDIA's half-precision headers and clang (first
# run), and the grader's own words in a compile log.

## Where a compiler was found ($found_by in the messages below)

toolchain-found-clang-on-path = PATH 中的 clang
toolchain-found-homebrew = Homebrew 的 llvm
toolchain-found-zig-site-packages = pip site-packages 中的 ziglang wheel
toolchain-found-cache = 课程的缓存
toolchain-found-cache-just-installed = 课程的缓存（刚刚安装）
toolchain-found-usr-local-toolkit = /usr/local 中的 CUDA 工具包
toolchain-found-system-libraries = 系统库
toolchain-found-site-packages = pip 的 site-packages 目录
toolchain-found-beside-nvrtc = NVRTC 旁边的 include 目录

## The compiler in use (`list`'s first lines)

toolchain-the-courses = 课程所用的版本
toolchain-recorded-with = 课程的图表和评分是用 { $version } 记录的
toolchain-describe-nvrtc = NVRTC { $version }（{ $whose }），来自 { $library }（找到位置：{ $found_by }）
toolchain-describe-fp16 = 半精度：{ $fp16 }
toolchain-fp16-from = cuda_fp16.h 来自 { $dir }（找到位置：{ $found_by }）
toolchain-fp16-stand-in = 评分器自带的替代 cuda_fp16.h（缺少大部分 half API）
toolchain-describe-clang = { $version }（找到位置：{ $found_by }）

## No compiler found, installing one

toolchain-nvrtc-not-found = 没有找到 NVRTC（NVIDIA 的运行时 CUDA 编译器，12 或更高版本）：它负责把你的 kernel.cu 编译成 PTX。
toolchain-clang-not-found = 没有找到带 NVPTX 后端的 clang：在没有 NVRTC 的地方，由它把你的 kernel.cu 编译成 PTX。
toolchain-skipped = 已跳过：{ $reason }
toolchain-install-failed = 自动安装失败：{ $reason }
toolchain-nvrtc-how = 用 `{ $command }` 安装它（课程记录所用的版本），或者把 NVRTC_PATH 指向这个库（或包含它的目录）。
toolchain-clang-how = 用 `{ $command }` 安装一个，或者把 PMPP_CLANG 指向一个 clang（LLVM 的、Homebrew 的 llvm）或 zig。
toolchain-nor-clang = clang 也不可用：{ $error }
toolchain-no-nvrtc-on-macos = NVIDIA 没有为这个系统（macOS）提供 NVRTC：核函数用 clang 编译（--compiler clang）
toolchain-nvrtc-path-wrong = NVRTC_PATH={ $path } 既不是 NVRTC 库（{ $names }），也不是包含它的目录
toolchain-no-home = 没有设置 HOME
toolchain-pip-left-no-nvrtc = pip 已完成，但缓存中没有 NVRTC 库
toolchain-pip-left-no-zig = pip 已完成，但没有 zig 可执行文件
toolchain-installing-nvrtc = 本机上没有找到 NVRTC（NVIDIA 的运行时 CUDA 编译器）：正在用 pip 把 `{ $wheel }`（课程的图表和评分所用的 NVRTC，下载约 90 MB，占用磁盘约 220 MB）安装到 { $dir }，只需一次…
toolchain-nvrtc-installed = NVRTC 已安装到 { $dir }。
toolchain-installing-fp16 = 正在用 pip 把 NVIDIA 的半精度头文件（cuda_fp16.h）`{ $wheel }`（下载约 4 MB，占用磁盘约 10 MB）安装到 { $dir }，只需一次…
toolchain-fp16-not-installed = 注意：无法安装 NVIDIA 的半精度头文件（{ $error }）；核函数将使用评分器自带的替代 cuda_fp16.h 编译，它缺少大部分 half API（__half2、__hfma、hsqrt …）。下次运行时会再试一次。
toolchain-installing-clang = 没有找到 clang（用于在没有 NVIDIA 编译器时编译 CUDA）：正在用 pip 把包含它的 `{ $wheel }` wheel 安装到 { $dir }（只需一次：下载约 100 MB，占用磁盘约 400 MB）…
toolchain-what-nvrtc = NVRTC 库
toolchain-what-zig = zig 可执行文件
toolchain-cache-has-no-parent = 缓存目录没有上级目录
toolchain-no-pip = { $python } 没有 pip（请安装 pip，例如 `{ $python } -m ensurepip --user`）
toolchain-cannot-run-python = 无法运行 { $python }（{ $error }）；是否安装了带 pip 的 Python 3？
toolchain-pip-failed = `{ $command }` 失败（离线？没有 pip？）：{ $tail }
toolchain-wheel-lacks = { $wheel } wheel 中没有适用于这个平台的 { $what }
toolchain-cannot-move-wheel = 无法把安装好的 wheel 移动到 { $dir }：{ $error }

## A compiler that cannot be used

toolchain-does-not-run = { $command }（{ $found_by }）无法运行
toolchain-cannot-be-run = { $command }（{ $found_by }）无法运行：{ $error }
toolchain-no-nvptx = { $command }（{ $found_by }，{ $version }）没有 NVPTX 后端
toolchain-cannot-load = 无法加载 { $path }：{ $error }
toolchain-not-nvrtc = { $path } 不是 NVRTC（没有 nvrtcVersion）
toolchain-nvrtc-too-old = { $path } 是 NVRTC { $version }；评分器需要 12 或更高版本
toolchain-nvrtc-lacks = { $path } 中没有 { $function }（不是 NVRTC？）
toolchain-cannot-create-temp = 无法创建临时目录：{ $error }
toolchain-cannot-run-clang = 无法运行 clang（{ $error }）
toolchain-cannot-start-worker = 无法启动评分器的 NVRTC 进程：{ $error }
toolchain-file-has-nul = { $file }：文件中含有 NUL 字节
toolchain-path-has-nul = { $file }：路径中含有 NUL 字节

## The grader's errors in a compile log (after `file(line): error: `)

toolchain-compile-timeout = 编译器没有在 { $seconds } 秒内完成，评分器已放弃（循环展开得太多，还是模板实例化得太深？）。
toolchain-compiler-out-of-memory = 编译器在完成之前停止了：它最多只能使用 { $limit } 内存（循环展开得太多，还是模板实例化得太深？）。
toolchain-ptx-too-large = 核函数编译出 { $bytes } 字节的 PTX；评分器最多接受 { $limit }（循环展开得太多？）。
toolchain-device-memory-too-large = `{ $name }` 占用 { $bytes } 字节的设备内存（{ $space }；核函数全部 __device__ 和 __constant__ 变量共 { $total } 字节）；评分器最多允许 { $limit }（{ $limit_mib }）。
toolchain-device-memory-note = 没有哪个练习需要 { $space } 数组：把数据放在核函数得到的缓冲区中。
toolchain-local-memory-too-large = `{ $function }` 的每个线程使用 { $bytes } 字节的本地内存（它的本地数组）；评分器每个线程最多允许 { $limit }（{ $limit_mib }）。
toolchain-local-memory-too-large-unnamed = 某个函数的每个线程使用 { $bytes } 字节的本地内存（它的本地数组）；评分器每个线程最多允许 { $limit }（{ $limit_mib }）。

## Headers a kernel may not include (refused before the compiler opens anything)

toolchain-include-refused = { $why }；评分器没有打开它。
toolchain-include-allowed = 核函数只能按名字（#include <name> 或 "name"）包含评分器提供的头文件：{ $headers }。
toolchain-include-by-macro = 头文件不是以 <name> 或 "name" 的形式给出的（不能用宏给出头文件名）
toolchain-include-unnamed = 头文件不是以 <name> 或 "name" 的形式给出的
toolchain-include-unclosed = 头文件名在这一行内没有闭合
toolchain-include-not-for-kernels = { $directive } 不能用于核函数
toolchain-include-pragma = 这条 pragma 会读取另一个文件
toolchain-include-by-path = 核函数不能按路径包含文件
toolchain-include-outside = 核函数不能包含自身目录之外的文件（`..`）
toolchain-include-from-directory = 核函数不能包含某个目录中的文件
toolchain-include-host-header = <{ $name }> 用于主机代码：评分器把你的核函数文件单独作为设备代码编译（主机代码由它自己编写），所以请删除 `#include <{ $name }>`
toolchain-include-not-provided = 评分器不提供 <{ $name }>

## Notes after a compile error (after `note: `)

toolchain-define-overridden = 这个文件自己定义了 { $name }，但评分器会为每个测试设置它（这个测试：-D{ $name }={ $value }），这样测试运行的将是另一个核函数，而不是它所检查的那个。
toolchain-define-guard = 给它加上保护，让测试的值生效：
toolchain-define-shadowed = { $name } 是评分器为每个测试定义的宏（-D{ $name }={ $value }）：同名的变量或参数在编译器看来就是 `{ $value }`。请直接使用 { $name }，或者给你的变量换个名字。
toolchain-missing-semicolon = 缺少的 ';' 是在下一条语句开始的地方报告的：第 { $line } 行（`{ $code }`）的末尾没有 ';'
toolchain-host-header = <{ $name }> 用于主机代码。评分器把你的核函数文件单独作为设备代码编译（主机代码由它自己编写）：请删除 `#include <{ $name }>`。
toolchain-headers-provided = 评分器单独编译你的核函数文件，只提供这些头文件：{ $headers }。请删除 `#include <{ $name }>`，或者把你需要的内容放进核函数文件。

## backend/gpu: why there is no GPU
gpu-no-driver = 本机上没有 NVIDIA 驱动（找不到它的库 libcuda 或 nvcuda.dll）；请使用 --backend emulator（或 auto）
gpu-no-device = NVIDIA 驱动没有看到任何 GPU；请使用 --backend emulator（或 auto）
gpu-driver-unusable = 无法使用 CUDA 驱动库（cudarc 在探测它时 panic 了）
