import os
from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension, CUDA_HOME

this_dir = os.path.dirname(os.path.abspath(__file__))

nvcc_flags = [
    "-O3",
    "--use_fast_math",
    "-gencode", "arch=compute_80,code=sm_80",
    '-gencode=arch=compute_90,code=sm_90',
    "--expt-relaxed-constexpr",  # constexpr in device code
    "--ptxas-options=-v",
    "-lineinfo",
    "-Xcompiler", "-fopenmp",
    "--threads", "4",
]
nvcc_flags += ['-U__CUDA_NO_HALF_OPERATORS__']

cc_flag = []
cc_flag.append("-gencode")
cc_flag.append("arch=compute_75,code=sm_75")
if os.environ.get("SM90"):
    cc_flag.append("-gencode")
    cc_flag.append("arch=compute_90,code=sm_90")

def add_threads(args):
    return args + ["--threads", "4"]

extra = {"cxx": ["-O3"], "nvcc": add_threads(nvcc_flags + cc_flag + [r'-arch=sm_70', """-DX"""])}
extra['nvcc'] += ["-Xptxas", "-O3", "--expt-extended-lambda"]

setup(
    name="ext",
    ext_modules=[
        CUDAExtension(
            "ext._C",
            sources=["csrc/bind.cpp", 'csrc/kernel.cu'],
            include_dirs=[os.path.join(this_dir, "csrc", "include")],
            define_macros=[("WITH_CUDA", None), ("VERSION", '"1"')],
            extra_compile_args=extra,
        )
    ],
    cmdclass={"build_ext": BuildExtension},
)
