#!/usr/bin/env bash
# Runs every golden case under tests/golden/cases.
#
# usage: run_all.sh CU2HIP [CASE_NAME...]
#
# Prints one line per case and a final `N passed, M failed`; exit 1 if any
# case failed. UPDATE=1 is passed on to run_golden.sh.
set -u
if [ $# -lt 1 ]; then
  echo "usage: run_all.sh CU2HIP [CASE_NAME...]" >&2
  exit 2
fi
here=$(cd "$(dirname "$0")" && pwd)
tool=$1
shift
case $tool in
  /*) ;;
  */*) tool=$(cd "$(dirname "$tool")" && pwd)/$(basename "$tool") ;;
esac
if [ $# -gt 0 ]; then
  cases=("$@")
else
  cases=()
  for d in "$here"/cases/*/; do cases+=("$(basename "$d")"); done
fi
passed=0
failed=0
for c in "${cases[@]}"; do
  if "$here/run_golden.sh" "$tool" "$here/cases/$c"; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
  fi
done
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
