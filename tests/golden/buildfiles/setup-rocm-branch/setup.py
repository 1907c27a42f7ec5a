# An extension whose setup.py knows ROCm already: the CUDA branch is not
# taken on ROCm, so neither branch changes; what is outside them does.
import torch
from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension

IS_ROCM = torch.version.hip is not None

if IS_ROCM:
    flags = ["-O3", "-U__HIP_NO_HALF_OPERATORS__"]
else:
    flags = ["-O3", "--use_fast_math", "-gencode=arch=compute_80,code=sm_80"]

common = ["-lineinfo"]
if torch.cuda.is_available():
    common.append("--use_fast_math")

setup(
    name="branchy",
    ext_modules=[
        CUDAExtension("branchy._C", sources=["src/op.cpp", "src/op_kernel.cu"],
                      extra_compile_args={"cxx": [], "nvcc": flags + common}),
    ],
    cmdclass={"build_ext": BuildExtension},
)
