#!/usr/bin/env python3
"""Compile a .cu file to PTX with NVRTC (the pip wheel or any libnvrtc), the way the grader does.

Usage: nvrtc_ptx.py KERNEL.cu [-DNAME=VALUE ...] [-o OUT.ptx] [--arch compute_XX]
Finds libnvrtc through $NVRTC_PATH, then the nvidia-cuda-nvrtc-cu12 wheel in site-packages
(install with: pip install nvidia-cuda-nvrtc-cu12).
"""
import ctypes, glob, os, site, sys


def find_nvrtc():
    env = os.environ.get("NVRTC_PATH")
    if env:
        return env
    roots = site.getsitepackages() + [site.getusersitepackages()] + sys.path
    for root in roots:
        hits = sorted(glob.glob(os.path.join(root, "nvidia", "cuda_nvrtc", "lib", "libnvrtc.so.*")))
        hits = [h for h in hits if "alt" not in h and "builtins" not in h]
        if hits:
            return hits[0]
    sys.exit("libnvrtc not found: pip install nvidia-cuda-nvrtc-cu12, or set NVRTC_PATH")


def main():
    args = sys.argv[1:]
    out, arch, defines, src = None, "compute_90", [], None
    while args:
        a = args.pop(0)
        if a == "-o":
            out = args.pop(0)
        elif a == "--arch":
            arch = args.pop(0)
        elif a.startswith("-D"):
            defines.append(a)
        else:
            src = a
    if src is None:
        sys.exit(__doc__)
    lib = ctypes.CDLL(find_nvrtc())
    prog = ctypes.c_void_p()
    code = open(src, "rb").read()
    name = os.path.basename(src).encode()
    rc = lib.nvrtcCreateProgram(ctypes.byref(prog), code, name, 0, None, None)
    assert rc == 0, rc
    opts = [f"--gpu-architecture={arch}".encode(), b"-lineinfo"] + [d.encode() for d in defines]
    arr = (ctypes.c_char_p * len(opts))(*opts)
    rc = lib.nvrtcCompileProgram(prog, len(opts), arr)
    size = ctypes.c_size_t()
    lib.nvrtcGetProgramLogSize(prog, ctypes.byref(size))
    log = ctypes.create_string_buffer(size.value)
    lib.nvrtcGetProgramLog(prog, log)
    if rc != 0:
        sys.stderr.write(log.value.decode())
        sys.exit(1)
    lib.nvrtcGetPTXSize(prog, ctypes.byref(size))
    ptx = ctypes.create_string_buffer(size.value)
    lib.nvrtcGetPTX(prog, ptx)
    text = ptx.value.decode()
    if out:
        open(out, "w").write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
