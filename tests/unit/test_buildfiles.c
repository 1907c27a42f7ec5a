/* Build-script translation: the CMake tokenizer, each mapping, byte
 * identity (CRLF, comments) and idempotency. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "buildfiles/buildfiles.h"
#include "cu2hip/buildfiles.h"

/* Translates src; checks the result against want (NULL: unchanged) and that
 * translating it again changes nothing. Returns the diagnostics count. */
static size_t check_opt(c2h_buildfile_kind kind, const char *path, const char *src, const char *want,
                        const c2h_buildfile_options *opt) {
  c2h_file_result r, r2;
  c2h_error err;
  c2h_file_result_init(&r);
  c2h_file_result_init(&r2);
  assert_int_equal(c2h_buildfile_translate(kind, path, src, strlen(src), opt, &r, &err), 0);
  assert_string_equal(r.output, want ? want : src);
  assert_int_equal(r.changed, want && strcmp(want, src) != 0);
  assert_int_equal(c2h_buildfile_translate(kind, path, r.output, r.output_len, opt, &r2, &err), 0);
  assert_string_equal(r2.output, r.output);
  assert_int_equal(r2.changed, 0);
  size_t n = r.diags.len;
  for (size_t i = 0; i < n; i++) assert_string_equal(c2h_check_name(r.diags.items[i].check), "build-script");
  c2h_file_result_dispose(&r);
  c2h_file_result_dispose(&r2);
  return n;
}

static size_t cmake(const char *src, const char *want) {
  return check_opt(C2H_BUILDFILE_CMAKE, "CMakeLists.txt", src, want, NULL);
}

static size_t make(const char *src, const char *want) {
  return check_opt(C2H_BUILDFILE_MAKE, "Makefile", src, want, NULL);
}

static void kinds(void **state) {
  (void)state;
  assert_int_equal(c2h_buildfile_kind_of("a/CMakeLists.txt"), C2H_BUILDFILE_CMAKE);
  assert_int_equal(c2h_buildfile_kind_of("cmake/cuda.cmake"), C2H_BUILDFILE_CMAKE);
  assert_int_equal(c2h_buildfile_kind_of("Makefile"), C2H_BUILDFILE_MAKE);
  assert_int_equal(c2h_buildfile_kind_of("x/makefile"), C2H_BUILDFILE_MAKE);
  assert_int_equal(c2h_buildfile_kind_of("GNUmakefile"), C2H_BUILDFILE_MAKE);
  assert_int_equal(c2h_buildfile_kind_of("rules.mk"), C2H_BUILDFILE_MAKE);
  assert_int_equal(c2h_buildfile_kind_of("kernel.cu"), C2H_BUILDFILE_NONE);
  assert_int_equal(c2h_buildfile_kind_of("Makefile.am"), C2H_BUILDFILE_NONE);
  assert_int_equal(c2h_buildfile_kind_of(".cmake"), C2H_BUILDFILE_NONE);
}

static void tokenizer(void **state) {
  (void)state;
  const char *src = "# c\nset(A \"x y\" [==[ ) ]==] b\\ c (n) )#[[ ) ]]\n  Foo (\n)\n";
  c2h_cmake_file f;
  assert_int_equal(c2h_cmake_parse(src, strlen(src), &f), 0);
  assert_int_equal(f.bad, 0);
  assert_int_equal(f.n_cmds, 2);
  assert_int_equal(f.cmds[0].n_args, 5);
  const c2h_cmake_arg *a = f.args;
  assert_int_equal(a[0].kind, C2H_CMAKE_ARG_UNQUOTED);
  assert_int_equal(a[1].kind, C2H_CMAKE_ARG_QUOTED);
  assert_memory_equal(src + a[1].cb, "x y", 3);
  assert_int_equal(a[2].kind, C2H_CMAKE_ARG_BRACKET);
  assert_memory_equal(src + a[2].cb, " ) ", 3);
  assert_int_equal(a[3].ce - a[3].cb, 4); /* b\ c */
  assert_int_equal(a[4].depth, 1);        /* n */
  assert_int_equal(f.cmds[1].n_args, 0);
  assert_memory_equal(src + f.cmds[1].name_b, "Foo", 3);
  c2h_cmake_file_dispose(&f);

  const char *bad = "set(A \"unterminated)\nproject(x)\n";
  assert_int_equal(c2h_cmake_parse(bad, strlen(bad), &f), 0);
  assert_int_equal(f.bad, 1);
  assert_int_equal(f.n_cmds, 0);
  c2h_cmake_file_dispose(&f);
}

static void unparsable_cmake_is_kept(void **state) {
  (void)state;
  assert_int_equal(cmake("project(p LANGUAGES CUDA)\nset(X \"open\n", "project(p LANGUAGES HIP)\nset(X \"open\n"), 1);
}

