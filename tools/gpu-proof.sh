#!/usr/bin/env bash
# Prove the cuda-global form on a machine with a GPU, in one go:
#
#   1. build the library and the CUDA tests, then everything else and run
#      every test program (make test), both precisions;
#   2. a build without FMA contraction (FMA=0) and its CUDA tests;
#   3. the CUDA test program under compute-sanitizer memcheck, racecheck,
#      synccheck and initcheck, f32 and f64 (the eight runs in parallel);
#   4. timings on generated blobs (1,000,000 x 8, k=100; 200,000 x 64,
#      k=500) for every cuda-global solver at block sizes 64, 256, 1024,
#      each held to GPU Lloyd of its precision, and OpenMP Lloyd (the CPU's
#      Lloyd, bit-identical to the sequential one) held to it as well;
#   5. the command line: trikmeans info, gen, fit --form cuda-global.
#
# Logs go to a folder that is packed into $OUT/gpu-proof-logs.tgz; the
# summary grows in $OUT/gpu-proof-summary.txt and is printed last.  Every
# step has a time limit inside BUDGET seconds (default 560).
#
#   bash tools/gpu-proof.sh          (OUT defaults to /tmp/gpu-proof-out)
#   QUICK=1 bash tools/gpu-proof.sh  (skip the 200,000 x 64 timings)
#
# Where libcmocka-dev is not installed, the .deb files in .devdeps/ (or
# CMOCKA_DIR, an unpacked root) are used.
set -u
cd "$(dirname "$0")/.."
export PATH=$PATH:/usr/local/cuda/bin
OUT=${OUT:-/tmp/gpu-proof-out}
BUDGET=${BUDGET:-560}   # seconds for the whole script (a device run: 600)
LOG=/tmp/gpu-proof-logs
rm -rf "$LOG"
mkdir -p "$LOG" "$OUT"
J=$(nproc 2>/dev/null || echo 8)
SUM=$OUT/gpu-proof-summary.txt
: >"$SUM"

. tools/proof-steps.sh

CUDA_HOME=$(dirname "$(dirname "$(command -v nvcc)")")
SAN=$(command -v compute-sanitizer ||
    ls "$CUDA_HOME"/bin/compute-sanitizer \
        "$CUDA_HOME"/compute-sanitizer/compute-sanitizer 2>/dev/null | head -1)
SAN=${SAN:-compute-sanitizer}

{
    date -u
    nvidia-smi -L 2>&1
    nvidia-smi --format=csv \
        --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm
    nvcc --version 2>&1 | tail -2
    "$SAN" --version 2>&1 | tail -1
    gcc --version | head -1
    nproc
    sha256sum kernels/*.cu kernels/*.cuh src/cuda/cuda_engine.c \
        src/*/*_cuda.c tests/test_cuda.c
} >"$LOG/machine.log" 2>&1
note "machine: $(nvidia-smi -L 2>/dev/null | head -1)"
note "date:    $(date -u '+%Y-%m-%d %H:%M UTC')"

