#!/usr/bin/env bash
# A whole CUDA project (tests/project/src: nested folders, headers shared by
# several sources, a symbolic link, compile_commands.json, CMakeLists.txt,
# a Makefile, a data file) through `cu2hip -o OUT -p src --rename src`:
#   - the output tree and the diagnostics equal tests/project/expected
#     (UPDATE=1 rewrites them);
#   - the translated sources compile for gfx942;
#   - --jobs 1 and --jobs 2 write the same bytes and report the same;
#   - the database's files alone (no PATH) bring the headers they include;
#   - incremental runs: an unchanged re-run redoes nothing, touching one
#     header redoes exactly the files that include it, and the result equals
#     a fresh run; an output edited by hand is kept and reported
#     (output-edited), also when its input changed and with --no-incremental,
#     and --overwrite-edited makes it again;
#   - OUT inside SRC, a link leading outside the tree, an unreadable file.
#   usage: project_test.sh CU2HIP
set -u
cu2hip=$(realpath "$1")
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'chmod -R u+rwX "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
pass() { echo "ok: $*"; }

# Files of a tree with their kind and content digest (links by target).
tree_listing() {
  (cd "$1" && find . -path ./.cu2hip-cache.json -prune -o \( -type f -o -type l \) -print | LC_ALL=C sort |
    while read -r f; do
      if [ -L "$f" ]; then echo "$f -> $(readlink "$f")"; else echo "$f $(stat -c %a "$f") $(md5sum < "$f" | cut -c1-32)"; fi
    done)
}

# Up-to-date flags of the files of a JSON project report: "path up_to_date".
report_flags() {
  python3 -c 'import json,sys
for f in sorted(json.load(open(sys.argv[1]))["files"], key=lambda f: f["path"]):
    print(f["path"], "reused" if f["up_to_date"] else "redone")' "$1"
}

cd "$here"
tree_listing src > "$tmp/inputs.before"
# ---- golden -------------------------------------------------------------
out=$tmp/golden
"$cu2hip" -q -o "$out" -p src --rename --no-incremental --output "$tmp/golden.diags" src
rc=$?
[ $rc -eq 0 ] || fail "golden run exit code $rc (want 0: warnings only)"
if [ "${UPDATE:-0}" = 1 ]; then
  rm -rf "$here/expected" && mkdir -p "$here/expected"
  cp -a "$out" "$here/expected/tree" && rm -f "$here/expected/tree/.cu2hip-cache.json"
  cp "$tmp/golden.diags" "$here/expected/diagnostics.txt"
  echo "updated $here/expected"
fi
if diff -r --no-dereference -x .cu2hip-cache.json "$here/expected/tree" "$out" >"$tmp/d" &&
   [ "$(tree_listing "$here/expected/tree" | sed 's/ [0-7]* / /')" = "$(tree_listing "$out" | sed 's/ [0-7]* / /')" ]; then
  pass "output tree equals expected/tree"
else
  fail "output tree differs from expected/tree"; head -40 "$tmp/d"
fi
if diff -u "$here/expected/diagnostics.txt" "$tmp/golden.diags"; then pass "diagnostics equal expected"; else fail "diagnostics differ"; fi
for f in include/vecsum.hpp; do
  [ -L "$out/$f" ] && [ -f "$out/$f" ] || fail "$f is not a working link in the output"
done

# ---- gfx942 -------------------------------------------------------------
if HIP_CXXFLAGS="-I$out/include -I$out/app -DBLOCK=256" sh "$here/../compile/hip_compile.sh" \
     "$out/kernels/reduce.hip" "$out/kernels/scale.hip" "$out/app/main.cpp" >"$tmp/compile.log" 2>&1; then
  pass "translated sources compile for gfx942"
else
  rc=$?
  if [ $rc -eq 2 ]; then echo "skip: no HIP compiler for gfx942"; cat "$tmp/compile.log"; skip_gfx942=1
  else fail "translated sources do not compile for gfx942"; cat "$tmp/compile.log"; fi
fi

