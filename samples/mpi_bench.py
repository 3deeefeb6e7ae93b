#!/usr/bin/python3
"""Strong and weak scaling of trikmeans-mpi over ranks x threads.

Strong: one data set (n x d, k clusters) on P = 1, 2, 4, ... ranks of
cores/P OpenMP threads each, the same cores throughout: speed-up against
one rank of every thread (1.00: splitting over ranks costs nothing).
Weak: rows_per_rank x P rows on P ranks of cores/max(P) threads each (the
cores grow with the ranks): efficiency = time of 1 rank / time of P.
Every run starts from the same k-means++ seed and must write the labels
of the one-rank run byte for byte (column `identical`); each point is the
median of --reps runs.  Writes OUTDIR/mpi-bench.csv and OUTDIR/mpi-bench.md.

    samples/mpi_bench.py OUTDIR [--cores 16] [--procs 1,2,4,8]
        [--n 10000000] [--d 32] [--k 100] [--weak-rows 2000000]
        [--algorithms lloyd,hamerly,elkan] [--max-iter 30] [--reps 3]

The loop time is rank 0's t_loop (the ranks wait for one another every
iteration, so it is the slowest rank's); t_comm is the share of the loop
the ranks spent in MPI calls (mean over ranks), wall the command's time
from start to the files on disk, read and start included.
"""
import argparse
import filecmp
import json
import os
import platform
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
BUILD = os.path.join(HERE, "..", "build")


def run(cmd, env=None):
    r = subprocess.run(cmd, env=env, capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit("failed: %s\n%s%s" % (" ".join(cmd), r.stdout, r.stderr))
    return r


def gen(path, n, d, k):
    if not os.path.exists(path):
        run([os.path.join(BUILD, "trikmeans"), "gen", "-n", str(n), "-d",
             str(d), "-k", str(k), "--seed", "7", "--out", path, "-q"])


def fit(data, out, procs, threads, a, args):
    env = dict(os.environ, OMP_NUM_THREADS=str(threads),
               OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1")
    stats, labels = out + ".json", out + ".labels.npy"
    cmd = ["mpirun", "--oversubscribe", "-np", str(procs), "--bind-to",
           "none", "-x", "OMP_NUM_THREADS",
           os.path.join(BUILD, "trikmeans-mpi"), "fit", data, "-k",
           str(args.k), "--algorithm", a, "--form", "omp", "--threads",
           str(threads), "--max-iter", str(args.max_iter), "--seed", "1",
           "--labels", labels, "--stats", stats, "--force", "-q"]
    t0 = time.monotonic()
    run(cmd, env)
    wall = time.monotonic() - t0
    s = json.load(open(stats))
    ranks = s.get("ranks") or [{"t_loop": s["phases"]["loop"],
                                "t_comm": 0.0}]
    loop = max(r["t_loop"] for r in ranks)
    comm = statistics.mean(r["t_comm"] / r["t_loop"] if r["t_loop"] else 0
                           for r in ranks)
    return {"loop": loop, "comm": comm, "wall": wall,
            "iterations": s["iterations"], "labels": labels}


def point(kind, data, n, procs, a, args, base, threads):
    reps = []
    for i in range(args.reps):
        out = os.path.join(args.outdir, "runs", "%s-%s-p%d-r%d" %
                           (kind, a, procs, i))
        reps.append(fit(data, out, procs, threads, a, args))
    med = lambda key: statistics.median(r[key] for r in reps)
    same = "" if base is None else str(all(
        filecmp.cmp(r["labels"], base, shallow=False) for r in reps)).lower()
    return {"kind": kind, "algorithm": a, "ranks": procs,
            "threads": threads, "n": n, "d": args.d, "k": args.k,
            "iterations": reps[0]["iterations"], "t_loop": med("loop"),
            "comm_share": med("comm"), "wall": med("wall"),
            "identical": same, "labels": reps[0]["labels"]}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("outdir")
    ap.add_argument("--cores", type=int, default=16)
    ap.add_argument("--procs", default="1,2,4,8")
    ap.add_argument("--n", type=int, default=10_000_000)
    ap.add_argument("--d", type=int, default=32)
    ap.add_argument("--k", type=int, default=100)
    ap.add_argument("--weak-rows", type=int, default=2_000_000)
    ap.add_argument("--algorithms", default="lloyd,hamerly,elkan")
    ap.add_argument("--max-iter", type=int, default=30)
    ap.add_argument("--reps", type=int, default=3)
    args = ap.parse_args()
    procs = [int(p) for p in args.procs.split(",")]
    os.makedirs(os.path.join(args.outdir, "runs"), exist_ok=True)
    rows = []
    strong = os.path.join(args.outdir, "runs", "strong.npy")
    gen(strong, args.n, args.d, args.k)
    for a in args.algorithms.split(","):
        base = None
        for p in procs:
            r = point("strong", strong, args.n, p, a, args, base,
                      max(1, args.cores // p))
            base = base or r["labels"]
            rows.append(r)
        for p in procs:
            n = args.weak_rows * p
            data = os.path.join(args.outdir, "runs", "weak-%d.npy" % p)
            gen(data, n, args.d, args.k)
            rows.append(point("weak", data, n, p, a, args, None,
                              max(1, args.cores // max(procs))))
    cols = ["kind", "algorithm", "ranks", "threads", "n", "d", "k",
            "iterations", "t_loop", "comm_share", "wall", "speedup",
            "efficiency", "identical"]
    for r in rows:
        first = next(q for q in rows if q["kind"] == r["kind"] and
                     q["algorithm"] == r["algorithm"])
        per_iter = lambda q: q["t_loop"] / max(q["iterations"], 1)
        if r["kind"] == "strong":  # the same cores: the ratio is both
            r["speedup"] = per_iter(first) / per_iter(r)
            r["efficiency"] = r["speedup"]
        else:  # the same work and threads per rank: time ratio
            r["speedup"] = ""
            r["efficiency"] = per_iter(first) / per_iter(r)
    with open(os.path.join(args.outdir, "mpi-bench.csv"), "w") as f:
        f.write(",".join(cols) + "\n")
        for r in rows:
            f.write(",".join(("%.6g" % r[c]) if isinstance(r[c], float)
                             else str(r[c]) for c in cols) + "\n")
    with open(os.path.join(args.outdir, "mpi-bench.md"), "w") as f:
        f.write("Machine: %s, %d cores used; `samples/mpi_bench.py %s`\n\n"
                % (platform.node(), args.cores, " ".join(sys.argv[1:])))
        f.write("| scaling | algorithm | ranks x threads | n | iterations "
                "| loop s | ms/iter | MPI share | wall s | speed-up "
                "| efficiency | labels = 1 rank |\n")
        f.write("|---|---|---|---|---|---|---|---|---|---|---|---|\n")
        for r in rows:
            f.write("| %s | %s | %d x %d | %d | %d | %.3f | %.2f | %.1f %% "
                    "| %.2f | %s | %.2f | %s |\n" % (
                        r["kind"], r["algorithm"], r["ranks"], r["threads"],
                        r["n"], r["iterations"], r["t_loop"],
                        1e3 * r["t_loop"] / max(r["iterations"], 1),
                        100 * r["comm_share"], r["wall"],
                        "%.2f" % r["speedup"] if r["speedup"] != "" else "",
                        r["efficiency"], r["identical"] or "(reference)"
                        if r["kind"] == "strong" else "n/a"))
    print(open(os.path.join(args.outdir, "mpi-bench.md")).read())


if __name__ == "__main__":
    main()
