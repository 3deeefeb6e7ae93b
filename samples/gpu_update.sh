#!/bin/bash
# The CUDA forms' update strategies timed (docs/results/gpu-update.md):
# Lloyd from one random start, fixed iterations (the course report's T),
# every --update on cuda-shared and cuda-global, f64 and f32, on uniform
# 2-d points (the course report's table: N = 100,000, K = 5, 100, 1000,
# T = 100) and on blobs of the GPU bench's larger shapes; the loop's and
# the updates' seconds from each fit's --stats (the median of REPS runs),
# and how far each strategy's centroids ended from the exact run's.
# From the repository root, after make:
#
#   OUT=docs/results bash samples/gpu_update.sh
#
# SHAPES: "N:D:K:T ..." (default below); FORMS (default cuda-shared
# cuda-global); REPS (default 3); PY: a python3 with numpy (default: the
# GPU machine's /opt/torch venv).
set -u
B=build/trikmeans
P=${PY:-/opt/torch/.venv/bin/python3}
T=/tmp/gu
mkdir -p $T
O=${OUT:-/tmp}
mkdir -p "$O"
REPS=${REPS:-3}
SHAPES=${SHAPES:-"100000:2:5:100 100000:2:100:100 100000:2:1000:100 2000000:8:400:20 1000000:32:1000:10 100000:784:100:10"}
CSV=$O/gpu-update.csv
echo "n,d,k,iterations,precision,form,update,loop_s,update_s,loop_min_s,loop_max_s,max_abs_diff_from_exact,labels_differ" > $CSV
for s in $SHAPES; do
  IFS=: read n d k it <<< "$s"
  x=$T/x_${n}_${d}.npy
  [ -f $x ] || { if [ "$d" = 2 ]; then
      $B gen --kind uniform -n $n -d 2 --seed 3 --out $x -q --force
    else
      $B gen -n $n -d $d -k $k --seed 3 --out $x -q --force
    fi; }
  $B init $x -k $k --init random --seed 1 --out $T/c0.npy -q --force
  for prec in f64 f32; do
    for form in ${FORMS:-cuda-shared cuda-global}; do
      for upd in exact atomic shared tree dc; do
        for r in $(seq $REPS); do
          timeout 300 $B fit $x -k $k --init $T/c0.npy --form $form --precision $prec \
            --update $upd --fixed-iter --max-iter $it --centroids $T/c_$upd.npy \
            --labels $T/l_$upd.npy --stats $T/s_$r.json -q --force 2>$T/err ||
            { echo "FAIL $s $prec $form $upd: $(cat $T/err)"; continue 2; }
        done
        $P - "$n" "$d" "$k" "$it" "$prec" "$form" "$upd" "$REPS" >> $CSV <<PY
import json, sys
import numpy as np
n, d, k, it, prec, form, upd, reps = sys.argv[1:]
loops, ups = [], []
for r in range(1, int(reps) + 1):
    s = json.load(open('$T/s_%d.json' % r))
    loops.append(s['phases']['loop'])
    ups.append(sum(i['t_update'] or 0 for i in s['iters']))
c, c0 = np.load('$T/c_%s.npy' % upd), np.load('$T/c_exact.npy')
l, l0 = np.load('$T/l_%s.npy' % upd), np.load('$T/l_exact.npy')
print(','.join([n, d, k, it, prec, form, upd, '%.5f' % np.median(loops),
                '%.5f' % np.median(ups), '%.5f' % min(loops), '%.5f' % max(loops),
                '%.3g' % np.abs(c - c0).max(), str(int((l != l0).sum()))]))
PY
      done
    done
  done
done
cat $CSV
