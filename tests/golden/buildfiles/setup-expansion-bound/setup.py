# Each list repeats the one before six times: include_dirs= names 6**13
# copies of one folder unless the expansion is bounded.
from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension

a0 = ["csrc/include"]
a1 = a0 + a0 + a0 + a0 + a0 + a0
a2 = a1 + a1 + a1 + a1 + a1 + a1
a3 = a2 + a2 + a2 + a2 + a2 + a2
a4 = a3 + a3 + a3 + a3 + a3 + a3
a5 = a4 + a4 + a4 + a4 + a4 + a4
a6 = a5 + a5 + a5 + a5 + a5 + a5
a7 = a6 + a6 + a6 + a6 + a6 + a6
a8 = a7 + a7 + a7 + a7 + a7 + a7
a9 = a8 + a8 + a8 + a8 + a8 + a8
a10 = a9 + a9 + a9 + a9 + a9 + a9
a11 = a10 + a10 + a10 + a10 + a10 + a10
a12 = a11 + a11 + a11 + a11 + a11 + a11
a13 = a12 + a12 + a12 + a12 + a12 + a12

setup(
    name="bound",
    ext_modules=[
        CUDAExtension(
            "bound",
            ["csrc/k.cu"],
            include_dirs=a13,
            extra_compile_args={"nvcc": ["-O3", "--use_fast_math"]},
        )
    ],
    cmdclass={"build_ext": BuildExtension},
)
