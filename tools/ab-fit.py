#!/usr/bin/python3
"""Two builds of trikmeans side by side: the loop time of `fit` on
generated blobs, same data and start, runs interleaved.

Usage: ab-fit.py OLD NEW [OPTIONS]

OLD and NEW are trikmeans programs (e.g. a worktree's build/trikmeans at
the commit before a change, and this one's).  For each shape n x d x k:
`trikmeans gen -n N -d D -k K --seed 7`, `trikmeans init -k K --seed 1`
(k-means++, written once and given to every run), then for each
algorithm, form and precision --reps runs of each build, alternating (the
order flipped every repetition), each `fit --init c0.npy --stats` to
convergence; the time is the stats' phases.loop.  Every run's labels and
centroids are compared with the first run of the old build with the same
settings: a build that changes them is reported (exit status 1).

Writes --out (CSV, every run) and the same name with .md (per setting:
iterations, medians, new / old, the counters of both).

Options:
  --shapes LIST       NxDxK items, comma-separated (default
                      100000x2x100,100000x8x100,100000x32x100,
                      100000x128x100)
  --algorithms LIST   default elkan
  --forms LIST        default seq
  --precisions LIST   default f64,f32
  --threads N         omp's threads (default: the build's default)
  --reps N            runs of each build (default 5)
  --out CSV           default build/ab-fit.csv
"""
import argparse
import csv
import json
import os
import statistics
import subprocess
import sys
import tempfile


def run(cmd):
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)


def main():
    ap = argparse.ArgumentParser(usage=__doc__.split("\n\n")[1])
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("--shapes", default="100000x2x100,100000x8x100,"
                    "100000x32x100,100000x128x100")
    ap.add_argument("--algorithms", default="elkan")
    ap.add_argument("--forms", default="seq")
    ap.add_argument("--precisions", default="f64,f32")
    ap.add_argument("--threads", type=int, default=0)
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--out", default="build/ab-fit.csv")
    a = ap.parse_args()
    builds = {"old": a.old, "new": a.new}
    rows, bad = [], 0
    tmp = tempfile.mkdtemp(prefix="ab-fit.")
    for shape in a.shapes.split(","):
        n, d, k = (int(v) for v in shape.split("x"))
        x, c0 = os.path.join(tmp, "x.npy"), os.path.join(tmp, "c0.npy")
        run([a.old, "gen", "-n", str(n), "-d", str(d), "-k", str(k),
             "--seed", "7", "--out", x, "--force"])
        run([a.old, "init", x, "-k", str(k), "--seed", "1", "--out", c0,
             "--force"])
        for alg in a.algorithms.split(","):
            for form in a.forms.split(","):
                for prec in a.precisions.split(","):
                    first = None
                    for rep in range(a.reps):
                        order = ["old", "new"] if rep % 2 == 0 else \
                            ["new", "old"]
                        for b in order:
                            st = os.path.join(tmp, "s.json")
                            lab = os.path.join(tmp, "l.npy")
                            cen = os.path.join(tmp, "c.npy")
                            cmd = [builds[b], "fit", x, "-k", str(k),
                                   "--init", c0, "--algorithm", alg,
                                   "--form", form, "--precision", prec,
                                   "--stats", st, "--labels", lab,
                                   "--centroids", cen, "--force"]
                            if a.threads and form == "omp":
                                cmd += ["--threads", str(a.threads)]
                            run(cmd)
                            with open(st) as f:
                                s = json.load(f)
                            with open(lab, "rb") as f:
                                lb = f.read()
                            with open(cen, "rb") as f:
                                cb = f.read()
                            if first is None:
                                first = (lb, cb)
                            same = (lb, cb) == first
                            bad += not same
                            its = s["iters"]
                            rows.append({
                                "shape": shape, "algorithm": alg,
                                "form": form, "precision": prec,
                                "build": b, "rep": rep,
                                "iterations": s["iterations"],
                                "loop_s": s["phases"]["loop"],
                                "dist_pc": sum(i["dist_pc"] for i in its),
                                "pruned_pairs": sum(i["pruned_pairs"]
                                                    for i in its),
                                "same_result": int(same)})
                            print(shape, alg, form, prec, b, rep,
                                  "%.4f" % rows[-1]["loop_s"],
                                  "" if same else "RESULT DIFFERS",
                                  flush=True)
    os.makedirs(os.path.dirname(os.path.abspath(a.out)), exist_ok=True)
    with open(a.out, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    md = os.path.splitext(a.out)[0] + ".md"
    with open(md, "w") as f:
        f.write("| n x d x k | algorithm | form | precision | iterations "
                "| old (s) | new (s) | new / old | distances, old / new "
                "| pairs pruned, old / new | same result |\n")
        f.write("|---|---|---|---|---|---|---|---|---|---|---|\n")
        keys = []
        for r in rows:
            key = (r["shape"], r["algorithm"], r["form"], r["precision"])
            if key not in keys:
                keys.append(key)
        for key in keys:
            g = {b: [r for r in rows if (r["shape"], r["algorithm"],
                                         r["form"], r["precision"]) == key
                     and r["build"] == b] for b in ("old", "new")}
            med = {b: statistics.median(r["loop_s"] for r in g[b])
                   for b in g}
            f.write("| %s | %s | %s | %s | %d | %.3f | %.3f | %.2f | "
                    "%s / %s | %s / %s | %s |\n" % (
                        key[0].replace("x", " x "), *key[1:],
                        g["new"][0]["iterations"], med["old"], med["new"],
                        med["new"] / med["old"],
                        format(g["old"][0]["dist_pc"], ","),
                        format(g["new"][0]["dist_pc"], ","),
                        format(g["old"][0]["pruned_pairs"], ","),
                        format(g["new"][0]["pruned_pairs"], ","),
                        "yes" if all(r["same_result"] for b in g
                                     for r in g[b]) else "**no**"))
    print("ab-fit: wrote %s and %s" % (a.out, md))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