# ---- --verify -----------------------------------------------------------
if [ -z "${skip_gfx942:-}" ]; then
  "$cu2hip" -o "$tmp/verify" -p src --rename --verify --output "$tmp/verify.diags" src 2>"$tmp/verify.summary"
  rc=$?
  grep -q "3 sources checked by --verify: 3 compiled, 0 up to date, 0 failed" "$tmp/verify.summary" && [ $rc -eq 0 ] &&
    ! grep -q compile-error "$tmp/verify.diags" && pass "--verify: the translated project compiles for gfx942" ||
    { fail "--verify on the good project (exit $rc)"; cat "$tmp/verify.summary" "$tmp/verify.diags"; }
  # Progress: the compiles are a phase of their own, with their own count.
  grep -q '^cu2hip: verify: 3 files$' "$tmp/verify.summary" &&
    [ "$(grep -c '^cu2hip: verify \[[1-3]/3\] ' "$tmp/verify.summary")" = 3 ] &&
    pass "--verify: its progress is a phase of its own" ||
    { fail "--verify progress phase"; grep '^cu2hip: ' "$tmp/verify.summary"; }
  broken=$tmp/broken
  cp -a src "$broken"
  sed -i 's|x\[i\] \*= a;|x[i] *= a * not_declared_anywhere;|' "$broken/kernels/scale.cu"
  "$cu2hip" -q -o "$tmp/broken-out" -p "$broken" --rename --verify --output "$tmp/broken.diags" "$broken"
  rc=$?
  # The line in the translated file (an added #include moves it down).
  line=$(grep -n not_declared_anywhere "$tmp/broken-out/kernels/scale.hip" | cut -d: -f1)
  if [ $rc -eq 1 ] && grep -q "broken-out/kernels/scale.hip:$line:[0-9]*: error: use of undeclared identifier 'not_declared_anywhere'.*\[compile-error\]" "$tmp/broken.diags"; then
    pass "--verify: a compile error is a compile-error diagnostic at the translated line, exit 1"
  else
    fail "--verify on a broken file (exit $rc)"; cat "$tmp/broken.diags"
  fi

  # Incremental: what compiled and did not change since is not compiled again.
  "$cu2hip" -o "$tmp/verify" -p src --rename --verify --output "$tmp/verify2.diags" src 2>"$tmp/verify2.summary"
  rc=$?
  grep -q "3 sources checked by --verify: 0 compiled, 3 up to date, 0 failed" "$tmp/verify2.summary" && [ $rc -eq 0 ] &&
    ! grep -q compile-error "$tmp/verify2.diags" && pass "--verify again: nothing changed, nothing compiled" ||
    { fail "--verify again (exit $rc)"; cat "$tmp/verify2.summary"; }
  # A header's input edited: only the sources including it compile again.
  inc=$tmp/vinc
  cp -a src "$inc"
  "$cu2hip" -o "$tmp/vinc-out" -p "$inc" --rename --verify --output /dev/null "$inc" 2>/dev/null
  printf '/* edited */\n' >>"$inc/kernels/reduce.cuh"
  "$cu2hip" -o "$tmp/vinc-out" -p "$inc" --rename --verify --output /dev/null "$inc" 2>"$tmp/vinc.summary"
  grep -q "3 sources checked by --verify: 2 compiled, 1 up to date, 0 failed" "$tmp/vinc.summary" &&
    pass "--verify: a changed header recompiles its two includers only" ||
    { fail "--verify after a header edit"; cat "$tmp/vinc.summary"; }
  "$cu2hip" -o "$tmp/vinc-out" -p "$inc" --rename --verify --no-incremental --output /dev/null "$inc" 2>"$tmp/vinc2.summary"
  grep -q "3 sources checked by --verify: 3 compiled, 0 up to date, 0 failed" "$tmp/vinc2.summary" &&
    pass "--verify --no-incremental compiles everything" ||
    { fail "--verify --no-incremental"; cat "$tmp/vinc2.summary"; }
  # A compile that failed is not remembered: its error comes back.
  "$cu2hip" -o "$tmp/broken-out" -p "$broken" --rename --verify --output "$tmp/broken2.diags" "$broken" 2>"$tmp/broken2.summary"
  rc=$?
  if [ $rc -eq 1 ] && grep -q "2 up to date, 1 failed" "$tmp/broken2.summary" &&
     grep -q "scale.hip:$line:[0-9]*: error: use of undeclared identifier 'not_declared_anywhere'" "$tmp/broken2.diags"; then
    pass "--verify again: a compile error is reported again, exit 1"
  else
    fail "--verify again on a broken file (exit $rc)"; cat "$tmp/broken2.summary" "$tmp/broken2.diags"
  fi
fi

# ---- jobs ---------------------------------------------------------------
"$cu2hip" -q -j1 -o "$tmp/j1" -p src --rename --no-incremental --format jsonl --output "$tmp/j1.jsonl" src
"$cu2hip" -q -j2 -o "$tmp/j2" -p src --rename --no-incremental --format jsonl --output "$tmp/j2.jsonl" src
if diff -r --no-dereference -x .cu2hip-cache.json "$tmp/j1" "$tmp/j2" >/dev/null && cmp -s "$tmp/j1.jsonl" "$tmp/j2.jsonl"; then
  pass "--jobs 1 and --jobs 2: same outputs and diagnostics"
