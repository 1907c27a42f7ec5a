#!/usr/bin/env bash
# `cu2hip doctor`: the report on this machine (text and JSON), environment
# variables that disagree with the target, another architecture, a PATH
# without compilers, stand-in compilers (to pin the verdict down), usage
# errors, that the compile probes leave nothing behind, and the PyTorch
# checks of --pytorch (with stand-in torch and triton packages).
#
# usage: doctor_test.sh CU2HIP
#
# All doctor runs start at once (the compile probes are the slow part), then
# each scenario is checked and prints `ok NAME` or `FAIL NAME: reason`; the
# last line is `N passed, M failed`. Exit status 1 if any scenario failed.
set -u

if [ $# -ne 1 ]; then
  echo "usage: doctor_test.sh CU2HIP" >&2
  exit 2
fi
TOOL=$1
case $TOOL in
  /*) ;;
  */*) TOOL=$(cd "$(dirname "$TOOL")" && pwd)/$(basename "$TOOL") ;;
  *) TOOL=$(command -v "$TOOL") || { echo "doctor_test.sh: '$1' not found" >&2; exit 2; } ;;
esac
if [ ! -x "$TOOL" ]; then
  echo "doctor_test.sh: '$TOOL' is not executable" >&2
  exit 2
fi
PYTHON=$(command -v python3 || true)
# HIP 6.3 headers of the test fixtures, when present (docs/fixtures.md).
SRC=$(cd "$(dirname "$0")/../.." && pwd)
ROCM63=${CU2HIP_FIXTURES:-/var/cache/cu2hip-fixtures}/rocm-6.3

work=$(mktemp -d "${TMPDIR:-/tmp}/doctor_test.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/empty-bin" "$work/stub-bin" "$work/tmp-90a" "$work/tmp-nocc" "$work/tmp-stub" "$work/tmp-rel" \
  "$work/tmp-examples" "$work/rel/libs" "$work/examples/bin/device-libs"
# Stand-in device-library folders: one named relative to the current
# folder, one beside a copy of the binary, where scripts/run-examples.sh
# makes build/device-libs (beside build/cu2hip).
for d in "$work/rel/libs" "$work/examples/bin/device-libs"; do
  : >"$d/ocml.bc"
  : >"$d/oclc_isa_version_942.bc"
done
cp "$TOOL" "$work/examples/bin/cu2hip"

# Stand-in compilers, so that most runs are fast and their verdict known: a
# hipcc that builds anything (and logs its arguments to $STUB_LOG), a
# clang++-19 that rejects every architecture.
cat >"$work/stub-bin/hipcc" <<'EOF'
#!/bin/sh
if [ -n "${STUB_LOG:-}" ]; then echo "$*" >>"$STUB_LOG"; fi
prev=
for a in "$@"; do
  if [ "$a" = --version ]; then echo "HIP version: 6.2.41133-stub"; exit 0; fi
  if [ "$prev" = -o ]; then : >"$a"; fi
  prev=$a
done
exit 0
EOF
cat >"$work/stub-bin/clang++-19" <<'EOF'
#!/bin/sh
case " $* " in *" --version "*) echo "Stub clang version 19.0.0"; exit 0 ;; esac
echo "clang++-19: error: invalid target ID 'gfx942'; format is a processor name" >&2
exit 1
EOF
chmod +x "$work/stub-bin/hipcc" "$work/stub-bin/clang++-19"

# launch NAME [VAR=VALUE...] -- ARGS...: runs `cu2hip doctor ARGS` in the
# background with the variables set; NAME.out, NAME.err, NAME.rc.
launch() {
  local name=$1
  shift
  local vars=()
  while [ "$1" != -- ]; do vars+=("$1"); shift; done
  shift
  (env "${vars[@]}" "$TOOL" doctor "$@" >"$work/$name.out" 2>"$work/$name.err"
   echo $? >"$work/$name.rc") &
}

