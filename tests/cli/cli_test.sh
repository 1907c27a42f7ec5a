#!/usr/bin/env bash
# Command-line behaviour of cu2hip: exit codes, input errors, rule-file
# errors, output modes and what they may (and may not) touch.
#
# usage: cli_test.sh CU2HIP
#
# Every scenario runs in a fresh temporary directory and prints one line,
# `ok NAME`, `FAIL NAME: reason` or `skip NAME: reason`; the last line is
# `N passed, M failed`. Exit status 1 if any scenario failed. Set KEEP=1 to
# keep the temporary directories of failed scenarios for inspection.
set -u

if [ $# -ne 1 ]; then
  echo "usage: cli_test.sh CU2HIP" >&2
  exit 2
fi
TOOL=$1
case $TOOL in
  /*) ;;
  */*) TOOL=$(cd "$(dirname "$TOOL")" && pwd)/$(basename "$TOOL") ;;
  *) TOOL=$(command -v "$TOOL") || { echo "cli_test.sh: '$1' not found" >&2; exit 2; } ;;
esac
if [ ! -x "$TOOL" ]; then
  echo "cli_test.sh: '$TOOL' is not executable" >&2
  exit 2
fi


# ---- helpers (used inside scenarios; cwd is the scenario's work dir) -----

die() {
  echo "$*"
  exit 1
}

skip() {
  echo "$*"
  exit 77
}

# The first lines of the last run's stderr, on one line, for failure reasons.
stderr_excerpt() {
  head -c 400 "$LOG/stderr" | tr '\n' '|'
}

# t ARGS...: runs the tool; stdout and stderr go to $LOG, $rc is set.
t() {
  "$TOOL" "$@" >"$LOG/stdout" 2>"$LOG/stderr"
  rc=$?
}

expect_rc() {
  [ "$rc" = "$1" ] || die "exit code $rc, want $1 (stderr: $(stderr_excerpt))"
}

# expect_stderr PATTERN [what]: grep -E on stderr.
expect_stderr() {
  grep -Eq -- "$1" "$LOG/stderr" || die "stderr lacks ${2:-/$1/} (stderr: $(stderr_excerpt))"
}

expect_stdout_empty() {
  [ ! -s "$LOG/stdout" ] || die "stdout is not empty: $(head -c 200 "$LOG/stdout" | tr '\n' '|')"
}

# Checksums, modes and mtimes of every file below the given paths.
snapshot() {
  find "$@" -type f -print0 | sort -z | xargs -0 -r sha256sum
  find "$@" -print0 | sort -z | xargs -0 -r stat -c '%n %a %Y'
}

# A small CUDA program and its expected translation.
write_good() {
  mkdir -p "$(dirname "$1")"
  cat >"$1" <<'EOF'
#include <cuda_runtime.h>

__global__ void scale(float *x, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= a;
}

int main() {
  float *d = nullptr;
  cudaMalloc(&d, 256 * sizeof(float));
  scale<<<1, 256>>>(d, 2.0f, 256);
  cudaDeviceSynchronize();
  cudaFree(d);
  return 0;
}
EOF
}

write_good_expected() {
  cat >"$1" <<'EOF'
#include <hip/hip_runtime.h>

__global__ void scale(float *x, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= a;
}

int main() {
  float *d = nullptr;
  hipMalloc(&d, 256 * sizeof(float));
  scale<<<1, 256>>>(d, 2.0f, 256);
  hipDeviceSynchronize();
  hipFree(d);
  return 0;
}
EOF
}

# A header with CUDA in it.
write_header() {
  mkdir -p "$(dirname "$1")"
  printf '#pragma once\n#include <cuda_runtime.h>\ninline void sync_all() { cudaDeviceSynchronize(); }\n' >"$1"
}

# A CUDA file whose only diagnostic is a warning (a 32-bit lane mask).
write_warning() {
  cat >"$1" <<'EOF'
#include <cuda_runtime.h>
__global__ void k(int *out, unsigned mask) {
  out[threadIdx.x] = __ballot_sync(mask, out[threadIdx.x] > 0);
}
EOF
}

# A CUDA file using an API HIP does not have (an error).
write_unsupported() {
  cat >"$1" <<'EOF'
#include <cuda_runtime.h>
__global__ void k(int *flag) {
  while (*flag == 0) __nanosleep(100);
}
EOF
}

# A binary file (NUL bytes) with a source extension.
write_binary() {
  mkdir -p "$(dirname "$1")"
  printf '\177ELF\002\001\001\000\000\000\000\000\000\000\000\000\003\000>\000cudaMalloc\000\377\376' >"$1"
}

# ---- scenarios -------------------------------------------------------------

sc_missing_file() {
  t missing.cu
  expect_rc 2
  expect_stderr 'missing\.cu' "the file name"
  expect_stderr '[Nn]o such file|not found|does not exist' "the reason"
  expect_stdout_empty
}

