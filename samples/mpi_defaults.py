#!/usr/bin/python3
"""trikmeans-mpi under mpirun's defaults against the plain command.

A user who types `mpirun -np P trikmeans-mpi fit ...` with no placement
option gets Open MPI's default binding (one core per rank for P <= 2).
This times, on one data set, the plain command `trikmeans fit` (one
process, its default team) and `mpirun -np P trikmeans-mpi fit` with no
option at all for each P, the same fit options throughout (--form omp, no
--threads), and checks that every run wrote the plain command's labels.
Each time is the median of --reps runs: the launch's wall time (mpirun's
start-up included), `mpirun -np P true` (the launcher alone), rank 0's
own wall time from the fit command's start (after MPI_Init) to its files
on disk (the statistics' phases.wall) and its loop.
Writes OUTDIR/mpi-defaults.csv and OUTDIR/mpi-defaults.md.

    samples/mpi_defaults.py OUTDIR [--procs 1,2,4] [--n 2000000] [--d 8]
        [--k 100] [--algorithm hamerly] [--max-iter 100] [--reps 3]

Run as root (containers), it sets the two OMPI_ALLOW_RUN_AS_ROOT
variables itself: environment, not an mpirun option.
"""
import argparse
import filecmp
import json
import os
import platform
import statistics
import sys
import time

from mpi_bench import BUILD, run


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("outdir")
    ap.add_argument("--procs", default="1,2,4")
    ap.add_argument("--n", type=int, default=2_000_000)
    ap.add_argument("--d", type=int, default=8)
    ap.add_argument("--k", type=int, default=100)
    ap.add_argument("--algorithm", default="hamerly")
    ap.add_argument("--max-iter", type=int, default=100)
    ap.add_argument("--reps", type=int, default=3)
    args = ap.parse_args()
    runs = os.path.join(args.outdir, "runs")
    os.makedirs(runs, exist_ok=True)
    data = os.path.join(runs, "data-%dx%dx%d.npy" % (args.n, args.d, args.k))
    if not os.path.exists(data):
        run([os.path.join(BUILD, "trikmeans"), "gen", "-n", str(args.n),
             "-d", str(args.d), "-k", str(args.k), "--seed", "7", "--out",
             data, "-q"])
    env = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1",
               OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1")
    env.pop("OMP_NUM_THREADS", None)
    rows, base = [], None
    for p in [0] + [int(q) for q in args.procs.split(",")]:
        reps = []
        for i in range(args.reps):
            out = os.path.join(runs, "p%d-r%d" % (p, i))
            cmd = ([os.path.join(BUILD, "trikmeans")] if p == 0 else
                   ["mpirun", "-np", str(p),
                    os.path.join(BUILD, "trikmeans-mpi")])
            cmd += ["fit", data, "-k", str(args.k), "--algorithm",
                    args.algorithm, "--form", "omp", "--max-iter",
                    str(args.max_iter), "--seed", "1", "--labels",
                    out + ".labels.npy", "--stats", out + ".json",
                    "--force", "-q"]
            t0 = time.monotonic()
            run(cmd, env)
            wall = time.monotonic() - t0
            s = json.load(open(out + ".json"))
            ranks = s.get("ranks") or []
            reps.append({"wall": wall, "loop": s["phases"]["loop"],
                         "inside": s["phases"]["wall"],
                         "iterations": s["iterations"],
                         "threads": ",".join(str(r["threads"])
                                             for r in ranks),
                         "cpus": " ".join(r["cpus"] for r in ranks),
                         "labels": out + ".labels.npy"})
        empty = []  # the launcher alone: mpirun -np P starting /bin/true
        for i in range(args.reps if p else 0):
            t0 = time.monotonic()
            run(["mpirun", "-np", str(p), "true"], env)
            empty.append(time.monotonic() - t0)
        base = base or reps[0]["labels"]
        rows.append({
            "launch": "plain command" if p == 0 else "mpirun -np %d" % p,
            "ranks": max(p, 1), "iterations": reps[0]["iterations"],
            "threads": reps[0]["threads"] or "default",
            "cpus": reps[0]["cpus"] or "all",
            "wall": statistics.median(r["wall"] for r in reps),
            "loop": statistics.median(r["loop"] for r in reps),
            "inside": statistics.median(r["inside"] for r in reps),
            "launcher": statistics.median(empty) if empty else 0.0,
            "identical": str(all(filecmp.cmp(r["labels"], base,
                                             shallow=False)
                                 for r in reps)).lower()})
    for r in rows:
        r["wall_ratio"] = r["wall"] / rows[0]["wall"]
        r["inside_ratio"] = r["inside"] / rows[0]["inside"]
    cols = ["launch", "ranks", "threads", "cpus", "iterations", "wall",
            "launcher", "inside", "loop", "wall_ratio", "inside_ratio",
            "identical"]
    with open(os.path.join(args.outdir, "mpi-defaults.csv"), "w") as f:
        f.write(",".join(cols) + "\n")
        for r in rows:
            f.write(",".join(('"%s"' % r[c]) if c in ("cpus", "threads")
                             else ("%.6g" % r[c]) if isinstance(r[c], float)
                             else str(r[c]) for c in cols) + "\n")
    with open(os.path.join(args.outdir, "mpi-defaults.md"), "w") as f:
        f.write("Machine: %s, %d online CPUs; `samples/mpi_defaults.py %s`;"
                " %d x %d, k = %d, %s, --form omp, median of %d\n\n"
                % (platform.node(), os.cpu_count(), " ".join(sys.argv[1:]),
                   args.n, args.d, args.k, args.algorithm, args.reps))
        f.write("| launch | threads per rank | CPUs per rank | iterations "
                "| wall s | mpirun alone s | rank 0 s | loop s "
                "| wall / plain | rank 0 / plain | labels = plain |\n")
        f.write("|---|---|---|---|---|---|---|---|---|---|---|\n")
        for r in rows:
            f.write("| %s | %s | %s | %d | %.3f | %s | %.3f | %.3f | %.2f "
                    "| %.2f | %s |\n" % (
                        r["launch"], r["threads"], r["cpus"],
                        r["iterations"], r["wall"],
                        "%.3f" % r["launcher"] if r["ranks"] and
                        r["launch"] != "plain command" else "",
                        r["inside"], r["loop"], r["wall_ratio"],
                        r["inside_ratio"], r["identical"]))
        f.write("\nwall: the launch (mpirun's start-up and end included) to "
                "its exit; rank 0: the program's own wall time in rank 0, "
                "from the fit command's start (after MPI_Init) to its files on "
                "disk (the statistics' phases.wall); mpirun alone: "
                "`mpirun -np P true`, the launcher's own start-up and "
                "end; loop: the iterations.\n")
    print(open(os.path.join(args.outdir, "mpi-defaults.md")).read())


if __name__ == "__main__":
    main()
