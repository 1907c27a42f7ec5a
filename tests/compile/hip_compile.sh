#!/bin/sh
# hip_compile.sh [--arch ARCH] [--device-libs DIR] [-v] FILE...
#
# Compiles each FILE as HIP (whatever its extension) for an AMD GPU
# architecture (default gfx942) into a throw-away object, and reports one
# line per file.  Exit status: 0 all compiled, 1 some failed, 2 usage or
# setup error.
#
# Compiler choice: `hipcc --offload-arch=ARCH` when hipcc exists and can
# build for ARCH (a real ROCm install); otherwise clang (HIP_CLANG, default
# clang++-19) with Debian's HIP headers under ROCM_PATH (default /usr) and a
# device-library folder made by make_device_libs.sh.
#
# Environment: HIPCC (default hipcc), HIP_CLANG (default clang++-19),
# ROCM_PATH (default /usr), HIP_CXXFLAGS (extra flags, split on spaces),
# TMPDIR.

set -eu

prog=$(basename "$0")
here=$(cd "$(dirname "$0")" && pwd)
die() { echo "$prog: error: $*" >&2; exit 2; }
usage() {
    echo "usage: $prog [--arch ARCH] [--device-libs DIR] [-v] FILE..." >&2
    exit 2
}

arch=gfx942
devlibs=
verbose=0
while [ $# -gt 0 ]; do
    case $1 in
        --arch) [ $# -ge 2 ] || usage; arch=$2; shift 2 ;;
        --arch=*) arch=${1#--arch=}; shift ;;
        --device-libs) [ $# -ge 2 ] || usage; devlibs=$2; shift 2 ;;
        --device-libs=*) devlibs=${1#--device-libs=}; shift ;;
        -v|--verbose) verbose=1; shift ;;
        -h|--help) usage ;;
        --) shift; break ;;
        -*) echo "$prog: unknown option '$1'" >&2; usage ;;
        *) break ;;
    esac
done
[ $# -gt 0 ] || usage
case $arch in
    gfx[0-9]*) ;;
    *) die "'$arch' is not an AMD GPU architecture (expected gfxNNN)" ;;
esac

tmp=$(mktemp -d "${TMPDIR:-/tmp}/hip_compile.XXXXXX") || die "mktemp failed"
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM

HIPCC=${HIPCC:-hipcc}
HIP_CLANG=${HIP_CLANG:-clang++-19}
ROCM_PATH=${ROCM_PATH:-/usr}
HIP_CXXFLAGS=${HIP_CXXFLAGS:-}

# Does hipcc exist and accept the architecture?  Try a trivial kernel.
use_hipcc=0
if command -v "$HIPCC" >/dev/null 2>&1; then
    printf '#include <hip/hip_runtime.h>\n__global__ void k(int *p) { *p = 1; }\n' \
        > "$tmp/probe.hip"
    if "$HIPCC" -x hip --offload-arch="$arch" -c "$tmp/probe.hip" \
           -o "$tmp/probe.o" >"$tmp/probe.log" 2>&1; then
        use_hipcc=1
    elif [ "$verbose" = 1 ]; then
        echo "$prog: $HIPCC cannot build for $arch; using $HIP_CLANG" >&2
    fi
fi

if [ "$use_hipcc" = 1 ]; then
    compiler="$HIPCC"
    compile() { # SRC OBJ
        # shellcheck disable=SC2086
        "$HIPCC" -x hip --offload-arch="$arch" -std=c++17 $HIP_CXXFLAGS \
            -c "$1" -o "$2"
    }
else
    command -v "$HIP_CLANG" >/dev/null 2>&1 ||
        die "neither hipcc (for $arch) nor '$HIP_CLANG' found; install Debian package clang-19 or set HIP_CLANG"
    [ -f "$ROCM_PATH/include/hip/hip_runtime.h" ] ||
        die "$ROCM_PATH/include/hip/hip_runtime.h not found; install Debian package libamdhip64-dev or set ROCM_PATH"

    # clang drives clang-offload-bundler to merge host and device code; it
    # looks next to itself first, then on PATH.
    clang_dir=$(dirname "$(readlink -f "$(command -v "$HIP_CLANG")")")
    if [ ! -x "$clang_dir/clang-offload-bundler" ] &&
       ! command -v clang-offload-bundler >/dev/null 2>&1; then
        die "clang-offload-bundler not found next to $HIP_CLANG or on PATH; install Debian package clang-tools-19"
    fi

    isa=${arch#gfx}
    isa=${isa%%:*}
    if [ -z "$devlibs" ]; then
        devlibs="${TMPDIR:-/tmp}/cu2hip-device-libs-$(id -u)"
    fi
    if [ ! -f "$devlibs/oclc_isa_version_$isa.bc" ]; then
        "$here/make_device_libs.sh" "$devlibs" ||
            die "could not create device libraries in $devlibs"
    fi
    [ -f "$devlibs/oclc_isa_version_$isa.bc" ] ||
        die "$devlibs has no oclc_isa_version_$isa.bc: $arch is not supported by these device libraries"

    compiler="$HIP_CLANG"
    compile() { # SRC OBJ
        # shellcheck disable=SC2086
        "$HIP_CLANG" -x hip --offload-arch="$arch" --rocm-path="$ROCM_PATH" \
            --rocm-device-lib-path="$devlibs" -std=c++17 $HIP_CXXFLAGS \
            -c "$1" -o "$2"
    }
fi
[ "$verbose" = 1 ] && echo "$prog: compiler $compiler, arch $arch" >&2

failed=0
i=0
for src in "$@"; do
    i=$((i + 1))
    if [ ! -f "$src" ]; then
        echo "FAILED $src (no such file)"
        failed=$((failed + 1))
        continue
    fi
    if compile "$src" "$tmp/$i.o" >"$tmp/$i.log" 2>&1; then
        echo "ok     $src"
        [ "$verbose" = 1 ] && sed "s/^/    /" "$tmp/$i.log"
    else
        echo "FAILED $src"
        sed 's/^/    /' "$tmp/$i.log"
        failed=$((failed + 1))
    fi
done

if [ "$failed" -gt 0 ]; then
    echo "$prog: $failed of $i file(s) failed to compile for $arch" >&2
    exit 1
fi
exit 0
