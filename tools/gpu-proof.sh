#!/usr/bin/env bash
# The proof of the CUDA forms on a machine with a GPU (make gpu-proof):
# what docs/results/gpu-proof.md cites.  Steps, chosen by name with STEPS
# (default: all, in this order), each with a time limit inside BUDGET
# seconds for the whole call:
#
#   build          make all and test_cuda (always first; a no-op when built)
#   tests          make test: every test program in both precisions, the
#                  fuzz replays, tests/mpi.sh and the Python package's
#                  pytest suite (form='auto' takes cuda-shared here)
#   nofma          test_cuda, f32 and f64, from a build without FMA
#                  contraction (make FMA=0, in build-nofma)
#   san-memcheck   test_cuda under compute-sanitizer memcheck with the leak
#   san-racecheck  check, racecheck, synccheck, initcheck: f32 and f64, one
#   san-synccheck  job a test (TKM_TEST_ONLY), SAN_JOBS at a time; racecheck
#   san-initcheck  on cuda-shared (TKM_TEST_FORMS), the form whose kernels
#                  share tiles through shared memory; SAN_TESTS (names)
#                  runs those tests alone, SAN_SKIP leaves those out;
#                  the tools run in STEPS's order, each within SAN_LIMIT
#                  seconds (default 500)
#   check          trikmeans check --forms cuda-global,cuda-shared
#                  --block-sizes 64,256,1024 on generated CHECK_SPECS data
#                  (default 1,000,000 x 8, k = 100; 200,000 x 64, k = 500)
#                  and on two hostile sets of trikmeans gen: 200,000 x 8
#                  blobs (k = 100) moved to near 1e6 (--offset 1e6: the
#                  distances' expansion would cancel) and 200,000 x 4
#                  integer points (k = 50, --step 1: exact ties), f32 and
#                  f64, side by side
#   bench          build/gpu-bench: every CUDA solver on the five shapes of
#                  docs/results/gpu-bench.md, f32 and f64 (CSV in PROOF_DIR)
#   cli            info, gen and fit of every algorithm in both CUDA forms
#                  (those the help lists; one without the form says so)
#
# One call of the GPU machine runs at most 10 minutes; the calls that fit
# are in tools/README.md.  The summary (PROOF_DIR/summary.txt) is printed
# last; every step's log is in PROOF_DIR/logs/.
#
#   make gpu-proof                              (all steps, BUDGET=1500)
#   STEPS="tests nofma cli" BUDGET=560 bash tools/gpu-proof.sh
#
# DEBS: a folder of .deb files (default .devdeps, made by make devdeps)
# unpacked with dpkg -x into PROOF_DIR/debs on a machine that cannot
# install packages (the GPU machine): libcmocka-dev is then taken from
# there, and zlib1g-dev where the machine lacks zlib.h.  CMOCKA_DIR names
# an unpacked root directly instead.
set -u
cd "$(dirname "$0")/.."
PROOF_DIR=${PROOF_DIR:-build/gpu-proof}
case $PROOF_DIR in /*) ;; *) PROOF_DIR=$(pwd)/$PROOF_DIR ;; esac
BUDGET=${BUDGET:-1500}
ALL_STEPS="tests nofma san-memcheck san-racecheck san-synccheck san-initcheck check bench cli"
STEPS=${STEPS:-$ALL_STEPS}
CHECK_SPECS=${CHECK_SPECS:-"1000000,8,100 200000,64,500"}
J=$(nproc 2>/dev/null || echo 8)
SAN_JOBS=${SAN_JOBS:-8}
LOG=$PROOF_DIR/logs
SUM=$PROOF_DIR/summary.txt

for s in $STEPS; do
    case " build $ALL_STEPS " in
    *" $s "*) ;;
    *) echo "gpu-proof: no step '$s' (steps: build $ALL_STEPS)" >&2; exit 2 ;;
    esac
done
rm -rf "$LOG"
mkdir -p "$LOG"
: >"$SUM"

DEBS=${DEBS:-.devdeps}
if [ -z "${CMOCKA_DIR:-}" ] && ! [ -e /usr/include/cmocka.h ] &&
    ls "$DEBS"/*.deb >/dev/null 2>&1; then
    CMOCKA_DIR=$PROOF_DIR/debs
    for f in "$DEBS"/*.deb; do dpkg -x "$f" "$CMOCKA_DIR"; done
fi
# zlib's header and link name where the machine has only its runtime:
# zlib1g-dev unpacked, its libz.so pointed at the machine's libz.so.1
# (the .deb's link names its own version), for every gcc of the build
zlib_so=$(ls /lib/x86_64-linux-gnu/libz.so.1 /usr/lib/x86_64-linux-gnu/libz.so.1 \
    2>/dev/null | head -1)
if ! [ -e /usr/include/zlib.h ] && [ -n "$zlib_so" ] &&
    ls "$DEBS"/zlib1g-dev_*.deb >/dev/null 2>&1; then
    Z=$PROOF_DIR/zlib
    mkdir -p "$Z"
    dpkg -x "$DEBS"/zlib1g-dev_*.deb "$Z"
    ln -sf "$zlib_so" "$Z/usr/lib/x86_64-linux-gnu/libz.so"
    export CPATH="$Z/usr/include${CPATH:+:$CPATH}"
    export LIBRARY_PATH="$Z/usr/lib/x86_64-linux-gnu${LIBRARY_PATH:+:$LIBRARY_PATH}"
fi
# (a libz.so unpacked with the other .debs is pointed there too)
if [ -n "${CMOCKA_DIR:-}" ] && [ -n "$zlib_so" ] &&
    [ -L "$CMOCKA_DIR/usr/lib/x86_64-linux-gnu/libz.so" ]; then
    ln -sf "$zlib_so" "$CMOCKA_DIR/usr/lib/x86_64-linux-gnu/libz.so"
fi
MAKE="make${CMOCKA_DIR:+ CMOCKA_DIR=$CMOCKA_DIR}"
# the Python package's tests need NumPy, scikit-learn, pytest and Python's
# headers: the first python3 that has them, else make test leaves them out
PY=${PY:-}
for p in /usr/bin/python3 python3; do
    [ -n "$PY" ] && break
    "$p" -c 'import numpy, sklearn, pytest, sysconfig, os, sys
sys.exit(not os.path.exists(os.path.join(
    sysconfig.get_paths()["include"], "Python.h")))' 2>/dev/null &&
        PY=$(command -v "$p")
done
if [ -n "$PY" ]; then
    MAKE="$MAKE PY=$PY"
else
    MAKE="$MAKE PYTHON_TESTS=0"
fi

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
CSAN=$(command -v compute-sanitizer ||
    ls "$CUDA_HOME"/bin/compute-sanitizer \
        "$CUDA_HOME"/compute-sanitizer/compute-sanitizer 2>/dev/null |
    head -1)
export CSAN
{
    date -u
    nvidia-smi -L
    nvidia-smi --format=csv \
        --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm
    nvcc --version | tail -2
    "${CSAN:-true}" --version | tail -1
    gcc --version | head -1
    lscpu | grep -E "^Model name|^CPU\(s\)"
    git rev-parse HEAD 2>/dev/null
} >"$LOG/machine.log" 2>&1
note "machine: $(nvidia-smi -L 2>/dev/null | head -1); $J CPUs"
note "date:    $(date -u '+%Y-%m-%d %H:%M UTC')"
# PROOF_COMMIT: the commit of a copied tree whose .git is not its own
if [ -n "${PROOF_COMMIT:-}" ]; then
    note "commit:  $PROOF_COMMIT"
else
    note "commit:  $(git rev-parse --short HEAD 2>/dev/null || echo unknown)$(
        git diff --quiet HEAD -- kernels src include Makefile 2>/dev/null ||
            echo ' (with changes to kernels/, src/, include/ or Makefile)')"
fi
note "steps:   $STEPS (budget ${BUDGET}s)"
note "python:  ${PY:-none with NumPy, scikit-learn, pytest and Python.h: make test leaves the Python tests out}"

step build 300 $MAKE -j"$J" all build/f32/tests/test_cuda \
    build/f64/tests/test_cuda || { tail -40 "$LOG/build.log"; exit 1; }

# san_job TOOL PREC TEST: one test of test_cuda under one tool (racecheck
# on cuda-shared alone, but for the two tests that compare the forms);
# prints "TOOL PREC TEST rc seconds".
san_job() {
    local extra="" forms="" t=$SECONDS rc
    [ "$1" = memcheck ] && extra="--leak-check full"
    # (the tests that hold cuda-shared to cuda-global need both forms)
    case "$1 $3" in
    "racecheck test_shared_vs_global" | "racecheck test_many_survivors") ;;
    racecheck*) forms=cuda-shared ;;
    esac
    TKM_TEST_ONLY=$3 TKM_TEST_FORMS=$forms "$CSAN" --tool "$1" $extra \
        --error-exitcode 99 "build/$2/tests/test_cuda" \
        >"$LOG/san-$1-$2-$3.log" 2>&1
    rc=$?
    echo "$1 $2 $3 rc=$rc $((SECONDS - t))s"
}
export -f san_job
SAN_TESTS=${SAN_TESTS:-}
SAN_SKIP=${SAN_SKIP:-}
export LOG SAN_JOBS SAN_TESTS SAN_SKIP
# san_tool TOOL: every test of test_cuda, f32 and f64, SAN_JOBS at a time,
# the last tests of the file first (the longest: sparse points, the start
# on the GPU, weights); fails when any job did or a log lacks the tool's
# clean summary.
san_tool() {
    local tests
    tests=$(sed -n 's/^ *cmocka_unit_test(\(test_[a-z0-9_]*\)).*/\1/p' \
        tests/test_cuda.c | tac)
    for t in $tests; do
        case " ${SAN_TESTS:-$t} " in *" $t "*) ;; *) continue ;; esac
        case " ${SAN_SKIP:-} " in *" $t "*) continue ;; esac
        for p in f64 f32; do echo "$1 $p $t"; done
    done | xargs -P "$SAN_JOBS" -n 3 bash -c 'san_job "$0" "$1" "$2"' |
        sort -k5 -n
    ! grep -L "ERROR SUMMARY: 0 errors\|RACECHECK SUMMARY: 0 hazards" \
        "$LOG/san-$1"-*.log | grep -q . &&
        ! grep -l "FAILED  \]" "$LOG/san-$1"-*.log | grep -q .
}
export -f san_tool