sc_missing_file_among_others() {
  write_good good.cu
  t -o out good.cu missing.cu
  expect_rc 2
  expect_stderr 'missing\.cu.*([Nn]o such file|not found|does not exist)' "the missing file and why"
  [ -f out/good.cu ] || die "out/good.cu was not written"
}

sc_directory_without_cuda() {
  mkdir -p docs notes
  echo "Build notes" >docs/README.txt
  printf 'int add(int a, int b);\n' >notes/plain.h
  t -o out docs
  expect_rc 2
  expect_stderr 'no CUDA sources found in docs' "a message naming the directory"
  [ ! -e out ] || die "-o out of a folder without sources made out/"
  t -o out notes
  expect_rc 2
  expect_stderr 'notes.*[Nn]o CUDA' "a message naming the directory of non-CUDA headers"
}

sc_binary_in_directory() {
  write_good src/good.cu
  write_header src/sub/util.cuh
  write_binary src/blob.cu
  t -o out src
  expect_rc 2
  expect_stderr 'blob\.cu.*[Bb]inary' "a diagnostic naming the binary file"
  [ -f out/good.cu ] || die "out/good.cu was not written"
  [ -f out/sub/util.cuh ] || die "out/sub/util.cuh was not written"
  write_good_expected expected.hip
  cmp -s expected.hip out/good.cu || die "out/good.cu is not the expected translation"
  grep -q hipDeviceSynchronize out/sub/util.cuh || die "out/sub/util.cuh is not translated"
  [ ! -e out/blob.cu ] || die "out/blob.cu was written for a binary input"
}

sc_binary_file_direct() {
  write_binary blob.cu
  t blob.cu
  expect_rc 2
  expect_stderr 'blob\.cu.*[Bb]inary' "a diagnostic naming the binary file"
  expect_stdout_empty
}

# Runs a command as an unprivileged user (when root) into $LOG, sets $rc.
as_nobody() {
  if [ "$(id -u)" != 0 ]; then
    "$@" >"$LOG/stdout" 2>"$LOG/stderr"
  elif [ "$NOBODY" = setpriv ]; then
    setpriv --reuid=65534 --regid=65534 --clear-groups "$@" >"$LOG/stdout" 2>"$LOG/stderr"
  else
    runuser -u nobody -- "$@" >"$LOG/stdout" 2>"$LOG/stderr"
  fi
  rc=$?
}

sc_unreadable_file() {
  NOBODY=
  if [ "$(id -u)" = 0 ]; then
    if setpriv --reuid=65534 --regid=65534 --clear-groups true 2>/dev/null; then
      NOBODY=setpriv
    elif runuser -u nobody -- true 2>/dev/null; then
      NOBODY=runuser
    else
      skip "running as root and neither setpriv nor runuser can drop privileges"
    fi
  fi
  local tool=$TOOL
  chmod 755 "$SCENARIO_DIR" . || die "chmod failed"
  write_good src/good.cu
  write_good src/secret.cu
  write_header src/inc/util.cuh
  chmod -R a+rX src
  chmod 000 src/secret.cu
  mkdir out && chmod 777 out
  as_nobody "$tool" --version
  if [ "$rc" != 0 ]; then
    # The tool may live where the unprivileged user cannot reach it.
    cp "$TOOL" ./cu2hip && chmod 755 ./cu2hip
    tool=$PWD/cu2hip
  fi
  as_nobody "$tool" -o out/x src
  expect_rc 2
  expect_stderr 'secret\.cu.*([Pp]ermission denied|cannot (open|read))' "the unreadable file and why"
  [ -f out/x/good.cu ] || die "out/x/good.cu was not written"
  [ -f out/x/inc/util.cuh ] || die "out/x/inc/util.cuh was not written"
  [ ! -e out/x/secret.cu ] || die "out/x/secret.cu was written"
  # Given directly, next to a readable file.
  as_nobody "$tool" -o out/y src/secret.cu src/good.cu
  expect_rc 2
  expect_stderr 'secret\.cu' "the unreadable file"
  [ -f out/y/good.cu ] || die "out/y/good.cu was not written"
}

# rule_error NAME LINE COL: the rule file NAME fails to load at LINE:COL.
rule_error() {
  write_good good.cu
  t --rules "$1" good.cu
  expect_rc 2
  expect_stderr "(^|[ /])$1:$2:$3:" "'$1:$2:$3:'"
  expect_stdout_empty
}

