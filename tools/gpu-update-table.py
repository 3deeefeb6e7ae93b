"""The GPU update's cost before and after a change: the Markdown table of
docs/results/exact-sums.md from two gpu-bench --csv files (the same
machine, --reps 3): update microseconds per iteration and t_solve, median
of the repetitions.  argv: before.csv after.csv"""
import csv, statistics as st, sys
from collections import defaultdict
def load(p):
    g=defaultdict(list)
    for r in csv.DictReader(open(p)):
        key=(r['n'],r['d'],r['k'],r['precision'],r['algorithm'],r['form'])
        g[key].append((float(r['t_update_s'])/int(r['iterations']), float(r['t_solve_s']), int(r['iterations'])))
    return g
o=load(sys.argv[1]); n=load(sys.argv[2])
print("| n x d x k | prec | solver | iterations | update us/iter, before | after | t_solve s, before | after | after / before |")
print("|---|---|---|---|---|---|---|---|---|")
for key in n:
    if key[5]!='cuda-shared' and key[4]!='lloyd': continue
    un=st.median(x[0] for x in n[key]); uo=st.median(x[0] for x in o[key])
    sn=st.median(x[1] for x in n[key]); so=st.median(x[1] for x in o[key])
    it = f"{n[key][0][2]}" if n[key][0][2]==o[key][0][2] else f"{o[key][0][2]} / {n[key][0][2]}"
    print(f"| {int(key[0]):,} x {key[1]} x {key[2]} | {key[3]} | {key[4]} {key[5]} | {it} | {uo*1e6:.1f} | {un*1e6:.1f} | {so:.4f} | {sn:.4f} | {sn/so:.2f} |")
