# The compilers: finding or installing NVRTC, NVIDIA's half-precision headers and clang (first
# run), and the grader's own words in a compile log.

## Where a compiler was found ($found_by in the messages below)

toolchain-found-clang-on-path = PATH 中的 clang
toolchain-found-homebrew = Homebrew 的 llvm
toolchain-found-zig-site-packages = pip site-packages 中的 ziglang wheel
toolchain-found-cache = 課程的快取
toolchain-found-cache-just-installed = 課程的快取（剛剛安裝）
toolchain-found-usr-local-toolkit = /usr/local 中的 CUDA 工具包
toolchain-found-system-libraries = 系統庫
toolchain-found-site-packages = pip 的 site-packages 目錄
toolchain-found-beside-nvrtc = NVRTC 旁邊的 include 目錄

## The compiler in use (`list`'s first lines)

toolchain-the-courses = 課程所用的版本
toolchain-recorded-with = 課程的圖表和評分是用 { $version } 記錄的
toolchain-describe-nvrtc = NVRTC { $version }（{ $whose }），來自 { $library }（找到位置：{ $found_by }）
toolchain-describe-fp16 = 半精度：{ $fp16 }
toolchain-fp16-from = cuda_fp16.h 來自 { $dir }（找到位置：{ $found_by }）
toolchain-fp16-stand-in = 評分器自帶的替代 cuda_fp16.h（缺少大部分 half API）
toolchain-describe-clang = { $version }（找到位置：{ $found_by }）

## No compiler found, installing one

toolchain-nvrtc-not-found = 沒有找到 NVRTC（NVIDIA 的執行時 CUDA 編譯器，12 或更高版本）：它負責把你的 kernel.cu 編譯成 PTX。
toolchain-clang-not-found = 沒有找到帶 NVPTX 後端的 clang：在沒有 NVRTC 的地方，由它把你的 kernel.cu 編譯成 PTX。
toolchain-skipped = 已跳過：{ $reason }
toolchain-install-failed = 自動安裝失敗：{ $reason }
toolchain-nvrtc-how = 用 `{ $command }` 安裝它（課程記錄所用的版本），或者把 NVRTC_PATH 指向這個庫（或包含它的目錄）。
toolchain-clang-how = 用 `{ $command }` 安裝一個，或者把 PMPP_CLANG 指向一個 clang（LLVM 的、Homebrew 的 llvm）或 zig。
toolchain-nor-clang = clang 也不可用：{ $error }
toolchain-no-nvrtc-on-macos = NVIDIA 沒有為這個系統（macOS）提供 NVRTC：核函式用 clang 編譯（--compiler clang）
toolchain-nvrtc-path-wrong = NVRTC_PATH={ $path } 既不是 NVRTC 庫（{ $names }），也不是包含它的目錄
toolchain-no-home = 沒有設定 HOME
toolchain-pip-left-no-nvrtc = pip 已完成，但快取中沒有 NVRTC 庫
toolchain-pip-left-no-zig = pip 已完成，但沒有 zig 可執行檔案
toolchain-installing-nvrtc = 本機上沒有找到 NVRTC（NVIDIA 的執行時 CUDA 編譯器）：正在用 pip 把 `{ $wheel }`（課程的圖表和評分所用的 NVRTC，下載約 90 MB，佔用磁碟約 220 MB）安裝到 { $dir }，只需一次…
toolchain-nvrtc-installed = NVRTC 已安裝到 { $dir }。
toolchain-installing-fp16 = 正在用 pip 把 NVIDIA 的半精度標頭檔（cuda_fp16.h）`{ $wheel }`（下載約 4 MB，佔用磁碟約 10 MB）安裝到 { $dir }，只需一次…
toolchain-fp16-not-installed = 注意：無法安裝 NVIDIA 的半精度標頭檔（{ $error }）；核函式將使用評分器自帶的替代 cuda_fp16.h 編譯，它缺少大部分 half API（__half2、__hfma、hsqrt …）。下次執行時會再試一次。
toolchain-installing-clang = 沒有找到 clang（用於在沒有 NVIDIA 編譯器時編譯 CUDA）：正在用 pip 把包含它的 `{ $wheel }` wheel 安裝到 { $dir }（只需一次：下載約 100 MB，佔用磁碟約 400 MB）…
toolchain-what-nvrtc = NVRTC 庫
toolchain-what-zig = zig 可執行檔案
toolchain-cache-has-no-parent = 快取目錄沒有上級目錄
toolchain-no-pip = { $python } 沒有 pip（請安裝 pip，例如 `{ $python } -m ensurepip --user`）
toolchain-cannot-run-python = 無法執行 { $python }（{ $error }）；是否安裝了帶 pip 的 Python 3？
toolchain-pip-failed = `{ $command }` 失敗（離線？沒有 pip？）：{ $tail }
toolchain-wheel-lacks = { $wheel } wheel 中沒有適用於這個平臺的 { $what }
toolchain-cannot-move-wheel = 無法把安裝好的 wheel 移動到 { $dir }：{ $error }

## A compiler that cannot be used

