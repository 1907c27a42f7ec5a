#!/usr/bin/env bash
# Edges of the command line a new user meets: one output per named file on
# stdout (#included parts are named, not printed), options that exclude each
# other, stdin and pipes, full disks, links that loop, hostile file names,
# temporaries of killed runs, "did you mean" hints, the manual page.
#
# usage: edges_test.sh CU2HIP SOURCE_DIR
#
# Every scenario runs in a fresh temporary directory and prints one line,
# `ok NAME`, `FAIL NAME: reason` or `skip NAME: reason`; the last line is
# `N passed, M failed`. Exit status 1 if any scenario failed. KEEP=1 keeps
# the directories of failed scenarios.
set -u

if [ $# -ne 2 ]; then
  echo "usage: edges_test.sh CU2HIP SOURCE_DIR" >&2
  exit 2
fi
TOOL=$1
SRC_DIR=$(cd "$2" && pwd) || exit 2
case $TOOL in
  /*) ;;
  */*) TOOL=$(cd "$(dirname "$TOOL")" && pwd)/$(basename "$TOOL") ;;
  *) TOOL=$(command -v "$TOOL") || { echo "edges_test.sh: '$1' not found" >&2; exit 2; } ;;
esac
[ -x "$TOOL" ] || { echo "edges_test.sh: '$TOOL' is not executable" >&2; exit 2; }
export CU2HIP_CACHE_DIR=${CU2HIP_CACHE_DIR:-${TMPDIR:-/tmp}/cu2hip-edges-cache-$(id -u)}


die() {
  echo "$*"
  exit 1
}
skip() {
  echo "$*"
  exit 77
}
stderr_excerpt() { head -c 400 "$LOG/stderr" | tr '\n' '|'; }
# t ARGS...: runs the tool (no configuration file); stdout and stderr go to $LOG, $rc is set.
t() {
  "$TOOL" "$@" >"$LOG/stdout" 2>"$LOG/stderr"
  rc=$?
}
expect_rc() { [ "$rc" = "$1" ] || die "exit code $rc, want $1 (stderr: $(stderr_excerpt))"; }
expect_stderr() { grep -Eq -- "$1" "$LOG/stderr" || die "stderr lacks ${2:-/$1/} (stderr: $(stderr_excerpt))"; }
expect_no_stderr() { ! grep -Eq -- "$1" "$LOG/stderr" || die "stderr has /$1/ (stderr: $(stderr_excerpt))"; }

# A program whose main.cu pulls in a CUDA part, a C part without CUDA and a header.
write_parts() {
  cat >main.cu <<'EOF'
#include <cuda_runtime.h>
#include "kernel.cu"
#include "bmp.c"
#include "util.cuh"
int main() {
  float *d = nullptr;
  cudaMalloc(&d, 64 * sizeof(float));
  launch(d);
  cudaFree(d);
  return bmp_ok() + util_ok();
}
EOF
  cat >kernel.cu <<'EOF'
__global__ void twice(float *x) { x[threadIdx.x] *= 2.0f; }
static void launch(float *d) {
  twice<<<1, 64>>>(d);
  cudaDeviceSynchronize();
}
EOF
  printf 'static int bmp_ok(void) { return 0; }\n' >bmp.c
  printf '#pragma once\nstatic int util_ok() { return 0; }\n' >util.cuh
}

write_good() {
  mkdir -p "$(dirname "$1")"
  cat >"$1" <<'EOF'
#include <cuda_runtime.h>
__global__ void k(float *x) { x[threadIdx.x] = 1.0f; }
int main() {
  cudaDeviceSynchronize();
  return 0;
}
EOF
}

# ---- one output per named file ------------------------------------------

