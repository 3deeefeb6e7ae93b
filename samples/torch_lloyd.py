#!/usr/bin/env python3
"""The GPU reference of docs/results/gpu-e2e.md: Lloyd's k-means as people
write it in PyTorch (GEMM distances, argmin, index_add_ update), from a
.npy on disk to the labels written as .npy, to strict convergence (no label
changes) from the given start.  Timed as a whole process by its caller.

    torch_lloyd.py DATA.npy START.csv LABELS.npy [--f32] [--max-iter N]
"""
import argparse
import numpy as np
import torch


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("data")
    ap.add_argument("start")
    ap.add_argument("labels")
    ap.add_argument("--f32", action="store_true",
                    help="compute in float32 (default: float64)")
    ap.add_argument("--max-iter", type=int, default=300)
    a = ap.parse_args()
    dt = torch.float32 if a.f32 else torch.float64
    x = torch.from_numpy(np.load(a.data, mmap_mode="r")[:]).to("cuda", dt)
    c = torch.from_numpy(np.loadtxt(a.start, delimiter=",", ndmin=2)
                         ).to("cuda", dt)
    n, k = x.shape[0], c.shape[0]
    x2 = (x * x).sum(1, keepdim=True)
    lab = torch.full((n,), -1, dtype=torch.long, device="cuda")
    ones = torch.ones(n, dtype=dt, device="cuda")
    for _ in range(a.max_iter):
        d2 = x2 - 2.0 * (x @ c.T) + (c * c).sum(1)
        new = d2.argmin(1)
        if torch.equal(new, lab):
            break
        lab = new
        s = torch.zeros_like(c).index_add_(0, lab, x)
        cnt = torch.zeros(k, dtype=dt, device="cuda").index_add_(0, lab, ones)
        keep = cnt == 0  # an empty cluster keeps its centroid
        c = torch.where(keep[:, None], c, s / cnt.clamp(min=1)[:, None])
    np.save(a.labels, lab.to(torch.int32).cpu().numpy())


if __name__ == "__main__":
    main()
