# Forms of setup.py that must come out valid and exact, or be reported.
from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension

cc = "80"
nvcc_flags = ["-O3"]
# Built at run time: left whole, and reported at its place.
nvcc_flags += ["-gencode=arch=compute_" + cc + ",code=sm_" + cc]
nvcc_flags += ["--gpu-architecture=" + "sm_" + cc]
nvcc_flags += ["-arch=sm_%s" % cc]
nvcc_flags += ["-arch=sm_{}".format(cc)]
nvcc_flags += [f"-arch=sm_{cc}"]
# Simple statements after `:` and `;` are mapped like the others.
if cc: nvcc_flags.append("-lineinfo")
n = 1; nvcc_flags.append("--expt-relaxed-constexpr")
for k in range(1): nvcc_flags.append("--use_fast_math"); nvcc_flags.append("--expt-extended-lambda")
# One flag that becomes two words: two arguments.
nvcc_flags.append("-dc")
# A tuple: the flag cannot be removed there; one warning says so.
nvcc_flags += ("--expt-extended-lambda", "-O2")


def helper():
    x = 1
    nvcc_flags.append("--expt-relaxed-constexpr")


def alone():
    nvcc_flags.append("--expt-relaxed-constexpr")


setup(
    name="forms",
    ext_modules=[CUDAExtension("forms", ["k.cu"], extra_compile_args={"nvcc": nvcc_flags})],
    cmdclass={"build_ext": BuildExtension},
)
