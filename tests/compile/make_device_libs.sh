#!/bin/sh
# make_device_libs.sh OUTDIR
#
# Builds a ROCm device-library folder usable for gfx942 with Debian's
# rocm-device-libs (which stop at gfx940): OUTDIR gets a symlink to every
# *.bc of the system bitcode directory, plus oclc_isa_version_942.bc made
# from oclc_isa_version_940.bc with the ISA version constant 9400 changed
# to 9402.  Safe to run again on an existing OUTDIR.
#
# Environment: LLVM_DIS, LLVM_AS (default llvm-dis-19, llvm-as-19),
# DEVICE_LIB_SRC (default: auto-detected bitcode directory).

set -eu

prog=$(basename "$0")
die() { echo "$prog: error: $*" >&2; exit 1; }

[ $# -eq 1 ] || { echo "usage: $prog OUTDIR" >&2; exit 2; }
out=$1

LLVM_DIS=${LLVM_DIS:-llvm-dis-19}
LLVM_AS=${LLVM_AS:-llvm-as-19}
command -v "$LLVM_DIS" >/dev/null 2>&1 ||
    die "'$LLVM_DIS' not found (install Debian package llvm-19 or set LLVM_DIS)"
command -v "$LLVM_AS" >/dev/null 2>&1 ||
    die "'$LLVM_AS' not found (install Debian package llvm-19 or set LLVM_AS)"

# Locate the device bitcode.
src=${DEVICE_LIB_SRC:-}
if [ -z "$src" ]; then
    for d in /usr/lib/x86_64-linux-gnu/amdgcn/bitcode /usr/lib/amdgcn/bitcode; do
        if [ -f "$d/ocml.bc" ]; then src=$d; break; fi
    done
fi
if [ -z "$src" ] && command -v dpkg >/dev/null 2>&1; then
    ocml=$(dpkg -L rocm-device-libs 2>/dev/null | grep '/ocml\.bc$' | head -n 1 || true)
    if [ -n "$ocml" ]; then src=$(dirname "$ocml"); fi
fi
if [ -z "$src" ] || [ ! -d "$src" ]; then
    die "ROCm device bitcode not found (install Debian package rocm-device-libs or set DEVICE_LIB_SRC)"
fi
for f in ocml.bc ockl.bc oclc_isa_version_940.bc; do
    [ -f "$src/$f" ] || die "$src/$f is missing"
done

mkdir -p "$out" || die "cannot create $out"

# Symlinks to every system bitcode file.  An existing correct link is kept,
# so concurrent runs on the same OUTDIR do not trip over each other.
for bc in "$src"/*.bc; do
    dst="$out/$(basename "$bc")"
    if [ -L "$dst" ] && [ "$(readlink "$dst")" = "$bc" ]; then
        continue
    fi
    ln -sf "$bc" "$dst" 2>/dev/null ||
        { [ -L "$dst" ] && [ "$(readlink "$dst")" = "$bc" ]; } ||
        die "cannot link $bc into $out"
done

# A device-libs release that already ships gfx942 needs no patched copy.
[ -f "$src/oclc_isa_version_942.bc" ] && exit 0

target="$out/oclc_isa_version_942.bc"
# Up to date: a regular file newer than the 940 bitcode it was made from.
if [ -f "$target" ] && [ ! -L "$target" ] &&
   [ -n "$(find "$target" -newer "$src/oclc_isa_version_940.bc" 2>/dev/null)" ]; then
    exit 0
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/devlibs.XXXXXX") || die "mktemp failed"
trap 'rm -rf "$tmp"' EXIT

"$LLVM_DIS" "$src/oclc_isa_version_940.bc" -o "$tmp/940.ll" ||
    die "$LLVM_DIS failed on $src/oclc_isa_version_940.bc"

# Change only the initializer of @__oclc_ISA_version, and require that
# exactly one line matched.
pattern='^\(@__oclc_ISA_version = .* constant i32 \)9400\(,.*\)\{0,1\}$'
n=$(grep -c "$pattern" "$tmp/940.ll" || true)
[ "$n" = 1 ] ||
    die "expected one '@__oclc_ISA_version ... constant i32 9400' line in $src/oclc_isa_version_940.bc, found $n"
sed "s/$pattern/\\19402\\2/" "$tmp/940.ll" > "$tmp/942.ll"
grep -q '^@__oclc_ISA_version = .* constant i32 9402' "$tmp/942.ll" ||
    die "ISA constant rewrite failed"

"$LLVM_AS" "$tmp/942.ll" -o "$tmp/942.bc" || die "$LLVM_AS failed"
# Stage inside OUTDIR so the final rename is atomic.
cp "$tmp/942.bc" "$target.tmp.$$" || die "cannot write into $out"
mv -f "$target.tmp.$$" "$target" || die "cannot write $target"