sc_rules_bad_yaml() {
  cat >bad.yaml <<'EOF'
library: mine
functions:
  cudaMalloc: [hipMalloc
  cudaFree: hipFree
EOF
  # The flow sequence opened on line 3 is not closed where line 4's ':' is.
  rule_error bad.yaml 4 11
}

sc_rules_unknown_key() {
  cat >unknown.yaml <<'EOF'
library: mine
functions:
  cudaMalloc:
    hip: myMalloc
    colour: blue
EOF
  rule_error unknown.yaml 5 5
  expect_stderr 'colour' "the unknown key"
}

sc_rules_duplicate_entry() {
  cat >dup.yaml <<'EOF'
library: mine
functions:
  cudaMalloc: myMalloc
  cudaFree: myFree
  cudaMalloc: otherMalloc
EOF
  rule_error dup.yaml 5 3
  expect_stderr 'cudaMalloc' "the duplicated name"
}

sc_rules_bad_version() {
  cat >version.yaml <<'EOF'
library: mine
functions:
  cudaMalloc: {hip: myMalloc, rocm: "6.x"}
EOF
  rule_error version.yaml 3 37
  expect_stderr '6\.x' "the bad version"
}

sc_rules_missing_file() {
  write_good good.cu
  t --rules nowhere.yaml good.cu
  expect_rc 2
  expect_stderr 'nowhere\.yaml' "the rule file name"
  expect_stdout_empty
}

sc_rules_override() {
  write_good good.cu
  cat >mine.yaml <<'EOF'
library: my-allocator
functions:
  cudaMalloc: myMalloc
EOF
  t good.cu
  expect_rc 0
  grep -q 'hipMalloc(&d' "$LOG/stdout" || die "without --rules, cudaMalloc does not become hipMalloc"
  t --rules mine.yaml good.cu
  expect_rc 0
  grep -q 'myMalloc(&d' "$LOG/stdout" || die "the override did not apply"
  grep -q 'hipMalloc' "$LOG/stdout" && die "hipMalloc still in the output"
  grep -q 'hipFree(d)' "$LOG/stdout" || die "entries that are not overridden no longer apply"
}

sc_output_dir_mirrors_and_keeps_inputs() {
  write_good src/app/main.cu
  write_header src/include/util.cuh
  write_header src/include/detail/more.h
  printf 'int plain(void);\n' >src/include/plain.h
  local before after
  before=$(snapshot src)
  sleep 1
  t -o out src
  expect_rc 0
  after=$(snapshot src)
  [ "$before" = "$after" ] || die "the inputs changed"
  local root=out
  [ -d out/src ] && root=out/src
  for f in app/main.cu include/util.cuh include/detail/more.h; do
    [ -f "$root/$f" ] || die "$root/$f was not written"
  done
  write_good_expected expected.hip
  cmp -s expected.hip "$root/app/main.cu" || die "$root/app/main.cu is not the expected translation"
  grep -q 'hipDeviceSynchronize' "$root/include/detail/more.h" || die "more.h was not translated"
  # A single file goes to the top of the output directory.
  t -o out2 src/app/main.cu
  expect_rc 0
  [ -f out2/main.cu ] || [ -f out2/src/app/main.cu ] || die "out2 holds no main.cu"
}

sc_output_dir_same_name_inputs() {
  mkdir a b
  printf '#include <cuda_runtime.h>\nvoid fa() { cudaFree(0); }\n' >a/kernels.cu
  printf '#include <cuda_runtime.h>\nvoid fb() { cudaDeviceReset(); }\n' >b/kernels.cu
  t -o out a b
  if [ "$rc" = 2 ]; then
    expect_stderr 'kernels\.cu' "the clashing output file"
  else
    grep -rqs 'hipFree' out || die "a/kernels.cu's translation was overwritten by b/kernels.cu's (exit $rc)"
    grep -rqs 'hipDeviceReset' out || die "b/kernels.cu's translation is missing (exit $rc)"
  fi
}

sc_in_place_backup() {
  write_good kern.cu
  cp kern.cu original.copy
  chmod 640 kern.cu
  local inode_before
  inode_before=$(stat -c %i kern.cu)
  t --in-place --backup=.orig kern.cu
  expect_rc 0
  expect_stdout_empty
  write_good_expected expected.hip
  cmp -s expected.hip kern.cu || die "kern.cu is not the expected translation"
  [ -f kern.cu.orig ] || die "no kern.cu.orig"
  cmp -s original.copy kern.cu.orig || die "kern.cu.orig is not byte-identical to the original"
  [ "$(stat -c %a kern.cu)" = 640 ] || die "mode changed to $(stat -c %a kern.cu)"
  # Atomic replacement: a new file renamed over the old one, no leftovers.
  [ "$(stat -c %i kern.cu)" != "$inode_before" ] || die "kern.cu was rewritten in place, not replaced"
  local extra
  extra=$(find . -mindepth 1 -maxdepth 1 ! -name kern.cu ! -name kern.cu.orig ! -name original.copy \
    ! -name expected.hip)
  [ -z "$extra" ] || die "files left behind: $extra"
}

sc_in_place_unchanged_keeps_mtime() {
  cat >ported.cu <<'EOF'
#include <hip/hip_runtime.h>
__global__ void k(float *x) { x[threadIdx.x] = 0.0f; }
int main() { float *d; hipMalloc(&d, 64); hipLaunchKernelGGL(k, dim3(1), dim3(16), 0, 0, d); return 0; }
EOF
  cp ported.cu original.copy
  touch -d '2020-01-02 03:04:05' ported.cu
  local before
  before=$(stat -c '%i %Y' ported.cu)
  t --in-place ported.cu
  expect_rc 0
  cmp -s original.copy ported.cu || die "the content changed"
  [ "$(stat -c '%i %Y' ported.cu)" = "$before" ] || die "the file was rewritten (inode/mtime changed)"
  local extra
  extra=$(find . -mindepth 1 -maxdepth 1 ! -name ported.cu ! -name original.copy)
  [ -z "$extra" ] || die "files left behind: $extra"
}

sc_stdout_two_inputs() {
  write_good a.cu
  write_good b.cu
  t a.cu b.cu
  expect_rc 2
  expect_stdout_empty
  expect_stderr '-o|--in-place|output' "a hint at -o or --in-place"
}

# fail_on FILE LEVEL RC: the exit code for FILE with --fail-on=LEVEL.
fail_on() {
  if [ "$2" = default ]; then t --rocm-version=7.0 "$1"; else t --rocm-version=7.0 --fail-on="$2" "$1"; fi
  [ "$rc" = "$3" ] || die "$1 with --fail-on=$2: exit code $rc, want $3 (stderr: $(stderr_excerpt))"
}

sc_fail_on_warning_file() {
  write_warning warn.cu
  t --rocm-version=7.0 warn.cu
  expect_stderr 'warning:.*\[warp-mask-32bit\]' "the warning"
  grep -q 'error:' "$LOG/stderr" && die "unexpected error diagnostic: $(stderr_excerpt)"
  fail_on warn.cu default 0
  fail_on warn.cu error 0
  fail_on warn.cu warning 1
  fail_on warn.cu never 0
}

sc_fail_on_error_file() {
  write_unsupported err.cu
  t --rocm-version=7.0 err.cu
  expect_stderr 'err\.cu:3:[0-9]+: error:.*__nanosleep.*\[api-unsupported\]' "the api-unsupported error"
  fail_on err.cu default 1
  fail_on err.cu error 1
  fail_on err.cu warning 1
  fail_on err.cu never 0
}

sc_fail_on_bad_value() {
  write_good good.cu
  t --fail-on=sometimes good.cu
  expect_rc 2
  expect_stdout_empty
}

sc_check_writes_nothing() {
  write_good proj/good.cu
  write_unsupported proj/err.cu
  write_header proj/util.cuh
  local before after
  before=$(snapshot .)
  sleep 1
  t check proj
  expect_rc 1
  expect_stdout_empty
  expect_stderr 'err\.cu:3:[0-9]+: error:.*\[api-unsupported\]' "the api-unsupported error"
  after=$(snapshot .)
  [ "$before" = "$after" ] || die "check changed files"
  t check proj/good.cu
  expect_rc 0
  expect_stdout_empty
  t check -o out proj
  expect_rc 2
  [ ! -e out ] || die "check -o created the output directory"
}

sc_unknown_option() {
  write_good good.cu
  t --frobnicate good.cu
  expect_rc 2
  expect_stderr 'frobnicate' "the unknown option"
  expect_stdout_empty
  t --launch-syntax=ptx good.cu
  expect_rc 2
  t --rocm-version=six good.cu
  expect_rc 2
}

# --pytorch-version: X.Y picks the ROCm PyTorch naming; auto reads the
# version of the torch Python would import ($PYTHONPATH first), without
# importing it; a malformed value is a usage error.
sc_pytorch_version() {
  cat >ext.cu <<'EOF'
#include <c10/cuda/CUDAGuard.h>
void f(int d) { c10::cuda::CUDAGuard g(d); }
EOF
  t --pytorch-version 2.4 ext.cu
  expect_rc 0
  grep -q 'c10::hip::HIPGuardMasqueradingAsCUDA g' "$LOG/stdout" || die "2.4: no Masquerading name"
  t --pytorch-version 2.11 ext.cu
  expect_rc 0
  grep -q 'c10::cuda::CUDAGuard g' "$LOG/stdout" || die "2.11: the CUDA spelling is not kept"
  grep -q 'c10/hip/HIPGuard.h' "$LOG/stdout" || die "2.11: header not c10/hip/HIPGuard.h"
  mkdir -p py/torch
  printf "__version__ = '2.12.0+rocm7.0'\nhip = '7.0'\n" >py/torch/version.py
  PYTHONPATH=$PWD/py t ext.cu
  expect_rc 0
  grep -q 'c10::cuda::CUDAGuard g' "$LOG/stdout" || die "auto with torch 2.12 on PYTHONPATH: not the 2.11 naming"
  printf "__version__ = '2.5.1'\n" >py/torch/version.py
  PYTHONPATH=$PWD/py t --pytorch-version auto ext.cu
  grep -q 'HIPGuardMasqueradingAsCUDA' "$LOG/stdout" || die "auto with torch 2.5: not the Masquerading naming"
  t --pytorch-version two ext.cu
  expect_rc 2
  expect_stderr "pytorch-version must be X.Y or auto" "the message"
  t rules lookup getCurrentCUDAStream
  expect_rc 0
  grep -q 'for PyTorch 2.11 and later (--pytorch-version): becomes getCurrentCUDAStream' "$LOG/stdout" ||
    die "rules lookup does not say what 2.11 writes"
}

# An empty folder: nothing to do, nothing written, exit code 2 in every
# mode; a report asked for with --output is still written (and empty).
sc_empty_directory() {
  mkdir empty
  t -o out empty
  expect_rc 2
  expect_stderr '^cu2hip: no CUDA sources found in empty' "the message"
  expect_stdout_empty
  [ ! -e out ] || die "out/ was created"
  t -o out --report out/report.md empty
  expect_rc 2
  [ ! -e out ] || die "out/ was created for --report"
  t check empty
  expect_rc 2
  expect_stderr 'no CUDA sources found in empty'
  t check --format=json empty
  expect_rc 2
  python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["diagnostics"] == []' "$LOG/stdout" ||
    die "check --format=json of an empty folder does not print an empty report"
  t --in-place empty
  expect_rc 2
  # An output root that exists stays as it was.
  mkdir out && echo keep >out/mine.txt
  local before
  before=$(snapshot out)
  t -o out empty
  expect_rc 2
  [ "$(snapshot out)" = "$before" ] || die "an existing output root changed"
  # With another input that has sources, the empty folder is an input error.
  write_good src/good.cu
  t -o out2 src empty
  expect_rc 2
  expect_stderr 'empty: error: no CUDA sources found' "the empty folder among others"
  [ -f out2/src/good.cu ] || die "out2/src/good.cu was not written"
}

# Mistyped options, commands and checks get the names they were near.
sc_did_you_mean() {
  write_good good.cu
  t --rocm-verison 6.2 good.cu
  expect_rc 2
  expect_stderr "unknown option '--rocm-verison'; did you mean --rocm-version\\?" "the suggestion"
  expect_stdout_empty
  t --rocm-verison=6.2 good.cu
  expect_stderr "did you mean --rocm-version\\?" "the suggestion (--opt=value)"
  t --Output-Dir out good.cu
  expect_stderr "did you mean --output-dir\\?" "the suggestion (case)"
  t --no good.cu
  expect_rc 2
  expect_stderr "'--no' is ambiguous: --no-compat-header --no-config --no-copy" "the options it may abbreviate"
  t --frobnicate good.cu
  grep -q 'did you mean' "$LOG/stderr" && die "a suggestion for a word close to no option"
  t chekc good.cu
  expect_rc 2
  expect_stderr "'chekc' is neither a file nor a command; did you mean check\\?" "the command"
  t explain warp-mask-32
  expect_rc 2
  expect_stderr "did you mean warp-mask-32bit\\?" "the check"
}

sc_rules_lookup_suggests() {
  t rules lookup cudaMallocc
  expect_rc 1
  expect_stderr "'cudaMallocc' is not in the rule table; did you mean cudaMalloc\\?" "the closest name"
  t rules lookup cudamemcpyasync
  expect_stderr "did you mean cudaMemcpyAsync\\?" "the name in another case"
  t rules lookup cuGetErrorStrng cudaMalloc
  expect_rc 1
  expect_stderr "did you mean cuGetErrorString\\?" "the driver API name"
  grep -q '^cudaMalloc (' "$LOG/stdout" || die "the known name was not described"
  t rules lookup notACudaNameAtAll
  expect_rc 1
  grep -q 'did you mean' "$LOG/stderr" && die "a suggestion for a name close to nothing"
  # What cu2hip_compat.h stands in with, and where a generic name applies.
  t rules lookup reduce cusparseGetErrorString
  expect_rc 0
  grep -q 'only where the name resolves to namespace cooperative_groups' "$LOG/stdout" ||
    die "cg::reduce's entry does not say it is bound to its namespace"
  grep -q 'becomes cu2hip_cg_reduce of cu2hip_compat.h' "$LOG/stdout" || die "no compat function for reduce"
  grep -q 'for older targets: becomes cu2hip_cusparseGetErrorString' "$LOG/stdout" ||
    die "no compat function for cusparseGetErrorString before ROCm 6.0"
  t rules lokup cudaMalloc
  expect_rc 2
  expect_stderr "did you mean lookup\\?" "the rules command"
}

sc_no_input() {
  t
  expect_rc 2
  expect_stdout_empty
}

sc_help_and_version() {
  t --help
  expect_rc 0
  grep -q 'usage' "$LOG/stdout" || die "--help prints no usage on stdout"
  t -h
  expect_rc 0
  t --version
  expect_rc 0
  grep -Eq 'cu2hip .*[0-9]+\.[0-9]+' "$LOG/stdout" || die "--version prints no version on stdout"
  t -V
  expect_rc 0
}

# A PATH without any directory that holds nvcc.
path_without_nvcc() {
  local dir out='' IFS=:
  for dir in $PATH; do
    [ -n "$dir" ] && [ -x "$dir/nvcc" ] && continue
    case $dir in *cuda*) continue ;; esac
    out=${out:+$out:}$dir
  done
  echo "$out"
}

