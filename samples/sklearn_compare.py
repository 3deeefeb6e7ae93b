#!/usr/bin/python3
"""Run scikit-learn's KMeans beside a trikmeans bench, from the same start.

Usage: sklearn_compare.py [OPTIONS] DIR

DIR is a folder written by 'trikmeans bench'.  For every case in its
runs.csv (data set, k, initialisation, seed) this script

  1. gets the same data: the file named in DIR/datasets.csv, or the same
     generated set again through 'trikmeans gen' (same generator, seed);
  2. exports the start trikmeans used with 'trikmeans init' (same method
     and seed: bit for bit the same centroids);
  3. runs trikmeans's baseline, sequential Lloyd, from that start with
     'trikmeans fit --init FILE' in each precision of the bench;
  4. runs scikit-learn's KMeans (algorithm 'lloyd' and 'elkan', n_init=1,
     tol=0, max_iter as the bench, init = that start) on float32 and
     float64 copies of the data, as many times as the bench repeated;
  5. compares labels, inertia, centroids and iterations with the baseline
     (labels that differ must be ties, as the checker rules: the two
     centroids equally far within 1000 eps (|x| + |c_a| + |c_b|); inertia
     and centroids within 1e-4 for f32 and 1e-12 for f64);

and writes DIR/sklearn.csv with the columns of runs.csv (form 'sklearn'),
so that 'trikmeans report DIR' (run at the end) puts scikit-learn beside
trikmeans.

Options:
  --trikmeans PATH   the trikmeans program (default: build/trikmeans
                     beside this script, else trikmeans on PATH)
  --datasets LIST    only these data sets (comma-separated names)
  --algorithms LIST  scikit-learn algorithms (default lloyd,elkan)
  --max-work X       skip cases with n d k above X (default 2e10)
  --threads LIST     run scikit-learn at each of these thread counts
                     (comma-separated; 'max' is the CPUs this process may
                     use, the default), through threadpoolctl's limits on
                     its OpenMP and BLAS pools; sklearn.csv's threads column
                     records each, so the report sets them beside
                     trikmeans's OpenMP runs at the same count
  --no-report        do not run 'trikmeans report DIR' afterwards

Needs numpy and scikit-learn (Debian: python3-sklearn, installed by
'make deps'); run it with /usr/bin/python3.  Exit status: 0 every
scikit-learn run agrees with trikmeans's baseline, 1 one disagrees or a
step failed, 2 usage error or scikit-learn missing.  A float32 run that
disagrees with trikmeans's f32 baseline is held to the float64 result
too: where trikmeans's f32 labels are the f64 ones and scikit-learn's are
not, the verdict is "sklearn-f32-drift" (scikit-learn's float32 rounding
moved it), which is not counted as a disagreement.
"""
import argparse
import csv
import os
import shutil
import subprocess
import sys
import tempfile
import time

TOL = {"f32": 1e-4, "f64": 1e-12}
EPS = {"f32": 2.0 ** -23, "f64": 2.0 ** -52}
DTYPE = {"f32": "float32", "f64": "float64"}


def die(msg, code=2):
    print("sklearn_compare: " + msg, file=sys.stderr)
    sys.exit(code)


def find_trikmeans(given):
    if given:
        return given
    here = os.path.dirname(os.path.abspath(__file__))
    local = os.path.join(here, "..", "build", "trikmeans")
    if os.access(local, os.X_OK):
        return os.path.normpath(local)
    found = shutil.which("trikmeans")
    if not found:
        die("no trikmeans program: build it (make) or give --trikmeans")
    return found


def tkm(prog, *args):
    """Run trikmeans; its stdout, or exit on failure."""
    r = subprocess.run([prog] + [str(a) for a in args], capture_output=True,
                       text=True)
    if r.returncode != 0:
        die("'trikmeans %s' failed (%d): %s"
            % (" ".join(map(str, args)), r.returncode, r.stderr.strip()), 1)
    return r.stdout


def columns_read(ds, names):
    """The columns the bench read (its usecols or skip_cols: 0-based
    indices or header names) of a file whose columns are names, or None
    for all of them."""
    spec = ds.get("usecols") or ds.get("skip_cols")
    if not spec:
        return None
    given = [int(v) if v.isdigit() else names.index(v)
             for v in (item.strip() for item in spec.split(","))]
    if ds.get("usecols"):
        return sorted(given)  # the file's order, as trikmeans reads them
    return [j for j in range(len(names)) if j not in given]