static void languages(void **state) {
  (void)state;
  cmake("project(p LANGUAGES CXX CUDA)\n", "project(p LANGUAGES CXX HIP)\n");
  cmake("project(p CUDA CXX)\n", "project(p HIP CXX)\n");
  cmake("project(p DESCRIPTION CUDA LANGUAGES CUDA)\n", "project(p DESCRIPTION CUDA LANGUAGES HIP)\n");
  cmake("enable_language(CUDA)\n", "enable_language(HIP)\n");
  cmake("project(p LANGUAGES HIP CUDA)\n", "project(p LANGUAGES HIP)\n");
  cmake("set_source_files_properties(a.cpp PROPERTIES LANGUAGE CUDA)\n",
        "set_source_files_properties(a.cpp PROPERTIES LANGUAGE HIP)\n");
  cmake("target_compile_options(t PRIVATE $<$<COMPILE_LANGUAGE:CUDA>:-O3>)\n",
        "target_compile_options(t PRIVATE $<$<COMPILE_LANGUAGE:HIP>:-O3>)\n");
}

static void packages_and_targets(void **state) {
  (void)state;
  cmake("find_package(CUDAToolkit 12 REQUIRED)\n"
        "target_link_libraries(a CUDA::cudart CUDA::cublas CUDA::cublasLt CUDA::curand CUDA::cufft\n"
        "  CUDA::cusparse CUDA::cusolver CUDA::nvrtc CUB::CUB Thrust::Thrust nccl)\n",
        "find_package(hip REQUIRED)\n"
        "find_package(hipblas REQUIRED)\nfind_package(hipblaslt REQUIRED)\nfind_package(hiprand REQUIRED)\n"
        "find_package(hipfft REQUIRED)\nfind_package(hipsparse REQUIRED)\nfind_package(hipsolver REQUIRED)\n"
        "find_package(hiprtc REQUIRED)\nfind_package(hipcub REQUIRED)\nfind_package(rocthrust REQUIRED)\n"
        "find_package(rccl REQUIRED)\n"
        "target_link_libraries(a hip::host roc::hipblas roc::hipblaslt hip::hiprand hip::hipfft\n"
        "  roc::hipsparse roc::hipsolver hiprtc::hiprtc hip::hipcub roc::rocthrust rccl::rccl)\n");
  /* cuDNN: MIOpen's package and target. */
  cmake("find_package(CUDAToolkit REQUIRED)\ntarget_link_libraries(a CUDA::cudart cudnn)\n",
        "find_package(hip REQUIRED)\nfind_package(miopen REQUIRED)\n"
        "target_link_libraries(a hip::host MIOpen)\n");
  /* Once each, and not when already found; indentation follows. */
  cmake("if(X)\n  find_package(CUDA)\n  find_package(hipfft)\nendif()\n"
        "target_link_libraries(a CUDA::cufft CUDA::cufft_static ${CUDA_CUBLAS_LIBRARIES})\n",
        "if(X)\n  find_package(hip REQUIRED)\n  find_package(hipblas REQUIRED)\n  find_package(hipfft)\nendif()\n"
        "target_link_libraries(a hip::hipfft hip::hipfft roc::hipblas)\n");
  assert_int_equal(cmake("target_link_libraries(a CUDA::nvml)\n", NULL), 1);
  cmake("if(CUDAToolkit_FOUND AND CUDA_FOUND)\nendif()\n", "if(hip_FOUND AND hip_FOUND)\nendif()\n");
}

static void architectures(void **state) {
  (void)state;
  cmake("set(CMAKE_CUDA_ARCHITECTURES 70 75-real 80)\n", "set(CMAKE_HIP_ARCHITECTURES gfx942)\n");
  cmake("set(CMAKE_CUDA_ARCHITECTURES \"native\" CACHE STRING \"\")\n",
        "set(CMAKE_HIP_ARCHITECTURES \"gfx942\" CACHE STRING \"\")\n");
  cmake("set_target_properties(t PROPERTIES CUDA_ARCHITECTURES \"70;80\" CUDA_STANDARD 17)\n",
        "set_target_properties(t PROPERTIES HIP_ARCHITECTURES \"gfx942\" HIP_STANDARD 17)\n");
  cmake("set(CMAKE_CUDA_ARCHITECTURES ${ARCHS})\n", "set(CMAKE_HIP_ARCHITECTURES ${ARCHS})\n");
  c2h_buildfile_options opt = {"gfx90a", NULL, NULL, 0, NULL, 0, 0};
  check_opt(C2H_BUILDFILE_CMAKE, "CMakeLists.txt", "set_property(TARGET t PROPERTY CUDA_ARCHITECTURES 80)\n",
            "set_property(TARGET t PROPERTY HIP_ARCHITECTURES gfx90a)\n", &opt);
}

/* The architecture is written into recipes and properties: a value that is
 * not one (a library caller's, unchecked) is refused, nothing translated. */