# A header of the project that uses CUDA only through a library header
# (here NPP, which HIP lacks) is CUDA code: a directory walk translates it
# and reports the header, instead of copying it silently.
sc_library_only_header() {
  mkdir -p src
  printf '#pragma once\n#include <npp.h>\nint image_width(void);\n' >src/image.h
  t check src
  expect_rc 1
  grep -q '^src/image.h:2:10: error: <npp.h> has no HIP equivalent.*\[api-unsupported\]' "$LOG/stderr" ||
    die "no api-unsupported error for <npp.h> in src/image.h (stderr: $(head -c 300 "$LOG/stderr"))"
}

# A header that uses CUDA only through a CUDA header whose name does not
# say "cuda" (vector_types.h) is translated in a directory walk, so its
# include gets the HIP header instead of being copied unchanged.
sc_core_header_only() {
  mkdir -p src
  printf '#pragma once\n#include <vector_types.h>\nfloat2 centre(void);\n' >src/geom.h
  printf 'int area(void);\n' >src/plain.h
  t -q -o out src
  expect_rc 0
  grep -q '^#include <hip/hip_vector_types.h>$' out/geom.h ||
    die "out/geom.h keeps the CUDA include: $(cat out/geom.h)"
  cmp -s src/plain.h out/plain.h || die "out/plain.h differs from its input"
}

