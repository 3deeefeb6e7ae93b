#!/bin/bash
# Run on the GPU machine from the repository root (device tool: carry
# .devdeps holding libcmocka debs and tree.tar = git archive HEAD).
# Issue 4 proof: trikmeans check for every cuda-global solver, f32/f64,
# block sizes 64/256/1024, on 1,000,000 x 8 (k=100) and 200,000 x 64 (k=500).
set -u
export PATH=$PATH:/usr/local/cuda/bin
mkdir -p /tmp/cm /tmp/src && for f in .devdeps/*.deb; do dpkg -x $f /tmp/cm; done
tar -xf .devdeps/tree.tar -C /tmp/src && cd /tmp/src
( time make -j16 CMOCKA_DIR=/tmp/cm build/trikmeans ) > $OUT/build.log 2>&1 || { tail -30 $OUT/build.log; exit 1; }
nvidia-smi -L; build/trikmeans info
for spec in 1000000,8,100 200000,64,500; do
  k=${spec##*,}
  build/trikmeans check --generate $spec -k $k --seed 1 --forms cuda-global \
     --block-sizes 64,256,1024 --out $OUT/check-${spec//,/x}.csv > $OUT/check-${spec//,/x}.txt 2>&1
  echo "check $spec rc=$?"
  grep -E "^(lloyd|elkan|hamerly)|failed" $OUT/check-${spec//,/x}.txt | head -30
done