static void architecture_validated(void **state) {
  (void)state;
  static const char *const bad[] = {"gfx942;touch x", "gfx942 $(shell id)", "gfxZZZ", "gfx942\nall:", "sm_80",
                                    "gfx942:xnack"};
  const char *src = "a.o: a.cu\n\tnvcc -arch=sm_80 -c a.cu -o a.o\n";
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
    c2h_buildfile_options opt = {bad[i], NULL, NULL, 0, NULL, 0, 0};
    c2h_file_result r;
    c2h_error err;
    c2h_file_result_init(&r);
    assert_int_equal(c2h_buildfile_translate(C2H_BUILDFILE_MAKE, "Makefile", src, strlen(src), &opt, &r, &err),
                     C2H_ERR_USAGE);
    assert_null(r.output);
    c2h_file_result_dispose(&r);
  }
  c2h_buildfile_options opt = {"gfx90a:xnack+", NULL, NULL, 0, NULL, 0, 0};
  check_opt(C2H_BUILDFILE_MAKE, "Makefile", src, "a.o: a.cu\n\thipcc --offload-arch=gfx90a:xnack+ -c a.cu -o a.o\n",
            &opt);
}

static void separable_compilation(void **state) {
  (void)state;
  c2h_file_result r;
  c2h_error err;
  c2h_file_result_init(&r);
  /* ON becomes options on the target; the property goes. */
  const char *src = "set_target_properties(k PROPERTIES CUDA_SEPARABLE_COMPILATION ON)\n";
  assert_int_equal(c2h_buildfile_translate(C2H_BUILDFILE_CMAKE, "CMakeLists.txt", src, strlen(src), NULL, &r, &err), 0);
  assert_string_equal(r.output, "target_compile_options(k PRIVATE $<$<COMPILE_LANGUAGE:HIP>:-fgpu-rdc>)\n"
                                "target_link_options(k PRIVATE \"$<$<LINK_LANGUAGE:HIP>:-fgpu-rdc;--hip-link>\")\n");
  assert_int_equal(r.diags.len, 1);
  assert_int_equal(r.diags.items[0].severity, C2H_SEV_NOTE);
  assert_int_equal(r.diags.items[0].begin.col, 36);
  c2h_file_result_dispose(&r);
  cmake("set_target_properties(k PROPERTIES CUDA_SEPARABLE_COMPILATION ON POSITION_INDEPENDENT_CODE ON)\n",
        "set_target_properties(k PROPERTIES POSITION_INDEPENDENT_CODE ON)\n"
        "target_compile_options(k PRIVATE $<$<COMPILE_LANGUAGE:HIP>:-fgpu-rdc>)\n"
        "target_link_options(k PRIVATE \"$<$<LINK_LANGUAGE:HIP>:-fgpu-rdc;--hip-link>\")\n");
  cmake("set(CMAKE_CUDA_SEPARABLE_COMPILATION ON)\n",
        "add_compile_options($<$<COMPILE_LANGUAGE:HIP>:-fgpu-rdc>)\n"
        "add_link_options(\"$<$<LINK_LANGUAGE:HIP>:-fgpu-rdc;--hip-link>\")\n");
  /* A value cu2hip cannot read: reported with the fix, not changed. */
  c2h_file_result_init(&r);
  src = "set_target_properties(k PROPERTIES CUDA_SEPARABLE_COMPILATION ${RDC})\n";
  assert_int_equal(c2h_buildfile_translate(C2H_BUILDFILE_CMAKE, "CMakeLists.txt", src, strlen(src), NULL, &r, &err), 0);
  assert_string_equal(r.output, src);
  assert_int_equal(r.diags.len, 1);
  assert_int_equal(r.diags.items[0].severity, C2H_SEV_WARNING);
  assert_non_null(r.diags.items[0].replacement);
  c2h_file_result_dispose(&r);
}

/* nvcc-only flags: dropped, mapped, or reported; the ones whose spelling
 * means something else to other tools only where they go to nvcc. */
static void nvcc_only_flags(void **state) {
  (void)state;
  make("NVCC_FLAGS = --threads=0 -t=0 -t 2 -O3\n", "NVCC_FLAGS = -O3\n");
  make("XZ = xz --threads=0\n", NULL);
  make("NVCCFLAGS = -ftz=true -prec-div=false -fmad=false --machine 64\n",
       "NVCCFLAGS = -fgpu-flush-denormals-to-zero -fno-hip-fp32-correctly-rounded-divide-sqrt -ffp-contract=off -m64\n");
  assert_int_equal(make("CUFLAGS = -src-in-ptx -diag-suppress=177\n", "CUFLAGS =\n"), 2);
  make("NVCC_FLAGS = -Werror all-warnings\n", "NVCC_FLAGS = -Werror\n");
  make("LIBS = -lcuda -lcudart -lm\n", "LIBS = -lamdhip64 -lm\n");
  make("NVCC=nvcc\n", "NVCC=hipcc\n");
  assert_int_equal(make("NVCC_FLAGS = -lib\n", NULL), 1);
  /* inside a generator expression that gives them to CUDA compiles only */
  cmake("add_compile_options(\"$<$<AND:$<CONFIG:Debug>,$<COMPILE_LANGUAGE:CUDA>>:-G;-t=0>\")\n",
        "add_compile_options(\"$<$<AND:$<CONFIG:Debug>,$<COMPILE_LANGUAGE:HIP>>:-g>\")\n");
  cmake("target_compile_options(t PRIVATE $<$<COMPILE_LANGUAGE:CXX>:-G>)\n", NULL);
  cmake("target_compile_features(t PRIVATE cxx_std_17 cuda_std_17)\n",
        "target_compile_features(t PRIVATE cxx_std_17 hip_std_17)\n");
}