sc_no_cuda_toolkit() {
  write_good kern.cu
  cat >>kern.cu <<'EOF'

__device__ float warp_sum(float v) {
  for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffff, v, o);
  return v;
}
void streams() {
  cudaStream_t s;
  cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
  cudaEvent_t e;
  cudaEventCreate(&e);
  cudaEventRecord(e, s);
  cudaStreamDestroy(s);
}
EOF
  t --rocm-version=7.0 kern.cu
  expect_rc 0
  cp "$LOG/stdout" normal.out
  cp "$LOG/stderr" normal.err
  local p
  p=$(path_without_nvcc)
  env -u CUDA_PATH -u CUDA_HOME -u CUDA_ROOT -u CUDA_TOOLKIT_ROOT_DIR PATH="$p" \
    sh -c 'command -v nvcc' >/dev/null 2>&1 && die "could not hide nvcc from PATH"
  env -u CUDA_PATH -u CUDA_HOME -u CUDA_ROOT -u CUDA_TOOLKIT_ROOT_DIR PATH="$p" \
    "$TOOL" --rocm-version=7.0 kern.cu >hidden.out 2>hidden.err
  rc=$?
  expect_rc 0
  cmp -s normal.out hidden.out || die "stdout differs without nvcc and CUDA_PATH"
  cmp -s normal.err hidden.err || die "stderr differs without nvcc and CUDA_PATH"
  grep -q 'hipStreamCreateWithFlags' hidden.out || die "not translated without nvcc"
}