if want tests; then
    step make-test "${TEST_LIMIT:-400}" $MAKE -j"$J" test
fi
if want nofma; then
    step build-nofma 300 $MAKE -j"$J" BUILD=build-nofma FMA=0 \
        build-nofma/f32/tests/test_cuda build-nofma/f64/tests/test_cuda \
        build-nofma/trikmeans &&
        for p in f32 f64; do
            step "test_cuda-nofma-$p" 200 build-nofma/$p/tests/test_cuda
        done
fi
PIDS=()
# check_both NAME K DATA...: both CUDA forms against seq Lloyd on the data
# (--generate SPEC or --data FILE), f32 and f64 side by side
check_both() {
    local name=$1 k=$2 p
    shift 2
    for p in f32 f64; do
        step "check-$name-$p" 500 build/trikmeans check "$@" -k "$k" \
            --seed 1 --forms cuda-global,cuda-shared --precisions "$p" \
            --block-sizes 64,256,1024 --out "$PROOF_DIR/check-$name-$p.csv" \
            --force &
        PIDS+=($!)
    done
}
if want check; then
    for spec in $CHECK_SPECS; do
        check_both "${spec//,/x}" "${spec##*,}" --generate "$spec"
    done
    # name, k, trikmeans gen's options
    while read -r name k opts; do
        f=$PROOF_DIR/check-$name.npy
        # shellcheck disable=SC2086 # (the options, word by word)
        if build/trikmeans gen -q $opts --out "$f" --force; then
            check_both "$name" "$k" --data "$f"
        else
            note "FAIL    check-$name: gen $opts"
        fi
    done <<'HOSTILE'
