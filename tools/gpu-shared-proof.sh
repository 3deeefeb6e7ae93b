#!/usr/bin/env bash
# Prove the cuda-shared form on a machine with a GPU, in one go, from a
# clean copy of the sources (.devdeps/tree.tar: the tracked files plus the
# new ones, made on the development machine; other engineers' unfinished
# files stay out of it):
#
#   build    the library, the CUDA tests, the command and tools/gpu-bench;
#   tests    test_cuda f32 and f64 (both CUDA forms), alone on the GPU;
#   bench    tools/gpu-bench on the issue's five shapes, every CUDA solver,
#            f32 and f64, alone on the GPU; seq: sequential Lloyd's time
#            per iteration measured beside it on the CPU (--seq-only);
#   variants the big tile kernel built with other settings (register
#            prefetch, registers per thread), timed on Lloyd only;
#   ncu      the time of every kernel (Nsight Compute, clocks left alone)
#            of the cuda-shared solvers, f32, at 100,000 x 784 (k=100) and
#            of Lloyd at 1,000,000 x 32 (k=1000), summed per kernel
#            (NCU_SPECS="n,d,k:alg/form,... ..." and NCU_PRECS=f32,f64
#            choose others; NCU_SUMMARY="" lists every call);
#   then all at once:
#   san      test_cuda (cuda-shared only, or SAN_FORMS) under
#            compute-sanitizer memcheck, racecheck, synccheck and
#            initcheck, f32 and f64;
#   check    trikmeans check --forms cuda-shared (or CHECK_FORMS)
#            --block-sizes 64,256,1024 on generated 1,000,000 x 8
#            (k=100) and 200,000 x 64 (k=500) (or CHECK_SPECS),
#            one run per shape and precision (they spend most of their
#            time in sequential Lloyd on the CPU: the f32 run at
#            1,000,000 x 8 takes 290 to 375 s on an H100 machine, so
#            with tests and bench before it BUDGET needs about 520; at
#            450 it was stopped in run P2 of
#            docs/results/gpu-shared-proof.md; each run's limit is
#            CHECK_LIMIT, default 420 s, cut to what is left of BUDGET:
#            with CHECK_FORMS=cuda-global,cuda-shared and the sanitizers
#            beside it the f64 run at 1,000,000 x 8 passed 420 s in call
#            S1 of the sixth session; alone (S2) it took about 270).
#
#   STEPS="tests bench seq variants san check" BUDGET=560 \
#       bash tools/gpu-shared-proof.sh
#
# SAN_ONLY=PATTERN limits the sanitizer runs to the tests whose names
# match (TKM_TEST_ONLY of tests/test_cuda.c); SAN_TOOLS chooses the tools;
# SAN_FORMS the form they test (TKM_TEST_FORMS; "": both CUDA forms),
# RACE_FORMS that of racecheck alone (default SAN_FORMS); CHECK_SPECS
# ("n,d,k ...") and CHECK_FORMS ("cuda-global,cuda-shared") the checker's
# data and forms.
#
# Each step has a time limit inside BUDGET seconds.  What comes
# back ($OUT, default /tmp/gpu-shared-out): summary.txt (printed last),
# bench.csv, bench.txt, seq.txt, check.txt and logs.tgz (every log and
# the checkers' CSV files).
set -u
export PATH=$PATH:/usr/local/cuda/bin
OUT=${OUT:-/tmp/gpu-shared-out}
BUDGET=${BUDGET:-560}
STEPS=${STEPS-tests bench seq variants san check} # "": build only
ROOT=$(pwd)
LOG=/tmp/gsp-logs
SRC=/tmp/src
rm -rf "$LOG" "$SRC"
mkdir -p "$LOG" "$OUT" "$SRC" /tmp/cm
SUM=$OUT/summary.txt
: >"$SUM"
. "$ROOT/tools/proof-steps.sh"
want() { case " $STEPS " in *" $1 "*) return 0 ;; esac; return 1; }

tar -xf "$ROOT/.devdeps/tree.tar" -C "$SRC"
for f in "$ROOT"/.devdeps/*.deb; do dpkg -x "$f" /tmp/cm; done
cd "$SRC" || exit 1
CUDA_HOME=$(dirname "$(dirname "$(command -v nvcc)")")
SAN=$(command -v compute-sanitizer ||
    ls "$CUDA_HOME"/bin/compute-sanitizer \
        "$CUDA_HOME"/compute-sanitizer/compute-sanitizer 2>/dev/null | head -1)
{
    date -u
    nvidia-smi -L
    nvidia-smi --format=csv \
        --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm
    nvcc --version | tail -2
    "$SAN" --version | tail -1
    gcc --version | head -1
    nproc
    sha256sum kernels/*.cu kernels/*.cuh src/cuda/cuda_engine.c \
        src/*/*_cuda.c tests/test_cuda.c tools/gpu-bench.c
} >"$LOG/machine.log" 2>&1
note "machine: $(nvidia-smi -L 2>/dev/null | head -1)"
note "date:    $(date -u '+%Y-%m-%d %H:%M UTC')"