sc_stdout_named_file_alone() {
  write_parts
  t --no-config main.cu
  expect_rc 0
  grep -q 'hipMalloc' "$LOG/stdout" || die "stdout lacks main.cu's translation"
  ! grep -q 'twice' "$LOG/stdout" || die "stdout carries kernel.cu's kernel: $(tr '\n' '|' <"$LOG/stdout")"
  ! grep -q 'bmp_ok(void)' "$LOG/stdout" || die "stdout carries bmp.c"
  [ "$(grep -c '^#include <hip/hip_runtime.h>' "$LOG/stdout")" = 1 ] || die "stdout is not one file"
  cmp -s <(grep -v hip "$LOG/stdout") <(grep -v cuda main.cu) || die "stdout differs from main.cu beyond renames"
  expect_stderr '^main\.cu:2:1: note: "kernel\.cu" is part of this file.s translation unit.*\[part-untranslated\]'
  expect_no_stderr 'bmp\.c"? is part'
  expect_no_stderr 'util\.cuh" is part'
  t --no-config --disable part-untranslated main.cu
  expect_rc 0
  expect_no_stderr 'part-untranslated'
}

sc_tree_still_translates_parts() {
  write_parts
  t --no-config -o out main.cu
  expect_rc 0
  grep -q 'hipDeviceSynchronize' out/kernel.cu || die "out/kernel.cu is not translated"
  ! grep -q 'twice' out/main.cu || die "out/main.cu carries the part"
  expect_no_stderr 'part-untranslated'
  t check --no-config main.cu
  expect_rc 0
  expect_no_stderr 'part-untranslated'
}

sc_stdout_several_files_refused() {
  write_good a.cu
  write_good b.cu
  t --no-config a.cu b.cu
  expect_rc 2
  expect_stderr '2 inputs: give an output directory \(-o DIR\) or --in-place'
  [ ! -s "$LOG/stdout" ] || die "stdout is not empty"
}

# cmake/cu2hip.cmake: one command per file, each output its file alone; PARTS
# are translated beside the sources and marked HEADER_FILE_ONLY.
sc_cmake_module_one_output_per_file() {
  command -v cmake >/dev/null || skip "cmake not found"
  mkdir app && cd app || die "mkdir"
  write_parts
  cat >CMakeLists.txt <<EOF
cmake_minimum_required(VERSION 3.20)
project(parts NONE)
set(CU2HIP_EXECUTABLE "$TOOL")
include("$SRC_DIR/cmake/cu2hip.cmake")
cu2hip_translate(hip_sources SOURCES main.cu PARTS kernel.cu bmp.c util.cuh OPTIONS --no-config)
foreach(f IN LISTS hip_sources)
  get_source_file_property(only \${f} HEADER_FILE_ONLY)
  get_filename_component(n \${f} NAME)
  message(STATUS "part-flag \${n}=\${only}")
endforeach()
add_custom_target(translated ALL DEPENDS \${hip_sources})
EOF
  cmake -S . -B build >"$LOG/cmake" 2>&1 || die "configure failed: $(tail -5 "$LOG/cmake" | tr '\n' '|')"
  grep -q 'part-flag main.cu=NOTFOUND\|part-flag main.cu=OFF' "$LOG/cmake" || die "main.cu is marked a part"
  grep -q 'part-flag kernel.cu=ON' "$LOG/cmake" || die "kernel.cu is not HEADER_FILE_ONLY"
  cmake --build build >>"$LOG/cmake" 2>&1 || die "build failed: $(tail -5 "$LOG/cmake" | tr '\n' '|')"
  ! grep -q 'twice' build/hip/main.cu || die "hip/main.cu carries the part"
  grep -q 'hipDeviceSynchronize' build/hip/kernel.cu || die "hip/kernel.cu is not translated"
  cmp -s bmp.c build/hip/bmp.c || die "hip/bmp.c differs from bmp.c"
}

# ---- smaller ------------------------------------------------------------

sc_o_with_in_place_refused() {
  write_good x.cu
  cp x.cu x.orig
  t --no-config -o out --in-place x.cu
  expect_rc 2
  expect_stderr 'exclude each other'
  t --no-config --in-place -o out x.cu
  expect_rc 2
  cmp -s x.cu x.orig || die "the input was rewritten"
  [ ! -e out ] || die "out/ was made"
}