launch text -- 
launch json -- --format json
launch arch90a "PATH=$work/stub-bin" "TMPDIR=$work/tmp-90a" "STUB_LOG=$work/arch90a.log" -- --offload-arch gfx90a
launch nocc "PATH=$work/empty-bin" "TMPDIR=$work/tmp-nocc" --
launch nvidia "PATH=$work/stub-bin" HIP_PLATFORM=nvidia --
launch hsa "PATH=$work/stub-bin" HSA_OVERRIDE_GFX_VERSION=11.0.0 --
launch rocmpath "PATH=$work/stub-bin" ROCM_PATH=/nonexistent --
# An installation older than gfx942 (ROCm 6.0), named by $HIP_PATH: what
# --rocm-version auto would target, and the warning a translation prints.
mkdir -p "$work/oldhip/include/hip"
printf '#define HIP_VERSION_MAJOR 5\n#define HIP_VERSION_MINOR 2\n#define HIP_VERSION_PATCH 7\n' \
  >"$work/oldhip/include/hip/hip_version.h"
: >"$work/oldhip/include/hip/hip_runtime.h"
launch oldhip "PATH=$work/stub-bin" ROCM_PATH= "HIP_PATH=$work/oldhip" --
launch stub "PATH=$work/stub-bin" "TMPDIR=$work/tmp-stub" -- --format json
# A relative --device-lib-path, resolved against the current folder.
(cd "$work/rel" && launch rel "PATH=$work/stub-bin" "TMPDIR=$work/tmp-rel" -- --format json --device-lib-path libs &&
  wait) &
(TOOL=$work/examples/bin/cu2hip && launch examples "PATH=$work/stub-bin" "TMPDIR=$work/tmp-examples" -- && wait) &
if [ -d "$ROCM63/include/hip" ]; then
  launch hippath "PATH=$work/stub-bin" ROCM_PATH=/usr -- --format json --hip-path "$ROCM63"
  launch rocmenv "PATH=$work/stub-bin" "ROCM_PATH=$ROCM63" -- --format json
fi
# PyTorch (--pytorch): stand-in torch and triton packages on PYTHONPATH, so
# that the ROCm-build paths are tested without a ROCm PyTorch (and without
# Debian's CPU-only python3-torch): the build kind, architectures and Triton
# backends come from FAKE_* variables.
mkdir -p "$work/fake/torch/utils" "$work/fake/triton" "$work/broken/torch"
cat >"$work/fake/torch/__init__.py" <<'EOF'
import os
__version__ = "2.5.0+fake"
class version:
    hip = os.environ.get("FAKE_TORCH_HIP") or None
    cuda = os.environ.get("FAKE_TORCH_CUDA") or None
class _C:
    @staticmethod
    def _cuda_getArchFlags():
        return os.environ.get("FAKE_TORCH_ARCHS", "gfx90a gfx942")
class cuda:
    @staticmethod
    def get_arch_list():
        return []
EOF
: >"$work/fake/torch/utils/__init__.py"
cat >"$work/fake/torch/utils/cpp_extension.py" <<'EOF'
ROCM_HOME = "/opt/rocm"
def _get_rocm_arch_flags(cflags=None):
    # user flags naming 'offload-arch' replace PYTORCH_ROCM_ARCH
    return []
EOF
cat >"$work/fake/triton/__init__.py" <<'EOF'
import os
__version__ = "3.1.0"
class backends:
    backends = dict.fromkeys(os.environ.get("FAKE_TRITON_BACKENDS", "amd").split())
EOF
echo 'raise ImportError("libtorch_hip.so: cannot open shared object file")' >"$work/broken/torch/__init__.py"
# The interpreter itself (a pyenv shim needs a PATH the runs do not have).
PYREAL=
[ -n "$PYTHON" ] && PYREAL=$("$PYTHON" -c 'import sys; print(sys.executable)' 2>/dev/null)
if [ -n "$PYREAL" ]; then
  pt=("PATH=$work/stub-bin" "PYTHONPATH=$work/fake" FAKE_TORCH_HIP=6.2.41133)
  launch pt_ok "${pt[@]}" -- --pytorch --python "$PYREAL"
  launch pt_noarch "${pt[@]}" "FAKE_TORCH_ARCHS=gfx90a gfx1100" -- --python "$PYREAL"
  launch pt_envarch "${pt[@]}" PYTORCH_ROCM_ARCH=gfx90a -- --pytorch --python "$PYREAL"
  launch pt_triton "${pt[@]}" FAKE_TRITON_BACKENDS=nvidia -- --pytorch --python "$PYREAL"
  launch pt_cuda "PATH=$work/stub-bin" "PYTHONPATH=$work/fake" FAKE_TORCH_CUDA=12.1 -- --pytorch --python "$PYREAL"
  launch pt_broken "PATH=$work/stub-bin" "PYTHONPATH=$work/broken" -- --pytorch --python "$PYREAL"
  launch pt_json "${pt[@]}" -- --pytorch --python "$PYREAL" --format json
