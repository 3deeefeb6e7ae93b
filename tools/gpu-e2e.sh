#!/usr/bin/env bash
# The whole run on the GPU (docs/results/gpu-e2e.md): process wall time
# from a .npy on disk to the labels written, Hamerly cuda-shared to strict
# convergence from a given start, on the five shapes of gpu-bench, beside
# the same job in PyTorch (samples/torch_lloyd.py, a GEMM Lloyd).
#
#   bash tools/gpu-e2e.sh [DIR]     (default build/gpu-e2e; REPS=3)
#
# Per shape: generated blobs as a float64 .npy, the same values as a
# float32 .npy, a k-means++ start (trikmeans init --seed 1) in a CSV; then
# REPS runs of each: f64 from the float64 file, f32 from the float32 file,
# f32 from the float64 file, and (one run) f64 with the default start
# (k-means++ seeding inside the run); TORCH_REPS runs of the torch script
# in f64 and f32.  Every run's phases (the --stats JSON) and process wall
# time go to DIR/e2e.csv; the medians to DIR/e2e.md.
set -eu
cd "$(dirname "$0")/.."
DIR=${1:-build/gpu-e2e}
REPS=${REPS:-3}
TORCH_REPS=${TORCH_REPS:-2}
FORM=${FORM:-cuda-shared}
SHAPES=${SHAPES:-"1000000,2,100 2000000,8,400 494080,34,100 1000000,32,1000 100000,784,100"}
B=${B:-build/trikmeans}
PY=
for p in python3 /usr/bin/python3; do
    "$p" -c 'import numpy' 2>/dev/null && { PY=$p; break; }
done
[ -n "$PY" ] || { echo "gpu-e2e: no python3 with NumPy" >&2; exit 1; }
mkdir -p "$DIR"
CSV=$DIR/e2e.csv
echo "shape,run,rep,process,read,context,start,convert,setup,loop,result,write,wall,iterations" >"$CSV"

now() { date +%s.%N; }
# fit_run TAG REP ARGS...: one trikmeans fit, its phases and process time
fit_run() {
    local tag=$1 rep=$2 t0 t1
    shift 2
    t0=$(now)
    "$B" fit "$@" --algorithm hamerly --form "$FORM" \
        --labels "$DIR/l.npy" --stats "$DIR/s.json" --force -q
    t1=$(now)
    "$PY" - "$DIR/s.json" "$sx,$tag,$rep" "$t0" "$t1" >>"$CSV" <<'PYEOF'
import json, sys
s = json.load(open(sys.argv[1]))
p = s["phases"]
keys = ["read", "context", "start", "convert", "setup", "loop", "result",
        "write", "wall"]
print("%s,%.4f,%s,%d" % (sys.argv[2], float(sys.argv[4]) - float(sys.argv[3]),
      ",".join("%.4f" % p.get(k, 0.0) for k in keys), s["iterations"]))
PYEOF
}

for shape in $SHAPES; do
    IFS=, read -r n d k <<<"$shape"
    sx=${n}x${d}x${k}
    f64=$DIR/x64.npy f32=$DIR/x32.npy start=$DIR/start.csv
    "$B" gen -q -n "$n" -d "$d" -k "$k" --seed 7 --out "$f64" --force
    "$PY" -c "import numpy as np, sys; np.save(sys.argv[2], np.load(sys.argv[1]).astype(np.float32))" "$f64" "$f32"
    "$B" init -q "$f64" -k "$k" --seed 1 --out "$start" --force
    # warm the page cache and the driver once
    "$B" fit "$f64" -k "$k" --init "$start" --form "$FORM" -q --max-iter 1
    for r in $(seq "$REPS"); do
        fit_run f64 "$r" "$f64" -k "$k" --init "$start" --precision f64
        fit_run f32-file32 "$r" "$f32" -k "$k" --init "$start" --precision f32
        fit_run f32-file64 "$r" "$f64" -k "$k" --init "$start" --precision f32
    done
    fit_run f64-seeded 1 "$f64" -k "$k" --seed 1 --precision f64
    for r in $(seq "$TORCH_REPS"); do
        for p in f64 f32; do
            t0=$(now)
            "$PY" samples/torch_lloyd.py "$([ $p = f32 ] && echo "$f32" || echo "$f64")" \
                "$start" "$DIR/lt.npy" $([ $p = f32 ] && echo --f32)
            t1=$(now)
            echo "$sx,torch-$p,$r,$(awk "BEGIN{print $t1 - $t0}"),,,,,,,,,," >>"$CSV"
        done
    done
    rm -f "$f64" "$f32"
done

"$PY" - "$CSV" >"$DIR/e2e.md" <<'PYEOF'
import csv, sys, statistics as st
rows = list(csv.DictReader(open(sys.argv[1])))
shapes = list(dict.fromkeys(r["shape"] for r in rows))
def med(shape, run, key):
    v = [float(r[key]) for r in rows if r["shape"] == shape and r["run"] == run and r[key]]
    return st.median(v) if v else float("nan")
phases = ["read", "context", "start", "convert", "setup", "loop", "result", "write"]
print("| n x d x k | run | process s | " + " | ".join(phases) +
      " | process - loop | process - phases |")
print("|---" * (len(phases) + 5) + "|")
for s in shapes:
    for run in ["f64", "f32-file32", "f32-file64", "f64-seeded", "torch-f64", "torch-f32"]:
        p = med(s, run, "process")
        if run.startswith("torch"):
            print("| %s | %s | %.3f |%s" % (s.replace("x", " x "), run, p,
                                           " |" * (len(phases) + 2)))
            continue
        m = [med(s, run, k) for k in phases]
        print("| %s | %s | %.3f | %s | %.3f | %.3f |" % (
            s.replace("x", " x "), run, p,
            " | ".join("%.4f" % v if k == "loop" else "%.3f" % v
                       for k, v in zip(phases, m)),
            p - med(s, run, "loop"), p - sum(m)))
PYEOF
cat "$DIR/e2e.md"
