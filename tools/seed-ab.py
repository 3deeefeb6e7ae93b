#!/usr/bin/env python3
"""The start on the GPU, two builds (OLD, NEW) interleaved: trikmeans
init (kmeans++ = greedy, farthest) process wall, cuda-shared, and fit's
phases (context, start, setup: the upload, loop, wall) with the default
start; the two builds' starts compared byte for byte.  Usage:
seed-ab.py OLD NEW OUTDIR (REPS runs each, default 3)"""
import csv, json, os, statistics, subprocess, sys, time, filecmp

old, new, out = sys.argv[1:4]
REPS = int(os.environ.get("REPS", "3"))
tmp = '/tmp/sd'
os.makedirs(tmp, exist_ok=True)
shapes = [(1000000, 32, 1000), (100000, 784, 100), (2000000, 8, 400),
          (1000000, 2, 100)]
rows = []
same = []
for n, d, k in shapes:
    x = f'{tmp}/x-{n}-{d}.npy'
    subprocess.run([new, 'gen', '-q', '-n', str(n), '-d', str(d), '-k', '50',
                    '--seed', '1', '--out', x, '--force'], check=True)
    for method in ('kmeans++', 'farthest'):
        for rep in range(REPS):
            for tag, b in (('old', old), ('new', new)):
                o = f'{tmp}/{tag}-{method}.npy'
                t = time.perf_counter()
                subprocess.run([b, 'init', x, '-k', str(k), '--seed', '1',
                                '--init', method, '--form', 'cuda-shared',
                                '--out', o, '--force', '-q'], check=True)
                rows.append(dict(n=n, d=d, k=k, what='init ' + method,
                                 build=tag, rep=rep,
                                 seconds=time.perf_counter() - t))
        eq = filecmp.cmp(f'{tmp}/old-{method}.npy', f'{tmp}/new-{method}.npy',
                         shallow=False)
        same.append(f'{n}x{d}x{k} {method}: {"same bytes" if eq else "DIFFER"}')
    for rep in range(REPS):
        for tag, b in (('old', old), ('new', new)):
            s = f'{tmp}/s-{tag}.json'
            subprocess.run([b, 'fit', x, '-k', str(k), '--seed', '1',
                            '--algorithm', 'hamerly', '--form', 'cuda-shared',
                            '--stats', s, '--force', '-q'], check=True)
            ph = json.load(open(s))['phases']
            for p in ('context', 'start', 'setup', 'loop', 'wall'):
                rows.append(dict(n=n, d=d, k=k, what='fit ' + p, build=tag,
                                 rep=rep, seconds=ph[p]))
    print(f'{n}x{d}x{k} done', flush=True)
with open(f'{out}/seed-ab.csv', 'w', newline='') as f:
    w = csv.DictWriter(f, fieldnames=list(rows[0]))
    w.writeheader()
    w.writerows(rows)
print('\n'.join(same))
med = {}
for r in rows:
    med.setdefault((r['n'], r['d'], r['k'], r['what'], r['build']), []).append(r['seconds'])
for key in sorted({k[:4] for k in med}):
    o = statistics.median(med[key + ("old",)])
    nw = statistics.median(med[key + ("new",)])
    print(f'{key[0]}x{key[1]}x{key[2]} {key[3]}: old {o:.4f} new {nw:.4f} '
          f'new/old {nw / o if o else float("nan"):.2f}')
