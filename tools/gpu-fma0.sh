#!/bin/bash
# Run on the GPU machine from the repository root (device tool: carry
# .devdeps holding the libcmocka debs and tree.tar = git archive HEAD).
# FMA=0 build of both CUDA forms: tests in f32 and f64 (cuda-shared and cuda-global).
set -u
export PATH=$PATH:/usr/local/cuda/bin
rm -rf /tmp/src; mkdir -p /tmp/cm /tmp/src && for f in .devdeps/*.deb; do dpkg -x $f /tmp/cm; done
tar -xf .devdeps/tree.tar -C /tmp/src && cd /tmp/src
SECONDS=0
ls build 2>/dev/null && echo "stale build dir!"; make -j16 FMA=0 CMOCKA_DIR=/tmp/cm build/f32/tests/test_cuda build/f64/tests/test_cuda build/trikmeans > $OUT/build.log 2>&1 || { tail -30 $OUT/build.log; exit 1; }
echo "build ${SECONDS}s"; nvidia-smi -L; build/trikmeans info | grep -E "fma|cuda-"
for p in f32 f64; do
  t=$SECONDS; timeout 200 build/$p/tests/test_cuda > $OUT/test-$p.log 2>&1; rc=$?
  echo "test_cuda $p (FMA=0, both forms): rc=$rc $((SECONDS-t))s"; grep -E "PASSED|FAILED|SKIPPED|ERROR" $OUT/test-$p.log | head -8
done
