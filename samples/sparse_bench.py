#!/usr/bin/python3
"""trikmeans on sparse data beside scikit-learn's KMeans: same CSR data,
same start, same iteration cap.

Usage: sparse_bench.py [OPTIONS] OUTDIR

For each shape (n, d, stored values a row, k) this script

  1. makes text-like data: numpy default_rng(7); each point draws a topic
     of k, half its values from 200 columns of that topic and half from
     anywhere, values uniform in (0, 1), each row then scaled to norm 1
     (as TF-IDF rows are); written with scipy.sparse.save_npz (stored,
     not deflated);
  2. takes k rows of the data, drawn from the same generator, as the
     start (written as .npy), the same for every solver;
  3. runs scikit-learn's KMeans (algorithm 'lloyd' and 'elkan', n_init=1,
     tol=0, that start, the cap) on the CSR matrix, and `trikmeans fit`
     on the .npz file (each algorithm of --algs in each form of --forms, omp
     with --threads; f64), each --reps times (scikit-learn --sk-reps
     times), and keeps the median: scikit-learn's fit(),
     trikmeans's solver time (t_total: the data in memory to the labels;
     the read of the file is given apart, as read);
  4. checks that every trikmeans run gives the labels and iterations of
     the first run of its kind (seq and omp; the CUDA forms), which it
     must bit for bit, counts its labels unlike scikit-learn's Lloyd's
     (with --sk-reps 0, the first trikmeans run's: exact runs differ only
     at ties, points as near to two centroids as the summation order can
     tell, which change the run from there on) and writes
     OUTDIR/sparse-bench.csv and OUTDIR/sparse-bench.md.

Options:
  --trikmeans PATH  the trikmeans program (default build/trikmeans beside
                    this script)
  --threads N       threads for both (default: every processor)
  --reps N          repetitions (default 3)
  --sk-reps N       scikit-learn's repetitions (default: --reps; 0: none)
  --sk-algs LIST    scikit-learn's algorithms (default lloyd,elkan)
  --algs LIST       trikmeans's algorithms (default lloyd,elkan,hamerly;
                    yinyang, annulus and exponion take d a distance on
                    the CPU)
  --skip LIST       ALG@FORM pairs not run (e.g. hamerly@omp,yinyang@omp)
  --forms LIST      trikmeans forms, comma-separated (default omp; seq,
                    cuda-global and cuda-shared run as they are)
  --cap N           iteration cap (default 100)
  --kind NAME       topics (above, the default) or zipf: each row's columns
                    drawn with probability falling as 1 / (rank + 1) (the
                    power-law frequencies of words), values uniform in
                    (0, 1), rows scaled to norm 1
  --corpus DIR:K    a real corpus instead of --shapes: every non-empty
                    line of the .py files under DIR (the Python standard
                    library a Debian package ships, e.g.
                    /usr/lib/python3.11) a document, made TF-IDF by
                    scikit-learn's TfidfVectorizer (its defaults), K
                    clusters
  --shapes LIST     n:d:nnz:k,... (default 20000:5000:60:20,
                    100000:20000:100:50, 50000:100000:80:100)

Needs numpy, scipy and scikit-learn.  Exit status 0 when every run
gave the labels of the first of its kind, 1 otherwise, 2 usage error.
"""
import argparse
import csv
import os
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cpu_bench import run_fit, sk_fit  # noqa: E402  (timed the same way)

DEFAULT_SHAPES = "20000:5000:60:20,100000:20000:100:50,50000:100000:80:100"