CM=${CMOCKA_DIR:-}
if [ -z "$CM" ] && [ ! -f /usr/include/cmocka.h ]; then
    CM=/tmp/cm
    mkdir -p "$CM"
    for f in .devdeps/*.deb; do dpkg -x "$f" "$CM"; done
fi

# 1. the library and the CUDA test programs (all the proof below needs),
# then everything else and every test program (make test)
step build 200 make -j"$J" CMOCKA_DIR="$CM" build/libtrikmeans.a \
    build/f32/tests/test_cuda build/f64/tests/test_cuda
step make-test 200 make -j"$J" CMOCKA_DIR="$CM" test
for p in f32 f64; do
    step "test_cuda-$p" 60 build/$p/tests/test_cuda
done

# 2. without FMA contraction: the same tests must pass
step build-nofma 150 make -j"$J" BUILD=build/nofma FMA=0 CMOCKA_DIR="$CM" \
    build/nofma/libtrikmeans.a build/nofma/f32/tests/test_cuda \
    build/nofma/f64/tests/test_cuda
for p in f32 f64; do
    step "test_cuda-nofma-$p" 60 build/nofma/$p/tests/test_cuda
done

# 3. the sanitizers, in parallel with each other and nothing else on the GPU
SAN_PIDS=()
san() {
    local tool=$1 p=$2 extra=""
    [ "$tool" = memcheck ] && extra="--leak-check full"
    step "sanitize-$tool-$p" "$(($(left) - 120))" "$SAN" --tool "$tool" \
        $extra --error-exitcode 99 build/$p/tests/test_cuda
}
for tool in memcheck racecheck synccheck initcheck; do
    for p in f32 f64; do
        san "$tool" "$p" &
        SAN_PIDS+=($!)
    done
done
wait "${SAN_PIDS[@]}"

# 4. timings, alone on the GPU
for b in build build/nofma; do
    gcc -O2 -std=c11 -D_GNU_SOURCE -fopenmp -Iinclude tools/gpu-time.c \
        $b/libtrikmeans.a -lm -L"$CUDA_HOME/lib64" -lcudart_static -ldl \
        -lrt -lpthread -lstdc++ -o $b/gpu-time >>"$LOG/gpu-time-build.log" 2>&1
done
# the first run of each precision is the reference: GPU Lloyd at block
# 64; OpenMP Lloyd comes last and is held to it like every other run
RUNS=
for a in lloyd elkan hamerly; do
    for b in 64 256 1024; do RUNS=$RUNS${RUNS:+,}$a/cuda-global/$b; done
done
RUNS=$RUNS,lloyd/omp
step time-1M-d8-k100 200 build/gpu-time -n 1000000 -d 8 -k 100 \
    --runs "$RUNS"
# FMA alone: float kernels without contraction against the same CPU run
NOFMA_RUNS=lloyd/omp,lloyd/cuda-global/256,elkan/cuda-global/256
NOFMA_RUNS=$NOFMA_RUNS,hamerly/cuda-global/256
step time-1M-d8-k100-nofma 100 build/nofma/gpu-time -n 1000000 -d 8 \
    -k 100 --precs f32 --runs "$NOFMA_RUNS"
if [ -z "${QUICK:-}" ]; then
    step time-200k-d64-k500 200 build/gpu-time -n 200000 -d 64 -k 500 \
        --runs "$RUNS"
fi

# 5. the command line
step cli 60 bash -c '
    set -e
    build/trikmeans info
    build/trikmeans gen -n 100000 -d 8 -k 20 --seed 3 --out /tmp/gp-blobs.npy
    for a in lloyd elkan hamerly; do
        build/trikmeans fit /tmp/gp-blobs.npy -k 20 --algorithm $a \
            --form cuda-global --precision f32 --block-size 128 \
            --stats /tmp/gp-stats-$a.csv
    done
    head -3 /tmp/gp-stats-elkan.csv'

# summary: the sanitizers' verdicts and the timing tables
{
    echo
    echo "== sanitizer error summaries"
    for f in "$LOG"/sanitize-*.log; do
        echo "$(basename "$f" .log):" \
            "$(grep -h "ERROR SUMMARY\|RACECHECK SUMMARY" "$f" | tail -1 |
                sed 's/^=* *//')"
        grep -q "ERROR SUMMARY: 0 errors\|RACECHECK SUMMARY: 0 hazards" "$f" ||
            grep -h "^=========" "$f" | head -30
    done
    echo
    echo "== test_cuda results"
    for f in "$LOG"/test_cuda-*.log; do
        echo "$(basename "$f" .log):" \
            "$(grep -h "PASSED\|FAILED  \] [0-9]\|SKIPPED  \] [0-9]" "$f" |
                tr -s ' ' | tr '\n' ' ')"
        grep -h -B4 "^\[  FAILED  \] test_" "$f" | head -40
    done
    for f in "$LOG"/time-*.log; do
        [ -f "$f" ] || continue
        echo
        echo "== $(basename "$f" .log)"
        cat "$f"
    done
    echo
    echo "total ${SECONDS}s"
} >>"$SUM" 2>&1

tar czf "$OUT/gpu-proof-logs.tgz" -C "$(dirname "$LOG")" "$(basename "$LOG")"
echo
echo "======== gpu-proof summary (${SECONDS}s) ========"
cat "$SUM"