sc_symlink_loop_skipped() {
  write_good src/x.cu
  mkdir -p src/sub
  write_good src/sub/y.cu
  ln -s . src/self
  ln -s .. src/sub/up
  t --no-config -o out src
  expect_rc 0
  expect_stderr 'src/self: note: symbolic link not followed: it leads back to a folder that holds it'
  expect_stderr 'src/sub/up: note: symbolic link not followed'
  [ ! -e out/self ] && [ ! -L out/self ] || die "out/self was made: $(ls -l out)"
  [ ! -L out/sub/up ] || die "out/sub/up was made"
  expect_stderr 'cu2hip: 2 files: 2 translated'
  t --no-config -o out src
  expect_rc 0
}

sc_folder_link_is_no_file() {
  write_good src/x.cu
  mkdir -p src/data
  printf 'x\n' >src/data/in.txt
  ln -s data src/alias
  t --no-config -o out src
  expect_rc 0
  [ "$(readlink out/alias)" = data ] || die "out/alias is not the link: $(ls -l out)"
  expect_stderr 'cu2hip: 2 files: 1 translated \(1 changed, [0-9]+ edits\), 1 copied'
  t --no-config -o out src
  expect_stderr 'cu2hip: 2 files: 0 translated, 2 up to date'
}

sc_full_disk_on_stdout() {
  [ -w /dev/full ] || skip "/dev/full not available"
  write_good x.cu
  "$TOOL" --no-config x.cu >/dev/full 2>"$LOG/stderr"
  rc=$?
  expect_rc 2
  expect_stderr 'cannot write the translation.*(No space left on device|standard output)'
}

# check's machine-readable report goes to stdout: a full disk there is an
# I/O error (exit 2) about the report, with the system's reason, supervised
# or not; doctor's report the same.
sc_full_disk_report_on_stdout() {
  [ -w /dev/full ] || skip "/dev/full not available"
  write_good x.cu
  local sup
  for sup in 0 1; do
    CU2HIP_NO_SUPERVISOR=$sup "$TOOL" check --no-config --format json x.cu >/dev/full 2>"$LOG/stderr"
    rc=$?
    expect_rc 2
    expect_stderr '^cu2hip: (error: )?cannot write the report to standard output: No space left on device' \
      "the report named (CU2HIP_NO_SUPERVISOR=$sup)"
    expect_no_stderr 'translation'
  done
  local f
  for f in text json; do
    PATH=/nonexistent "$TOOL" doctor --format $f >/dev/full 2>"$LOG/stderr"
    rc=$?
    expect_rc 2
    expect_stderr '^cu2hip doctor: cannot write the report to standard output: No space left on device' "doctor --format $f"
  done
}

sc_unknown_short_option_named() {
  write_good x.cu
  t -Zfoo x.cu
  expect_rc 2
  expect_stderr "unknown option '-Z' \\(in '-Zfoo'\\)"
  expect_no_stderr "unknown option '/"
}

sc_help_and_version_commands() {
  t help
  expect_rc 0
  grep -q '^usage: cu2hip' "$LOG/stdout" || die "cu2hip help printed no usage"
  t version
  expect_rc 0
  grep -Eq '^cu2hip [0-9]+\.[0-9]+' "$LOG/stdout" || die "cu2hip version printed $(head -c 100 "$LOG/stdout")"
  # A file of that name does not change the command; ./help names the file.
  write_good help
  t help
  expect_rc 0
  grep -q '^usage: cu2hip' "$LOG/stdout" || die "cu2hip help with a file 'help' printed no usage"
  t --no-config ./help
  expect_rc 0
  grep -q hipDeviceSynchronize "$LOG/stdout" || die "./help was not translated"
  t hlep
  expect_rc 2
  expect_stderr 'did you mean help'
}

