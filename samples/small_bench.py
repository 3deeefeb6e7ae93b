#!/usr/bin/python3
"""Small data to large, through the Python estimator and the command:
trikmeans beside scikit-learn's KMeans and FAISS at n from 3,000 up.

Usage: small_bench.py [OPTIONS] OUTDIR

For each n of --ns, each (d, k) of --dk and each precision, this script
makes cpu_bench.py's data (numpy default_rng(7) blobs) and one start
(scikit-learn's kmeans_plusplus, random_state=1), then times, from that
start with --iters iterations and tol 0, each --reps times (median):

  estimator  scikit-learn's KMeans fit() (algorithm lloyd and elkan),
             trikmeans.KMeans fit() (lloyd, hamerly, elkan): wall time of
             fit() on the array in memory (float32 X for f32);
  command    trikmeans fit of the same points from an .npy file: its
             summary's time (t_total: from the data in memory to the
             labels) and the process's wall time (start, reading and
             writing included) with --form omp;
  FAISS      faiss.Kmeans on the float32 points, the same iterations
             (where faiss imports; --no-faiss leaves it out).

All threads (--threads, default every processor) for every tool: form
omp for trikmeans, threadpoolctl's limit for scikit-learn, FAISS's OpenMP
count. Writes OUTDIR/small-bench.csv (one row per median) and
OUTDIR/small-bench.md, again after each row (a run cut short keeps its
rows): per row the speed ratios the targets are stated in (lloyd over
scikit-learn's Lloyd, through the estimator and the command; the fastest
trikmeans algorithm over scikit-learn's fastest; lloyd over FAISS's
Lloyd).

Options:
  --trikmeans PATH  the trikmeans program (default build/trikmeans beside
                    this script's folder)
  --ns LIST         point counts (default 3000,10000,30000,100000,300000,
                    1000000,2000000)
  --dk LIST         d x k pairs (default 2x100,34x100)
  --iters N         the iteration cap of every fit (default 10); a fit
                    whose labels stop changing ends sooner, and the
                    table gives scikit-learn's and ours
  --precisions L    f32,f64 (default both)
  --threads N       threads for every tool (default every processor)
  --reps N          repetitions (default 3)
  --gap S           seconds of pause before each tool's runs (default
                    0.25: the last tool's idle threads, OpenBLAS's
                    spinning about 0.1 s, off the CPUs); then one run
                    untimed and --reps timed, back to back
  --no-faiss        leave FAISS out

Needs numpy, scikit-learn and the trikmeans package: make python, then
PYTHONPATH=python /usr/bin/python3 samples/small_bench.py OUTDIR.  Exit
status 0 when every run finished, 1 when one failed, 2 usage error.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cpu_bench  # noqa: E402  (its data, scikit-learn and FAISS runs)

TKM = ("lloyd", "hamerly", "elkan")
SK = ("lloyd", "elkan")
ITERS = {}  # each run's iterations, by column (the last run's)


def sk_time(x, st, k, alg, threads, iters):
    r = cpu_bench.sk_fit(x, st, k, alg, threads, iters)
    ITERS["sk_" + alg] = r["iterations"]
    return r["time"]


def est_fit(x, start, k, alg, threads, iters):
    import trikmeans
    km = trikmeans.KMeans(k, algorithm=alg, form="omp", init=start,
                          n_init=1, max_iter=iters, tol=0.0,
                          n_threads=threads)
    t0 = time.perf_counter()
    km.fit(x)
    t = time.perf_counter() - t0
    ITERS["est_" + alg] = int(km.n_iter_)
    return t


def cmd_fit(prog, data, start, k, prec, threads, iters, tmp):
    stats = os.path.join(tmp, "s.json")
    t0 = time.perf_counter()
    out = subprocess.run([prog, "fit", data, "-k", str(k), "--init", start,
                          "--algorithm", "lloyd", "--precision", prec,
                          "--form", "omp", "--threads", str(threads),
                          "--max-iter", str(iters), "--tol", "0",
                          "--labels", os.path.join(tmp, "l.npy"),
                          "--stats", stats, "--force", "-q"],
                         capture_output=True, text=True)
    wall = time.perf_counter() - t0
    if out.returncode != 0:
        raise RuntimeError("trikmeans fit: " + out.stderr.strip())
    with open(stats) as f:
        s = json.load(f)
    ITERS["cmd_lloyd"] = int(s["iterations"])
    return s["t_total"], wall


GAP = 0.25


def med(fn, reps):
    """The median of reps runs of fn() back to back, after GAP seconds
    (the last tool's idle threads, OpenBLAS's spinning about 0.1 s, off
    the CPUs) and one run untimed (this tool's threads awake: on a
    virtual machine a CPU left idle can take milliseconds to wake)."""
    time.sleep(GAP)
    fn()
    return statistics.median(fn() for _ in range(reps))


def main():
    ap = argparse.ArgumentParser(add_help=False)
    ap.add_argument("outdir", nargs="?")
    ap.add_argument("--trikmeans", default=os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "build",
        "trikmeans"))
    ap.add_argument("--ns", default="3000,10000,30000,100000,300000,"
                    "1000000,2000000")
    ap.add_argument("--dk", default="2x100,34x100")
    ap.add_argument("--iters", type=int, default=10)
    ap.add_argument("--precisions", default="f32,f64")
    ap.add_argument("--threads", type=int, default=os.cpu_count())
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--gap", type=float, default=0.25)
    ap.add_argument("--no-faiss", action="store_true")
    ap.add_argument("-h", "--help", action="store_true")
    a = ap.parse_args()
    if a.help:
        print(__doc__)
        return 0
    if not a.outdir:
        cpu_bench.die("an OUTDIR is needed (--help says more)")
    global GAP
    GAP = a.gap
    import numpy as np
    from sklearn.cluster import kmeans_plusplus
    try:
        ns = [int(v) for v in a.ns.split(",")]
        dks = [tuple(int(v) for v in p.split("x")) for p in a.dk.split(",")]
        precs = a.precisions.split(",")
    except ValueError:
        cpu_bench.die("--ns and --dk take numbers (3000,10000; 2x100)")
    if any(len(p) != 2 for p in dks) or not set(precs) <= {"f32", "f64"}:
        cpu_bench.die("--dk takes DxK pairs, --precisions f32 and f64")
    use_faiss = not a.no_faiss and cpu_bench.faiss_wanted(None)
    os.makedirs(a.outdir, exist_ok=True)
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for d, k in dks:
            for n in ns:
                x64 = cpu_bench.make_data(n, d, k)
                st64, _ = kmeans_plusplus(x64, k, random_state=1)
                for prec in precs:
                    dt = np.float32 if prec == "f32" else np.float64
                    x, st = x64.astype(dt), st64.astype(dt)
                    data = os.path.join(tmp, "x.npy")
                    start = os.path.join(tmp, "c.npy")
                    np.save(data, x)
                    np.save(start, st)
                    r = {"n": n, "d": d, "k": k, "precision": prec,
                         "threads": a.threads, "iterations": a.iters}
                    for alg in SK:
                        r["sk_" + alg] = med(lambda: sk_time(
                            x, st, k, alg, a.threads, a.iters), a.reps)
                    for alg in TKM:
                        r["est_" + alg] = med(lambda: est_fit(
                            x, st, k, alg, a.threads, a.iters), a.reps)
                    runs = []
                    r["cmd_wall"] = med(lambda: runs.append(cmd_fit(
                        a.trikmeans, data, start, k, prec, a.threads,
                        a.iters, tmp)) or runs[-1][1], a.reps)
                    r["cmd_lloyd"] = statistics.median(t for t, _ in
                                                       runs[1:])
                    if use_faiss:  # the iterations our Lloyd took
                        x32 = np.ascontiguousarray(x64, dtype=np.float32)
                        s32 = np.ascontiguousarray(st64, dtype=np.float32)
                        r["faiss"] = med(lambda: cpu_bench.faiss_fit(
                            x32, s32, k, a.threads,
                            ITERS["est_lloyd"])["time"], a.reps)
                    r.update({"it_" + c: v for c, v in ITERS.items()})
                    ITERS.clear()
                    rows.append(r)
                    # (rewritten each row: a run cut short keeps them)
                    write(a, rows, use_faiss, quiet=True)
                    print(f"small_bench: {n} x {d} x {k} {prec}: "
                          f"sklearn lloyd {r['sk_lloyd']:.4f} s, "
                          f"estimator {r['est_lloyd']:.4f}, command "
                          f"{r['cmd_lloyd']:.4f} (wall {r['cmd_wall']:.4f})",
                          flush=True)
    write(a, rows, use_faiss)
    return 0


def write(a, rows, use_faiss, quiet=False):
    import csv
    keys = list(rows[0])
    with open(os.path.join(a.outdir, "small-bench.csv"), "w",
              newline="") as f:
        w = csv.DictWriter(f, fieldnames=keys)
        w.writeheader()
        w.writerows(rows)
    cmd = " ".join([os.path.basename(sys.argv[0])] + sys.argv[1:])
    out = [f"# trikmeans from small data to large, {a.threads} threads",
           "", f"Command: `{cmd}`", "",
           f"Seconds, median of {a.reps} back to back (each tool's after "
           f"a {a.gap} s pause and one untimed run); at most {a.iters} "
           "iterations (tol 0; a fit ends sooner where no label changes, "
           "the iterations column gives both), from one "
           "k-means++ start (scikit-learn's, random_state=1). "
           "Estimator: fit() on the array; command: `trikmeans fit` of "
           "the .npy, its t_total (the data in memory to the labels) and "
           "its process wall. Ratios are scikit-learn's (or FAISS's) time "
           "over ours: at least 1 (the fastest: at least 3) is the target.",
           "",
           "| n x d x k | prec | iterations sklearn / ours | sklearn lloyd "
           "| sklearn elkan | est. lloyd | est. hamerly | est. elkan "
           "| cmd lloyd | cmd wall "
           + ("| FAISS " if use_faiss else "")
           + "| lloyd vs sklearn (est.) | lloyd vs sklearn (cmd) "
           "| fastest vs sklearn fastest (est.) "
           + ("| lloyd vs FAISS (est.) " if use_faiss else "") + "|",
           "|" + "---|" * (13 + 2 * use_faiss)]
    for r in rows:
        skf = min(r["sk_lloyd"], r["sk_elkan"])
        ours = min(r["est_" + alg] for alg in TKM)
        cells = [f"{r['n']:,} x {r['d']} x {r['k']}", r["precision"],
             f"{r['it_sk_lloyd']} / {r['it_est_lloyd']}"]
        cells += [f"{r[c]:.4f}" for c in ("sk_lloyd", "sk_elkan",
                                          "est_lloyd", "est_hamerly",
                                          "est_elkan", "cmd_lloyd",
                                          "cmd_wall")]
        if use_faiss:
            cells.append(f"{r['faiss']:.4f}")
        cells += [f"{r['sk_lloyd'] / r['est_lloyd']:.2f}x",
                  f"{r['sk_lloyd'] / r['cmd_lloyd']:.2f}x",
                  f"{skf / ours:.2f}x"]
        if use_faiss:
            cells.append(f"{r['faiss'] / r['est_lloyd']:.2f}x")
        out.append("| " + " | ".join(cells) + " |")
    with open(os.path.join(a.outdir, "small-bench.md"), "w") as f:
        f.write("\n".join(out) + "\n")
    if not quiet:
        print("small_bench: wrote " + os.path.join(a.outdir,
                                                   "small-bench.csv")
              + " and small-bench.md")


if __name__ == "__main__":
    try:
        sys.exit(main())
    except (RuntimeError, OSError) as e:
        print("small_bench: " + str(e), file=sys.stderr)
        sys.exit(1)
