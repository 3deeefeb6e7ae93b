#!/usr/bin/env python3
"""Two builds' `trikmeans fit` phases side by side on the GPU: Hamerly
cuda-shared on three shapes of the GPU benchmark (generated blobs, 50
clusters, float64 .npy), with the default start (k-means++ on the device)
and from a given start (`trikmeans init --form cuda-shared`, written
once), OLD and NEW interleaved, REPS runs each (default 3).  Every phase
of --stats (a build without `upload` or `download` has none: its `setup`
and `result` hold them), medians; the two builds' labels compared byte
for byte.  Usage: fit-phases-ab.py OLD NEW OUTDIR (writes OUTDIR/ab.csv):
docs/results/gpu-e2e.md."""
import csv, filecmp, json, os, statistics, subprocess, sys

old, new, out = sys.argv[1:4]
REPS = int(os.environ.get("REPS", "3"))
tmp = '/tmp/fit-phases-ab'
os.makedirs(tmp, exist_ok=True)
builds = {'old': old, 'new': new}
shapes = [(100000, 784, 100), (1000000, 32, 1000), (2000000, 8, 400)]
rows = []
for n, d, k in shapes:
    x, c = f'{tmp}/x-{n}-{d}.npy', f'{tmp}/c-{n}-{d}.npy'
    subprocess.run([new, 'gen', '-q', '-n', str(n), '-d', str(d), '-k', '50',
                    '--seed', '1', '--out', x, '--force'], check=True)
    subprocess.run([old, 'init', x, '-k', str(k), '--seed', '1', '--form',
                    'cuda-shared', '--out', c, '--force', '-q'], check=True)
    for rep in range(REPS):
        for tag, b in builds.items():
            for init in ('default', 'given'):
                args = [b, 'fit', x, '-k', str(k), '--seed', '1',
                        '--algorithm', 'hamerly', '--form', 'cuda-shared',
                        '--stats', f'{tmp}/s.json', '--labels',
                        f'{tmp}/l-{tag}-{init}.npy', '--force', '-q']
                if init == 'given':
                    args += ['--init', c]
                subprocess.run(args, check=True)
                ph = json.load(open(f'{tmp}/s.json'))['phases']
                for p, v in ph.items():
                    rows.append(dict(shape=f'{n}x{d}x{k}', build=tag,
                                     init=init, rep=rep, phase=p, seconds=v))
    same = all(filecmp.cmp(f'{tmp}/l-old-{i}.npy', f'{tmp}/l-new-{i}.npy',
                           shallow=False) for i in ('default', 'given'))
    print(f'{n}x{d}x{k}: labels old/new same bytes: {same}', flush=True)
with open(f'{out}/ab.csv', 'w', newline='') as f:
    w = csv.DictWriter(f, fieldnames=list(rows[0]))
    w.writeheader()
    w.writerows(rows)
med = {}
for r in rows:
    med.setdefault((r['shape'], r['init'], r['phase'], r['build']),
                   []).append(r['seconds'])
for key in sorted({q[:3] for q in med}):
    o, nw = med.get(key + ('old',)), med.get(key + ('new',))
    fo = f'{statistics.median(o):.4f}' if o else '-'
    fn = f'{statistics.median(nw):.4f}' if nw else '-'
    print(f'{key[0]} {key[1]:8s} {key[2]:9s} old {fo} new {fn}')
