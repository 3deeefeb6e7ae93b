#!/usr/bin/env python3
"""Run scikit-learn's Lloyd k-means from given centroids and compare labels.

Usage: sklearn_fit.py DATA INIT TOL MAX_ITER PRECISION LABELS

DATA (n x d) and INIT (k x d) are .npy or CSV files, LABELS the labels of
the same run by trikmeans (.npy).  Fits sklearn.cluster.KMeans(init=INIT,
n_init=1, tol=TOL, max_iter=MAX_ITER, algorithm='lloyd') on DATA as float32
or float64 (PRECISION f32 or f64) and prints one line: its n_iter_ and the
number of rows whose label differs from LABELS.  tests/test_cli.c runs it
to check that --tol means what scikit-learn's tol means.  Exit status 2 on
a usage error, 1 when scikit-learn cannot be imported.
"""
import sys


def load(path):
    import numpy as np
    if path.endswith(".npy"):
        return np.load(path)
    return np.loadtxt(path, delimiter=",", ndmin=2)


def main(argv):
    if len(argv) != 7:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    try:
        from sklearn.cluster import KMeans
    except ImportError as e:
        print("sklearn_fit.py: %s" % e, file=sys.stderr)
        return 1
    import numpy as np
    dtype = np.float32 if argv[5] == "f32" else np.float64
    x = load(argv[1]).astype(dtype)
    c0 = load(argv[2]).astype(dtype)
    km = KMeans(n_clusters=len(c0), init=c0, n_init=1, tol=float(argv[3]),
                max_iter=int(argv[4]), algorithm="lloyd").fit(x)
    ours = np.load(argv[6])
    print(km.n_iter_, int(np.count_nonzero(ours != km.labels_)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