else
  fail "--jobs 1 and --jobs 2 differ"
fi

# ---- the database's files as inputs --------------------------------------
"$cu2hip" -q -o "$tmp/dbonly" -p src/compile_commands.json --output "$tmp/dbonly.diags"
for f in kernels/reduce.cu kernels/scale.cu app/main.cpp include/common/check.cuh include/common/config.h \
         kernels/reduce.cuh kernels/scale.cuh app/cli/options.h; do
  [ -f "$tmp/dbonly/$f" ] || fail "-p alone: $f missing from the output"
done
[ ! -e "$tmp/dbonly/data/weights.csv" ] || fail "-p alone: files outside the database and its includes were copied"
grep -q "compile_commands.json:17:3: warning: kernels/legacy.cu: no such file \[compile-database\]" "$tmp/dbonly.diags" ||
  fail "-p alone: the missing database entry is not reported at its line"
cmp -s "$tmp/dbonly/kernels/reduce.cu" <(sed 's/reduce\.hpp/reduce.cuh/; s/check\.hpp/check.cuh/' "$out/kernels/reduce.hip") ||
  fail "-p alone: kernels/reduce.cu differs from the golden translation (names aside)"
pass "-p with no PATH translates the database's files and the headers they include"

# ---- incremental --------------------------------------------------------
work=$tmp/inc
cp -a src "$work"
run_inc() { "$cu2hip" -q -o "$tmp/inc-out" -p "$work" --rename --report "$tmp/$1.json" --output "$tmp/$1.diags" "$work"; }
run_inc first
run_inc second
if [ -z "$(report_flags "$tmp/second.json" | grep redone)" ] && cmp -s "$tmp/first.diags" "$tmp/second.diags"; then
  pass "unchanged re-run: nothing redone, same diagnostics"
else
  fail "unchanged re-run redid files or changed diagnostics"; report_flags "$tmp/second.json" | grep redone
fi
echo "// the block size is a multiple of 64 on gfx942" >> "$work/kernels/reduce.cuh"
run_inc third
redone=$(report_flags "$tmp/third.json" | grep redone | sed "s|^$work/||; s| redone||" | tr '\n' ' ')
if [ "$redone" = "app/main.cpp kernels/reduce.cu kernels/reduce.cuh " ]; then
  pass "touching kernels/reduce.cuh redid exactly: $redone"
else
  fail "touching kernels/reduce.cuh redid: '$redone' (want app/main.cpp kernels/reduce.cu kernels/reduce.cuh)"
fi
"$cu2hip" -q -o "$tmp/inc-fresh" -p "$work" --rename --no-incremental --output "$tmp/fresh.diags" "$work"
if diff -r -x .cu2hip-cache.json "$tmp/inc-fresh" "$tmp/inc-out" >/dev/null && cmp -s "$tmp/fresh.diags" "$tmp/third.diags"; then
  pass "incremental result equals a fresh run"
else
  fail "incremental result differs from a fresh run"
fi
rm "$tmp/inc-out/kernels/scale.hip"
run_inc fourth
[ -f "$tmp/inc-out/kernels/scale.hip" ] && [ "$(report_flags "$tmp/fourth.json" | grep -c redone)" = 1 ] &&
  pass "a deleted output is made again (and only it)" || fail "a deleted output was not made again alone"

# ---- outputs edited by hand ---------------------------------------------
edited_out=$tmp/inc-out/kernels/reduce.hip
echo "// tuned by hand" >> "$edited_out"
edit_kept() { [ "$(tail -n 1 "$edited_out")" = "// tuned by hand" ]; }
run_inc fifth
rc=$?
want="$work/kernels/reduce.cu: warning: $edited_out was edited since cu2hip wrote it; it is kept as it is (to translate it again, delete it or run with --overwrite-edited) [output-edited]"
if [ $rc -eq 0 ] && edit_kept && grep -qxF "$want" "$tmp/fifth.diags" &&
   python3 -c 'import json,sys
r = json.load(open(sys.argv[1]))
st = {f["path"]: f["status"] for f in r["files"]}
sys.exit(0 if st[sys.argv[2]] == "edited" and r["totals"]["files_kept_edited"] == 1 else 1)' "$tmp/fifth.json" "$work/kernels/reduce.cu"; then
  pass "an edited output is kept, reported as output-edited (exit 0) and marked edited in the report"
else
  fail "an edited output (exit code $rc, want 0):"; grep output-edited "$tmp/fifth.diags"
fi
"$cu2hip" -q -o "$tmp/inc-out" -p "$work" --rename --fail-on warning "$work" 2>/dev/null
rc=$?
[ $rc -eq 1 ] && edit_kept && pass "--fail-on warning: an edited output exits 1" ||
  fail "--fail-on warning with an edited output: exit code $rc (want 1)"