sc_no_cuda_toolkit_masked() {
  [ -d /usr/local/cuda ] || skip "/usr/local/cuda does not exist; nothing to mask"
  unshare -m true 2>/dev/null || skip "unshare -m does not work here"
  write_good kern.cu
  t --rocm-version=7.0 kern.cu
  expect_rc 0
  cp "$LOG/stdout" normal.out
  cp "$LOG/stderr" normal.err
  local p
  p=$(path_without_nvcc)
  # shellcheck disable=SC2016
  env -u CUDA_PATH -u CUDA_HOME PATH="$p" unshare -m sh -c '
    mount -t tmpfs -o size=1m cu2hip-test /usr/local/cuda || exit 99
    [ -z "$(ls -A /usr/local/cuda)" ] || exit 98
    exec "$1" --rocm-version=7.0 kern.cu >masked.out 2>masked.err' sh "$TOOL"
  rc=$?
  case $rc in
    99) skip "cannot mount a tmpfs over /usr/local/cuda" ;;
    98) die "the tmpfs over /usr/local/cuda is not empty" ;;
  esac
  expect_rc 0
  cmp -s normal.out masked.out || die "stdout differs with /usr/local/cuda masked"
  cmp -s normal.err masked.err || die "stderr differs with /usr/local/cuda masked"
  grep -q 'hipMalloc' masked.out || die "not translated with /usr/local/cuda masked"
}