def make_data(n, d, nnz, k, kind="topics"):
    import numpy as np
    import scipy.sparse as sp
    rng = np.random.default_rng(7)
    if kind == "zipf":
        cdf = np.cumsum(1.0 / np.arange(1, d + 1))
        cols = np.searchsorted(cdf, rng.random((n, nnz)) * cdf[-1])
        cols = np.minimum(cols, d - 1)
    else:
        topic = rng.integers(0, k, n)
        half = nnz // 2
        cols = np.concatenate([
            (rng.integers(0, 200, (n, half)) +
             (topic * (d // k))[:, None]) % d,
            rng.integers(0, d, (n, nnz - half))], axis=1)
    rows = np.repeat(np.arange(n), nnz)
    x = sp.csr_matrix((rng.random(n * nnz), (rows, cols.ravel())),
                      shape=(n, d))
    x.sum_duplicates()
    norms = np.sqrt(np.asarray(x.multiply(x).sum(axis=1)).ravel())
    x = sp.csr_matrix(sp.diags(1.0 / norms) @ x)
    x.sort_indices()
    return x, start_of(x, k, rng)


def start_of(x, k, rng):
    """k distinct rows of x, drawn from rng, as the start."""
    return x[rng.choice(x.shape[0], k, replace=False)].toarray()


def corpus_data(root):
    """The TF-IDF matrix of the lines of the .py files under root."""
    from sklearn.feature_extraction.text import TfidfVectorizer
    docs = []
    for dirpath, _, files in sorted(os.walk(root)):
        for f in sorted(files):
            if f.endswith(".py"):
                with open(os.path.join(dirpath, f), encoding="utf-8",
                          errors="replace") as fh:
                    docs += [ln for ln in fh.read().splitlines()
                             if ln.strip()]
    x = TfidfVectorizer().fit_transform(docs).tocsr()
    x = x[x.getnnz(axis=1) > 0]  # lines of no word (only symbols)
    x.sort_indices()
    return x


def tkm_fit(prog, data, start, k, alg, form, threads, cap, labels):
    thr = ["--threads", str(threads)] if form == "omp" else []
    info, err = run_fit([prog, "fit", data, "-k", str(k), "--init", start,
                         "--algorithm", alg, "--max-iter", str(cap), "--form",
                         form, "--labels", labels, "--force", "-v"] + thr)
    read = float("nan")
    for line in err.splitlines():
        if "seconds: read" in line:
            read = float(line.split("seconds: read")[1].split(",")[0])
    return {"time": float(info["time"].split()[0]),
            "iterations": int(info["iterations"].split()[0]), "read": read}


def main():
    ap = argparse.ArgumentParser(add_help=False)
    ap.add_argument("--trikmeans")
    ap.add_argument("--threads", type=int, default=os.cpu_count())
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--sk-reps", type=int)
    ap.add_argument("--sk-algs", default="lloyd,elkan")
    ap.add_argument("--algs", default="lloyd,elkan,hamerly")
    ap.add_argument("--forms", default="omp")
    ap.add_argument("--skip", default="")
    ap.add_argument("--shapes", default=DEFAULT_SHAPES)
    ap.add_argument("--kind", choices=("topics", "zipf"), default="topics")
    ap.add_argument("--corpus")
    ap.add_argument("--cap", type=int, default=100)
    ap.add_argument("-h", "--help", action="store_true")
    ap.add_argument("outdir", nargs="?")
    a = ap.parse_args()
    if a.help:
        print(__doc__)
        return 0
    if not a.outdir:
        print("sparse_bench.py: OUTDIR is required (--help)", file=sys.stderr)
        return 2
    import numpy as np
    import scipy.sparse as sp
    here = os.path.dirname(os.path.abspath(__file__))
    prog = a.trikmeans or os.path.join(here, "..", "build", "trikmeans")
    os.makedirs(a.outdir, exist_ok=True)
    rows, bad = [], 0
    specs = [a.corpus] if a.corpus else a.shapes.split(",")
    for spec in specs:
        if a.corpus:
            root, _, kk = spec.rpartition(":")
            k = int(kk)
            x = corpus_data(root)
            start = start_of(x, k, np.random.default_rng(7))
            n, d = x.shape
        else:
            n, d, nnz, k = (int(v) for v in spec.split(":"))
            x, start = make_data(n, d, nnz, k, a.kind)
        data = os.path.join(a.outdir, "x.npz")
        init = os.path.join(a.outdir, "start.npy")
        labels = os.path.join(a.outdir, "labels.npy")
        sp.save_npz(data, x, compressed=False)
        np.save(init, start)
        shape = (f"{n} x {d} ({x.nnz / n:.0f} a row) x {k}" +
                 (f", {a.kind}" if not a.corpus and a.kind != "topics"
                  else f", lines of {root}" if a.corpus else ""))
        ref = None
        skr = a.reps if a.sk_reps is None else a.sk_reps
        sk_algs = a.sk_algs.split(",") if skr > 0 else []
        for alg in sk_algs:
            runs = [sk_fit(x, start, k, alg, a.threads, a.cap)
                    for _ in range(skr)]
            if ref is None:
                ref = runs[0]
            rows.append({"shape": shape, "tool": "sklearn", "alg": alg,
                         "iterations": runs[0]["iterations"],
                         "form": "", "time": statistics.median(
                             r["time"] for r in runs),
                         "read": "", "same": "", "unlike": ""})
        m0 = len(rows)
        kind = {}
        for form in a.forms.split(","):
            for alg in a.algs.split(","):
                if f"{alg}@{form}" in a.skip.split(","):
                    continue
                runs = [tkm_fit(prog, data, init, k, alg, form, a.threads,
                                a.cap, labels) for _ in range(a.reps)]
                lab = np.load(labels)
                if ref is None:
                    ref = dict(runs[0], labels=lab)
                fam = kind.setdefault(form.startswith("cuda"),
                                      (lab, runs[0]["iterations"]))
                same = (np.array_equal(lab, fam[0]) and
                        runs[0]["iterations"] == fam[1])
                bad += not same
                rows.append({"shape": shape, "tool": "trikmeans", "alg": alg,
                             "iterations": runs[0]["iterations"],
                             "form": form, "time": statistics.median(
                                 r["time"] for r in runs),
                             "read": statistics.median(r["read"]
                                                       for r in runs),
                             "same": "yes" if same else "NO",
                             "unlike": int((lab != ref["labels"]).sum())})
        for r in rows[m0 - len(sk_algs):]:
            print(r, flush=True)
    with open(os.path.join(a.outdir, "sparse-bench.csv"), "w",
              newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    with open(os.path.join(a.outdir, "sparse-bench.md"), "w") as f:
        ref_name = ("scikit-learn's Lloyd" if "lloyd" in a.sk_algs and
                    a.sk_reps != 0 else "the first trikmeans run")
        f.write(f"Threads {a.threads}, median of {a.reps}, cap {a.cap}, "
                "tol 0, f64; seconds.\n\n| shape | tool | algorithm | form "
                "| iterations | time | read | labels as the first of its "
                f"kind | labels unlike {ref_name}'s |\n"
                "|---|---|---|---|---|---|---|---|---|\n")
        for r in rows:
            rd = "" if r["read"] == "" else f"{r['read']:.3f}"
            f.write(f"| {r['shape']} | {r['tool']} | {r['alg']} | "
                    f"{r['form']} | {r['iterations']} | {r['time']:.3f} | "
                    f"{rd} | {r['same']} | {r['unlike']} |\n")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
