#!/usr/bin/env bash
# `cmake --install` gives a usable package: a consumer project finds
# cu2hip with find_package, links the library, and translates sources at
# build time with cu2hip_translate(), redoing only the files that changed.
#   usage: install_test.sh SOURCE_DIR
set -u
src=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { echo "ok $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1: $2"; fail=$((fail + 1)); }

if cmake -S "$src" -B "$tmp/build" -DCU2HIP_BUILD_TESTS=OFF -DCMAKE_BUILD_TYPE=Release \
     -DCMAKE_INSTALL_PREFIX="$tmp/prefix" > "$tmp/log" 2>&1 &&
   cmake --build "$tmp/build" -j 2 >> "$tmp/log" 2>&1 && cmake --install "$tmp/build" >> "$tmp/log" 2>&1; then
  ok install
else
  bad install "$(tail -5 "$tmp/log")"
fi
for f in bin/cu2hip lib/cmake/cu2hip/cu2hipConfig.cmake lib/cmake/cu2hip/cu2hip.cmake share/man/man1/cu2hip.1 \
         include/cu2hip/cu2hip.h share/cu2hip/rules/cuda-runtime.yaml share/doc/cu2hip/checks.md; do
  [ -e "$tmp/prefix/$f" ] || bad installed-files "missing $f"
done
[ "$fail" = 0 ] && ok installed-files

# Reports link to the installed documentation, which is there.
printf '__device__ int f(int v, unsigned m) { return __shfl_xor_sync(m, v, 1); }\n' > "$tmp/w.cu"
links=$("$tmp/prefix/bin/cu2hip" check --no-config --format=sarif "$tmp/w.cu" 2>/dev/null |
  python3 -c 'import json,sys; d=json.load(sys.stdin); print("\n".join(sorted({r["helpUri"].split("#")[0] for r in d["runs"][0]["tool"]["driver"]["rules"]})))')
if [ "$links" = "file://$tmp/prefix/share/doc/cu2hip/checks.md" ] && [ -f "$tmp/prefix/share/doc/cu2hip/checks.md" ]; then
  ok help-links-installed
else
  bad help-links-installed "helpUri bases: $links"
fi

# A consumer project.
mkdir -p "$tmp/app/src"
cp "$src/examples/vector_add.cu" "$src/examples/matmul_tiled.cu" "$tmp/app/src/"
cat > "$tmp/app/main.c" <<'C'
#include <cu2hip/cu2hip.h>
#include <stdio.h>
int main(void) { printf("%s\n", c2h_version_string()); return 0; }
C
cat > "$tmp/app/CMakeLists.txt" <<'CM'
cmake_minimum_required(VERSION 3.20)
project(app LANGUAGES C)
find_package(cu2hip REQUIRED)
add_executable(app main.c)
target_link_libraries(app PRIVATE cu2hip::cu2hip)
cu2hip_translate(hip_sources SOURCES src/vector_add.cu src/matmul_tiled.cu ROCM_VERSION 6.2)
add_custom_target(translated ALL DEPENDS ${hip_sources})
CM
if cmake -S "$tmp/app" -B "$tmp/app/build" -DCMAKE_PREFIX_PATH="$tmp/prefix" > "$tmp/log" 2>&1 &&
   cmake --build "$tmp/app/build" >> "$tmp/log" 2>&1; then
  ok consumer-builds
else
  bad consumer-builds "$(tail -8 "$tmp/log")"
fi
out=$tmp/app/build/hip/src
if [ "$("$tmp/app/build/app" 2>/dev/null)" = "$("$tmp/prefix/bin/cu2hip" --version | cut -d' ' -f2)" ]; then
  ok consumer-links-library
else
  bad consumer-links-library "the program did not print the library version"
fi
if grep -q 'hip/hip_runtime.h' "$out/vector_add.cu" 2>/dev/null && grep -q hipMalloc "$out/matmul_tiled.cu" 2>/dev/null; then
  ok translated-at-build-time
else
  bad translated-at-build-time "no translated sources in $out"
fi
# Only the changed source is translated again.
sleep 1
touch "$tmp/app/src/vector_add.cu"
cmake --build "$tmp/app/build" > "$tmp/log" 2>&1
if grep -q 'translating src/vector_add.cu' "$tmp/log" && ! grep -q 'translating src/matmul_tiled.cu' "$tmp/log"; then
  ok incremental
else
  bad incremental "$(grep translating "$tmp/log" | tr '\n' ' ')"
fi
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
