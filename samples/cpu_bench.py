#!/usr/bin/python3
"""trikmeans's CPU forms beside scikit-learn's KMeans: same data, same start.

Usage: cpu_bench.py [OPTIONS] OUTDIR

For each shape (n, d, k, iteration cap) and precision (f32, f64) this
script

  1. makes the data: numpy default_rng(7), centres uniform(-10, 10, (k, d)),
     labels integers(0, k, n), points = centre + normal(0, 1);
  2. takes the start from scikit-learn's kmeans_plusplus(X, k,
     random_state=1), the same for every solver;
  3. runs scikit-learn's KMeans (algorithm 'lloyd' and 'elkan', n_init=1,
     tol=0, that start, the cap) and trikmeans fit (lloyd, elkan, hamerly;
     form omp with all threads, form seq for one thread) with the same cap,
     each --reps times, and keeps the median time: scikit-learn's fit(),
     trikmeans's solver time (t_total: from the data in memory to the
     labels, the reading of the file excluded);
  4. writes OUTDIR/cpu-bench.csv (one row per run) and OUTDIR/cpu-bench.md:
     per shape, precision and thread count, the times, the targets
     (lloyd/omp at least as fast as scikit-learn's Lloyd; the fastest
     trikmeans solver at least 3x faster than scikit-learn's fastest) and
     whether they hold, the f32 over f64 speed of trikmeans's Lloyd, and
     Lloyd's rate in (point, centroid, coordinate) triples per second per
     thread beside the same kernel's rate on an in-cache problem (its
     practical peak on this core).

With FAISS importable (PyPI's faiss-cpu; --no-faiss to leave it out),
FAISS's CPU k-means runs beside them: faiss.Kmeans on the float32 points
from the same start, for exactly the iterations trikmeans's Lloyd took in
that row (FAISS has no convergence test), with no subsampling
(max_points_per_centroid above n), FAISS's OpenMP threads set to the
row's count; the table adds its time and lloyd/omp's speed over it.
FAISS computes in float32 alone: an f64 row compares trikmeans's f64
Lloyd with FAISS's float32 one.

Options:
  --trikmeans PATH  the trikmeans program (default build/trikmeans beside
                    this script)
  --threads N       the 'all threads' count (default: every processor)
  --scale X         multiply every n by X (default 1; e.g. 0.1 for a
                    2-core machine)
  --shapes LIST     only these shapes, by index into the table (0-based,
                    comma-separated)
  --precisions L    f32,f64 (default both)
  --reps N          repetitions of each run (default 3)
  --one-thread      also run every solver with one thread (default on;
                    --no-one-thread to skip)
  --faiss           run FAISS beside them (default: when it imports;
                    --faiss fails without it, --no-faiss skips it)

Needs numpy and scikit-learn (Debian: python3-sklearn, from 'make deps');
run it with /usr/bin/python3.  Exit status 0 when every run finished (the
targets are reported, not judged), 1 when a run failed, 2 usage error.
"""
import argparse
import csv
import os
import statistics
import subprocess
import sys
import tempfile
import time

# OpenBLAS settings some machines carry for old builds slow a current one;
# for a fair comparison they are left out of this process alone.
for var in ("OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE"):
    os.environ.pop(var, None)

# n, d, k, iteration cap (the caps of the issue that set the targets)
SHAPES = [
    (494080, 34, 100, 39),
    (1000000, 2, 100, 60),
    (1000000, 32, 1000, 10),
    (100000, 784, 100, 17),
    (2000000, 8, 400, 20),
]
TKM_ALGS = ("lloyd", "elkan", "hamerly")
SK_ALGS = ("lloyd", "elkan")


def die(msg, code=2):
    print("cpu_bench: " + msg, file=sys.stderr)
    sys.exit(code)


def make_data(n, d, k):
    import numpy as np
    rng = np.random.default_rng(7)
    centres = rng.uniform(-10, 10, (k, d))
    labels = rng.integers(0, k, n)
    return centres[labels] + rng.normal(0, 1, (n, d))


def run_fit(cmd):
    """Run a trikmeans command: its summary lines as a dict, its stderr."""
    out = subprocess.run(cmd, capture_output=True, text=True)
    if out.returncode != 0:
        raise RuntimeError(" ".join(cmd) + ": " + out.stderr.strip())
    info = {}
    for line in out.stdout.splitlines():
        key, _, val = line.partition(":")
        info[key.strip()] = val.strip()
    return info, out.stderr


