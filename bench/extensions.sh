#!/usr/bin/env bash
# PyTorch extensions on cu2hip: PyTorch CUDA API uses translated / reported /
# silent, setup.py flags handled, warp-size findings, and the project's own
# ROCm hunks that got a diagnostic. A measurement, not a test: it exits 0
# whatever the figures are (2 for a missing tool). bench/README.md
# ("Extensions") explains the columns; the logic is in bench/extensions.py.
#
# usage: bench/extensions.sh [--cu2hip PATH] [--out DIR] [--list-hunks] [--rocm-version X.Y] PROJECT...
#   PROJECT   an extension's source folder (csrc/ and setup.py), e.g. a
#             checkout of mamba, causal-conv1d, pytorch_scatter, mmcv,
#             bitsandbytes or DeepSpeed
set -u
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
command -v python3 >/dev/null || { echo "extensions.sh: python3 not found" >&2; exit 2; }
[ $# -gt 0 ] || { sed -n '2,/^[^#]/{/^#/s/^# \{0,1\}//p}' "$0"; exit 2; }
exec python3 "$here/extensions.py" "$@"
