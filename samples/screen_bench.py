#!/usr/bin/python3
"""The assign step with and without the exact GEMM screening.

For each algorithm, shape (n x d, k) and thread count, runs `trikmeans
fit` with `--screen off` and `--screen on` from the same k-means++ start
(Lloyd: 5 fixed iterations; Hamerly: to convergence, at most 300) and
reports the median over --reps runs of the assign time per iteration
(Hamerly: its first iteration, the full scan, and the mean of the later
ones, its recomputations), the speed-up of the screening, the share of
pairs it had to recheck, and whether the labels and centroids are the
same bytes.  Writes OUTDIR/screen-bench.csv and OUTDIR/screen-bench.md.

    samples/screen_bench.py OUTDIR [--threads 1,2] [--reps 3]
        [--shapes 100000x8x32,...] [--precisions f64,f32]
        [--algorithms lloyd,hamerly]
"""
import argparse
import filecmp
import json
import os
import platform
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
BIN = os.path.join(HERE, "..", "build", "trikmeans")
SHAPES = ("200000x8x32,200000x16x32,100000x32x32,100000x32x100,"
          "50000x64x32,50000x64x100,20000x128x100,20000x256x100,"
          "10000x784x100,10000x784x1000,100000x16x1000")


def run(cmd):
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit("failed: %s\n%s" % (" ".join(cmd), r.stderr))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("outdir")
    ap.add_argument("--threads", default="1,2")
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--shapes", default=SHAPES)
    ap.add_argument("--precisions", default="f64,f32")
    ap.add_argument("--algorithms", default="lloyd,hamerly")
    args = ap.parse_args()
    os.makedirs(args.outdir, exist_ok=True)
    rows = []
    for shape in args.shapes.split(","):
        n, d, k = (int(v) for v in shape.split("x"))
        data = os.path.join(args.outdir, "blobs-%dx%d.npy" % (n, d))
        if not os.path.exists(data):
            run([BIN, "gen", "-n", str(n), "-d", str(d), "-k", "50",
                 "--seed", "3", "--out", data, "-q"])
        for alg, prec, t in ((a, p, int(t))
                             for a in args.algorithms.split(",")
                             for p in args.precisions.split(",")
                             for t in args.threads.split(",")):
            iters = (["--fixed-iter", "--max-iter", "5"] if alg == "lloyd"
                     else ["--max-iter", "300"])
            res = {}
            for sc in ("off", "on"):
                first, later = [], []
                for rep in range(args.reps):
                    out = os.path.join(args.outdir, "run-%s" % sc)
                    run([BIN, "fit", data, "-k", str(k), "--algorithm", alg,
                         "--form", "omp", "--threads", str(t),
                         "--precision", prec, "--screen", sc,
                         "--labels", out + ".npy", "--centroids",
                         out + ".csv", "--stats", out + ".json", "--force",
                         "-q"] + iters)
                    it = json.load(open(out + ".json"))["iters"]
                    if alg == "lloyd":  # every iteration the same scan
                        first.append(sum(r["t_assign"] for r in it) /
                                     len(it))
                    else:
                        first.append(it[0]["t_assign"])
                        later.append(sum(r["t_assign"] for r in it[1:]) /
                                     max(1, len(it) - 1))
                res[sc] = (statistics.median(first),
                           statistics.median(later) if later else None, it)
            same = (filecmp.cmp(os.path.join(args.outdir, "run-off.npy"),
                                os.path.join(args.outdir, "run-on.npy"),
                                shallow=False) and
                    filecmp.cmp(os.path.join(args.outdir, "run-off.csv"),
                                os.path.join(args.outdir, "run-on.csv"),
                                shallow=False))
            it = res["on"][2]
            later_on, later_off = res["on"][1], res["off"][1]
            rows.append({
                "algorithm": alg, "n": n, "d": d, "k": k,
                "precision": prec, "threads": t, "iterations": len(it),
                "direct_ms": 1e3 * res["off"][0],
                "screened_ms": 1e3 * res["on"][0],
                "speedup": res["off"][0] / res["on"][0],
                "later_direct_ms": 1e3 * later_off if later_off else "",
                "later_screened_ms": 1e3 * later_on if later_on else "",
                "later_speedup": (later_off / later_on if later_on
                                  else ""),
                "rechecked": sum(r["rechecked"] for r in it) /
                             max(1, sum(r["screened"] for r in it)),
                "identical": str(same).lower()})
            r = rows[-1]
            print("%s %dx%dx%d %s t=%d: direct %.2f ms, screened %.2f ms "
                  "(%.2fx)%s, rechecked %.4f %%, identical %s" % (
                      alg, n, d, k, prec, t, r["direct_ms"],
                      r["screened_ms"], r["speedup"],
                      "; later %.2f / %.2f ms (%.2fx)" % (
                          r["later_direct_ms"], r["later_screened_ms"],
                          r["later_speedup"]) if later_on else "",
                      100 * r["rechecked"], r["identical"]),
                  flush=True)
    cols = ["algorithm", "n", "d", "k", "precision", "threads",
            "iterations", "direct_ms", "screened_ms", "speedup",
            "later_direct_ms", "later_screened_ms", "later_speedup",
            "rechecked", "identical"]
    with open(os.path.join(args.outdir, "screen-bench.csv"), "w") as f:
        f.write(",".join(cols) + "\n")
        for r in rows:
            f.write(",".join("%.6g" % r[c] if isinstance(r[c], float)
                             else str(r[c]) for c in cols) + "\n")

    def ms(v):
        return "%.2f" % v if isinstance(v, float) else "-"

    with open(os.path.join(args.outdir, "screen-bench.md"), "w") as f:
        f.write("Machine: %s; `samples/screen_bench.py %s`\n\n" % (
            platform.processor() or platform.machine(),
            " ".join(sys.argv[1:])))
        f.write("| algorithm | n x d, k | precision | threads | iterations "
                "| direct ms | screened ms | speed-up | later direct ms | "
                "later screened ms | later speed-up | rechecked | "
                "same bytes |\n")
        f.write("|---|---|---|---|---|---|---|---|---|---|---|---|---|\n")
        for r in rows:
            f.write("| %s | %d x %d, %d | %s | %d | %d | %s | %s | %.2fx | "
                    "%s | %s | %s | %.3f %% | %s |\n" % (
                        r["algorithm"], r["n"], r["d"], r["k"],
                        r["precision"], r["threads"], r["iterations"],
                        ms(r["direct_ms"]), ms(r["screened_ms"]),
                        r["speedup"], ms(r["later_direct_ms"]),
                        ms(r["later_screened_ms"]),
                        "%.2fx" % r["later_speedup"]
                        if isinstance(r["later_speedup"], float) else "-",
                        100 * r["rechecked"], r["identical"]))


if __name__ == "__main__":
    main()