offset 100 -n 200000 -d 8 -k 100 --seed 2 --offset 1e6
ties 50 -n 200000 -d 4 -k 50 --spread 2 --step 1 --seed 2
HOSTILE
fi
# the sanitizer steps in the order STEPS names them, each within SAN_LIMIT
for s in $STEPS; do
    case $s in san-*) tool=${s#san-} ;; *) continue ;; esac
    if [ -z "$CSAN" ]; then
        note "FAIL    san-$tool: no compute-sanitizer found"
        continue
    fi
    step "san-$tool" "${SAN_LIMIT:-500}" bash -c "san_tool $tool"
done
[ ${#PIDS[@]} -gt 0 ] && wait "${PIDS[@]}"
if want bench; then
    step bench 500 build/gpu-bench --csv "$PROOF_DIR/bench.csv" \
        --iters "$PROOF_DIR/iters.csv"
fi
if want cli; then
    step cli 120 bash -c '
        set -e
        build/trikmeans info
        build/trikmeans gen -q -n 100000 -d 8 -k 20 --seed 3 \
            --out build/gpu-proof-blobs.npy --force
        algs=$(build/trikmeans fit --help |
            awk "/--algorithm NAME/{p=1;sub(/.*NAME/,\"\")} p{print} p&&/\\(default/{exit}" |
            sed "s/(default.*//" | tr "|" " ")
        for f in cuda-global cuda-shared; do
            for a in $algs; do
                if ! out=$(build/trikmeans fit build/gpu-proof-blobs.npy \
                    -k 20 --algorithm $a --form $f --precision f32 \
                    --block-size 128 2>&1); then
                    case $out in *"$a has no $f form"*)
                        echo "$a: no $f form"; continue ;; esac
                    echo "$out"
                    exit 1
                fi
                echo "$out"
            done
        done'
fi

{
    echo
    for f in "$LOG"/san-*.log; do
        [ -f "$f" ] || continue
        case $f in */san-[a-z]*-f[36][24]-*) ;; *) continue ;; esac
        echo "$(basename "$f" .log): $(grep -h "ERROR SUMMARY\|RACECHECK SUMMARY" "$f" |
            tail -1 | sed 's/^=* *//')"
    done | sed 's/-test_.*:/:/' | sort | uniq -c
    for f in "$LOG"/test_cuda-*.log "$LOG"/make-test.log; do
        [ -f "$f" ] || continue
        echo "$(basename "$f" .log): $(grep -h "PASSED\|FAILED  \] [0-9]\|SKIPPED  \] [0-9]" "$f" |
            tr -s ' ' | sort | uniq -c | tr -s ' ' | tr '\n' ' ')"
    done
    for t in memcheck racecheck synccheck initcheck; do
        [ -f "$LOG/san-$t.log" ] && { echo; cat "$LOG/san-$t.log"; }
    done
    [ -f "$LOG/bench.log" ] && { echo; cat "$LOG/bench.log"; }
    echo
    echo "total ${SECONDS}s"
} >>"$SUM" 2>&1
echo
echo "======== gpu proof summary ========"
cat "$SUM"
! grep -q "^FAIL\|^TIMEOUT" "$SUM"
