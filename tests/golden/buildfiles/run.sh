#!/usr/bin/env bash
# Golden tests of build-script translation.
#
# usage: run.sh DRIVER [CASE_DIR...]
#
# DRIVER is tests/unit/buildfile_driver.c built. Each case directory (all
# directories beside this script when none is given) holds:
#   CMakeLists.txt, Makefile, setup.py or another *.py  the input (exactly one)
#   expected.out                expected translation, byte for byte
#   expected.diag               expected diagnostics, byte for byte (may be empty)
#   args                        optional: driver options, one per line
#   configure                   optional: the translated CMake project (the
#                               case's other files beside it) is configured
#                               with clang++-19 as the HIP compiler
# The driver runs inside the case directory, so diagnostics name the input
# by its bare name. The expected output is then translated again and must
# come out unchanged. A Python input that compiles must give an output that
# compiles (python3 -m py_compile).
#
# UPDATE=1 rewrites expected.out and expected.diag instead of comparing; review
# the result by hand: a golden file is a claim about correct output.
#
# Exit status: 0 pass, 1 fail, 2 usage error.
set -u
if [ $# -lt 1 ]; then
  echo "usage: run.sh DRIVER [CASE_DIR...]" >&2
  exit 2
fi
driver=$1
shift
case $driver in
  /*) ;;
  *) driver=$(cd "$(dirname "$driver")" && pwd)/$(basename "$driver") ;;
esac
here=$(cd "$(dirname "$0")" && pwd)
if [ $# -eq 0 ]; then
  set -- "$here"/*/
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0

configure_check() {
  local name=$1 dir=$2 input=$3
  local cxx
  cxx=$(command -v clang++-19 || command -v clang++ || true)
  if ! command -v cmake >/dev/null || [ -z "$cxx" ]; then
    echo "SKIP $name configure: no cmake or clang++"
    return 0
  fi
  local proj=$tmp/$name-proj
  mkdir -p "$proj"
  (cd "$dir" && for f in *; do
     case $f in expected.*|args|configure|"$input") ;; *) cp -R "$f" "$proj/" ;; esac
   done)
  cp "$dir/expected.out" "$proj/CMakeLists.txt"
  local log=$tmp/$name-configure.log
  if cmake -S "$proj" -B "$proj/build" -DCMAKE_HIP_COMPILER="$cxx" -DCMAKE_HIP_PLATFORM=amd \
       >"$log" 2>&1; then
    echo "ok   $name configure (cmake $(cmake --version | head -1 | awk '{print $3}'), HIP compiler $cxx)"
  elif grep -q -e "Failed to find ROCm root directory" -e "does not contain the HIP runtime CMake package" \
         -e "HIP compiler identification is unknown" "$log"; then
    # CMake before 3.27 looks for hip-lang only under <rocm>/lib/cmake, not
    # in Debian's multiarch folder: this cmake cannot use this HIP install.
    echo "SKIP $name configure: this cmake cannot find the HIP runtime package of this machine's ROCm layout"
  else
    echo "FAIL $name: the translated project does not configure:" >&2
    cat "$log" >&2
    failed=1
  fi
}

for dir in "$@"; do
  dir=${dir%/}
  name=$(basename "$dir")
  input=
  for f in CMakeLists.txt Makefile "$dir"/*.py; do
    f=${f##*/}
    [ -f "$dir/$f" ] && input=$f
  done
  if [ -z "$input" ]; then
    echo "FAIL $name: no CMakeLists.txt, Makefile or Python script" >&2
    failed=1
    continue
  fi
  args=()
  if [ -f "$dir/args" ]; then
    while IFS= read -r line || [ -n "$line" ]; do
      [ -n "$line" ] && args+=("$line")
    done <"$dir/args"
  fi
  out=$tmp/$name.out
  diag=$tmp/$name.diag
  if ! (cd "$dir" && "$driver" "${args[@]}" "$input" >"$out" 2>"$diag"); then
    echo "FAIL $name: driver failed" >&2
    cat "$diag" >&2
    failed=1
    continue
  fi
  if [ "${UPDATE:-0}" = 1 ]; then
    cp "$out" "$dir/expected.out"
    cp "$diag" "$dir/expected.diag"
    echo "updated $name"
    continue
  fi
  ok=1
  if ! cmp -s "$out" "$dir/expected.out"; then
    echo "FAIL $name: output differs from expected.out:" >&2
    diff -u "$dir/expected.out" "$out" >&2
    ok=0
  fi
  if ! cmp -s "$diag" "$dir/expected.diag"; then
    echo "FAIL $name: diagnostics differ from expected.diag:" >&2
    diff -u "$dir/expected.diag" "$diag" >&2
    ok=0
  fi
  # Translating the output again changes nothing.
  mkdir -p "$tmp/again-$name"
  cp "$dir/expected.out" "$tmp/again-$name/$input"
  if ! (cd "$tmp/again-$name" && "$driver" "${args[@]}" "$input" >"$tmp/$name.again" 2>/dev/null) ||
     ! cmp -s "$tmp/$name.again" "$dir/expected.out"; then
    echo "FAIL $name: translating expected.out again changes it:" >&2
    diff -u "$dir/expected.out" "$tmp/$name.again" >&2
    ok=0
  fi
  # A translated Python script is valid Python wherever its input is (a
  # half-rewritten line, a lost indentation): python3 -m py_compile.
  case $input in
    *.py)
      if command -v python3 >/dev/null &&
         PYTHONPYCACHEPREFIX=$tmp/pycache python3 -m py_compile "$dir/$input" 2>/dev/null; then
        cp "$out" "$tmp/compile-$name.py"
        if ! PYTHONPYCACHEPREFIX=$tmp/pycache python3 -m py_compile "$tmp/compile-$name.py" 2>"$tmp/$name.pyc.log"; then
          echo "FAIL $name: the translated script is not valid Python:" >&2
          cat "$tmp/$name.pyc.log" >&2
          ok=0
        fi
      fi
      ;;
  esac
  if [ $ok = 1 ]; then
    echo "ok   $name"
    if [ -f "$dir/configure" ] && [ "$input" = CMakeLists.txt ]; then
      configure_check "$name" "$dir" "$input"
    fi
  else
    failed=1
  fi
done
exit $failed