/* NVIDIA tools are reported where they run, and their arguments are not
 * read as nvcc flags; a target named like one is no command. */
static void nvidia_tools(void **state) {
  (void)state;
  assert_int_equal(make(".PHONY: cuobjdump\ncuobjdump: app\n\tcuobjdump -arch sm_80 -sass app | c++filt\n", NULL), 1);
  assert_int_equal(make("CC := $(shell nvidia-smi --query-gpu=compute_cap)\n", NULL), 1);
  assert_int_equal(cmake("add_custom_command(TARGET a POST_BUILD COMMAND nvdisasm a.cubin)\n", NULL), 1);
}

/* Architectures given through a variable the script sets. */
static void arch_variable(void **state) {
  (void)state;
  cmake("set(CC 86)\nset_target_properties(t PROPERTIES CUDA_ARCHITECTURES ${CC})\n",
        "set(CC gfx942)\nset_target_properties(t PROPERTIES HIP_ARCHITECTURES ${CC})\n");
  cmake("set(ARCHS 80 90 CACHE STRING \"\")\nset(CMAKE_CUDA_ARCHITECTURES ${ARCHS})\n",
        "set(ARCHS gfx942 CACHE STRING \"\")\nset(CMAKE_HIP_ARCHITECTURES ${ARCHS})\n");
  /* set elsewhere: reported */
  assert_int_equal(cmake("set_property(TARGET t PROPERTY CUDA_ARCHITECTURES ${GIVEN})\n",
                         "set_property(TARGET t PROPERTY HIP_ARCHITECTURES ${GIVEN})\n"),
                   1);
  /* another use of the variable now sees gfx names */
  assert_int_equal(cmake("set(CC 86)\nset(CMAKE_CUDA_ARCHITECTURES ${CC})\nadd_compile_definitions(SM=${CC})\n",
                         "set(CC gfx942)\nset(CMAKE_HIP_ARCHITECTURES ${CC})\nadd_compile_definitions(SM=${CC})\n"),
                   1);
}

/* HIP is a language from CMake 3.21 on. */
static void minimum_version(void **state) {
  (void)state;
  assert_int_equal(cmake("cmake_minimum_required(VERSION 3.18)\nproject(p CUDA)\n",
                         "cmake_minimum_required(VERSION 3.21)\nproject(p HIP)\n"),
                   1);
  cmake("cmake_minimum_required(VERSION 3.10...3.28)\nenable_language(CUDA)\n",
        "cmake_minimum_required(VERSION 3.21...3.28)\nenable_language(HIP)\n");
  cmake("cmake_minimum_required(VERSION 3.10)\nproject(p CXX)\n", NULL);
  cmake("cmake_minimum_required(VERSION 3.24)\nproject(p CUDA)\n", "cmake_minimum_required(VERSION 3.24)\nproject(p HIP)\n");
}

static void cmake_flags(void **state) {
  (void)state;
  cmake("set(CMAKE_CUDA_FLAGS \"${CMAKE_CUDA_FLAGS} -arch=sm_80 --use_fast_math -lineinfo\")\n",
        "set(CMAKE_HIP_FLAGS \"${CMAKE_HIP_FLAGS} --offload-arch=gfx942 -ffast-math -gline-tables-only\")\n");
  assert_int_equal(cmake("string(APPEND CMAKE_CUDA_FLAGS \" --expt-relaxed-constexpr -Xcompiler -Wall,-Wextra\")\n",
                         "string(APPEND CMAKE_HIP_FLAGS \" -Wall -Wextra\")\n"),
                   1);
  cmake("target_compile_options(t PRIVATE -gencode arch=compute_70,code=sm_70 -gencode arch=compute_80,code=sm_80)\n",
        "target_compile_options(t PRIVATE --offload-arch=gfx942)\n");
  assert_int_equal(cmake("set(CUDA_NVCC_FLAGS -O3)\n", NULL), 1);
  assert_int_equal(cmake("cuda_add_executable(a a.cu)\n",
                         "cuda_add_executable(a a.cu)\nset_source_files_properties(a.cu PROPERTIES LANGUAGE HIP)\n"),
                   1);
  assert_int_equal(cmake("add_custom_command(OUTPUT x COMMAND nvcc -ptx k.cu)\n", NULL), 1);
}

