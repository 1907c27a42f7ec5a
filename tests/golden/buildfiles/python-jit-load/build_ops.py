# A JIT build of an extension with torch.utils.cpp_extension.load: what
# extra_cuda_cflags gives nvcc goes to hipcc on ROCm.
import os
import torch.utils.cpp_extension as cpp_ext

here = os.path.dirname(os.path.abspath(__file__))
cuda_flags = ["-O3", "--use_fast_math", "-gencode", "arch=compute_80,code=sm_80"]
cuda_flags.append("--expt-relaxed-constexpr")


def build(verbose=False):
    return cpp_ext.load(
        name="scan_ops",
        sources=[os.path.join(here, "csrc", "scan.cu")],
        extra_include_paths=[os.path.join(here, "csrc", "include")],
        extra_cflags=["-O3"],
        extra_cuda_cflags=cuda_flags + ["-lineinfo", "-Xptxas=-v"],
        verbose=verbose,
    )


def build_inline():
    return cpp_ext.load_inline(
        name="inline_ops",
        cpp_sources="",
        cuda_sources="",
        extra_cuda_cflags=["--use_fast_math", "-arch=sm_90"],
    )