def tkm_fit(prog, data, start, k, alg, threads, prec, cap, stats):
    form = ["--form", "seq"] if threads == 1 else \
        ["--form", "omp", "--threads", str(threads)]
    info, _ = run_fit([prog, "fit", data, "-k", str(k), "--init", start,
                       "--algorithm", alg, "--precision", prec,
                       "--max-iter", str(cap), "--stats", stats,
                       "--force"] + form)
    with open(stats) as f:
        rows = list(csv.DictReader(f))
    return {"time": float(info["time"].split()[0]),
            "iterations": int(info["iterations"].split()[0]),
            "t_assign": sum(float(r["t_assign"]) for r in rows),
            "inertia": float(info["inertia"])}


def sk_fit(x, start, k, alg, threads, cap):
    from sklearn.cluster import KMeans
    from threadpoolctl import threadpool_limits
    km = KMeans(n_clusters=k, init=start, n_init=1, max_iter=cap, tol=0.0,
                algorithm=alg)
    with threadpool_limits(limits=threads):
        t0 = time.perf_counter()
        km.fit(x)
        t = time.perf_counter() - t0
    return {"time": t, "iterations": int(km.n_iter_), "t_assign": float("nan"),
            "inertia": float(km.inertia_), "labels": km.labels_}


def faiss_fit(x32, start32, k, threads, iters):
    import faiss
    faiss.omp_set_num_threads(threads)
    km = faiss.Kmeans(x32.shape[1], k, niter=iters, verbose=False,
                      max_points_per_centroid=x32.shape[0] + 1,
                      min_points_per_centroid=1)
    t0 = time.perf_counter()
    km.train(x32, init_centroids=start32)
    t = time.perf_counter() - t0
    return {"time": t, "iterations": iters, "t_assign": float("nan"),
            "inertia": float(km.obj[-1])}


def faiss_wanted(flag):
    """Whether FAISS runs: --faiss demands it, --no-faiss refuses it."""
    if flag is False:
        return False
    try:
        import faiss  # noqa: F401
        return True
    except ImportError as e:
        if flag:
            die("--faiss: FAISS does not import (" + str(e) + "); "
                "pip install faiss-cpu")
        return False


def median_run(fn, reps):
    runs = [fn() for _ in range(reps)]
    best = dict(runs[0])
    best["time"] = statistics.median(r["time"] for r in runs)
    best["t_assign"] = statistics.median(r["t_assign"] for r in runs)
    return best


def peak_rate(prog, tmp, prec, threads):
    """Lloyd's triples per second per thread on an in-cache problem."""
    import numpy as np
    n, d, k, it = 20000, 64, 256, 10
    rng = np.random.default_rng(3)
    path = os.path.join(tmp, "peak.npy")
    np.save(path, rng.normal(0, 1, (n, d)))
    start = os.path.join(tmp, "peak-start.npy")
    np.save(start, rng.normal(0, 1, (k, d)))
    r = median_run(lambda: tkm_fit(prog, path, start, k, "lloyd", threads,
                                   prec, it, os.path.join(tmp, "p.csv")), 3)
    return n * d * k * r["iterations"] / r["t_assign"] / threads


def parse_args():
    ap = argparse.ArgumentParser(add_help=True)
    here = os.path.dirname(os.path.abspath(__file__))
    ap.add_argument("outdir")
    ap.add_argument("--trikmeans",
                    default=os.path.join(here, "..", "build", "trikmeans"))
    ap.add_argument("--threads", type=int, default=os.cpu_count())
    ap.add_argument("--scale", type=float, default=1.0)
    ap.add_argument("--shapes", default="")
    ap.add_argument("--precisions", default="f32,f64")
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--one-thread", action=argparse.BooleanOptionalAction,
                    default=True)
    ap.add_argument("--faiss", action=argparse.BooleanOptionalAction,
                    default=None)
    a = ap.parse_args()
    if a.scale <= 0 or a.reps < 1 or a.threads < 1:
        die("--scale, --reps and --threads must be positive")
    if not os.access(a.trikmeans, os.X_OK):
        die("no trikmeans program at " + a.trikmeans + " (make first)")
    return a


