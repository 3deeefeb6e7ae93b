#!/usr/bin/env bash
# The proof of the CUDA forms on a machine with a GPU (make gpu-proof):
# what docs/results/ cites as "the GPU proof".  Steps, each with a time
# limit inside BUDGET seconds, chosen with STEPS (default: all):
#
#   tests   make test (every test program, both precisions), then
#           test_cuda again from a build without FMA contraction (FMA=0);
#   bench   build/gpu-bench: time to convergence of every CUDA solver on
#           the five shapes of docs/results/gpu-bench.md, f32 and f64, each run
#           held to the first of its precision (CSV in OUT);
#   san     test_cuda under compute-sanitizer memcheck (leaks too),
#           racecheck, synccheck and initcheck, f32 and f64, both forms;
#   check   trikmeans check --forms cuda-global,cuda-shared
#           --block-sizes 64,256,1024 on generated 1,000,000 x 8 (k = 100)
#           and 200,000 x 64 (k = 500), f32 and f64 (CHECK_SPECS);
#   cli     info, gen and fit of every algorithm in both CUDA forms.
#
# san and check run side by side (check spends most of its time in
# sequential Lloyd on the CPU).  The summary goes to OUT/summary.txt and
# is printed last; every step's log is in OUT/logs/.
#
#   make gpu-proof                       (OUT=build/gpu-proof)
#   STEPS="tests san" BUDGET=560 OUT=/tmp/p bash tools/gpu-proof.sh
#   make gpu-proof CMOCKA_DIR=/tmp/cm    (libcmocka unpacked there)
set -u
cd "$(dirname "$0")/.."
OUT=${OUT:-build/gpu-proof}
BUDGET=${BUDGET:-1500}
STEPS=${STEPS:-tests bench san check cli}
CHECK_SPECS=${CHECK_SPECS:-"1000000,8,100 200000,64,500"}
# CMOCKA_DIR: where libcmocka-dev was unpacked (dpkg -x), on a GPU machine
# that cannot install it
MAKE="make${CMOCKA_DIR:+ CMOCKA_DIR=$CMOCKA_DIR}"
LOG=$OUT/logs
SUM=$OUT/summary.txt
rm -rf "$LOG"
mkdir -p "$LOG"
: >"$SUM"
J=$(nproc 2>/dev/null || echo 8)

want() { case " $STEPS " in *" $1 "*) return 0 ;; esac; return 1; }
note() { echo "$*" | tee -a "$SUM"; }
left() { echo $((BUDGET - SECONDS)); }
# step NAME LIMIT CMD...: run with a time limit (cut to what is left of
# the budget), log to LOG/NAME.log, record PASS / FAIL / TIMEOUT / SKIP.
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
    case $rc in
    0) note "PASS    $name (${t}s)" ;;
    124) note "TIMEOUT $name (${t}s, limit ${lim}s)" ;;
    *) note "FAIL    $name (exit $rc, ${t}s): see $LOG/$name.log" ;;
    esac
    return $rc
}

command -v nvcc >/dev/null || export PATH=$PATH:/usr/local/cuda/bin
CUDA_HOME=$(dirname "$(dirname "$(command -v nvcc)")")
SAN=$(command -v compute-sanitizer ||
    ls "$CUDA_HOME"/bin/compute-sanitizer \
        "$CUDA_HOME"/compute-sanitizer/compute-sanitizer 2>/dev/null |
    head -1)
{
    date -u
    nvidia-smi -L
    nvidia-smi --format=csv \
        --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm
    nvcc --version | tail -2
    "${SAN:-true}" --version | tail -1
    gcc --version | head -1
    lscpu | grep -E "^Model name|^CPU\(s\)"
    git rev-parse HEAD 2>/dev/null
} >"$LOG/machine.log" 2>&1
note "machine: $(nvidia-smi -L 2>/dev/null | head -1)"
note "date:    $(date -u '+%Y-%m-%d %H:%M UTC')"
note "commit:  $(git rev-parse --short HEAD 2>/dev/null || echo unknown)"

step build 400 $MAKE -j"$J" all build/f32/tests/test_cuda \
    build/f64/tests/test_cuda || { tail -40 "$LOG/build.log"; exit 1; }

if want tests; then
    step make-test 400 $MAKE -j"$J" test
    step build-nofma 300 $MAKE -j"$J" BUILD=build/nofma FMA=0 \
        build/nofma/f32/tests/test_cuda build/nofma/f64/tests/test_cuda
    for p in f32 f64; do
        step "test_cuda-nofma-$p" 200 build/nofma/$p/tests/test_cuda
    done
fi
if want bench; then
    step bench 400 build/gpu-bench --csv "$OUT/bench.csv" \
        --iters "$OUT/iters.csv"
fi
PIDS=()
if want check; then
    for spec in $CHECK_SPECS; do
        for p in f32 f64; do
            tag=${spec//,/x}-$p
            step "check-$tag" 900 build/trikmeans check --generate "$spec" \
                -k "${spec##*,}" --seed 1 --forms cuda-global,cuda-shared \
                --precisions "$p" --block-sizes 64,256,1024 \
                --out "$OUT/check-$tag.csv" &
            PIDS+=($!)
        done
    done
fi
if want san && [ -n "$SAN" ]; then
    for tool in memcheck racecheck synccheck initcheck; do
        extra=""
        [ "$tool" = memcheck ] && extra="--leak-check full"
        for p in f32 f64; do
            step "san-$tool-$p" 900 "$SAN" --tool "$tool" $extra \
                --error-exitcode 99 build/$p/tests/test_cuda &
            PIDS+=($!)
        done
    done
fi
[ ${#PIDS[@]} -gt 0 ] && wait "${PIDS[@]}"
if want cli; then
    step cli 120 bash -c '
        set -e
        build/trikmeans info
        build/trikmeans gen -q -n 100000 -d 8 -k 20 --seed 3 \
            --out build/gpu-proof-blobs.npy --force
        for f in cuda-global cuda-shared; do
            for a in lloyd elkan hamerly; do
                build/trikmeans fit build/gpu-proof-blobs.npy -k 20 \
                    --algorithm $a --form $f --precision f32 \
                    --block-size 128
            done
        done'
fi

{
    echo
    for f in "$LOG"/san-*.log; do
        [ -f "$f" ] || continue
        echo "$(basename "$f" .log): $(grep -h "ERROR SUMMARY\|RACECHECK SUMMARY" "$f" |
            tail -1 | sed 's/^=* *//')"
    done
    for f in "$LOG"/test_cuda-*.log "$LOG"/make-test.log; do
        [ -f "$f" ] || continue
        echo "$(basename "$f" .log): $(grep -h "PASSED\|FAILED  \] [0-9]\|SKIPPED  \] [0-9]" "$f" |
            tr -s ' ' | sort | uniq -c | tr -s ' ' | tr '\n' ' ')"
    done
    [ -f "$LOG/bench.log" ] && { echo; cat "$LOG/bench.log"; }
    echo
    echo "total ${SECONDS}s"
} >>"$SUM" 2>&1
echo
echo "======== gpu proof summary ========"
cat "$SUM"
! grep -q "^FAIL\|^TIMEOUT" "$SUM"