echo "// a change of the input" >> "$work/kernels/reduce.cu"
run_inc sixth
"$cu2hip" -q -o "$tmp/inc-out" -p "$work" --rename --no-incremental --output "$tmp/seventh.diags" "$work"
if edit_kept && grep -q "reduce.hip was edited since cu2hip wrote it; it is kept as it is, although this input changed" \
     "$tmp/sixth.diags" && grep -q "reduce.hip was edited since .*\[output-edited\]" "$tmp/seventh.diags"; then
  pass "an edited output is kept when its input changed too (said so), and by --no-incremental"
else
  fail "an edited output was lost or not reported after an input change or with --no-incremental"
fi
"$cu2hip" -q -o "$tmp/inc-out" -p "$work" --rename --overwrite-edited --output "$tmp/eighth.diags" "$work"
"$cu2hip" -q -o "$tmp/inc-fresh2" -p "$work" --rename --no-incremental "$work" 2>/dev/null
if ! edit_kept && ! grep -q output-edited "$tmp/eighth.diags" &&
   diff -r -x .cu2hip-cache.json "$tmp/inc-fresh2" "$tmp/inc-out" >/dev/null; then
  pass "--overwrite-edited translates it again: the output equals a fresh run"
else
  fail "--overwrite-edited did not redo the edited output"
fi
run_inc ninth
[ -z "$(report_flags "$tmp/ninth.json" | grep redone)" ] && ! grep -q output-edited "$tmp/ninth.diags" &&
  pass "after --overwrite-edited, a re-run redoes nothing and reports no edit" ||
  fail "a re-run after --overwrite-edited redid files or reported an edit"

# ---- OUT inside SRC -----------------------------------------------------
inside=$tmp/inside
cp -a src "$inside"
"$cu2hip" -q -o "$inside/hip" -p "$inside" --rename "$inside" 2>/dev/null
"$cu2hip" -q -o "$inside/hip" -p "$inside" --rename --no-incremental "$inside" 2>/dev/null
if [ -f "$inside/hip/kernels/reduce.hip" ] && [ ! -e "$inside/hip/hip" ]; then
  pass "OUT inside SRC: translated, and the output is never walked"
else
  fail "OUT inside SRC"
fi

# ---- a link leading outside the tree; an unreadable file ------------------
edge=$tmp/edge
cp -a src "$edge"
echo "secret" > "$tmp/outside.txt"
ln -s "$tmp/outside.txt" "$edge/data/outside.txt"
ln -s loop-b "$edge/data/loop-a" && ln -s loop-a "$edge/data/loop-b"
"$cu2hip" -q -o "$tmp/edge-out" "$edge" --output "$tmp/edge.diags"
grep -q "data/outside.txt: warning: symbolic link not followed: it leads outside the input tree" "$tmp/edge.diags" &&
  [ ! -e "$tmp/edge-out/data/outside.txt" ] && pass "a link leading outside the tree is refused" ||
  fail "a link leading outside the tree was not refused with a diagnostic"
grep -q "data/loop-a: warning: symbolic link not followed: it leads into a loop" "$tmp/edge.diags" &&
  pass "a link loop is reported" || fail "a link loop was not reported"
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null; then
  as_user() { setpriv --reuid=65534 --regid=65534 --clear-groups "$@"; }
else
  as_user() { "$@"; }
fi
chmod -R a+rwX "$tmp"
chmod 000 "$edge/kernels/scale.cu"
if as_user test -r "$edge/kernels/scale.cu"; then
  echo "skip: cannot make a file unreadable here"
else
  as_user "$cu2hip" -q -o "$tmp/edge-out2" "$edge" --output "$tmp/edge2.diags"
  rc=$?
  [ $rc -eq 2 ] || fail "unreadable file: exit code $rc (want 2)"
  grep -q "kernels/scale.cu: error: cannot open: Permission denied \[input-error\]" "$tmp/edge2.diags" ||
    grep -q "kernels/scale.cu: error: .*Permission denied" "$tmp/edge2.diags" || fail "unreadable file: no input-error"
  [ -f "$tmp/edge-out2/kernels/reduce.cu" ] && pass "unreadable file reported; the other files translated" ||
    fail "unreadable file stopped the run"
fi
chmod 644 "$edge/kernels/scale.cu"

tree_listing src > "$tmp/inputs.after"
cmp -s "$tmp/inputs.before" "$tmp/inputs.after" && pass "the inputs were not modified" || fail "the inputs were modified"

[ $failures -eq 0 ] || { echo "$failures failure(s)"; exit 1; }
echo "all project checks passed"
