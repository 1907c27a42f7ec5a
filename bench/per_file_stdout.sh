#!/usr/bin/env bash
# One output per named file, measured on real code: translate every source
# of a tree one file at a time to stdout (`cu2hip FILE > OUT/FILE`, as
# cmake/cu2hip.cmake does), then compile for gfx942 the files that
# `#include` a part (`#include "kernel.cu"`) and are not themselves included,
# and count the failures, and the redefinition errors among them (what a
# translation that carried its parts would give).
#
# usage: bench/per_file_stdout.sh [--cu2hip PATH] [--out DIR] TREE [SUBDIR...]
#
#   TREE      the code base (e.g. the Rodinia corpus's cuda/ folder)
#   SUBDIR    only these folders of TREE [default: all]
#   --cu2hip  the binary [default: build/cu2hip]
#   --out     where the translated mirror and logs go [default: a temporary folder]
#
# A measurement, not a test: exits 0 whatever the numbers are (2 for bad
# arguments or a missing tool). Compiles with tests/compile/hip_compile.sh.
set -u
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
tool=$here/../build/cu2hip
out=
while [ $# -gt 0 ]; do
  case $1 in
    --cu2hip) tool=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    -h|--help) sed -n '2,17p' "$0"; exit 0 ;;
    *) break ;;
  esac
done
[ $# -ge 1 ] && [ -d "$1" ] || { echo "usage: per_file_stdout.sh [--cu2hip PATH] [--out DIR] TREE [SUBDIR...]" >&2; exit 2; }
[ -x "$tool" ] || { echo "per_file_stdout.sh: $tool is not executable" >&2; exit 2; }
tool=$(cd "$(dirname "$tool")" && pwd)/$(basename "$tool")
tree=$(cd "$1" && pwd)
shift
[ -n "$out" ] || out=$(mktemp -d "${TMPDIR:-/tmp}/per-file-stdout.XXXXXX")
mkdir -p "$out"
out=$(cd "$out" && pwd)
cd "$tree" || exit 2
dirs=("$@")
[ ${#dirs[@]} -gt 0 ] || dirs=(.)
cp -r . "$out/mirror" && chmod -R u+w "$out/mirror"
: >"$out/translate.log"
find "${dirs[@]}" -type f \( -name '*.cu' -o -name '*.cuh' -o -name '*.h' -o -name '*.c' -o -name '*.cpp' \) | sort |
  while IFS= read -r f; do
    if "$tool" -q --fail-on=never "$f" >"$out/mirror/$f.tmp" 2>>"$out/translate.log"; then
      mv "$out/mirror/$f.tmp" "$out/mirror/$f"
    else
      echo "translate failed: $f" >>"$out/translate.log"
      rm -f "$out/mirror/$f.tmp"
    fi
  done
: >"$out/mains"
grep -rlE --include='*.cu' --include='*.cpp' '^\s*#\s*include\s*"[^"]+\.(cu|c|cpp)"' "${dirs[@]}" | sort |
  while IFS= read -r f; do
    b=$(basename "$f")
    top=${f#./}
    top=${top%%/*}
    grep -rqE --include='*.cu' --include='*.c' --include='*.cpp' --include='*.h' \
      "^\s*#\s*include\s*\"([^\"]*/)?$b\"" "$top" || echo "$f" >>"$out/mains"
  done
cd "$out/mirror" || exit 2
# shellcheck disable=SC2046
"$here/../tests/compile/hip_compile.sh" --arch gfx942 $(cat "$out/mains") >"$out/compile.log" 2>&1
echo "files that include parts: $(wc -l <"$out/mains"); compiled: $(grep -c '^ok' "$out/compile.log"); failed: $(grep -c '^FAILED' "$out/compile.log"); redefinition errors: $(grep -c 'redefinition of' "$out/compile.log"); part-untranslated notes: $(grep -c 'part-untranslated' "$out/translate.log")"
echo "logs in $out"
exit 0
