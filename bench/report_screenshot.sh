#!/usr/bin/env bash
# Renders an HTML project report (--report FILE.html) of a real project in
# headless Chromium and saves screenshots, to look at how the page lays out
# long paths (the file table, the "where" column of unsupported APIs, the
# bar charts). A look, not a test: it prints where the PNG files are.
#
# usage: bench/report_screenshot.sh [CU2HIP] [--corpus DIR] [--out DIR] [--width W]
#
#   CU2HIP        the cu2hip binary   [default: build/cu2hip]
#   --corpus DIR  the CUDA folder to translate
#                 [default: $CU2HIP_FIXTURES/corpus/cuda-samples/Samples/0_Introduction]
#   --out DIR     where the report and the screenshots go [default: a new temporary folder]
#   --width W     window width in CSS pixels [default: 1280]
#
# The corpus is copied under a deep folder so that every path is long. Needs
# chromium (Debian: apt-get install chromium). Exits 0, 2 for bad arguments
# or a missing tool, 77 when the corpus is absent.
set -u

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)
cu2hip=$root/build/cu2hip
corpus=${CU2HIP_FIXTURES:-/var/cache/cu2hip-fixtures}/corpus/cuda-samples/Samples/0_Introduction
out=
width=1280
while [ $# -gt 0 ]; do
  case $1 in
    --corpus) corpus=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --width) width=$2; shift 2 ;;
    -h|--help) sed -n '2,17p' "$0"; exit 0 ;;
    -*) echo "report_screenshot.sh: unknown option $1" >&2; exit 2 ;;
    *) cu2hip=$1; shift ;;
  esac
done
[ -x "$cu2hip" ] || { echo "report_screenshot.sh: no cu2hip at $cu2hip (build first)" >&2; exit 2; }
browser=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
[ -n "$browser" ] || { echo "report_screenshot.sh: chromium is needed (apt-get install chromium)" >&2; exit 2; }
if [ ! -d "$corpus" ]; then
  echo "report_screenshot.sh: skipped: no corpus at $corpus"
  exit 77
fi
[ -n "$out" ] || out=$(mktemp -d)
mkdir -p "$out"
out=$(cd "$out" && pwd)

# A deep copy, so that the paths shown are long.
deep=$out/work/a-rather-long-folder-name/another-level-of-project-structure/third_party_sources_imported/$(basename "$corpus")
rm -rf "$out/work" "$out/ported"
mkdir -p "$deep"
cp -r "$corpus"/. "$deep"/
cd "$out/work" || exit 2
nice -n 10 "$cu2hip" -q -o "$out/ported" a-rather-long-folder-name --report "$out/report.html" > /dev/null 2> "$out/cu2hip.log"
echo "cu2hip exit code $? ($(grep -c . "$out/cu2hip.log") lines on stderr, in $out/cu2hip.log)"

# The top of the page, then single sections (a copy of the page whose other
# sections are hidden, so that each fits in one screenshot).
shot() { # NAME HEIGHT [SECTION-ID]
  local page=$out/report.html
  if [ -n "${3:-}" ]; then
    page=$out/view-$1.html
    sed "s|</style>|header,main>*:not(#$3),.grid{display:none}</style>|" "$out/report.html" > "$page"
  fi
  nice -n 10 "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --screenshot="$out/$1.png" \
    --window-size="$width,$2" "file://$page" > /dev/null 2>&1
  if [ -s "$out/$1.png" ]; then echo "$out/$1.png"; else echo "report_screenshot.sh: no screenshot $1" >&2; fi
}
shot top 2000
shot unsupported 1400 unsupported
shot files 1400 files
shot outside 800 outside
width=820 shot narrow 2000
width=820 shot narrow-files 1400 files
exit 0