def lscpu_model():
    try:
        out = subprocess.run(["lscpu"], capture_output=True, text=True).stdout
        for line in out.splitlines():
            if line.startswith("Model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown"


def command_line(args):
    """The command that made the table, with the options given that
    differ from the defaults."""
    words = [sys.executable, "samples/cpu_bench.py"]
    if args.scale != 1:
        words += ["--scale", "%g" % args.scale]
    words += ["--threads", "%d" % args.threads]
    if not args.one_thread:
        words.append("--no-one-thread")
    if args.faiss is not None:
        words.append("--faiss" if args.faiss else "--no-faiss")
    words += ["--reps", "%d" % args.reps]
    if args.shapes:
        words += ["--shapes", args.shapes]
    if args.precisions != "f32,f64":
        words += ["--precisions", args.precisions]
    return " ".join(words + ["OUTDIR"])


def write_md(path, rows, args, peaks, machine):
    def get(shape, prec, thr, who, alg):
        for r in rows:
            if (r["shape"], r["precision"], r["threads"], r["who"],
                    r["algorithm"]) == (shape, prec, thr, who, alg):
                return r
        return None

    has_faiss = any(r["who"] == "faiss" for r in rows)
    lines = ["# trikmeans CPU forms beside scikit-learn" +
             (" and FAISS" if has_faiss else ""), "",
             "Machine: " + machine, "",
             "Command: `%s`" % command_line(args), "",
             "Seconds, median of %d; same data, same start "
             "(scikit-learn's k-means++), same iteration cap, tol 0." %
             args.reps + (" FAISS: float32 points, the iterations "
                          "trikmeans's Lloyd took in the row, no "
                          "subsampling." if has_faiss else ""), "",
             "| n x d x k (cap) | prec | threads | iterations sklearn / "
             "trikmeans | sklearn lloyd | sklearn "
             "elkan | lloyd | elkan | hamerly | lloyd vs sklearn lloyd | "
             "fastest vs sklearn fastest | Lloyd triples/s/thread "
             "(share of in-cache) |" + (" FAISS f32 lloyd | lloyd vs "
                                        "FAISS |" if has_faiss else ""),
             "|---|---|---|---|---|---|---|---|---|---|---|---|" +
             ("---|---|" if has_faiss else "")]
    for shape in dict.fromkeys(r["shape"] for r in rows):
        for prec in dict.fromkeys(r["precision"] for r in rows):
            for thr in sorted({r["threads"] for r in rows}, reverse=True):
                sk = {a: get(shape, prec, thr, "sklearn", a) for a in SK_ALGS}
                tk = {a: get(shape, prec, thr, "trikmeans", a)
                      for a in TKM_ALGS}
                if not all(sk.values()) or not all(tk.values()):
                    continue
                skl = sk["lloyd"]["time"]
                skf = min(s["time"] for s in sk.values())
                tkf = min(t["time"] for t in tk.values())
                r1 = skl / tk["lloyd"]["time"]
                r2 = skf / tkf
                rate = tk["lloyd"]["rate"]
                peak = peaks.get((prec, thr))
                lines.append(
                    "| %s | %s | %d | %d / %d | %.3f | %.3f | %.3f | %.3f | "
                    "%.3f | %.2fx %s | %.2fx %s | %.2e (%s) |" %
                    (shape, prec, thr, sk["lloyd"]["iterations"],
                     tk["lloyd"]["iterations"], skl, sk["elkan"]["time"],
                     tk["lloyd"]["time"], tk["elkan"]["time"],
                     tk["hamerly"]["time"], r1,
                     "ok" if r1 >= 1 else "MISSED",
                     r2, "ok" if r2 >= 3 else "MISSED (target 3x)", rate,
                     "%.0f%%" % (100 * rate / peak) if peak else "n/a"))
                fa = get(shape, prec, thr, "faiss", "lloyd")
                if fa:
                    r3 = fa["time"] / tk["lloyd"]["time"]
                    lines[-1] += " %.3f | %.2fx %s |" % (
                        fa["time"], r3, "ok" if r3 >= 1 else "MISSED")
                elif has_faiss:
                    lines[-1] += " - | - |"
    lines += ["", "f32 over f64 speed of trikmeans's Lloyd (target >= 1.6 "
              "for d >= 8):", ""]
    for shape in dict.fromkeys(r["shape"] for r in rows):
        for thr in sorted({r["threads"] for r in rows}, reverse=True):
            a = get(shape, "f32", thr, "trikmeans", "lloyd")
            b = get(shape, "f64", thr, "trikmeans", "lloyd")
            if a and b:
                lines.append("- %s, %d thread(s): %.2fx" %
                             (shape, thr, b["time"] / a["time"]))
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def write_results(args, rows, peaks):
    """cpu-bench.csv and cpu-bench.md of the rows so far (written after
    each shape, so that a run cut short keeps the shapes it finished)."""
    cols = ["shape", "precision", "threads", "who", "algorithm", "time",
            "iterations", "t_assign", "inertia", "rate"]
    with open(os.path.join(args.outdir, "cpu-bench.csv"), "w",
              newline="") as f:
        w = csv.DictWriter(f, fieldnames=cols, extrasaction="ignore")
        w.writeheader()
        w.writerows(rows)
    isa = subprocess.run([args.trikmeans, "info"], capture_output=True,
                         text=True).stdout
    isa = next((l for l in isa.splitlines() if l.startswith("cpu kernels")),
               "")
    from threadpoolctl import threadpool_info
    blas = ", ".join("%s %s (%s)" % (i.get("internal_api"), i.get("version"),
                                     i.get("architecture"))
                     for i in threadpool_info()
                     if i.get("user_api") == "blas") or "no BLAS found"
    import sklearn
    machine = "%s, %d processors, %s; scikit-learn %s on %s" % (
        lscpu_model(), os.cpu_count(), isa, sklearn.__version__, blas)
    write_md(os.path.join(args.outdir, "cpu-bench.md"), rows, args, peaks,
             machine)


def main():
    args = parse_args()
    import numpy as np
    from sklearn.cluster import kmeans_plusplus
    os.makedirs(args.outdir, exist_ok=True)
    shapes = SHAPES
    if args.shapes:
        shapes = [SHAPES[int(i)] for i in args.shapes.split(",")]
    precs = args.precisions.split(",")
    thread_counts = [args.threads] + ([1] if args.one_thread and
                                      args.threads > 1 else [])
    use_faiss = faiss_wanted(args.faiss)
    rows, peaks = [], {}
    with tempfile.TemporaryDirectory() as tmp:
        for prec in precs:
            for thr in thread_counts:
                peaks[(prec, thr)] = peak_rate(args.trikmeans, tmp, prec, thr)
        for n, d, k, cap in shapes:
            n = max(k, int(n * args.scale))
            x = make_data(n, d, k)
            start, _ = kmeans_plusplus(x, k, random_state=1)
            data = os.path.join(tmp, "x.npy")
            spath = os.path.join(tmp, "start.npy")
            np.save(data, x)
            np.save(spath, start)
            shape = "%d x %d x %d (%d)" % (n, d, k, cap)
            x32 = np.ascontiguousarray(x, dtype=np.float32)
            s32 = np.ascontiguousarray(start, dtype=np.float32)
            faiss_done = {}
            for prec in precs:
                xp = np.ascontiguousarray(x, dtype=np.float32 if prec ==
                                          "f32" else np.float64)
                sp = start.astype(xp.dtype)
                for thr in thread_counts:
                    for alg in TKM_ALGS:
                        try:
                            r = median_run(lambda: tkm_fit(
                                args.trikmeans, data, spath, k, alg, thr,
                                prec, cap, os.path.join(tmp, "s.csv")),
                                args.reps)
                        except RuntimeError as e:
                            die(str(e), 1)
                        rate = n * d * k * r["iterations"] / r["t_assign"] / \
                            thr if alg == "lloyd" else float("nan")
                        rows.append(dict(r, shape=shape, precision=prec,
                                         threads=thr, who="trikmeans",
                                         algorithm=alg, rate=rate))
                        print(shape, prec, thr, "trikmeans", alg,
                              "%.3f s" % r["time"], flush=True)
                    for alg in SK_ALGS:
                        r = median_run(lambda: sk_fit(xp, sp, k, alg, thr,
                                                      cap), args.reps)
                        rows.append(dict(r, shape=shape, precision=prec,
                                         threads=thr, who="sklearn",
                                         algorithm=alg, rate=float("nan")))
                        print(shape, prec, thr, "sklearn", alg,
                              "%.3f s" % r["time"], flush=True)
                    if use_faiss:
                        iters = next(r["iterations"] for r in reversed(rows)
                                     if r["who"] == "trikmeans" and
                                     r["algorithm"] == "lloyd")
                        if (thr, iters) not in faiss_done:
                            time.sleep(1.0)
                            faiss_done[(thr, iters)] = median_run(
                                lambda: faiss_fit(x32, s32, k, thr, iters),
                                args.reps)
                            print(shape, thr, "faiss", iters, "iterations",
                                  "%.3f s" % faiss_done[(thr, iters)]["time"],
                                  flush=True)
                        rows.append(dict(faiss_done[(thr, iters)],
                                         shape=shape, precision=prec,
                                         threads=thr, who="faiss",
                                         algorithm="lloyd",
                                         rate=float("nan")))
                    # scikit-learn's OpenMP and BLAS threads spin for a
                    # while after a call: let them stop before trikmeans
                    # runs again
                    time.sleep(1.0)
            write_results(args, rows, peaks)
    print("cpu_bench: wrote %s/cpu-bench.csv and cpu-bench.md" % args.outdir)


if __name__ == "__main__":
    main()