static void cmake_cuda_version(void **state) {
  (void)state;
  /* a CUDA version test reads the version the port stands for */
  assert_int_equal(cmake("if(CMAKE_CUDA_COMPILER_VERSION VERSION_LESS 11.0)\n  message(FATAL_ERROR \"old\")\nendif()\n",
                         "set(CU2HIP_ASSUMED_CUDA_VERSION 12.0 CACHE STRING \"CUDA version the HIP build stands for in "
                         "version tests\")\nif(CU2HIP_ASSUMED_CUDA_VERSION VERSION_LESS 11.0)\n  message(FATAL_ERROR "
                         "\"old\")\nendif()\n"),
                   1);
  /* inside a block: the set() goes before the block */
  cmake("foreach(x a)\n  if(\"${CUDAToolkit_VERSION}\" VERSION_GREATER 12)\n  endif()\nendforeach()\n",
        "set(CU2HIP_ASSUMED_CUDA_VERSION 12.0 CACHE STRING \"CUDA version the HIP build stands for in version "
        "tests\")\nforeach(x a)\n  if(\"${CU2HIP_ASSUMED_CUDA_VERSION}\" VERSION_GREATER 12)\n  endif()\nendforeach()\n");
  /* a CUDA_VERSION the script sets itself is its own */
  cmake("set(CUDA_VERSION \"118\" CACHE STRING \"expected\")\nif(NOT CUDA_VERSION STREQUAL \"118\")\nendif()\n", NULL);
  /* a bare name outside a condition is not a variable reference */
  cmake("add_compile_definitions(CUDA_VERSION)\n", NULL);
}

static void cmake_sources(void **state) {
  (void)state;
  cmake("add_library(k STATIC a.cu b.cpp)\n",
        "add_library(k STATIC a.cu b.cpp)\nset_source_files_properties(a.cu PROPERTIES LANGUAGE HIP)\n");
  cmake("set_source_files_properties(a.cu PROPERTIES LANGUAGE CUDA)\nadd_library(k a.cu)\n",
        "set_source_files_properties(a.cu PROPERTIES LANGUAGE HIP)\nadd_library(k a.cu)\n");
  cmake("file(GLOB SRC src/*.cu)\n",
        "file(GLOB SRC src/*.cu)\nset_source_files_properties(${SRC} PROPERTIES LANGUAGE HIP)\n");
  const char *from[] = {"src/a.cu", "src/sub/c.cuh"}, *to[] = {"src/a.hip", "src/sub/c.cuh"};
  c2h_buildfile_options opt = {NULL, from, to, 2, NULL, 0, 0};
  check_opt(C2H_BUILDFILE_CMAKE, "src/CMakeLists.txt",
            "add_library(k a.cu ${CMAKE_CURRENT_SOURCE_DIR}/a.cu)\nfile(GLOB S *.cu)\n",
            "add_library(k a.hip ${CMAKE_CURRENT_SOURCE_DIR}/a.hip)\nfile(GLOB S *.hip)\n", &opt);
}

static void crlf_and_comments(void **state) {
  (void)state;
  cmake("# CUDA::cudart in a comment\r\nproject(p LANGUAGES CUDA) # LANGUAGES CUDA\r\n"
        "#[[ enable_language(CUDA) ]]\r\nset(D [[CUDA::cublas]])\r\nfind_package(CUDAToolkit)\r\n"
        "target_link_libraries(a CUDA::curand)\r\n",
        "# CUDA::cudart in a comment\r\nproject(p LANGUAGES HIP) # LANGUAGES CUDA\r\n"
        "#[[ enable_language(CUDA) ]]\r\nset(D [[CUDA::cublas]])\r\nfind_package(hip REQUIRED)\r\n"
        "find_package(hiprand REQUIRED)\r\ntarget_link_libraries(a hip::hiprand)\r\n");
  make("# nvcc -arch=sm_70 in a comment\r\nNVCC = nvcc # the compiler\r\n",
       "# nvcc -arch=sm_70 in a comment\r\nNVCC = hipcc # the compiler\r\n");
}

static void make_compiler_and_arch(void **state) {
  (void)state;
  make("NVCC ?= /usr/local/cuda/bin/nvcc\nCC = nvcc\n", "NVCC ?= /opt/rocm/bin/hipcc\nCC = hipcc\n");
  make("a: a.cu\n\t@nvcc -arch sm_70 -gencode=arch=compute_80,code=sm_80 -o a a.cu\n",
       "a: a.cu\n\t@hipcc --offload-arch=gfx942 -o a a.cu\n");
  make("F = -gencode arch=compute_70,code=sm_70 \\\n    -gencode arch=compute_80,code=sm_80 \\\n    -O2\n",
       "F = --offload-arch=gfx942 \\\n    -O2\n");
  make("x:\n\t$(NVCC) -Xcompiler -fPIC,-Wall -rdc=true -G -c x.cu\n",
       "x:\n\t$(NVCC) -fPIC -Wall -fgpu-rdc -g -c x.cu\n");
  make("x:\n\t$(NVCC) -Xcompiler \"-fPIC -O2\" -c x.cu\n", "x:\n\t$(NVCC) -fPIC -O2 -c x.cu\n");
  /* Host compilers keep their flags. */
  make("x:\n\tg++ -G -arch x86_64 -c x.cpp\n", NULL);
  make("$(foreach sm,$(SMS),$(eval G += -gencode arch=compute_$(sm),code=sm_$(sm)))\n",
       "$(foreach sm,$(SMS),$(eval G += --offload-arch=gfx942))\n");
}

