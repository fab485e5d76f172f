# The compilers: finding or installing NVRTC, NVIDIA's half-precision headers and clang (first
# run), and the grader's own words in a compile log. A compile log's own lines (NVRTC's, clang's)
# stay as the compiler wrote them, and so do the `file(line): error:` and `note:` that begin the
# grader's lines in it (the report keeps lines by them).

## Where a compiler was found ($found_by in the messages below)

toolchain-found-clang-on-path = clang on PATH
toolchain-found-homebrew = Homebrew's llvm
toolchain-found-zig-site-packages = the ziglang wheel in pip site-packages
toolchain-found-cache = the course's cache
toolchain-found-cache-just-installed = the course's cache (just installed)
toolchain-found-usr-local-toolkit = a CUDA toolkit in /usr/local
toolchain-found-system-libraries = the system libraries
toolchain-found-site-packages = pip site-packages
toolchain-found-beside-nvrtc = the include folder beside NVRTC

## The compiler in use (`list`'s first lines)

# NVRTC of the version the course is recorded with.
toolchain-the-courses = the course's
toolchain-recorded-with = the course's figures and grades are recorded with { $version }
# $whose: toolchain-the-courses or toolchain-recorded-with.
toolchain-describe-nvrtc = NVRTC { $version } ({ $whose }) from { $library } (found in { $found_by })
toolchain-describe-fp16 = half precision: { $fp16 }
toolchain-fp16-from = cuda_fp16.h from { $dir } (found in { $found_by })
toolchain-fp16-stand-in = the grader's stand-in cuda_fp16.h (most of the half API is missing)
toolchain-describe-clang = { $version } (found in { $found_by })

## No compiler found, installing one

