#!/usr/bin/env python3
"""scikit-learn's own KMeans tests run against trikmeans.KMeans: the
sklearn/cluster/tests/test_k_means.py of the scikit-learn installed for
this interpreter, copied with `from trikmeans import KMeans` placed after
its imports (so every test, parametrisations included, meets ours), and
its conftest.py beside it; the rest (k_means, MiniBatchKMeans, the
internals it imports) stays scikit-learn's.

    python3 tools/sklearn-suite.py [PYTEST ARGS ...]   e.g. -k "sparse or csr"

Run with the package importable (PYTHONPATH=python after `make python`).
Exit status: pytest's.
"""
import os
import subprocess
import sys
import tempfile

import sklearn


def main():
    root = os.path.dirname(sklearn.__file__)
    src = os.path.join(root, "cluster", "tests", "test_k_means.py")
    if not os.path.exists(src):
        print("sklearn-suite: %s is not installed (scikit-learn without its "
              "tests)" % src, file=sys.stderr)
        return 2
    with open(src, encoding="utf-8") as f:
        lines = f.read().split("\n")
    # the first top-level line after the imports: a definition or decorator
    at = next(i for i, ln in enumerate(lines)
              if ln.startswith(("def ", "@", "class ")) or
              (ln[:1].isalpha() and "=" in ln and not ln.startswith(
                  ("from ", "import "))))
    lines.insert(at, "from trikmeans import KMeans  # ours, not "
                     "scikit-learn's\n")
    with tempfile.TemporaryDirectory() as tmp:
        with open(os.path.join(tmp, "test_trikmeans_kmeans.py"), "w",
                  encoding="utf-8") as f:
            f.write("\n".join(lines))
        conf = os.path.join(root, "conftest.py")
        if os.path.exists(conf):
            with open(conf, encoding="utf-8") as f, \
                    open(os.path.join(tmp, "conftest.py"), "w",
                         encoding="utf-8") as g:
                g.write(f.read())
        print("sklearn-suite: scikit-learn %s's %s against trikmeans.KMeans"
              % (sklearn.__version__, src), flush=True)
        env = dict(os.environ)  # (PYTHONPATH's entries from here on)
        env["PYTHONPATH"] = os.pathsep.join(
            os.path.abspath(p) for p in
            env.get("PYTHONPATH", "").split(os.pathsep) if p)
        return subprocess.call([sys.executable, "-m", "pytest", "-q",
                                "-p", "no:cacheprovider",
                                "test_trikmeans_kmeans.py"] + sys.argv[1:],
                               cwd=tmp, env=env)


if __name__ == "__main__":
    sys.exit(main())