# --library-target: a bad value or a library without a ROCm-native table is
# a usage error naming it; the config's library-target list applies, and the
# command line overrides it.
sc_library_target() {
  printf '#include <curand.h>\nvoid f(curandGenerator_t *g) { curandCreateGenerator(g, CURAND_RNG_PSEUDO_DEFAULT); }\n' >r.cu
  t --library-target=fast r.cu
  expect_rc 2
  expect_stderr "--library-target takes hip, roc or LIBRARY=hip\\|roc, not 'fast'" "the bad value"
  expect_stdout_empty
  t --library-target curand=native r.cu
  expect_rc 2
  expect_stderr "not 'curand=native'" "the bad value"
  t --library-target nccl=roc r.cu
  expect_rc 2
  expect_stderr "'nccl' has no ROCm-native rule table \\(libraries with one: cublas, cufft, curand, cusolver, cusparse\\)" "the library and the ones that have a table"
  t --library-target curand=roc r.cu
  expect_rc 0
  grep -q 'rocrand_create_generator(g, ROCRAND_RNG_PSEUDO_DEFAULT)' "$LOG/stdout" || die "curand=roc does not translate to rocRAND"
  printf 'library-target: [curand=roc]\n' >.cu2hip.yaml
  t r.cu
  expect_rc 0
  grep -q 'rocrand/rocrand.h' "$LOG/stdout" || die "the config's library-target is not applied"
  t --library-target hip r.cu
  expect_rc 0
  grep -q 'hiprandCreateGenerator' "$LOG/stdout" || die "--library-target hip does not override the config"
  t rules lookup --library-target curand=roc curandSetPseudoRandomGeneratorSeed
  expect_rc 0
  grep -q 'becomes: rocrand_set_seed' "$LOG/stdout" || die "rules lookup does not take --library-target"
  t rules stats --library-target=bad
  expect_rc 2
  expect_stderr "not 'bad'" "the bad value"
  printf 'library-target: [curand=rocm]\n' >.cu2hip.yaml
  t r.cu
  expect_rc 2
  expect_stderr "cu2hip.yaml:1:17: .*not 'curand=rocm'" "the config file, position and value"
}

# --rocm-version auto: the HIP the ROCm search finds ($ROCM_PATH, $HIP_PATH,
# --hip-path with --verify) is the target, and one that predates the GPU
# (gfx942 needs ROCm 6.0) gets one warning per run saying what to do; an
# explicit version, or a GPU it supports, gets none.
sc_rocm_version_auto() {
  fake_hip() { # fake_hip DIR MAJOR MINOR
    mkdir -p "$1/include/hip" "$1/bin"
    printf '#define HIP_VERSION_MAJOR %s\n#define HIP_VERSION_MINOR %s\n#define HIP_VERSION_PATCH 0\n' "$2" "$3" \
      >"$1/include/hip/hip_version.h"
    : >"$1/include/hip/hip_runtime.h"
  }
  fake_hip old 5 2
  fake_hip new 7 0
  mkdir src
  printf '__global__ void k(int *p) { p[threadIdx.x] = 1; __syncwarp(); }\n' >src/a.cu
  cp src/a.cu src/b.cu
  local warning='^cu2hip: warning: --rocm-version auto targets HIP 5\.2 \('"$PWD"'/old/include/hip, found through \$ROCM_PATH\), older than ROCm 6\.0, the first release for gfx942: give --rocm-version X\.Y .*\(--rocm-version 5\.2 keeps this target\), or install ROCm 6\.0 or later$'
  ROCM_PATH=$PWD/old t -o out src
  expect_rc 0
  expect_stderr "$warning" "the warning naming HIP 5.2, its folder and what to do"
  [ "$(grep -c 'rocm-version auto targets' "$LOG/stderr")" = 1 ] || die "not one warning for the run: $(stderr_excerpt)"
  grep -q '__builtin_amdgcn_wave_barrier' out/a.cu || die "HIP 5.2 target: __syncwarp not replaced"
  ROCM_PATH=$PWD/old t --rocm-version 5.2 src/a.cu
  expect_rc 0
  ! grep -q 'rocm-version auto' "$LOG/stderr" || die "a warning with an explicit --rocm-version"
  ROCM_PATH=$PWD/old t --offload-arch gfx90a src/a.cu
  ! grep -q 'rocm-version auto' "$LOG/stderr" || die "a warning for gfx90a, whose first release cu2hip does not know"
  # $HIP_PATH counts (doctor and --verify always honoured it).
  env -u ROCM_PATH HIP_PATH="$PWD/new" "$TOOL" src/a.cu >"$LOG/stdout" 2>"$LOG/stderr"
  ! grep -q 'rocm-version auto' "$LOG/stderr" || die "a warning for HIP 7.0"
  grep -q '__syncwarp()' "$LOG/stdout" || die "\$HIP_PATH's HIP 7.0 is not the target: $(head -c 300 "$LOG/stdout")"
  # --hip-path (with --verify) wins over $ROCM_PATH; a stand-in hipcc builds anything.
  printf '#!/bin/sh\nprev=\nfor a in "$@"; do [ "$prev" = -o ] && : >"$a"; prev=$a; done\nexit 0\n' >new/bin/hipcc
  chmod +x new/bin/hipcc
  ROCM_PATH=$PWD/old t -o out2 src --verify --hip-path new --hip-compiler "$PWD/new/bin/hipcc"
  expect_rc 0
  ! grep -q 'rocm-version auto' "$LOG/stderr" || die "a warning with --hip-path at HIP 7.0: $(stderr_excerpt)"
  grep -q '__syncwarp()' out2/a.cu || die "--hip-path's HIP 7.0 is not the target"
}

