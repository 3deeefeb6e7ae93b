#!/usr/bin/env python3
"""Markdown tables from tools/gpu-bench output (docs/results/gpu-bench.md).

    python3 tools/gpu-bench-table.py BENCH.csv SEQ.csv [PEAK_GBS PEAK_F32 PEAK_F64]

BENCH.csv: gpu-bench --csv (with several runs of a solver, the median
run's figures); SEQ.csv: n,d,k,precision,seq_s_per_iter
(sequential Lloyd, one iteration).  Prints, per shape: every solver's
iterations, time to convergence (t_solve), time per iteration, and its
ratios to cuda-global (same algorithm) and to sequential Lloyd (one
sequential iteration times Lloyd's iteration count); then Lloyd's assign
kernel against the device's peaks; then the issue's targets.
"""
import csv
import sys

# The reference: a GEMM-based PyTorch Lloyd, float32, ms per
# iteration, and its targets (5x faster; Lloyd f32 at 1M x 32 x 1000: 3 ms).
TORCH_MS = {(1000000, 2, 100): 2.4, (2000000, 8, 400): 10.0,
            (494080, 34, 100): 1.6, (1000000, 32, 1000): 12.8,
            (100000, 784, 100): 1.8}


def load(path):
    with open(path) as f:
        return list(csv.DictReader(f))


def median_runs(rows):
    """One row per solver, shape and precision: with several runs of it
    (gpu-bench --reps), the run of the median t_solve (the lower middle
    one of an even count), in the order the solvers first appear."""
    groups = {}
    for r in rows:
        key = (r["n"], r["d"], r["k"], r["precision"], r["algorithm"],
               r["form"])
        groups.setdefault(key, []).append(r)
    out = []
    for runs in groups.values():
        runs = sorted(runs, key=lambda r: float(r["t_solve_s"]))
        out.append(runs[(len(runs) - 1) // 2])
    return out


def main():
    rows = median_runs(load(sys.argv[1]))
    seq = {(int(r["n"]), int(r["d"]), int(r["k"]), r["precision"]):
           float(r["seq_s_per_iter"]) for r in load(sys.argv[2])}
    peaks = [float(v) for v in sys.argv[3:6]] if len(sys.argv) >= 6 else None
    shapes = []
    for r in rows:
        s = (int(r["n"]), int(r["d"]), int(r["k"]))
        if s not in shapes:
            shapes.append(s)
    best = {}
    print("| n, d, k | prec | solver | iters | t_solve s | ms/iter "
          "| vs cuda-global | vs seq Lloyd |")
    print("|---|---|---|---:|---:|---:|---:|---:|")
    for s in shapes:
        for prec in ("f32", "f64"):
            sel = [r for r in rows if (int(r["n"]), int(r["d"]),
                                       int(r["k"])) == s
                   and r["precision"] == prec]
            if not sel:
                continue
            lloyd = [r for r in sel if r["algorithm"] == "lloyd"]
            it_l = int(lloyd[0]["iterations"]) if lloyd else 0
            sq = seq.get(s + (prec,))
            for r in sel:
                t = float(r["t_solve_s"])
                per = t / int(r["iterations"]) * 1e3
                g = [x for x in sel if x["algorithm"] == r["algorithm"]
                     and x["form"] == "cuda-global"]
                vs_g = float(g[0]["t_solve_s"]) / t if g else float("nan")
                vs_s = sq * it_l / t if sq else float("nan")
                key = s + (prec,)
                if key not in best or per < best[key][0]:
                    best[key] = (per, r["algorithm"] + "/" + r["form"])
                print(f"| {s[0]}, {s[1]}, {s[2]} | {prec} | "
                      f"{r['algorithm']} {r['form']} | {r['iterations']} | "
                      f"{t:.4f} | {per:.3f} | {vs_g:.2f} | {vs_s:.0f} |")
    print()
    print("| n, d, k | prec | form | Lloyd ms/iter | assign ms/iter "
          "| GFLOP/s | % peak | GB/s | % peak |")
    print("|---|---|---|---:|---:|---:|---:|---:|---:|")
    for r in rows:
        if r["algorithm"] != "lloyd":
            continue
        gf, gb = float(r["assign_gflops"]), float(r["assign_gbs"])
        pf = pb = ""
        if peaks:
            pf = f"{100 * gf / (peaks[1] if r['precision'] == 'f32' else peaks[2]):.0f}"
            pb = f"{100 * gb / peaks[0]:.1f}"
        print(f"| {r['n']}, {r['d']}, {r['k']} | {r['precision']} | "
              f"{r['form']} | {float(r['s_per_iter']) * 1e3:.3f} | "
              f"{float(r['assign_ms_per_iter']):.3f} | {gf:.0f} | {pf} | "
              f"{gb:.0f} | {pb} |")
    print()
    print("| n, d, k | PyTorch ms/iter (f32) | target ms/iter | prec "
          "| fastest trikmeans | ms/iter | speed-up | met |")
    print("|---|---:|---:|---|---|---:|---:|---|")
    for s in shapes:
        ref = TORCH_MS.get(s)
        for prec in ("f32", "f64"):
            if s + (prec,) not in best or ref is None:
                continue
            per, who = best[s + (prec,)]
            print(f"| {s[0]}, {s[1]}, {s[2]} | {ref} | {ref / 5:.2f} | "
                  f"{prec} | {who} | {per:.3f} | {ref / per:.1f}x | "
                  f"{'yes' if per <= ref / 5 else 'no'} |")


if __name__ == "__main__":
    main()