sc_stdin_and_pipes() {
  write_good x.cu
  "$TOOL" --no-config - <x.cu >"$LOG/stdout" 2>"$LOG/stderr"
  rc=$?
  expect_rc 0
  grep -q hipDeviceSynchronize "$LOG/stdout" || die "stdin was not translated"
  grep -v '#include' x.cu >noinc.cu
  "$TOOL" --no-config - <noinc.cu >"$LOG/stdout" 2>"$LOG/stderr"
  rc=$?
  expect_rc 0
  expect_stderr '^<stdin>:[0-9]+:[0-9]+: note: added #include <hip/hip_runtime.h>'
  "$TOOL" check --no-config - <x.cu >"$LOG/stdout" 2>"$LOG/stderr"
  rc=$?
  expect_rc 0
  "$TOOL" --no-config -o out - <x.cu >"$LOG/stdout" 2>"$LOG/stderr"
  rc=$?
  expect_rc 2
  expect_stderr 'standard input, a pipe or a device'
  # A pipe named as a file (process substitution) is read.
  "$TOOL" --no-config <(cat x.cu) >"$LOG/stdout" 2>"$LOG/stderr"
  rc=$?
  expect_rc 0
  grep -q hipDeviceSynchronize "$LOG/stdout" || die "a pipe was not translated"
  # A named FIFO is read once, to its end, and the run ends.
  mkfifo p.cu || skip "mkfifo failed"
  timeout 60 sh -c "cat x.cu >p.cu" &
  timeout 60 "$TOOL" --no-config p.cu >"$LOG/stdout" 2>"$LOG/stderr"
  rc=$?
  wait
  [ "$rc" != 124 ] || die "a FIFO blocked the run"
  expect_rc 0
  grep -q hipDeviceSynchronize "$LOG/stdout" || die "the FIFO was not translated"
}

sc_rocm_version_unknown() {
  write_good x.cu
  t --no-config --rocm-version 99.9 x.cu
  expect_rc 2
  expect_stderr 'newer than any ROCm release the rule table knows'
  [ ! -s "$LOG/stdout" ] || die "stdout is not empty"
  t --no-config --rocm-version 6.2 x.cu
  expect_rc 0
  printf 'rocm-version: "99.9"\n' >.cu2hip.yaml
  t x.cu
  expect_rc 2
  expect_stderr 'newer than any ROCm release'
}

sc_did_you_mean() {
  write_good x.cu
  printf 'rocm-verison: "6.2"\n' >.cu2hip.yaml
  t x.cu
  expect_rc 2
  expect_stderr "unknown key 'rocm-verison'; did you mean rocm-version\\?"
  printf 'disable: [warp-mask-32bits]\n' >.cu2hip.yaml
  t x.cu
  expect_rc 2
  expect_stderr "did you mean warp-mask-32bit\\?"
  rm .cu2hip.yaml
  t --enable warp-mask-32 x.cu
  expect_rc 2
  expect_stderr "check pattern 'warp-mask-32' names no check; did you mean warp-mask-32bit\\?"
  printf 'library: mine\nfunctons:\n  cudaFoo: hipFoo\n' >r.yaml
  t --rules r.yaml x.cu
  expect_rc 2
  expect_stderr "unknown key 'functons'; did you mean functions\\?"
  printf 'library: mine\nfunctions:\n  cudaFoo: {hipp: hipFoo}\n' >r.yaml
  t --rules r.yaml x.cu
  expect_rc 2
  expect_stderr "unknown key 'hipp'; did you mean hip\\?"
}

sc_utf16_named() {
  printf '\xff\xfe' >w.cu
  printf '__global__ void k() {}\n' | iconv -f UTF-8 -t UTF-16LE >>w.cu 2>/dev/null || skip "iconv failed"
  t --no-config w.cu
  expect_rc 2
  expect_stderr 'UTF-16 \(little-endian, with a BOM\) text, not UTF-8.*iconv'
  expect_no_stderr 'binary'
  printf '__global__ void k() {}\n' | iconv -f UTF-8 -t UTF-16BE >b.cu
  t --no-config b.cu
  expect_stderr 'UTF-16 \(big-endian\) text'
}

sc_backup_failure_names_backup() {
  write_good x.cu
  cp x.cu x.before
  mkdir x.cu.orig
  t --no-config --in-place --backup=.orig x.cu
  expect_rc 2
  expect_stderr 'backup [^ ]*x\.cu\.orig not written'
  cmp -s x.cu x.before || die "x.cu was rewritten without its backup"
}