fi
launch pt_nopython "PATH=$work/stub-bin" -- --pytorch --python "$work/empty-bin/python3"
# A rocminfo that never finishes is stopped at its time limit (10 s) and
# said to have timed out; a Python killed by a signal is said to be.
mkdir -p "$work/hang-bin"
cp "$work/stub-bin/hipcc" "$work/stub-bin/clang++-19" "$work/hang-bin/"
printf '#!/bin/sh\nexec /bin/sleep 607\n' >"$work/hang-bin/rocminfo"
printf '#!/bin/sh\n/bin/sleep 1\nkill -KILL $$\n' >"$work/hang-bin/python3"
chmod +x "$work/hang-bin/rocminfo" "$work/hang-bin/python3"
hang_started=$(date +%s)
(launch hang "PATH=$work/hang-bin" -- --pytorch && wait && echo $(($(date +%s) - hang_started)) >"$work/hang.seconds") &
launch badhippath -- --hip-path "$work/empty-bin"
# Values from the environment (and arguments) are shown with their control
# characters escaped: a newline or an escape sequence cannot forge a line of
# the report or drive the terminal; JSON carries them escaped by jansson.
forge=$(printf 'gfx90a\n  ok       forged                   line\033[31m')
launch ctlenv "PATH=$work/stub-bin" "PYTORCH_ROCM_ARCH=$forge" "HIP_PATH=$(printf '/x\ny')" --
launch ctlenv_json "PATH=$work/stub-bin" "PYTORCH_ROCM_ARCH=$forge" -- --format json
launch ctlarg -- "$(printf -- '--bogus\033]0;x\007\nb')"
launch badarch -- --offload-arch sm_80
launch badformat -- --format xml
wait

passed=0
failed=0
# check NAME: runs check_NAME with $out (stdout file) and $rc set.
check() {
  local name=$1 reason
  out=$work/$1.out
  rc=$(cat "$work/$1.rc" 2>/dev/null || echo none)
  if reason=$("check_$name" 2>&1); then
    echo "ok $name"
    passed=$((passed + 1))
  else
    echo "FAIL $name: $reason"
    failed=$((failed + 1))
  fi
}
die() { echo "$*"; exit 1; }
has() { grep -Eq -- "$1" "$out" || die "output lacks /$1/: $(head -c 600 "$out" | tr '\n' '|')"; }
lacks() { ! grep -Eq -- "$1" "$out" || die "output has /$1/"; }
# The documented rule: exit 0 with a "can build" verdict, 1 with "cannot build".
rule() {
  case $rc in
    0) has '^verdict: can build for ' ;;
    1) has '^verdict: cannot build for ' ;;
    *) die "exit code $rc, want 0 or 1 ($(head -c 300 "$work/$name.err"))" ;;
  esac
}
no_gpu() { ! command -v rocminfo >/dev/null 2>&1 && [ ! -d /sys/class/kfd ]; }
empty_dir() { [ -z "$(ls -A "$1")" ] || die "$1 is not empty: $(ls -A "$1" | tr '\n' ' ')"; }

check_text() {
  rule
  for s in 'ROCm / HIP' Compilers 'Device libraries' GPUs Environment; do has "^$s\$"; done
  has '^  (ok|warning|missing) +hip '
  has '^  (ok|warning|missing) +clang-offload-bundler '
  has '^  (ok|warning|missing) +oclc_isa_version_942\.bc '
  # Every item line has a known status.
  ! grep -E '^  [^ ]' "$out" | grep -Evq '^  (ok|warning|missing|unset) ' || die "item with an unknown status"
  # Unset variables are listed apart and are not counted as ok.
  lacks '^  ok +not set:'
  local items n_ok
  items=$(grep -cE '^  ok ' "$out")
  n_ok=$(sed -nE 's/^([0-9]+) ok, [0-9]+ warnings?, [0-9]+ missing \([0-9]+ variables? not set\)$/\1/p' "$out")
  [ -n "$n_ok" ] || die "no count line: $(tail -n 1 "$out")"
  [ "$n_ok" = "$items" ] || die "$n_ok counted ok, but $items items are ok"
  if no_gpu; then has '^  missing +gpu +none found'; fi
}