toolchain-nvrtc-not-found = NVRTC (NVIDIA's runtime CUDA compiler, 12 or later) was not found: it compiles your kernel.cu to PTX.
toolchain-clang-not-found = no clang with the NVPTX back end was found: it compiles your kernel.cu to PTX where NVRTC is not available.
# A place looked in, and why what was there cannot be used.
toolchain-skipped = skipped: { $reason }
toolchain-install-failed = installing it automatically failed: { $reason }
# $command: the pip command line.
toolchain-nvrtc-how = Install it with `{ $command }` (the version the course is recorded with), or point NVRTC_PATH at the library (or at the directory holding it).
toolchain-clang-how = Install one with `{ $command }`, or point PMPP_CLANG at a clang (LLVM's, Homebrew's llvm) or at zig.
# After the NVRTC error, when clang could not be used either.
toolchain-nor-clang = Nor clang: { $error }
toolchain-no-nvrtc-on-macos = NVIDIA ships no NVRTC for this system (macOS): kernels are compiled with clang (--compiler clang)
toolchain-nvrtc-path-wrong = NVRTC_PATH={ $path } is neither an NVRTC library ({ $names }) nor a directory containing one
toolchain-no-home = HOME is not set
toolchain-pip-left-no-nvrtc = pip finished but there is no NVRTC library in the cache
toolchain-pip-left-no-zig = pip finished but there is no zig binary
toolchain-installing-nvrtc = NVRTC (NVIDIA's runtime CUDA compiler) was not found on this machine: installing `{ $wheel }`, the NVRTC the course's figures and grades are recorded with (about 90 MB to download, 220 MB on disk), into { $dir } with pip, once…
toolchain-nvrtc-installed = NVRTC installed in { $dir }.
toolchain-installing-fp16 = Installing NVIDIA's half-precision headers (cuda_fp16.h), `{ $wheel }` (about 4 MB to download, 10 MB on disk), into { $dir } with pip, once…
toolchain-fp16-not-installed = note: NVIDIA's half-precision header could not be installed ({ $error }); kernels compile with the grader's stand-in cuda_fp16.h, which lacks most of the half API (__half2, __hfma, hsqrt …). The next run tries again.
toolchain-installing-clang = clang (for compiling CUDA without NVIDIA's compiler) was not found: installing the `{ $wheel }` wheel, which carries one, into { $dir } with pip (once: about 100 MB to download, 400 MB on disk)…
# What a wheel was installed for ($what of toolchain-wheel-lacks).
toolchain-what-nvrtc = NVRTC library
toolchain-what-zig = zig binary
toolchain-cache-has-no-parent = the cache directory has no parent
toolchain-no-pip = { $python } has no pip (install pip, e.g. `{ $python } -m ensurepip --user`)
toolchain-cannot-run-python = cannot run { $python } ({ $error }); is Python 3 with pip installed?
toolchain-pip-failed = `{ $command }` failed (offline? no pip?): { $tail }
toolchain-wheel-lacks = the { $wheel } wheel holds no { $what } for this platform
toolchain-cannot-move-wheel = cannot move the installed wheel into { $dir }: { $error }

## A compiler that cannot be used

toolchain-does-not-run = { $command } ({ $found_by }) does not run
toolchain-cannot-be-run = { $command } ({ $found_by }) cannot be run: { $error }
toolchain-no-nvptx = { $command } ({ $found_by }, { $version }) has no NVPTX back end
toolchain-cannot-load = { $path } could not be loaded: { $error }
toolchain-not-nvrtc = { $path } is not NVRTC (no nvrtcVersion)
# $version: major.minor.
toolchain-nvrtc-too-old = { $path } is NVRTC { $version }; the grader needs 12 or later
toolchain-nvrtc-lacks = { $path } has no { $function } (not NVRTC?)
toolchain-cannot-create-temp = cannot create a temporary directory: { $error }
toolchain-cannot-run-clang = cannot run clang ({ $error })
toolchain-cannot-start-worker = cannot start the grader's NVRTC process: { $error }
toolchain-file-has-nul = { $file }: the file contains a NUL byte
toolchain-path-has-nul = { $file }: the path contains a NUL byte

## The grader's errors in a compile log (after `file(line): error: `)

toolchain-compile-timeout = the compiler did not finish within { $seconds } s, so the grader gave up on it (a loop unrolled too far, or templates instantiated too deep?).
# $limit: "1 GiB".
toolchain-compiler-out-of-memory = the compiler stopped before it finished: it may use at most { $limit } of memory (a loop unrolled too far, or templates instantiated too deep?).
toolchain-ptx-too-large = the kernel compiles to { $bytes } bytes of PTX; the grader accepts at most { $limit } (a loop unrolled too far?).
# $space: __device__ or __constant__.
toolchain-device-memory-too-large = `{ $name }` takes { $bytes } bytes of device memory ({ $space }; all the kernel's __device__ and __constant__ variables: { $total } bytes); the grader allows at most { $limit } ({ $limit_mib }).
toolchain-device-memory-note = no exercise needs a { $space } array: keep data in the buffers the kernel is given.
toolchain-local-memory-too-large = each thread of `{ $function }` uses { $bytes } bytes of local memory (its local arrays); the grader allows at most { $limit } ({ $limit_mib }) per thread.
toolchain-local-memory-too-large-unnamed = each thread of `a function` uses { $bytes } bytes of local memory (its local arrays); the grader allows at most { $limit } ({ $limit_mib }) per thread.

## Headers a kernel may not include (refused before the compiler opens anything)

# $why: one of the toolchain-include-… messages below.
toolchain-include-refused = { $why }; the grader did not open it.
toolchain-include-allowed = a kernel may include only the headers the grader provides, by name (#include <name> or "name"): { $headers }.
toolchain-include-by-macro = the header is not named as <name> or "name" (a macro cannot name it)
toolchain-include-unnamed = the header is not named as <name> or "name"
toolchain-include-unclosed = the header name is not closed on its line
# $directive: #include_next, #import, #embed, __has_include_next, __has_embed.
toolchain-include-not-for-kernels = { $directive } is not for kernels
toolchain-include-pragma = this pragma reads another file
toolchain-include-by-path = a kernel may not include a file by its path
toolchain-include-outside = a kernel may not include a file outside its own (`..`)
toolchain-include-from-directory = a kernel may not include a file from a directory
toolchain-include-host-header = <{ $name }> is for host code: the grader compiles your kernel file alone, as device code (it writes the host code itself), so remove `#include <{ $name }>`
toolchain-include-not-provided = the grader does not provide <{ $name }>

## Notes after a compile error (after `note: `)

toolchain-define-overridden = this file defines { $name } itself, but the grader sets it for each test (this one: -D{ $name }={ $value }), so the test would run another kernel than it checks.
toolchain-define-guard = guard it so that the test's value wins:
toolchain-define-shadowed = { $name } is a macro the grader defines for each test (-D{ $name }={ $value }): a variable or parameter of that name reads `{ $value }` to the compiler. Use { $name } as it is, or name yours otherwise.
# $line: the line that lacks the ';', $code: its text.
toolchain-missing-semicolon = a missing ';' is reported where the next statement starts: line { $line } (`{ $code }`) does not end with one
toolchain-host-header = <{ $name }> is for host code. The grader compiles your kernel file alone, as device code (it writes the host code itself): remove `#include <{ $name }>`.
toolchain-headers-provided = the grader compiles your kernel file alone and provides only these headers: { $headers }. Remove `#include <{ $name }>` or put what you need from it in the kernel file.

## backend/gpu: why there is no GPU
gpu-no-driver = no NVIDIA driver on this machine (its library, libcuda or nvcuda.dll, was not found); use --backend emulator (or auto)
gpu-no-device = the NVIDIA driver sees no GPU; use --backend emulator (or auto)
gpu-driver-unusable = the CUDA driver library could not be used (cudarc panicked while probing it)
