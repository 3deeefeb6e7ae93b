#!/usr/bin/env python3
"""Print scikit-learn's three cluster quality scores of a labelling.

Usage: sklearn_scores.py DATA LABELS

DATA is an n x d matrix and LABELS n integers, each as .npy or as text
(CSV/TSV/whitespace, a non-numeric first line taken as a header).  Prints
one line: silhouette, Calinski-Harabasz and Davies-Bouldin, space separated,
with 17 significant digits.  tests/test_score.c runs it to compare the
library's scores with scikit-learn's.  Exit status 2 on a usage error, 1
when scikit-learn cannot be imported.
"""
import sys


def load(path):
    import numpy as np
    if path.endswith(".npy"):
        return np.load(path)
    with open(path) as f:
        first = f.readline()
    delim = "," if "," in first else ("\t" if "\t" in first else None)
    try:
        [float(v) for v in first.replace(",", " ").split()]
        skip = 0
    except ValueError:
        skip = 1
    return np.loadtxt(path, delimiter=delim, skiprows=skip, ndmin=2)


def main(argv):
    if len(argv) != 3:
        sys.stderr.write(__doc__)
        return 2
    try:
        from sklearn.metrics import (calinski_harabasz_score,
                                     davies_bouldin_score, silhouette_score)
    except ImportError as e:
        sys.stderr.write("sklearn_scores.py: cannot import scikit-learn: "
                         "%s\n" % e)
        return 1
    x = load(argv[1]).astype("float64")
    labels = load(argv[2]).reshape(-1).astype("int64")
    if x.ndim == 1:
        x = x.reshape(-1, 1)
    print("%.17g %.17g %.17g" % (silhouette_score(x, labels),
                                 calinski_harabasz_score(x, labels),
                                 davies_bouldin_score(x, labels)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
