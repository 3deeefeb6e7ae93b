#!/usr/bin/env bash
# Run each libFuzzer harness of BUILD (make fuzz builds them) for FUZZ_SEC
# seconds, as many at once as there are processors.  Each starts from its
# seed corpus (fuzz/corpus/NAME, copied: the repository's is not grown)
# and the inputs of past findings (fuzz/regress/NAME); a finding lands in
# BUILD/fuzz/findings/NAME/ and fails the run.  Prints, per harness, the
# executions and the time.
#
#   bash tools/fuzz.sh BUILD NAME...      (FUZZ_SEC=600 by default)
set -uo pipefail
build=$1
shift
sec=${FUZZ_SEC:-600}
jobs=$(nproc)
work=$build/fuzz/work
mkdir -p "$work"
run_one() {
    local n=$1 corpus=$work/corpus-$1 out=$build/fuzz/findings/$1
    rm -rf "$corpus" "$out"
    mkdir -p "$corpus" "$out"
    cp fuzz/corpus/"$n"/* "$corpus"/ 2>/dev/null
    cp fuzz/regress/"$n"/* "$corpus"/ 2>/dev/null
    "$build/fuzz/fuzz-$n" -max_total_time="$sec" -rss_limit_mb=2048 \
        -close_fd_mask=3 \
        -artifact_prefix="$out/" -print_final_stats=1 "$corpus" \
        >"$work/$n.log" 2>&1
    local rc=$?
    local runs
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$work/$n.log" |
        grep -o '[0-9]*$')
    if [ $rc -eq 0 ]; then
        echo "fuzz $n: ${runs:-?} executions in ${sec} s, no finding"
    else
        echo "fuzz $n: FINDING after ${runs:-?} executions (exit $rc): $(ls "$out")"
        tail -30 "$work/$n.log"
    fi
    return $rc
}
fail=0
pids=()
for n in "$@"; do
    run_one "$n" &
    pids+=($!)
    if [ ${#pids[@]} -ge "$jobs" ]; then
        wait "${pids[0]}" || fail=1
        pids=("${pids[@]:1}")
    fi
done
for p in "${pids[@]}"; do
    wait "$p" || fail=1
done
exit $fail