# ---- driver ----------------------------------------------------------------

# A parse flag libclang rejects (--extra-arg, --std, the configuration's
# extra-args) is said once, before any file, naming the flag and where it
# came from; a YAML null, number or boolean in extra-args is a located
# configuration error. Valid flags still translate.
sc_rejected_parse_flags() {
  mkdir -p src
  write_good src/a.cu
  write_good src/b.cu
  t check --no-config --extra-arg=--std=c++99 src
  expect_rc 2
  expect_stderr "^cu2hip: the parser \(libclang\) does not accept the flag '--std=c\+\+99' given on the command line" "the flag named"
  [ "$(grep -c 'libclang' "$LOG/stderr")" = 1 ] || die "not said once: $(stderr_excerpt)"
  ! grep -q 'libclang error' "$LOG/stderr" || die "a per-file libclang error: $(stderr_excerpt)"
  t check --no-config --std c++99 src/a.cu
  expect_rc 2
  expect_stderr "does not accept the flag '-std=c\+\+99' given on the command line"
  printf 'extra-args:\n  - -DX=1\n  - --std=c++99\n' >src/.cu2hip.yaml
  t check src
  expect_rc 2
  expect_stderr "src/\.cu2hip\.yaml:3:5: error: extra-args: the parser \(libclang\) does not accept the flag '--std=c\+\+99'" "the config file, line and column"
  ! grep -q 'libclang error' "$LOG/stderr" || die "a per-file libclang error: $(stderr_excerpt)"
  printf 'extra-args: [null]\n' >src/.cu2hip.yaml
  t check src
  expect_rc 2
  expect_stderr "src/\.cu2hip\.yaml:1:14: error: 'extra-args' must be a list of strings: item 1 is null" "a located config error"
  printf 'extra-args:\n  - -DX=1\n  - ~\n' >src/.cu2hip.yaml
  t check src
  expect_rc 2
  expect_stderr "src/\.cu2hip\.yaml:3:5: error: 'extra-args' must be a list of strings: item 2 is null"
  printf 'extra-args: [-DX, 3]\n' >src/.cu2hip.yaml
  t check src
  expect_rc 2
  expect_stderr "src/\.cu2hip\.yaml:1:19: error: 'extra-args' must be a list of strings: item 2 is a number"
  printf 'extra-args: ["-DN=3", "null"]\n' >src/.cu2hip.yaml
  t check src
  expect_rc 2
  expect_stderr "does not accept the flag 'null'" "a quoted null is a flag, and named"
  printf 'extra-args: [-DX=1, -Wno-unused]\n' >src/.cu2hip.yaml
  t check --extra-arg=-DY=2 --std c++14 src
  expect_rc 0
  rm src/.cu2hip.yaml
}

scenarios=(
  missing_file
  missing_file_among_others
  directory_without_cuda
  binary_in_directory
  binary_file_direct
  unreadable_file
  rules_bad_yaml
  rules_unknown_key
  rules_duplicate_entry
  rules_bad_version
  rules_missing_file
  rules_override
  output_dir_mirrors_and_keeps_inputs
  output_dir_same_name_inputs
  in_place_backup
  in_place_unchanged_keeps_mtime
  stdout_two_inputs
  fail_on_warning_file
  fail_on_error_file
  fail_on_bad_value
  check_writes_nothing
  unknown_option
  empty_directory
  did_you_mean
  rules_lookup_suggests
  no_input
  help_and_version
  no_cuda_toolkit
  no_cuda_toolkit_masked
  library_only_header
  core_header_only
  library_target
  pytorch_version
  rocm_version_auto
  rejected_parse_flags
)

. "$(dirname "$0")/../lib/scenarios.sh"
run_scenarios cli "${scenarios[@]}"
[ "$failed" = 0 ]