def load_text(path, ds):
    import numpy as np
    with open(path) as f:
        first = f.readline()
        while first.startswith("#"):
            first = f.readline()
    delim = "," if "," in first else ("\t" if "\t" in first else None)
    names = [v.strip() for v in first.strip("\r\n").split(delim)]
    try:
        [float(v) for v in first.replace(",", " ").split()]
        header = 0
    except ValueError:
        header = 1
    return np.loadtxt(path, delimiter=delim, skiprows=header, ndmin=2,
                      comments="#", dtype=np.float64,
                      usecols=columns_read(ds, names))


def get_data(prog, ds, tmp):
    """The data set as float64 and a .npy path trikmeans can read."""
    import numpy as np
    path = os.path.join(tmp, ds["dataset"] + ".npy")
    if ds["source"] == "file":
        src = ds["path"]
        if src.endswith(".npy") or int(ds["raw_d"] or 0):
            if src.endswith(".npy"):
                x = np.load(src).astype(np.float64)
            else:
                bits = int(ds["raw_bits"] or 64)
                x = np.fromfile(src, dtype="<f%d" % (bits // 8))
                x = x.reshape(-1, int(ds["raw_d"])).astype(np.float64)
            keep = columns_read(ds, [str(j) for j in range(x.shape[-1])])
            x = x if keep is None else x.reshape(len(x), -1)[:, keep]
        else:
            x = load_text(src, ds)
        np.save(path, np.ascontiguousarray(x))
        return x, path
    args = ["gen", "--kind", ds["source"], "-n", ds["n"], "-d", ds["d"],
            "--box", ds["box"], "--seed", ds["data_seed"], "--out", path,
            "--force", "-q"]
    if ds["source"] == "blobs":
        args += ["-k", ds["centres"], "--spread", ds["spread"]]
    tkm(prog, *args)
    return np.load(path), path


def ties(x, labels, base_labels, base_c, prec):
    """Differing labels, and how many of them are ties (checker's rule)."""
    import numpy as np
    idx = np.nonzero(labels != base_labels)[0]
    if idx.size == 0:
        return 0, 0
    xa = x[idx]
    ca = base_c[base_labels[idx]]
    cb = base_c[labels[idx]]
    da = np.sqrt(((xa - ca) ** 2).sum(1))
    db = np.sqrt(((xa - cb) ** 2).sum(1))
    scale = (np.linalg.norm(xa, axis=1) + np.linalg.norm(ca, axis=1)
             + np.linalg.norm(cb, axis=1))
    tie = np.abs(da - db) <= 1000 * EPS[prec] * scale
    return int(idx.size), int(tie.sum())


def baseline(prog, data_path, start_path, k, prec, max_iter, tmp):
    """trikmeans's sequential Lloyd from the start: labels, centroids,
    inertia, iterations."""
    import numpy as np
    import json
    lab = os.path.join(tmp, "base_labels.npy")
    cen = os.path.join(tmp, "base_centroids.npy")
    stats = os.path.join(tmp, "base_stats.json")
    tkm(prog, "fit", data_path, "-k", k, "--init", start_path, "--precision",
        prec, "--algorithm", "lloyd", "--form", "seq", "--max-iter",
        max_iter, "--labels", lab, "--centroids", cen, "--stats", stats,
        "--force", "-q")
    with open(stats) as f:
        info = json.load(f)  # its inertia has all 17 digits
    return {"labels": np.load(lab).ravel().astype(np.int64),
            "centroids": np.load(cen), "inertia": float(info["inertia"]),
            "iterations": int(info["iterations"])}


def compare(x, sk, base, prec):
    """Verdict columns of one scikit-learn run against the baseline."""
    import numpy as np
    diff, nties = ties(x, sk["labels"], base["labels"], base["centroids"],
                       prec)
    dc = np.abs(sk["centroids"] - base["centroids"])
    rel = dc / np.maximum(1.0, np.abs(base["centroids"]))
    inertia_rel = abs(sk["inertia"] - base["inertia"]) / base["inertia"] \
        if base["inertia"] > 0 else abs(sk["inertia"])
    problems = []
    if diff != nties:
        problems.append("%d labels differ beyond ties" % (diff - nties))
    if inertia_rel > TOL[prec]:
        problems.append("inertia differs by %.3g" % inertia_rel)
    if rel.max() > TOL[prec]:
        problems.append("centroids differ by %.3g" % rel.max())
    notes = list(problems)
    if sk["iterations"] != base["iterations"]:
        notes.append("iterations %d, trikmeans %d"
                     % (sk["iterations"], base["iterations"]))
    return {"verdict": "fail" if problems else "pass",
            "reason": "; ".join(notes), "label_diff": diff, "ties": nties,
            "max_abs_diff": float(dc.max()), "inertia_rel": inertia_rel}


def drift_side(x, sk, bases, cmp):
    """An f32 run that disagrees with trikmeans's f32 baseline: hold both
    to the float64 result (trikmeans's f64 baseline, the checker's tie
    rule).  Where trikmeans's f32 labels are the f64 ones and scikit-
    learn's float32 labels are not, the drift is scikit-learn's float32
    rounding (its distances through a float32 GEMM), not a disagreement
    with trikmeans: the verdict says so ("sklearn-f32-drift")."""
    if cmp["verdict"] != "fail":
        return
    f64 = bases["f64"]
    ours, our_ties = ties(x, bases["f32"]["labels"], f64["labels"],
                          f64["centroids"], "f32")
    theirs, their_ties = ties(x, sk["labels"], f64["labels"],
                              f64["centroids"], "f32")
    if ours == our_ties and theirs > their_ties:
        cmp["verdict"] = "sklearn-f32-drift"
        cmp["reason"] += ("; against the float64 result scikit-learn's "
                          "float32 run has %d labels beyond ties, "
                          "trikmeans's f32 none" % (theirs - their_ties))


def run_sklearn(x, start, k, algo, prec, max_iter, threads):
    import numpy as np
    from sklearn.cluster import KMeans
    from threadpoolctl import threadpool_limits
    xt = np.ascontiguousarray(x, dtype=DTYPE[prec])
    km = KMeans(n_clusters=k, init=start.astype(DTYPE[prec]), n_init=1,
                max_iter=max_iter, tol=0.0, algorithm=algo, copy_x=True)
    with threadpool_limits(limits=threads):
        t0 = time.perf_counter()
        km.fit(xt)
        t = time.perf_counter() - t0
    return {"labels": km.labels_.astype(np.int64),
            "centroids": km.cluster_centers_.astype(np.float64),
            "inertia": float(km.inertia_), "iterations": int(km.n_iter_),
            "time": t}


def write_rows(folder, header, rows):
    """DIR/sklearn.csv as the rows so far, replaced whole (a run cut short
    keeps the cases that ended)."""
    tmp_out = os.path.join(folder, ".sklearn.csv.part")
    with open(tmp_out, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=header, lineterminator="\n")
        w.writeheader()
        w.writerows(rows)
    os.replace(tmp_out, os.path.join(folder, "sklearn.csv"))


def read_csv(path):
    with open(path, newline="") as f:
        r = csv.DictReader(f)
        return r.fieldnames, list(r)


def cases_of(rows, only):
    """Each (dataset, k, init, seed) once, in file order, with its max_iter,
    precisions, repetitions and n, d."""
    cases = {}
    for row in rows:
        if only and row["dataset"] not in only:
            continue
        key = (row["dataset"], row["k"], row["init"], row["seed"])
        c = cases.setdefault(key, {"precs": [], "reps": 1, "n": row["n"],
                                   "d": row["d"],
                                   "max_iter": row["max_iter"]})
        if row["precision"] not in c["precs"]:
            c["precs"].append(row["precision"])
        c["reps"] = max(c["reps"], int(row["repetition"] or 1))
        if row["n"] and not c["n"]:
            c["n"], c["d"] = row["n"], row["d"]
    return cases


def parse_args():
    ap = argparse.ArgumentParser(add_help=True, usage=__doc__)
    ap.add_argument("dir")
    ap.add_argument("--trikmeans")
    ap.add_argument("--datasets", default="")
    ap.add_argument("--algorithms", default="lloyd,elkan")
    ap.add_argument("--max-work", type=float, default=2e10)
    ap.add_argument("--no-report", action="store_true")
    ap.add_argument("--threads", default="max")
    a = ap.parse_args()
    cpus = len(os.sched_getaffinity(0))
    a.threads = [cpus if s == "max" else s for s in a.threads.split(",")
                 if s]
    for i, s in enumerate(a.threads):
        try:
            a.threads[i] = int(s)
        except ValueError:
            die("--threads: '%s' is not a number or 'max'" % s)
        if a.threads[i] < 1:
            die("--threads: %d is not a positive count" % a.threads[i])
    if not a.threads:
        die("--threads: no thread count given")
    a.algorithms = [s for s in a.algorithms.split(",") if s]
    for s in a.algorithms:
        if s not in ("lloyd", "elkan"):
            die("--algorithms: '%s' is not lloyd or elkan" % s)
    a.datasets = set(s for s in a.datasets.split(",") if s)
    return a


def main():
    a = parse_args()
    try:
        import numpy as np
        import sklearn
    except ImportError as e:
        die("%s: scikit-learn and numpy are needed (Debian: apt-get install "
            "python3-sklearn; run with /usr/bin/python3)" % e)
    prog = find_trikmeans(a.trikmeans)
    runs_path = os.path.join(a.dir, "runs.csv")
    ds_path = os.path.join(a.dir, "datasets.csv")
    if not (os.path.exists(runs_path) and os.path.exists(ds_path)):
        die("%s has no runs.csv and datasets.csv: run 'trikmeans bench' first"
            % a.dir)
    header, rows = read_csv(runs_path)
    datasets = {d["dataset"]: d for d in read_csv(ds_path)[1]}
    next_id = max([int(r["run"]) for r in rows] + [0]) + 1
    out_rows, failed = [], 0
    print("scikit-learn %s against trikmeans's sequential Lloyd (same start)"
          % sklearn.__version__)
    print("%-12s %6s %-9s %5s %-6s %-4s %4s %9s %10s %9s  %s" % (
        "dataset", "k", "init", "seed", "algo", "prec", "thr", "labeldiff",
        "d_inertia", "iter", "verdict"))
    with tempfile.TemporaryDirectory(prefix="tkm_sklearn_") as tmp:
        loaded = {}
        for (name, k, init, seed), c in cases_of(rows, a.datasets).items():
            if not c["n"] or name not in datasets:
                continue
            if float(c["n"]) * float(c["d"]) * float(k) > a.max_work:
                print("%-12s %6s: skipped, n d k above --max-work" % (name, k))
                continue
            if name not in loaded:
                loaded = {name: get_data(prog, datasets[name], tmp)}
            x, data_path = loaded[name]
            start_path = os.path.join(tmp, "start.npy")
            tkm(prog, "init", data_path, "-k", k, "--init", init, "--seed",
                seed, "--out", start_path, "--force", "-q")
            start = np.load(start_path)
            bases = {p: baseline(prog, data_path, start_path, k, p,
                                 c["max_iter"], tmp) for p in c["precs"]}
            for algo, prec, threads in ((al, p, t) for al in a.algorithms
                                        for p in c["precs"]
                                        for t in a.threads):
                for rep in range(1, c["reps"] + 1):
                    sk = run_sklearn(x, start, int(k), algo, prec,
                                     int(c["max_iter"]), threads)
                    cmp = compare(x, sk, bases[prec], prec)
                    row = dict.fromkeys(header, "")
                    row.update({
                        "run": next_id, "dataset": name, "n": x.shape[0],
                        "d": x.shape[1], "k": k, "init": init,
                        "seed": seed, "algorithm": algo,
                        "form": "sklearn", "precision": prec,
                        "threads": threads, "block_size": 0, "blocks": 0,
                        "repetition": rep, "status": "ok",
                        "iterations": sk["iterations"],
                        "converged": int(sk["iterations"]
                                         < int(c["max_iter"])),
                        "max_iter": c["max_iter"],
                        "t_total": repr(sk["time"]),
                        "inertia": repr(sk["inertia"])})
                    row.update({key: (repr(v) if isinstance(v, float)
                                      else v) for key, v in cmp.items()})
                    if prec == "f32" and "f64" in bases:
                        d64, _ = ties(x, sk["labels"],
                                      bases["f64"]["labels"],
                                      bases["f64"]["centroids"], prec)
                        drift_side(x, sk, bases, cmp)
                        row["verdict"] = cmp["verdict"]
                        row["reason"] = cmp["reason"]
                        row["f64_label_diff"] = d64
                        row["f64_inertia_rel"] = repr(
                            abs(sk["inertia"] - bases["f64"]["inertia"])
                            / bases["f64"]["inertia"])
                    out_rows.append(row)
                    next_id += 1
                    failed += cmp["verdict"] == "fail"
                    if rep == 1:
                        print("%-12s %6s %-9s %5s %-6s %-4s %4d %9d %10.3g "
                              "%4d/%-4d  %s%s" % (
                                  name, k, init, seed, algo, prec, threads,
                                  cmp["label_diff"], cmp["inertia_rel"],
                                  sk["iterations"],
                                  bases[prec]["iterations"],
                                  cmp["verdict"],
                                  " (" + cmp["reason"] + ")"
                                  if cmp["reason"] else ""))
            write_rows(a.dir, header, out_rows)
    write_rows(a.dir, header, out_rows)
    print("%d scikit-learn runs, %d disagree; rows in %s"
          % (len(out_rows), failed, os.path.join(a.dir, "sklearn.csv")))
    if not a.no_report:
        r = subprocess.run([prog, "report", a.dir])
        if r.returncode != 0:
            failed += 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
