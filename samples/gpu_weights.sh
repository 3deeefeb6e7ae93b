#!/bin/bash
# Sample weights on the GPU against the CPU (docs/results/gpu-weights.md):
# Lloyd and Hamerly, f64 and f32, omp, cuda-shared and cuda-global, without
# and with weights (uniform in [0, 3), every 7th 0) on N x 8 blobs, k = 100,
# from one k-means++ start; the loop, update and process times from each
# fit's --stats, and whether each CUDA run's centroids file is the omp
# run's, byte for byte.  From the repository root, after make:
#
#   OUT=docs/results bash samples/gpu_weights.sh      (N=1000000 default)
#
# PY: a python3 with numpy (default: the GPU machine's /opt/torch venv).
set -u
B=build/trikmeans
P=${PY:-/opt/torch/.venv/bin/python3}
T=/tmp/wb
mkdir -p $T
O=${OUT:-/tmp}
mkdir -p "$O"
$B gen -n ${N:-1000000} -d 8 -k 100 --seed 3 --out $T/x.npy -q --force
$P -c "
import numpy as np
r = np.random.default_rng(5); w = r.random(${N:-1000000}) * 3; w[::7] = 0
np.save('$T/w.npy', w)"
$B init $T/x.npy -k 100 --seed 4 --out $T/c0.npy -q --force
echo "precision,algorithm,form,weights,iterations,loop_s,update_s,wall_s,inertia,centroids_as_omp" > $O/gpu-weights.csv
for prec in f64 f32; do
  for alg in lloyd hamerly; do
    for wt in none w; do
      for form in omp cuda-shared cuda-global; do
        extra=""
        [ $wt = w ] && extra="--weights $T/w.npy"
        c=$T/c_${prec}_${alg}_${wt}_${form}.csv
        timeout 120 $B fit $T/x.npy -k 100 --init $T/c0.npy --algorithm $alg --form $form \
          --precision $prec $extra --centroids $c --stats $T/s.json -q --force 2>$T/err || { echo "FAIL $prec $alg $form $wt: $(cat $T/err)"; continue; }
        same=-
        [ $form != omp ] && { cmp -s $c $T/c_${prec}_${alg}_${wt}_omp.csv && same=yes || same=no; }
        $P - "$prec" "$alg" "$form" "$wt" "$same" >> $O/gpu-weights.csv <<PY
import json, sys
s = json.load(open('$T/s.json'))
up = sum(i['t_update'] or 0 for i in s['iters'])
a = sys.argv[1:]
print(','.join(a[:4] + [str(s['iterations']), '%.4f' % s['phases']['loop'], '%.4f' % up, '%.3f' % s['phases']['wall'], repr(s['inertia']), a[4]]))
PY
      done
    done
  done
done
cat $O/gpu-weights.csv