check_json() {
  case $rc in 0 | 1) ;; *) die "exit code $rc, want 0 or 1" ;; esac
  [ -n "$PYTHON" ] || die "python3 not found"
  "$PYTHON" - "$out" "$rc" <<'EOF' || exit 1
import json, sys
doc = json.loads(open(sys.argv[1]).read())
rc = int(sys.argv[2])
for key in ("tool", "version", "offload_arch", "items", "verdict"):
    assert key in doc, "no key " + key
assert doc["offload_arch"] == "gfx942", doc["offload_arch"]
sections = set()
for it in doc["items"]:
    for key in ("section", "name", "status", "message", "version", "path"):
        assert key in it, "item without %s: %r" % (key, it)
    assert it["status"] in ("ok", "warning", "missing", "unset"), it
    assert it["message"], it
    sections.add(it["section"])
    if it["section"] == "environment":
        assert isinstance(it["set"], bool) and "value" in it, it
        assert (it["status"] == "unset") == (not it["set"]), it
    else:
        assert it["status"] != "unset", it
assert sections == {"rocm", "compilers", "device-libs", "gpus", "environment"}, sections
v = doc["verdict"]
for key in ("can_build", "compiler", "command", "gpus", "ok", "warnings", "missing", "unset", "message"):
    assert key in v, "verdict without " + key
assert v["can_build"] == (rc == 0), (v, rc)
assert sum(v[k] for k in ("ok", "warnings", "missing", "unset")) == len(doc["items"])
assert v["ok"] == sum(1 for it in doc["items"] if it["status"] == "ok"), v
EOF
  if no_gpu; then
    "$PYTHON" -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["verdict"]["gpus"] == 0; assert any(i["section"] == "gpus" and i["status"] == "missing" for i in d["items"])' "$out" ||
      die "no GPU here, but the JSON does not say so"
  fi
}

check_nvidia() {
  has '^  warning +HIP_PLATFORM=nvidia: .*NVIDIA'
  [ "$rc" = 0 ] || die "exit code $rc with a working (stand-in) hipcc"
}

check_hsa() {
  has '^  warning +HSA_OVERRIDE_GFX_VERSION=11\.0\.0: .*gfx1100.*disagrees with gfx942'
  [ "$rc" = 0 ] || die "exit code $rc, want 0"
}

check_rocmpath() {
  has '^  warning +ROCM_PATH=/nonexistent: is not an existing folder'
  [ "$rc" = 0 ] || die "exit code $rc, want 0"
}

check_oldhip() {
  [ "$rc" = 0 ] || die "exit code $rc, want 0 (the warning does not change it)"
  local inc
  inc=$(cd "$work/oldhip" && pwd -P)/include
  has "^  ok +hip +HIP 5\.2\.7 headers in $inc/hip \(found through \\\$HIP_PATH\); translations with --rocm-version auto target 5\.2\$"
  has "^  warning +rocm-version +--rocm-version auto targets HIP 5\.2 \($inc/hip, found through \\\$HIP_PATH\), older than ROCm 6\.0, the first release for gfx942: .*install ROCm 6\.0 or later\$"
}

check_arch90a() {
  [ "$rc" = 0 ] || die "exit code $rc, want 0"
  has '^cu2hip doctor: building HIP code for gfx90a$'
  has ' oclc_isa_version_90a\.bc '
  has '^  warning +clang\+\+-19 .*cannot build for gfx90a'
  has '^verdict: can build for gfx90a here with hipcc: .*hipcc -x hip --offload-arch=gfx90a -c FILE\.hip'
  lacks 'for gfx942'
  grep -q -- '-x hip --offload-arch=gfx90a -c probe.hip -o ' "$work/arch90a.log" ||
    die "hipcc was not tried with --offload-arch=gfx90a: $(cat "$work/arch90a.log" 2>&1)"
  empty_dir "$work/tmp-90a"
}

