#!/usr/bin/env python3
"""The Python package's overhead over the C library: wall time of
trikmeans.KMeans.fit against the library's own time for the same fit
(stats_['phases']: t_convert + t_total), medians of several runs, from a
given start (no initialisation in either), and the memory the fit
allocates in Python against the size of X.

    make python
    PYTHONPATH=python /usr/bin/python3 samples/python_bench.py [--big-iter N]

Shapes: 1,000 x 2 x 3 (target: under 1 ms of overhead) and
1,000,000 x 32 x 100 (target: at most 5 %), the big one capped at
--big-iter iterations (default 10) with --fixed-iter semantics off.
"""
import argparse
import time
import tracemalloc

import numpy as np

import trikmeans


def measure(n, d, k, reps, max_iter):
    rng = np.random.default_rng(0)
    X = rng.random((n, d))
    start = X[rng.choice(n, k, replace=False)].copy()
    walls, libs = [], []
    for _ in range(reps):
        km = trikmeans.KMeans(k, algorithm="lloyd", form="omp", init=start,
                              n_init=1, tol=0.0, max_iter=max_iter)
        t0 = time.perf_counter()
        km.fit(X)
        walls.append(time.perf_counter() - t0)
        ph = km.stats_["phases"]
        libs.append(ph["t_convert"] + ph["t_total"])
    tracemalloc.start()
    trikmeans.KMeans(k, algorithm="lloyd", form="omp", init=start, n_init=1,
                     tol=0.0, max_iter=1).fit(X)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    w, lib = float(np.median(walls)), float(np.median(libs))
    return w, lib, peak, X.nbytes, km.n_iter_


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--big-iter", type=int, default=10)
    ap.add_argument("--reps", type=int, default=3)
    a = ap.parse_args()
    print("| n x d x k | iterations | fit wall (s) | library (s) | "
          "overhead | Python allocations / X |")
    print("|---|---:|---:|---:|---:|---:|")
    for n, d, k, reps, it in ((1000, 2, 3, 200, 300),
                              (1000000, 32, 100, a.reps, a.big_iter)):
        w, lib, peak, xb, nit = measure(n, d, k, reps, it)
        over = w - lib
        print("| %d x %d x %d | %d | %.6f | %.6f | %.3f ms (%.1f %%) | "
              "%.3f |" % (n, d, k, nit, w, lib, over * 1e3,
                          100 * over / lib, peak / xb))


if __name__ == "__main__":
    main()
