"""Old against new: the update's seconds per iteration of lloyd/omp on the
bench shapes (generated blobs), f64 and f32, 16 threads, fixed 8
iterations from one start, median of 3 runs.  argv: new-bin old-bin out.csv"""
import json, subprocess, sys, statistics, os
new, old, out = sys.argv[1:4]
shapes = [(1000000, 2, 100), (494080, 34, 100), (1000000, 32, 1000), (100000, 784, 100)]
rows = ["n,d,k,precision,build,t_update_per_iter_s,t_iter_s"]
for n, d, k in shapes:
    data = f"/tmp/b{n}x{d}.npy"
    subprocess.run([new, "gen", "-n", str(n), "-d", str(d), "-k", str(k), "--out", data, "--force", "-q"], check=True)
    init = f"/tmp/i{n}x{d}x{k}.csv"
    subprocess.run([new, "init", data, "-k", str(k), "--init", "random", "--out", init, "--force", "-q"], check=True)
    for prec in ("f64", "f32"):
        for tag, b in (("old", old), ("new", new)):
            ups, its = [], []
            for rep in range(3):
                subprocess.run([b, "fit", data, "-k", str(k), "--init", init, "--form", "omp", "--threads", "16",
                                "--precision", prec, "--fixed-iter", "--max-iter", "8", "--stats", "/tmp/s.json",
                                "--force", "-q"], check=True)
                it = json.load(open("/tmp/s.json"))["iters"]
                ups.append(statistics.median(r["t_update"] for r in it))
                its.append(statistics.median(r["t_update"] + r["t_assign"] + r.get("t_bound", 0) for r in it))
            rows.append(f"{n},{d},{k},{prec},{tag},{statistics.median(ups):.6g},{statistics.median(its):.6g}")
            print(rows[-1], flush=True)
open(out, "w").write("\n".join(rows) + "\n")