check_nocc() {
  [ "$rc" = 1 ] || die "exit code $rc, want 1"
  has '^  missing +hipcc '
  has '^  missing +clang\+\+ +no clang'
  has '^verdict: cannot build for gfx942 here'
  empty_dir "$work/tmp-nocc"
}

check_stub() {
  [ "$rc" = 0 ] || die "exit code $rc, want 0"
  "$PYTHON" - "$out" <<'EOF' || exit 1
import json, sys
d = json.load(open(sys.argv[1]))
cc = {i["name"]: i for i in d["items"] if i["section"] == "compilers"}
assert cc["hipcc"]["status"] == "ok" and cc["hipcc"]["accepts_arch"] is True, cc["hipcc"]
assert cc["hipcc"]["version"].startswith("HIP 6.2.41133"), cc["hipcc"]
c19 = cc["clang++-19"]
assert c19["status"] == "warning" and c19["accepts_arch"] is False, c19
assert "invalid target ID 'gfx942'" in c19["message"], c19
assert d["verdict"]["compiler"] == "hipcc", d["verdict"]
EOF
  empty_dir "$work/tmp-stub"
}

check_rel() {
  "$PYTHON" - "$out" "$work/rel/libs" <<'EOF' || exit 1
import json, sys
d = json.load(open(sys.argv[1]))
isa = [i for i in d["items"] if i["name"] == "oclc_isa_version_942.bc"][0]
assert isa["status"] == "ok" and isa["path"] == sys.argv[2] + "/oclc_isa_version_942.bc", isa
assert "--device-lib-path" in isa["message"], isa
c19 = [i for i in d["items"] if i["name"] == "clang++-19"][0]
assert "--rocm-device-lib-path=" + sys.argv[2] + " " in c19["command"], c19
EOF
}

check_examples() {
  has "^  ok +oclc_isa_version_942\\.bc +$work/examples/bin/device-libs/oclc_isa_version_942\\.bc \\(made by cu2hip's scripts/run-examples\\.sh\\)"
}

# hip63 [only]: the JSON says the HIP 6.3 headers were taken, and clang is
# pointed at them before the system's; with `only` (--hip-path), the hipcc
# on PATH, which would use its own HIP, is not tried.
hip63() {
  "$PYTHON" - "$out" "$(cd "$ROCM63" && pwd -P)" "${1:-}" <<'EOF' || exit 1
import json, sys
d = json.load(open(sys.argv[1]))
root = sys.argv[2]
only = sys.argv[3] == "only"
hip = [i for i in d["items"] if i["name"] == "hip"][0]
assert hip["status"] == "ok" and hip["version"] == "6.3.0" and root in hip["message"], hip
c19 = [i for i in d["items"] if i["name"] == "clang++-19"][0]
assert "--hip-path=%s -isystem %s/include" % (root, root) in c19["command"], c19
hipcc_ok = any(i["name"] == "hipcc" and i["status"] == "ok" for i in d["items"])
assert hipcc_ok != only, "the hipcc on PATH %s" % ("was tried" if only else "was not tried")
EOF
}

check_hippath() {
  if [ ! -d "$ROCM63/include/hip" ]; then echo "skipped: $ROCM63 absent"; return 0; fi
  hip63 only
}

check_rocmenv() {
  if [ ! -d "$ROCM63/include/hip" ]; then echo "skipped: $ROCM63 absent"; return 0; fi
  hip63
}

check_badhippath() {
  [ "$rc" = 2 ] || die "exit code $rc, want 2"
  grep -q "no include/hip/hip_runtime.h" "$work/badhippath.err" || die "no message on stderr"
}

check_badarch() {
  [ "$rc" = 2 ] || die "exit code $rc, want 2"
  grep -q "not an AMD GPU architecture" "$work/badarch.err" || die "no message on stderr"
}

check_badformat() {
  [ "$rc" = 2 ] || die "exit code $rc, want 2"
}

# --pytorch: without python3 on this machine the stand-in torch cannot run.
pt_python() { [ -n "$PYREAL" ] || { echo "skipped: no python3"; return 1; }; }