J=$(nproc)
step build 240 bash -c "make -j$J CMOCKA_DIR=/tmp/cm build/libtrikmeans.a \
    build/f32/tests/test_cuda build/f64/tests/test_cuda build/trikmeans &&
  gcc -O2 -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror -fopenmp -Iinclude \
    -I$CUDA_HOME/include tools/gpu-bench.c build/libtrikmeans.a -lm \
    -L$CUDA_HOME/lib64 -lcudart_static -ldl -lrt -lpthread -lstdc++ \
    -o build/gpu-bench" || { tail -40 "$LOG/build.log"; }

# variants (macros given to the C and the CUDA compiler alike; "__"
# stands for a space), timed on the two shapes where the tile kernel does
# most of the work: without Lloyd's nearest of a thread's centroids found
# before the merge (nopremin), without the loop over staged dimensions
# unrolled twice (unroll1), with the next centroid tile prefetched into
# registers (pf8; only where two centroid buffers do not fit, unless
# -DTKM_SH_CDB=0 too), the Elkan/Hamerly passes built for two blocks per
# multiprocessor (minb2), the resident point tile's centroid chunks
# through one buffer (nocdb); VARIANTS="" skips (nostream: the point tile
# reloaded with plain loads at high d; norows: Elkan's pair kernel
# without rows staged one at a time)
VARIANTS=${VARIANTS-"nostream:-DTKM_SH_STREAM=0 norows:-DTKM_ELK_ROW_D=1000000 nopremin:-DTKM_SH_PREMIN=0 unroll1:-DTKM_SH_UNROLL=1 pf8:-DTKM_SH_PF=8 minb2:-DTKM_SH_MINB_OTHER=2 nocdb:-DTKM_SH_CDB=0"}
if want variants; then
    for v in $VARIANTS; do
        tag=${v%%:*}
        defs=${v#*:}
        defs=${defs//__/ }
        step "build-$tag" 120 bash -c "make -j$J BUILD=build/$tag \
          CC='gcc $defs' NVCC='$CUDA_HOME/bin/nvcc $defs' \
          CUDA_HOME=$CUDA_HOME build/$tag/libtrikmeans.a &&
          gcc -O2 -std=c11 -D_GNU_SOURCE -fopenmp -Iinclude \
          -I$CUDA_HOME/include tools/gpu-bench.c build/$tag/libtrikmeans.a \
          -lm -L$CUDA_HOME/lib64 -lcudart_static -ldl -lrt -lpthread \
          -lstdc++ -o build/$tag/gpu-bench"
    done
fi

# the CUDA tests (both forms), f32 and f64 side by side, nothing else
# on the GPU
if want tests; then
    TPIDS=()
    for p in f32 f64; do
        step "test_cuda-$p" 150 build/$p/tests/test_cuda &
        TPIDS+=($!)
    done
    wait "${TPIDS[@]}"
fi

# the benchmark, alone on the GPU (sequential Lloyd beside it on the CPU)
if want bench; then
    SEQ_PID=
    if want seq; then
        build/gpu-bench --seq-only >"$LOG/seq.log" 2>&1 &
        SEQ_PID=$!
    fi
    step bench 240 build/gpu-bench --csv "$OUT/bench.csv" \
        --iters "$OUT/iters.csv"
    cp "$LOG/bench.log" "$OUT/bench.txt"
    if [ -n "$SEQ_PID" ]; then
        wait "$SEQ_PID"
        cp "$LOG/seq.log" "$OUT/seq.txt"
    fi
fi
if want variants; then
    for v in default:x $VARIANTS; do
        tag=${v%%:*}
        bin=build/$tag/gpu-bench
        [ "$tag" = default ] && bin=build/gpu-bench
        step "variant-$tag" 90 $bin --precs f32,f64 \
            --only lloyd/cuda-shared,elkan/cuda-shared,hamerly/cuda-shared \
            --shapes "1000000,32,1000;100000,784,100"
    done
fi

# per-kernel times, alone on the GPU
NCU=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu 2>/dev/null |
    head -1)
NCU_SPECS=${NCU_SPECS:-"100000,784,100:lloyd/cuda-shared,elkan/cuda-shared,hamerly/cuda-shared 1000000,32,1000:lloyd/cuda-shared,hamerly/cuda-shared"}
NCU_PRECS=${NCU_PRECS:-f32}
NCU_SUMMARY=${NCU_SUMMARY-"--print-summary per-kernel"} # "": every call
if want ncu && [ -n "$NCU" ]; then
    for spec in $NCU_SPECS; do
        for p in ${NCU_PRECS//,/ }; do
            tag=${spec%%,*}-$p
            step "ncu-$tag" 150 "$NCU" --clock-control none \
                --metrics gpu__time_duration.sum $NCU_SUMMARY \
                build/gpu-bench --precs "$p" --shapes "${spec%%:*}" \
                --only "${spec#*:}" --no-check
        done
    done
fi

# then the sanitizers and the checkers, all at once, one checker per
# shape and precision (they spend most of their time in sequential Lloyd
# on the CPU)
PIDS=()
CHECK_SPECS=${CHECK_SPECS:-"1000000,8,100 200000,64,500"}
CHECK_FORMS=${CHECK_FORMS:-cuda-shared}
SAN_TOOLS=${SAN_TOOLS:-"memcheck racecheck synccheck initcheck"}
SAN_FORMS=${SAN_FORMS-cuda-shared}
RACE_FORMS=${RACE_FORMS-$SAN_FORMS}
if want check; then
    for spec in $CHECK_SPECS; do
        for p in f32 f64; do
            tag=${spec//,/x}-$p
            step "check-$tag" "${CHECK_LIMIT:-420}" build/trikmeans check \
                --generate "$spec" \
                -k "${spec##*,}" --seed 1 --forms "$CHECK_FORMS" \
                --precisions "$p" --block-sizes 64,256,1024 \
                --out "$LOG/check-$tag.csv" &
            PIDS+=($!)
        done
    done
fi
if want san; then
    for tool in $SAN_TOOLS; do
        forms=$SAN_FORMS
        [ "$tool" = racecheck ] && forms=$RACE_FORMS
        for p in f32 f64; do
            extra=""
            [ "$tool" = memcheck ] && extra="--leak-check full"
            TKM_TEST_FORMS="$forms" TKM_TEST_ONLY="${SAN_ONLY:-}" \
                step "san-$tool-$p" 400 "$SAN" \
                --tool "$tool" $extra --error-exitcode 99 \
                build/$p/tests/test_cuda &
            PIDS+=($!)
        done
    done
fi
[ ${#PIDS[@]} -gt 0 ] && wait "${PIDS[@]}"
for f in "$LOG"/check-*.log; do
    [ -f "$f" ] && cat "$f" >>"$OUT/check.txt"
done

{
    echo
    echo "== test_cuda"
    for f in "$LOG"/test_cuda-*.log; do
        [ -f "$f" ] || continue
        echo "$(basename "$f" .log): $(grep -h "PASSED\|FAILED  \] [0-9]" "$f" |
            tr -s ' ' | tr '\n' ' ')"
        grep -h -B6 "^\[  FAILED  \] test_" "$f" | grep -v "^\[ RUN" | head -40
    done
    echo
    echo "== sanitizers"
    for f in "$LOG"/san-*.log; do
        [ -f "$f" ] || continue
        echo "$(basename "$f" .log): $(grep -h "ERROR SUMMARY\|RACECHECK SUMMARY" \
            "$f" | tail -1 | sed 's/^=* *//')"
        grep -q "ERROR SUMMARY: 0 errors\|RACECHECK SUMMARY: 0 hazards" "$f" ||
            grep -h "^=========" "$f" | head -24
    done
    for f in "$LOG"/check-*.log; do
        [ -f "$f" ] || continue
        echo
        echo "== $(basename "$f" .log)"
        grep -E "^(lloyd|elkan|hamerly|data:)|failed" "$f" | head -24
    done
    for f in "$LOG"/ncu-*.log; do
        [ -f "$f" ] || continue
        cp "$f" "$OUT/"
        echo
        echo "== $(basename "$f" .log): kernels by total time (ncu, raw: $(basename "$f"))"
        grep -E "^ +[a-zA-Z_].*\(|gpu__time_duration" "$f" | head -80
    done
    for f in "$LOG"/variant-*.log; do
        [ -f "$f" ] || continue
        echo
        echo "== $(basename "$f" .log)"
        grep -E "^(f32|f64|##)" "$f"
    done
    if [ -f "$LOG/bench.log" ]; then
        echo
        echo "== bench (t_solve: s from iteration 1 to the result on the host;"
        echo "   columns: prec alg form iters t_solve t_total s/iter t_assign"
        echo "   t_update t_bound assign_ms/iter GFLOP/s GB/s vs_global check)"
        grep -E "^(f32|f64|##)" "$LOG/bench.log"
        [ -f "$LOG/seq.log" ] && grep -h "^SEQ" "$LOG/seq.log"
    fi
    echo
    echo "total ${SECONDS}s"
} >>"$SUM" 2>&1
tar czf "$OUT/logs.tgz" -C /tmp gsp-logs
echo
echo "======== gpu-shared-proof summary (${SECONDS}s) ========"
cat "$SUM"