sc_control_characters_in_names() {
  name=$'bad\nfake.cu:1:1: error: forged\e[31m.cu'
  printf '\x00' >"$name"
  t --no-config -o out "$name"
  expect_rc 2
  expect_stderr 'bad\\nfake\.cu:1:1: error: forged\\x1b\[31m\.cu: error: binary file'
  ! grep -q $'\e' "$LOG/stderr" || die "an escape character reached stderr"
  expect_no_stderr '^fake\.cu'
  # Progress lines (one per file when stderr is no terminal) too.
  write_good src/a.cu
  write_good $'src/new\nline.cu'
  t --no-config -o out2 src
  expect_rc 0
  expect_stderr '\[[0-9]/2\] src/new\\nline\.cu$'
  expect_no_stderr '^line\.cu'
}

sc_stale_temporaries_removed() {
  write_good x.cu
  t --no-config -o out x.cu
  expect_rc 0
  # A dead writer's temporary (a process id that no process has), an old
  # one without a process id, a fresh one without, and one of a live process.
  dead=$(( $(cat /proc/sys/kernel/pid_max 2>/dev/null || echo 4194304) + 1 ))
  printf 'partial' >"out/.x.cu.c2h-$dead-AbCdEf"
  printf 'partial' >out/.x.cu.c2h-Zz9Yy8
  touch -d '2 hours ago' out/.x.cu.c2h-Zz9Yy8
  printf 'partial' >out/.x.cu.c2h-Qq1Ww2
  printf 'partial' >"out/.x.cu.c2h-$$-LiVe00"
  t --no-config -o out x.cu
  expect_rc 0
  [ ! -e "out/.x.cu.c2h-$dead-AbCdEf" ] || die "the dead writer's temporary is left"
  [ ! -e out/.x.cu.c2h-Zz9Yy8 ] || die "the old temporary is left"
  [ -e out/.x.cu.c2h-Qq1Ww2 ] || die "a fresh temporary (maybe a run in progress) was removed"
  [ -e "out/.x.cu.c2h-$$-LiVe00" ] || die "a live process's temporary was removed"
  # In place, beside the inputs.
  mkdir tree && write_good tree/y.cu
  printf 'partial' >"tree/.y.cu.c2h-$dead-AbCdEf"
  t --no-config --in-place tree
  expect_rc 0
  [ ! -e "tree/.y.cu.c2h-$dead-AbCdEf" ] || die "the in-place temporary is left"
}

sc_missing_input_makes_no_out() {
  t --no-config -o out missing.cu
  expect_rc 2
  expect_stderr 'missing\.cu: error: cannot read'
  [ ! -e out ] || die "out/ was made"
}

sc_man_page_renders() {
  command -v groff >/dev/null || skip "groff not found"
  groff -z -ww -man "$SRC_DIR/docs/cu2hip.1" >"$LOG/groff" 2>&1
  [ ! -s "$LOG/groff" ] || die "groff warns: $(head -3 "$LOG/groff" | tr '\n' '|')"
  # Justified text may widen the spaces between the suffixes.
  man -l "$SRC_DIR/docs/cu2hip.1" 2>/dev/null | grep -Eq '\.cpp +\.cc +\.cxx' ||
    { command -v man >/dev/null && die "the manual page loses the suffix list"; }
  :
}

scenarios=(
  stdout_named_file_alone
  tree_still_translates_parts
  stdout_several_files_refused
  cmake_module_one_output_per_file
  o_with_in_place_refused
  symlink_loop_skipped
  folder_link_is_no_file
  full_disk_on_stdout
  full_disk_report_on_stdout
  unknown_short_option_named
  help_and_version_commands
  stdin_and_pipes
  rocm_version_unknown
  did_you_mean
  utf16_named
  backup_failure_names_backup
  control_characters_in_names
  stale_temporaries_removed
  missing_input_makes_no_out
  man_page_renders
)

. "$(dirname "$0")/../lib/scenarios.sh"
run_scenarios edges "${scenarios[@]}"
[ "$failed" = 0 ]