check_pt_ok() {
  pt_python || return 0
  [ "$rc" = 0 ] || die "exit code $rc, want 0 (PyTorch items do not change it)"
  has '^PyTorch$'
  has '^  ok +torch +PyTorch 2\.5\.0\+fake'
  has '^  ok +torch-build +a ROCm build \(torch\.version\.hip = 6\.2\.41133\)'
  has '^  ok +torch-arch-list +built for gfx90a gfx942, which includes gfx942'
  has '^  ok +extension-arch +PYTORCH_ROCM_ARCH is not set'
  has '^  ok +cpp-extension +.*--offload-arch'
  has '^  ok +ROCM_HOME +.*/opt/rocm'
  has '^  ok +triton +Triton 3\.1\.0, backends: amd'
}

check_pt_noarch() {
  pt_python || return 0
  has '^  missing +torch-arch-list +built for gfx90a gfx1100, not gfx942, .*invalid device function.*no kernel image.*Illegal instruction'
  has '^  missing +extension-arch +PYTORCH_ROCM_ARCH is not set and the build.s list lacks gfx942'
}

check_pt_envarch() {
  pt_python || return 0
  has '^  missing +extension-arch +PYTORCH_ROCM_ARCH=gfx90a overrides .* lacks gfx942.*invalid device function'
}

check_pt_triton() {
  pt_python || return 0
  has '^  warning +triton +Triton 3\.1\.0 has no AMD backend \(backends: nvidia\)'
}

check_pt_cuda() {
  pt_python || return 0
  has '^  missing +torch-build +a CUDA build \(torch\.version\.cuda = 12\.1'
  lacks 'torch-arch-list'
}

check_pt_broken() {
  pt_python || return 0
  has '^  missing +torch +cannot import torch \(ImportError: libtorch_hip\.so'
}

check_pt_json() {
  pt_python || return 0
  "$PYTHON" -c '
import json, sys
d = json.load(open(sys.argv[1]))
pt = [i for i in d["items"] if i["section"] == "pytorch"]
names = [i["name"] for i in pt]
assert names[:4] == ["python", "torch", "torch-build", "torch-arch-list"], names
assert all(i["status"] == "ok" for i in pt), pt
' "$out" || die "JSON PyTorch items wrong"
}

check_hang() {
  has '^  missing +gpu +none found \(rocminfo timed out after 10 s'
  lacks 'exit -1'
  has '^  missing +python +.*hang-bin/python3 did not run the probe: it was killed by signal 9'
  local seconds
  seconds=$(cat "$work/hang.seconds" 2>/dev/null)
  [ -n "$seconds" ] && [ "$seconds" -lt 60 ] || die "doctor took ${seconds:-?} s with a rocminfo that hangs"
  ! pgrep -f "^/bin/sleep 607$" >/dev/null || die "the hanging rocminfo was left running"
}

check_ctlenv() {
  has '^  warning  PYTORCH_ROCM_ARCH=gfx90a\\n  ok       forged                   line\\x1b\[31m: does not include gfx942'
  has '^  warning  HIP_PATH=/x\\ny: '
  lacks '^  ok       forged'
  lacks "$(printf '\033')"
}

check_ctlenv_json() {
  "$PYTHON" -c '
import json, sys
d = json.load(open(sys.argv[1]))
v = [i for i in d["items"] if i["name"] == "PYTORCH_ROCM_ARCH"][0]
assert v["value"] == "gfx90a\n  ok       forged                   line\x1b[31m", v
' "$out" || die "JSON value of PYTORCH_ROCM_ARCH wrong"
  ! grep -q "$(printf '\033')" "$out" || die "a raw escape character in the JSON"
}

check_ctlarg() {
  [ "$rc" = 2 ] || die "exit code $rc, want 2"
  grep -qF "unknown argument '--bogus\\x1b]0;x\\x07\\nb'" "$work/ctlarg.err" || die "not escaped: $(cat -A "$work/ctlarg.err")"
}

check_pt_nopython() {
  has '^  missing +python +.*empty-bin/python3 not found'
}

for s in text json nvidia hsa rocmpath oldhip arch90a nocc stub rel examples hippath rocmenv badhippath badarch badformat \
  pt_ok pt_noarch pt_envarch pt_triton pt_cuda pt_broken pt_json pt_nopython hang ctlenv ctlenv_json ctlarg; do
  check "$s"
done
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