static void make_libs_and_paths(void **state) {
  (void)state;
  make("LIBS = -L/usr/local/cuda/lib64 -lcudart -lcublas -lcublasLt -lcurand -lcufft -lcusparse -lcusolver -lnvrtc -lnccl\n",
       "LIBS = -L/opt/rocm/lib -lamdhip64 -lhipblas -lhipblaslt -lhiprand -lhipfft -lhipsparse -lhipsolver -lhiprtc -lrccl\n");
  /* cuDNN calls become MIOpen calls (rules/cudnn.yaml): libMIOpen. */
  make("LIBS = -lcudart -lcudnn\n", "LIBS = -lamdhip64 -lMIOpen\n");
  make("CUDA_HOME ?= /usr/local/cuda-12.4\nINC = -I$(CUDA_HOME)/include -I${CUDA_PATH}/include\nL = -L$(CUDA_HOME)/lib64\n",
       "CUDA_HOME ?= /opt/rocm\nINC = -I$(CUDA_HOME)/include -I${CUDA_PATH}/include\nL = -L$(CUDA_HOME)/lib\n");
  assert_int_equal(make("I = -I$(CUDA_PATH)/extras/CUPTI/include\nL = -lcudadevrt\n", NULL), 2);
  assert_int_equal(make("run:\n\tnvprof ./a\n", NULL), 1);
}

/* --library-target curand=roc: cuRAND links rocRAND; other libraries and
 * the default run keep the hip* wrappers. */
static void roc_native_libraries(void **state) {
  (void)state;
  const char *roc[] = {"curand"};
  c2h_buildfile_options opt = {NULL, NULL, NULL, 0, roc, 1, 0};
  check_opt(C2H_BUILDFILE_MAKE, "Makefile", "LIBS = -lcudart -lcurand -lcublas\n",
            "LIBS = -lamdhip64 -lrocrand -lhipblas\n", &opt);
  check_opt(C2H_BUILDFILE_CMAKE, "CMakeLists.txt",
            "find_package(CUDAToolkit REQUIRED)\ntarget_link_libraries(a CUDA::curand CUDA::cublas curand_static)\n",
            "find_package(hip REQUIRED)\nfind_package(hipblas REQUIRED)\nfind_package(rocrand REQUIRED)\n"
            "target_link_libraries(a roc::rocrand roc::hipblas roc::rocrand)\n", &opt);
  check_opt(C2H_BUILDFILE_CMAKE, "CMakeLists.txt", "target_link_libraries(a ${CUDA_curand_LIBRARY})\n",
            "target_link_libraries(a roc::rocrand)\n", &opt);
  make("LIBS = -lcurand\n", "LIBS = -lhiprand\n");
}

static void make_renames(void **state) {
  (void)state;
  const char *from[] = {"k.cu", "dir/m.cu"}, *to[] = {"k.hip", "dir/m.hip"};
  c2h_buildfile_options opt = {NULL, from, to, 2, NULL, 0, 0};
  check_opt(C2H_BUILDFILE_MAKE, "Makefile",
            "SRC = k.cu dir/m.cu other.cu\nOBJ = $(SRC:.cu=.o)\n%.o: %.cu\n\thipcc -c $<\n",
            "SRC = k.hip dir/m.hip other.cu\nOBJ = $(SRC:.hip=.o)\n%.o: %.hip\n\thipcc -c $<\n", &opt);
}

static void errors(void **state) {
  (void)state;
  c2h_file_result r;
  c2h_error err;
  c2h_file_result_init(&r);
  assert_int_equal(c2h_buildfile_translate(C2H_BUILDFILE_NONE, "x", "", 0, NULL, &r, &err), C2H_ERR_USAGE);
  assert_int_equal(c2h_buildfile_translate(C2H_BUILDFILE_MAKE, "x", "a\0b", 3, NULL, &r, &err), C2H_ERR_INPUT);
  assert_int_equal(c2h_buildfile_translate(C2H_BUILDFILE_MAKE, "x", "", 0, NULL, &r, &err), 0);
  assert_int_equal(r.output_len, 0);
  assert_int_equal(r.changed, 0);
  c2h_file_result_dispose(&r);
}

/* ---- Python tokenizer and setup.py ------------------------------------ */

/* The kinds of the tokens of src, one letter each (N name, 1 number,
 * S string, O operator), '|' between logical lines. */