toolchain-does-not-run = { $command }（{ $found_by }）無法執行
toolchain-cannot-be-run = { $command }（{ $found_by }）無法執行：{ $error }
toolchain-no-nvptx = { $command }（{ $found_by }，{ $version }）沒有 NVPTX 後端
toolchain-cannot-load = 無法載入 { $path }：{ $error }
toolchain-not-nvrtc = { $path } 不是 NVRTC（沒有 nvrtcVersion）
toolchain-nvrtc-too-old = { $path } 是 NVRTC { $version }；評分器需要 12 或更高版本
toolchain-nvrtc-lacks = { $path } 中沒有 { $function }（不是 NVRTC？）
toolchain-cannot-create-temp = 無法建立臨時目錄：{ $error }
toolchain-cannot-run-clang = 無法執行 clang（{ $error }）
toolchain-cannot-start-worker = 無法啟動評分器的 NVRTC 行程：{ $error }
toolchain-file-has-nul = { $file }：檔案中含有 NUL 位元組
toolchain-path-has-nul = { $file }：路徑中含有 NUL 位元組

## The grader's errors in a compile log (after `file(line): error: `)

toolchain-compile-timeout = 編譯器沒有在 { $seconds } 秒內完成，評分器已放棄（迴圈展開得太多，還是模板實例化得太深？）。
toolchain-compiler-out-of-memory = 編譯器在完成之前停止了：它最多只能使用 { $limit } 記憶體（迴圈展開得太多，還是模板實例化得太深？）。
toolchain-ptx-too-large = 核函式編譯出 { $bytes } 位元組的 PTX；評分器最多接受 { $limit }（迴圈展開得太多？）。
toolchain-device-memory-too-large = `{ $name }` 佔用 { $bytes } 位元組的裝置記憶體（{ $space }；核函式全部 __device__ 和 __constant__ 變數共 { $total } 位元組）；評分器最多允許 { $limit }（{ $limit_mib }）。
toolchain-device-memory-note = 沒有哪個練習需要 { $space } 陣列：把資料放在核函式得到的緩衝區中。
toolchain-local-memory-too-large = `{ $function }` 的每個執行緒使用 { $bytes } 位元組的本地記憶體（它的本地陣列）；評分器每個執行緒最多允許 { $limit }（{ $limit_mib }）。
toolchain-local-memory-too-large-unnamed = 某個函式的每個執行緒使用 { $bytes } 位元組的本地記憶體（它的本地陣列）；評分器每個執行緒最多允許 { $limit }（{ $limit_mib }）。

## Headers a kernel may not include (refused before the compiler opens anything)

toolchain-include-refused = { $why }；評分器沒有開啟它。
toolchain-include-allowed = 核函式只能按名字（#include <name> 或 "name"）包含評分器提供的標頭檔：{ $headers }。
toolchain-include-by-macro = 標頭檔不是以 <name> 或 "name" 的形式給出的（不能用巨集給出標頭檔名）
toolchain-include-unnamed = 標頭檔不是以 <name> 或 "name" 的形式給出的
toolchain-include-unclosed = 標頭檔名在這一行內沒有閉合
toolchain-include-not-for-kernels = { $directive } 不能用於核函式
toolchain-include-pragma = 這條 pragma 會讀取另一個檔案
toolchain-include-by-path = 核函式不能按路徑包含檔案
toolchain-include-outside = 核函式不能包含自身目錄之外的檔案（`..`）
toolchain-include-from-directory = 核函式不能包含某個目錄中的檔案
toolchain-include-host-header = <{ $name }> 用於主機程式碼：評分器把你的核函式檔案單獨作為裝置程式碼編譯（主機程式碼由它自己編寫），所以請刪除 `#include <{ $name }>`
toolchain-include-not-provided = 評分器不提供 <{ $name }>

## Notes after a compile error (after `note: `)

toolchain-define-overridden = 這個檔案自己定義了 { $name }，但評分器會為每個測試設定它（這個測試：-D{ $name }={ $value }），這樣測試執行的將是另一個核函式，而不是它所檢查的那個。
toolchain-define-guard = 給它加上保護，讓測試的值生效：
toolchain-define-shadowed = { $name } 是評分器為每個測試定義的巨集（-D{ $name }={ $value }）：同名的變數或引數在編譯器看來就是 `{ $value }`。請直接使用 { $name }，或者給你的變數換個名字。
toolchain-missing-semicolon = 缺少的 ';' 是在下一條語句開始的地方報告的：第 { $line } 行（`{ $code }`）的末尾沒有 ';'
toolchain-host-header = <{ $name }> 用於主機程式碼。評分器把你的核函式檔案單獨作為裝置程式碼編譯（主機程式碼由它自己編寫）：請刪除 `#include <{ $name }>`。
toolchain-headers-provided = 評分器單獨編譯你的核函式檔案，只提供這些標頭檔：{ $headers }。請刪除 `#include <{ $name }>`，或者把你需要的內容放進核函式檔案。

## backend/gpu: why there is no GPU
gpu-no-driver = 本機上沒有 NVIDIA 驅動（找不到它的庫 libcuda 或 nvcuda.dll）；請使用 --backend emulator（或 auto）
gpu-no-device = NVIDIA 驅動沒有看到任何 GPU；請使用 --backend emulator（或 auto）
gpu-driver-unusable = 無法使用 CUDA 驅動庫（cudarc 在探測它時 panic 了）
