# Runs scenario functions for the shell test suites (sourced, bash).
#
# run_scenarios TAG NAME...: runs sc_NAME for each NAME (only $ONLY when it
# is set) in a fresh work folder of its own, with $LOG and $SCENARIO_DIR
# set; exit 0 is a pass, 77 a skip (its last line says why), anything else
# a failure (its last line is the reason). Prints one line per scenario
# and "N passed, N failed"; sets $passed and $failed. A failed scenario's
# folder is kept with KEEP=1.
run_scenarios() {
  local tag=$1 name reason status started seconds
  shift
  passed=0
  failed=0
  for name in "$@"; do
    [ -z "${ONLY:-}" ] || [ "$ONLY" = "$name" ] || continue
    SCENARIO_DIR=$(mktemp -d "${TMPDIR:-/tmp}/cu2hip-$tag.XXXXXX") || { echo "mktemp failed" >&2; exit 2; }
    LOG=$SCENARIO_DIR/log
    mkdir -p "$LOG" "$SCENARIO_DIR/work"
    started=$(date +%s)
    reason=$(cd "$SCENARIO_DIR/work" && "sc_$name" 2>&1)
    status=$?
    seconds=$(($(date +%s) - started))
    reason=$(printf '%s' "$reason" | tail -n 1)
    case $status in
      0)
        echo "ok $name ($seconds s)"
        passed=$((passed + 1))
        ;;
      77) echo "skip $name: $reason" ;;
      *)
        echo "FAIL $name ($seconds s): ${reason:-exit status $status}"
        failed=$((failed + 1))
        ;;
    esac
    if [ "$status" != 0 ] && [ "$status" != 77 ] && [ "${KEEP:-0}" = 1 ]; then
      echo "  (kept $SCENARIO_DIR)"
    else
      chmod -R u+rwX "$SCENARIO_DIR" 2>/dev/null
      rm -rf "$SCENARIO_DIR"
    fi
  done
  echo "$passed passed, $failed failed"
}
