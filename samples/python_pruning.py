#!/usr/bin/env python3
"""Fit Lloyd, Elkan and Hamerly on the same data from the same start with
trikmeans's Python package, read the per-iteration statistics (stats_),
and plot the point-centroid distances each computed per iteration.

    make python
    PYTHONPATH=python /usr/bin/python3 samples/python_pruning.py [OUT.png]

Prints a line per algorithm (iterations, distances, loop seconds) and
writes the plot (default build/python_pruning.png).  The three runs give
the same labels: the bounds only skip work.
"""
import sys

import numpy as np

import trikmeans


def main(out):
    rng = np.random.default_rng(1)
    centres = rng.uniform(-10, 10, (30, 2))
    X = centres[rng.integers(0, 30, 100000)] + rng.normal(0, 1.0,
                                                          (100000, 2))
    start = trikmeans.KMeans(30, init="k-means++", n_init=1, max_iter=1,
                             random_state=0).fit(X).cluster_centers_
    runs = {}
    for algo in ("lloyd", "elkan", "hamerly"):
        km = trikmeans.KMeans(30, algorithm=algo, init=start, n_init=1,
                              tol=0.0, form="omp").fit(X)
        runs[algo] = km
        s = km.stats_
        print("%-8s %3d iterations, %12d distances, loop %.3f s"
              % (algo, km.n_iter_, s["dist_pc"].sum(),
                 s["phases"]["t_loop"]))
    assert all(np.array_equal(runs["lloyd"].labels_, km.labels_)
               for km in runs.values())
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(figsize=(8, 4.5))
    for algo, km in runs.items():
        ax.plot(km.stats_["iter"], km.stats_["dist_pc"], label=algo)
    ax.set_yscale("log")
    ax.set_xlabel("iteration")
    ax.set_ylabel("point-centroid distances computed")
    ax.set_title("100,000 x 2 points, k = 30, the same start")
    ax.legend()
    fig.tight_layout()
    fig.savefig(out, dpi=120)
    print("wrote", out)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "build/python_pruning.png")