static void py_shape(const char *src, const char *want) {
  c2h_py_file f;
  assert_int_equal(c2h_py_tokenize(src, strlen(src), &f), 0);
  assert_int_equal(f.bad, 0);
  char got[512];
  size_t n = 0;
  for (size_t l = 0; l < f.n_lines && n + 2 < sizeof got; l++) {
    if (l) got[n++] = '|';
    for (size_t t = f.lines[l].first; t < f.lines[l].first + f.lines[l].n && n + 1 < sizeof got; t++) {
      assert_int_equal(f.toks[t].line, l);
      got[n++] = "N1SO"[f.toks[t].kind];
    }
  }
  got[n] = '\0';
  assert_string_equal(got, want);
  c2h_py_file_dispose(&f);
}

static void python_tokens(void **state) {
  (void)state;
  py_shape("a = 1\nb = 'x'\n", "NO1|NOS");
  /* brackets and backslashes join lines; comments and blank lines hold none */
  py_shape("x = [1,\n  2]  # ]\n\n# 'c\ny = 3 \\\n + 4\n", "NOO1O1O|NO1O1");
  /* every prefix and quote style, triple quotes over lines */
  py_shape("s = r'a\\\\' + b\"b\" + rb'c' + F'd' + '''e\n'f'\n''' + \"\"\"g\"\"\"\n", "NOSOSOSOSOSOS");
  /* a name that starts like a prefix is a name */
  py_shape("rb = bar + u\n", "NONON");
  /* f-string fields hold strings of their own, with the same quote */
  py_shape("f\"{d[\"k\"]} {x!r:>{w}}\" + 'z'\n", "SOS");
  /* numbers */
  py_shape("n = 1e-3 + 0x1f + 1_000 + .5j\n", "NO1O1O1O1");
  /* CRLF */
  py_shape("a = 1\r\nb = 2\r\n", "NO1|NO1");
}

static void python_indent_and_errors(void **state) {
  (void)state;
  const char *src = "if a:\n    b = [\n1]\n\tc = 2\nd = 3";
  c2h_py_file f;
  assert_int_equal(c2h_py_tokenize(src, strlen(src), &f), 0);
  assert_int_equal(f.n_lines, 4);
  assert_int_equal(f.lines[0].indent, 0);
  assert_int_equal(f.lines[1].indent, 4);
  assert_int_equal(f.lines[2].indent, 8);
  assert_int_equal(f.lines[1].b, 6);
  assert_int_equal(f.lines[1].e, 19);
  assert_int_equal(f.lines[3].e, strlen(src));
  c2h_py_file_dispose(&f);
  assert_int_equal(c2h_py_tokenize("x = 'abc\ny = 2\n", 15, &f), 0);
  assert_int_equal(f.bad, 1);
  assert_int_equal(f.bad_at, 4);
  c2h_py_file_dispose(&f);
  assert_int_equal(c2h_py_tokenize("x = [1, 2\n", 10, &f), 0);
  assert_int_equal(f.bad, 1);
  c2h_py_file_dispose(&f);
  assert_int_equal(c2h_py_tokenize("x = 1)\n", 7, &f), 0);
  assert_int_equal(f.bad, 1);
  c2h_py_file_dispose(&f);
}

static size_t setup_py(const char *src, const char *want) {
  return check_opt(C2H_BUILDFILE_SETUP_PY, "setup.py", src, want, NULL);
}

