# Shared by the GPU proof scripts (source it after setting SUM, LOG and
# BUDGET): note, left and step.

# note TEXT: print and append to the summary $SUM.
note() { echo "$*" | tee -a "$SUM"; }
# left: seconds left of $BUDGET.
left() { echo $((BUDGET - SECONDS)); }

# step NAME LIMIT CMD...: run with a time limit (cut to what is left of the
# budget), log to $LOG/NAME.log, record PASS / FAIL (exit status) /
# TIMEOUT / SKIP and the seconds taken; returns the command's status.
step() {
    local name=$1 lim=$2 t rc
    shift 2
    if [ "$(left)" -lt 15 ]; then
        note "SKIP    $name (budget spent)"
        return 1
    fi
    [ "$lim" -gt "$(($(left) - 8))" ] && lim=$(($(left) - 8))
    t=$SECONDS
    timeout "$lim" "$@" >"$LOG/$name.log" 2>&1
    rc=$?
    t=$((SECONDS - t))
    if [ $rc -eq 0 ]; then
        note "PASS    $name (${t}s)"
    elif [ $rc -eq 124 ]; then
        note "TIMEOUT $name (${t}s, limit ${lim}s)"
    else
        note "FAIL    $name (exit $rc, ${t}s): see $name.log"
    fi
    return $rc
}
