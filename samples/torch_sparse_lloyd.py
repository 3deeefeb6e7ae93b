#!/usr/bin/env python3
"""Lloyd's k-means on sparse points as people write it in PyTorch on the
GPU: the products x.c of the CSR points with the centroids by cuSPARSE
(torch.sparse.mm), distances |x|^2 - 2 x.c + |c|^2, argmin, sums by
index_add_ over the stored values; from the start given, to strict
convergence or --max-iter.  The reference the CUDA forms' sparse runs are
measured against (docs/results/sparse-gpu.md).

    torch_sparse_lloyd.py DATA.npz START.npy LABELS.npy [--f32]
                          [--max-iter N] [--reps R]

Prints iterations, the loop's seconds (points and start on the device to
the labels on the host; median of --reps loops) and the median time of
one cuSPARSE product of all points with the centroids alone.  The labels
(int32 .npy) are the expanded form's: not exact where two centroids are
nearly as near (the cancellation trikmeans screens).
"""
import argparse
import statistics
import time

import numpy as np
import scipy.sparse as sp
import torch


def loop(x, x2, rows, cols, vals, c0, max_iter):
    """One run from c0: its labels, iterations and product times (ms)."""
    n, d = x.shape
    k = c0.shape[0]
    c = c0.clone()
    lab = torch.full((n,), -1, dtype=torch.long, device="cuda")
    ones = torch.ones(n, dtype=c.dtype, device="cuda")
    it, prod = 0, []
    ev = [torch.cuda.Event(enable_timing=True) for _ in range(2)]
    while it < max_iter:
        ev[0].record()
        p = torch.sparse.mm(x, c.T.contiguous())
        ev[1].record()
        d2 = x2 - 2.0 * p + (c * c).sum(1)
        new = d2.argmin(1)
        torch.cuda.synchronize()
        prod.append(ev[0].elapsed_time(ev[1]))
        it += 1
        if torch.equal(new, lab):
            break
        lab = new
        s = torch.zeros(k * d, dtype=c.dtype, device="cuda")
        s.index_add_(0, lab[rows] * d + cols, vals)
        cnt = torch.zeros(k, dtype=c.dtype, device="cuda").index_add_(
            0, lab, ones)
        keep = cnt == 0  # an empty cluster keeps its centroid
        c = torch.where(keep[:, None], c,
                        s.view(k, d) / cnt.clamp(min=1)[:, None])
    return lab, it, prod


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("data")
    ap.add_argument("start")
    ap.add_argument("labels")
    ap.add_argument("--f32", action="store_true",
                    help="compute in float32 (default: float64)")
    ap.add_argument("--max-iter", type=int, default=300)
    ap.add_argument("--reps", type=int, default=3)
    a = ap.parse_args()
    dt = torch.float32 if a.f32 else torch.float64
    m = sp.load_npz(a.data).tocsr()
    m.sort_indices()
    n = m.shape[0]
    x = torch.sparse_csr_tensor(
        torch.from_numpy(m.indptr.astype(np.int64)),
        torch.from_numpy(m.indices.astype(np.int64)),
        torch.from_numpy(m.data), size=m.shape).to("cuda", dt)
    rows = torch.from_numpy(np.repeat(np.arange(n), np.diff(m.indptr))
                            ).to("cuda")
    cols = x.col_indices()
    vals = x.values()
    x2 = torch.zeros(n, dtype=dt, device="cuda").index_add_(
        0, rows, vals * vals)[:, None]
    c0 = torch.from_numpy(np.load(a.start)).to("cuda", dt)
    torch.cuda.synchronize()
    secs, prods = [], []
    for _ in range(a.reps):
        t0 = time.perf_counter()
        lab, it, prod = loop(x, x2, rows, cols, vals, c0, a.max_iter)
        out = lab.to(torch.int32).cpu().numpy()
        secs.append(time.perf_counter() - t0)
        prods += prod
    np.save(a.labels, out)
    print(f"iterations: {it}")
    print(f"loop: {statistics.median(secs):.4f} s")
    print(f"product: {statistics.median(prods):.3f} ms")


if __name__ == "__main__":
    main()