static void setup_py_flags(void **state) {
  (void)state;
  /* a flag split over two elements of a multi-line list */
  assert_int_equal(setup_py("args = {'nvcc': ['-O3',\n    '-gencode',\n    'arch=compute_80,code=sm_80',\n]}\n",
                            "args = {'nvcc': ['-O3',\n    '--offload-arch=gfx942',\n]}\n"),
                   0);
  /* the last element takes the comma before it */
  setup_py("e = dict(nvcc=['-O3', '--expt-extended-lambda'])\n", "e = dict(nvcc=['-O3'])\n");
  setup_py("e = dict(nvcc=['--expt-extended-lambda'])\n", "e = dict(nvcc=[])\n");
  /* through a variable given later, and X['nvcc'] += */
  setup_py("f = ['-lineinfo']\nx = {'nvcc': f}\nx['nvcc'] += ['--use_fast_math']\n",
           "f = ['-gline-tables-only']\nx = {'nvcc': f}\nx['nvcc'] += ['-ffast-math']\n");
  /* a variable named for nvcc, and append() statements */
  setup_py("nvcc_flags = []\nif x:\n    nvcc_flags.append('-arch=sm_80')\nelse:\n    nvcc_flags.append('-G')\n",
           "nvcc_flags = []\nif x:\n    nvcc_flags.append('--offload-arch=gfx942')\nelse:\n    nvcc_flags.append('-g')\n");
  setup_py("nvcc_flags = ['-O3']\nif x:\n    nvcc_flags.append('-gencode')\n    nvcc_flags.append('arch=compute_90,code=sm_90')\n"
           "nvcc_flags.append('--threads')\nnvcc_flags.append('4')\n",
           "nvcc_flags = ['-O3']\nif x:\n    nvcc_flags.append('--offload-arch=gfx942')\n");
  setup_py("nvcc_flags = ['-arch=sm_70']\nif x:\n    nvcc_flags.append('--expt-relaxed-constexpr')\ny = 1\n",
           "nvcc_flags = ['--offload-arch=gfx942']\nif x:\n    pass\ny = 1\n");
  /* cxx flags, strings elsewhere and comments are not nvcc's */
  setup_py("a = {'cxx': ['-G', '--use_fast_math']}\n# 'nvcc': ['-G']\nb = '-lineinfo'\n", NULL);
  /* already ported */
  setup_py("if torch.version.hip:\n    f = {'nvcc': ['-O3']}\nelse:\n    f = {'nvcc': ['-lineinfo']}\n", NULL);
  /* a one-flag string that becomes two words becomes two elements */
  setup_py("x = {'nvcc': ['-dc']}\n", "x = {'nvcc': ['-fgpu-rdc', '-c']}\n");
  /* a flag whose value is computed stays with it, reported; the others are mapped */
  assert_int_equal(setup_py("x = {'nvcc': ['-O3', '-gencode', f'arch=compute_{a},code=sm_{a}', '-lineinfo']}\n",
                            "x = {'nvcc': ['-O3', '-gencode', f'arch=compute_{a},code=sm_{a}', '-gline-tables-only']}\n"),
                   1);
  /* PyTorch's half defines have HIP names on ROCm */
  setup_py("x = {'nvcc': ['-D__CUDA_NO_HALF_OPERATORS__', '-U__CUDA_NO_HALF_CONVERSIONS__', '-D__CUDA_NO_HALF2_OPERATORS__']}\n",
           "x = {'nvcc': ['-D__HIP_NO_HALF_OPERATORS__', '-U__HIP_NO_HALF_CONVERSIONS__', '-D__CUDA_NO_HALF2_OPERATORS__']}\n");
  /* a variable given an architecture flag holds nvcc flags wherever it goes */
  setup_py("def add(cc_flag):\n    cc_flag += ['-gencode', 'arch=compute_80,code=sm_80']\n",
           "def add(cc_flag):\n    cc_flag += ['--offload-arch=gfx942']\n");
  /* a string cu2hip cannot edit is reported, not changed */
  assert_int_equal(setup_py("x = {'nvcc': [f'-arch=sm_{a}']}\n", NULL), 1);
  /* an unterminated string stops the reading with a diagnostic */
  assert_int_equal(setup_py("x = {'nvcc': ['-lineinfo']}\ny = 'abc\n", "x = {'nvcc': ['-gline-tables-only']}\ny = 'abc\n"), 1);
}

static void setup_py_renames(void **state) {
  (void)state;
  const char *from[] = {"csrc/k.cu"}, *to[] = {"csrc/k.hip"};
  c2h_buildfile_options opt = {NULL, from, to, 1, NULL, 0, 0};
  check_opt(C2H_BUILDFILE_SETUP_PY, "setup.py", "CUDAExtension('m', sources=['csrc/a.cpp',\n  \"csrc/k.cu\"])\n",
            "CUDAExtension('m', sources=['csrc/a.cpp',\n  \"csrc/k.hip\"])\n", &opt);
  check_opt(C2H_BUILDFILE_SETUP_PY, "setup.py", "s = glob.glob('csrc/*.cu')\n", "s = glob.glob('csrc/*.hip')\n", &opt);
  assert_int_equal(c2h_buildfile_kind_of("pkg/setup.py"), C2H_BUILDFILE_SETUP_PY);
  assert_int_equal(c2h_buildfile_kind_of("pkg/setup.pyc"), C2H_BUILDFILE_NONE);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(kinds),
      cmocka_unit_test(tokenizer),
      cmocka_unit_test(unparsable_cmake_is_kept),
      cmocka_unit_test(languages),
      cmocka_unit_test(packages_and_targets),
      cmocka_unit_test(architectures),
      cmocka_unit_test(architecture_validated),
      cmocka_unit_test(separable_compilation),
      cmocka_unit_test(nvcc_only_flags),
      cmocka_unit_test(nvidia_tools),
      cmocka_unit_test(arch_variable),
      cmocka_unit_test(minimum_version),
      cmocka_unit_test(cmake_flags),
      cmocka_unit_test(cmake_sources),
      cmocka_unit_test(crlf_and_comments),
      cmocka_unit_test(make_compiler_and_arch),
      cmocka_unit_test(make_libs_and_paths),
      cmocka_unit_test(roc_native_libraries),
      cmocka_unit_test(make_renames),
      cmocka_unit_test(errors),
      cmocka_unit_test(cmake_cuda_version),
      cmocka_unit_test(python_tokens),
      cmocka_unit_test(python_indent_and_errors),
      cmocka_unit_test(setup_py_flags),
      cmocka_unit_test(setup_py_renames),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
