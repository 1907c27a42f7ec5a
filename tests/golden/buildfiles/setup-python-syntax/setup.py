# A setup.py whose flags are spelt in every way Python allows: the quotes,
# prefixes, comments and line breaks must not confuse the reader.
import os
from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension

doc = """A docstring that mentions 'nvcc': ["-gencode"] and
"--use_fast_math", which are not flags."""

# "nvcc": ["--use_fast_math"] in a comment is no flag either
NVCC_ARGS = ['-O3', \
             r"--use_fast_math", u'-lineinfo',
             # a comment between elements, with a quote: it's kept
             '''-Xptxas''', "-v", "-DNAME='x'"]

label = f"built with {'nvcc'} for {os.environ.get('ARCH', 'sm_80')!r}"
arch = os.environ.get("SM", "80")
generated = [f"-gencode=arch=compute_{a},code=sm_{a}" for a in arch.split(";")]

ext_args = dict(cxx=["-O2"],
                nvcc=NVCC_ARGS + [
                    "-maxrregcount", "64",
                    "-Xcompiler", "-Wall,-Wextra",
                    "-rdc=true",
                    "-arch", "sm_70"]
                + generated)

setup(name="syntax", ext_modules=[CUDAExtension("syntax._C", ["a.cpp", "b.cu"],
      extra_compile_args=ext_args)], cmdclass={"build_ext": BuildExtension})
