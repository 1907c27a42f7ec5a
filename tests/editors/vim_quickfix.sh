#!/usr/bin/env bash
# A real editor consuming cu2hip's text output: Vim (in Ex mode, no user
# configuration) loads it into the quickfix list with the 'errorformat'
# documented in docs/editors.md, and every entry must carry the file, line,
# column, type and message of a diagnostic cu2hip reported.
#
# usage: vim_quickfix.sh CU2HIP EDITORS_MD
# Exit status: 0 pass, 1 fail, 77 skipped (no vim).
set -u
tool=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
doc=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
vim=$(command -v vim || command -v nvim) || { echo "skip: vim is not installed"; exit 77; }

fail() {
  echo "FAIL vim-quickfix: $*"
  exit 1
}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/c2h-vim.XXXXXX") || fail "mktemp"
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || fail "cd"

# The documented setting, as written in docs/editors.md.
efm_line=$(grep -m1 -E '^(set|setlocal) errorformat=' "$doc") || fail "no errorformat line in $doc"
printf '%s\n' "${efm_line/setlocal/set}" >efm.vim

mkdir -p "src dir"
cat >"src dir/kernels.cu" <<'CU'
#include <cuda_runtime.h>
__device__ float down(float v, unsigned mask) { return __shfl_down_sync(mask, v, 1); }
void reset() { cudaCtxResetPersistingL2Cache(); }
void link(cudaStream_t s, cudaStreamCaptureStatus *st) { cudaStreamGetCaptureInfo(s, st); }
CU
"$tool" check --no-config --rocm-version 6.2 "src dir/kernels.cu" missing.cu 2>report.txt
rc=$?
[ "$rc" = 2 ] || fail "exit code $rc, want 2 (the missing input)"

# What the entries must be, from cu2hip's own lines: file|line|col|type|text.
sed -nE \
  -e 's/^(.+):([0-9]+):([0-9]+): (error|warning|note): (.*)$/\1|\2|\3|\4|\5/p' \
  -e 's/^([^:]+): (error|warning|note): (.*)$/\1|0|0|\2|\3/p' report.txt |
  awk -F'|' 'BEGIN { OFS = "|" } { $4 = substr($4, 1, 1); print }' >want.txt
grep -q '|w|' want.txt && grep -q '|e|' want.txt && grep -q '|n|' want.txt && grep -q '^missing.cu|0|0|e|' want.txt ||
  fail "the report lacks a warning, an error, a note or a positionless error: $(cat report.txt)"
grep -q '^cu2hip: ' report.txt || fail "no summary line to ignore"

"$vim" -Nu NONE -i NONE -es \
  -c 'source efm.vim' \
  -c 'cgetfile report.txt' \
  -c 'call writefile(map(filter(getqflist(), "v:val.valid"), "bufname(v:val.bufnr).\"|\".v:val.lnum.\"|\".v:val.col.\"|\".v:val.type.\"|\".v:val.text"), "got.txt")' \
  -c 'call writefile([len(getqflist())], "count.txt")' \
  -c 'qa!' </dev/null >/dev/null 2>&1
[ -f got.txt ] || fail "vim wrote no quickfix entries"
if ! diff -u --label expected --label "vim quickfix" want.txt got.txt; then
  fail "the quickfix list differs from the diagnostics"
fi
# Every quickfix item is a diagnostic: the summary line left nothing behind.
[ "$(cat count.txt)" = "$(wc -l <want.txt)" ] || fail "$(cat count.txt) quickfix items for $(wc -l <want.txt) diagnostics"
echo "ok vim-quickfix ($(wc -l <got.txt) entries)"
