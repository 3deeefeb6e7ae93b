#!/bin/sh
# The MPI build against one process (make test runs this where mpicc was
# found): for P = 1..4 ranks, every algorithm, both precisions and both CPU
# forms, trikmeans-mpi must write the labels and centroids the plain
# command writes, byte for byte, and the same statistics rows; uneven
# splits (n not a multiple of the 4096-row blocks, a rank with no rows, a
# rank with fewer rows than k); every start method and the farthest
# empty-cluster policy; .npy, raw and text input (text split at line
# ends); a rank that fails stops every rank with its message and leaves
# no output behind, out of memory at any allocation included; and each
# rank's OpenMP team is sized from the CPUs it shares with the other
# ranks of its node (OMP_NUM_THREADS and --threads override), as the
# statistics report; Open MPI's default binding to one core gives way to
# an equal share of the node's CPUs where CPUs would idle, and a binding
# the user asked for stays, with a warning for a rank bound to one core
# while other CPUs idle.  Every expected value comes from a computation apart
# from the run it checks (the one-process command, the CPUs this shell
# may use, the kernel's topology), and every check runs on every machine:
# the count of checks run must be the count planned.
#
#   tests/mpi.sh BUILD_DIR
set -eu
B=${1:-build}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
PLAIN="$B/trikmeans"
MPI="$B/trikmeans-mpi"
# the same command built with the test hooks (TKM_FAULT), for the fault loop
HOOKED="$B/hooks/trikmeans-mpi"
# the test machines run as root; Open MPI refuses that unless told
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
# no launcher of a batch system; one slot per rank on this machine
export OMPI_MCA_rmaps_base_oversubscribe=1 OMPI_MCA_btl_vader_single_copy_mechanism=none
# a python3 with NumPy (make test passes the one it tests the package with)
PY=${PY:-/usr/bin/python3}
fails=0
runs=0

mpi() { # P, args...
    p=$1
    shift
    timeout 120 mpirun --oversubscribe -np "$p" "$MPI" "$@"
}

# Same bytes, and the same statistics but times and the rank table.
same() { # name, plain prefix, mpi prefix
    ok=1
    cmp -s "$2.labels.npy" "$3.labels.npy" || ok=0
    cmp -s "$2.centroids.csv" "$3.centroids.csv" || ok=0
    $PY - "$2.json" "$3.json" <<'EOF' || ok=0
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
keys = ["n", "d", "k", "iterations", "stop", "final_changed", "inertia",
        "tol_shift2", "warnings"]
rows = ["changed", "dist_pc", "dist_cc", "pruned_points", "pruned_pairs",
        "max_drift", "shift2", "inertia"]
bad = [k for k in keys if a[k] != b[k]]
bad += ["iters[%d].%s" % (i, k) for i, (x, y) in
        enumerate(zip(a["iters"], b["iters"])) for k in rows if x[k] != y[k]]
if bad:
    print("differs:", ", ".join(bad[:8]))
    sys.exit(1)
EOF
    runs=$((runs + 1))
    if [ $ok = 1 ]; then
        echo "ok   $1"
    else
        echo "FAIL $1"
        fails=$((fails + 1))
    fi
}

case_() { # name, data, P list, fit options...
    name=$1 data=$2 plist=$3
    shift 3
    "$PLAIN" fit "$data" "$@" --labels "$T/one.labels.npy" \
        --centroids "$T/one.centroids.csv" --stats "$T/one.json" --force -q
    for p in $plist; do
        rm -f "$T/m.labels.npy" "$T/m.centroids.csv" "$T/m.json"
        mpi "$p" fit "$data" "$@" --labels "$T/m.labels.npy" \
            --centroids "$T/m.centroids.csv" --stats "$T/m.json" -q ||
            { echo "FAIL $name P=$p: exit $?"; fails=$((fails + 1))
              runs=$((runs + 1)); continue; }
        same "$name P=$p" "$T/one" "$T/m"
    done
}

# 10,000 rows: blocks of 4096, 4096 and 1808; with 4 ranks one has none
"$PLAIN" gen -n 10000 -d 3 -k 6 --seed 3 --out "$T/a.npy" -q
# 9,000 rows, k = 900: the third rank holds 808 rows, fewer than k
"$PLAIN" gen -n 9000 -d 2 -k 30 --seed 4 --out "$T/b.npy" -q

for alg in lloyd elkan hamerly; do
    for prec in f64 f32; do
        case_ "$alg $prec seq" "$T/a.npy" "1 2 3 4" -k 7 --algorithm $alg \
            --precision $prec
    done
    case_ "$alg f64 omp" "$T/a.npy" "2 3" -k 7 --algorithm $alg --form omp \
        --threads 2
    case_ "$alg k=900, a rank with fewer rows" "$T/b.npy" "3" -k 900 \
        --algorithm $alg --max-iter 8
done
case_ "init random" "$T/a.npy" "3" -k 9 --init random --algorithm hamerly
case_ "init farthest" "$T/a.npy" "3" -k 9 --init farthest
case_ "init kmeans++-greedy" "$T/a.npy" "3 4" -k 9 --init kmeans++-greedy \
    --algorithm elkan
case_ "tol, n-init 2" "$T/a.npy" "2" -k 9 --tol 1e-3 --n-init 2
# a float32 file in an f32 run: each rank maps its rows and uses them in
# place (x32)
$PY -c "
import numpy as np
np.save('$T/a32.npy', np.load('$T/a.npy').astype(np.float32))"
case_ "float32 file, f32 in place" "$T/a32.npy" "2 3" -k 7 \
    --algorithm hamerly --precision f32
# sparse points (.npz, most values 0): each rank keeps its rows of the
# CSR; the start, labels, centroids and statistics of one process
$PY -c "
import numpy as np, scipy.sparse as sp
x = np.load('$T/a.npy'); x[np.abs(x - np.round(x)) < 0.3] = 0
sp.save_npz('$T/s.npz', sp.csr_matrix(x))"
for alg in lloyd elkan hamerly; do
    case_ "sparse .npz, $alg" "$T/s.npz" "2 3" -k 7 --algorithm $alg
done
case_ "sparse .npz, omp, tol" "$T/s.npz" "3" -k 7 --algorithm hamerly \
    --form omp --threads 2 --tol 1e-4
# a start with far centroids: empty clusters, moved to the farthest points
$PY -c "
import numpy as np
c = np.load('$T/a.npy')[:5].copy(); c[3:] = 1e3
np.save('$T/far.npy', c)"
case_ "empty farthest" "$T/a.npy" "3 4" -k 5 --init "$T/far.npy" \
    --empty farthest --algorithm elkan

# columns 18 decades apart whose largest values lie on different ranks:
# each column's grid is the same on every rank (the maximum over them)
$PY -c "
import numpy as np
x = np.load('$T/a.npy')[:, :2].copy(); x[:, 0] *= 1e6; x[:, 1] *= 1e-12
x[100, 0] *= 50; x[9000, 1] *= 50
np.save('$T/mixed.npy', x)"
case_ "columns 1e6 and 1e-12" "$T/mixed.npy" "2 3" -k 6 --algorithm hamerly
# sample weights, each rank reading its rows of the weights file
$PY -c "
import numpy as np
n = len(np.load('$T/a.npy'))
np.save('$T/w.npy', np.random.default_rng(5).random(n) * 3)"
case_ "sample weights" "$T/a.npy" "2 3" -k 5 --weights "$T/w.npy" \
    --empty farthest --init "$T/far.npy"
# weighted starts: every rank draws the rows one process draws (every
# third row of weight 0)
$PY -c "
import numpy as np
w = np.load('$T/w.npy'); w[::3] = 0
np.save('$T/w0.npy', w)"
case_ "weighted kmeans++ start" "$T/a.npy" "2 3" -k 5 --weights "$T/w0.npy"
for m in random farthest kmeans++-greedy; do
    case_ "weighted $m start" "$T/a.npy" "3" -k 5 --weights "$T/w0.npy" \
        --init $m
done

# three distinct points, no rank holding all three: the warning counts 3
$PY -c "
import numpy as np
x = np.zeros((12288, 2)); x[:4096] = 1; x[4096:8192] = 5; x[8192:] = 9
x[8192::2] = 1
np.save('$T/few.npy', x)"
case_ "fewer distinct points than k" "$T/few.npy" "3" -k 5 --init random

# raw input: each rank reads its rows at its offset
$PY -c "
import numpy as np
np.load('$T/a.npy').astype('<f4').tofile('$T/a.f32')"
case_ "raw float32" "$T/a.f32" "3" -k 7 --raw-d 3 --algorithm hamerly \
    --precision f32

# text: a header, comments, blank lines, CRLF ends; split at line ends,
# each rank parsing only its rows; labels as text written at offsets
$PY - "$T" <<'EOF'
import numpy as np, sys
x = np.load(sys.argv[1] + "/a.npy")
with open(sys.argv[1] + "/a.csv", "w", newline="") as f:
    f.write("# generated\nx,y,z\r\n")
    for i, r in enumerate(x):
        if i % 777 == 0:
            f.write("\n   \n# rows from %d\n" % i)
        f.write("%.17g,%.17g,%.17g%s" % (r[0], r[1], r[2],
                                          "\r\n" if i % 2 else "\n"))
    f.write("# no newline at the end")
EOF
case_ "text input" "$T/a.csv" "2 3 4" -k 7 --algorithm elkan
"$PLAIN" fit "$T/a.npy" -k 7 --labels "$T/one.csv" -q
mpi 3 fit "$T/a.npy" -k 7 --labels "$T/m.csv" -q
runs=$((runs + 1))
if cmp -s "$T/one.csv" "$T/m.csv"; then
    echo "ok   text labels P=3"
else
    echo "FAIL text labels P=3"
    fails=$((fails + 1))
fi
# a malformed line that rank 2 parses: named by its line in the file
awk 'NR == 9000 { print "1,2,abc"; next } { print }' "$T/a.csv" >"$T/bad.csv"
runs=$((runs + 1))
if ! mpi 3 fit "$T/bad.csv" -k 7 -q 2>"$T/err" &&
        grep -q "rank 2 of 3 failed: .*line 9000, column 2" "$T/err"; then
    echo "ok   text error named by its line"
else
    echo "FAIL text error named by its line"
    cat "$T/err"
    fails=$((fails + 1))
fi

# a value only rank 2 reads: every rank stops with rank 2's message
$PY -c "
import numpy as np
x = np.load('$T/a.npy'); x[9500, 1] = np.nan; np.save('$T/bad.npy', x)"
runs=$((runs + 1))
if mpi 3 fit "$T/bad.npy" -k 7 --labels "$T/bad.labels.npy" \
        --stats "$T/bad.json" -q 2>"$T/err"; then
    echo "FAIL failing rank: exit 0"
    fails=$((fails + 1))
elif ! grep -q "rank 2 of 3 failed: .*row 9500, column 1" "$T/err" ||
        ls "$T"/bad.labels.npy* "$T"/bad.json* >/dev/null 2>&1; then
    echo "FAIL failing rank: message or leftovers"
    cat "$T/err"
    fails=$((fails + 1))
else
    echo "ok   failing rank: stopped all, its message, no output"
fi

# Out of memory on one rank at each allocation in turn (TKM_FAULT=N, a
# hook of the test build $HOOKED only: the Nth allocation of the library's wrappers fails in
# that process; TKM_FAULT=count says how many a run makes): every rank
# stops (no timeout: none waits in a collective the failed one left),
# with a non-zero status, "out of memory" said, and no output left.  Text
# input, a random start that leaves clusters empty (the distinct points
# counted over the ranks), tol, the inertia of every iteration, every
# output.  Four runs at a time: most of a run's time is mpirun's; each
# has a TMPDIR of its own, since mpiruns started together race to create
# one session directory under a shared one ("mkdir ... File exists").
$PY -c "
import numpy as np
np.savetxt('$T/few.csv', np.load('$T/few.npy'), delimiter=',', fmt='%g')"
fault_run() { # failing rank (of 2), N or count, output prefix
    a="fit $T/few.csv -k 5 --init random --algorithm elkan --tol 1e-4
       --max-iter 3 --inertia-each-iter --labels $3.labels.npy
       --centroids $3.centroids.csv --stats $3.json -q"
    mkdir -p "$3.tmp"
    if [ "$1" = 0 ]; then
        TMPDIR="$3.tmp" timeout 60 mpirun --oversubscribe \
            -np 1 env TKM_FAULT="$2" "$HOOKED" $a : -np 1 "$HOOKED" $a
    else
        TMPDIR="$3.tmp" timeout 60 mpirun --oversubscribe \
            -np 1 "$HOOKED" $a : -np 1 env TKM_FAULT="$2" "$HOOKED" $a
    fi
}
fault_one() { # failing rank, N: its status in $T/f<rank>.<N>.rc
    if fault_run "$1" "$2" "$T/f$1.$2" >/dev/null 2>"$T/f$1.$2.err"; then
        echo 0 >"$T/f$1.$2.rc"
    else
        echo $? >"$T/f$1.$2.rc"
    fi
}
for R in 0 1; do
    count=$(fault_run $R count "$T/c$R" 2>&1 >/dev/null |
            sed -n 's/^trikmeans: TKM_FAULT: \([0-9]*\) allocations$/\1/p')
    rm -rf "$T/c$R".*
    bad=""
    for N in $(seq 1 "${count:-0}"); do
        fault_one $R "$N" &
        [ $((N % 4)) != 0 ] || wait
    done
    wait
    for N in $(seq 1 "${count:-0}"); do
        p="$T/f$R.$N" rc=$(cat "$T/f$R.$N.rc")
        if [ "$rc" = 124 ]; then
            bad="$bad $N (hung)"
        elif [ "$rc" = 0 ] || ! grep -q "out of memory" "$p.err"; then
            bad="$bad $N (exit $rc, $(head -c 200 "$p.err" | tr '\n' ' '))"
        elif ls "$p".labels.npy* "$p".centroids.csv* "$p".json* \
                >/dev/null 2>&1; then
            bad="$bad $N (output left)"
        fi
    done
    runs=$((runs + 1))
    if [ "${count:-0}" -lt 20 ]; then
        echo "FAIL out of memory on rank $R: TKM_FAULT=count gave" \
            "'${count:-}', not the allocations of a fit"
        fails=$((fails + 1))
    elif [ -n "$bad" ]; then
        echo "FAIL out of memory on rank $R at allocation:$bad"
        fails=$((fails + 1))
    else
        echo "ok   out of memory on rank $R at each of its $count" \
            "allocations: every rank stopped, said so, wrote nothing"
    fi
done

# the shipped command has no such hook: told to fail its first
# allocation on every rank, it runs whole, and "count" is not answered
runs=$((runs + 1))
if TKM_FAULT=1 timeout 60 mpirun --oversubscribe -x TKM_FAULT -np 2 "$MPI" \
        fit "$T/few.csv" -k 5 --labels "$T/nf.labels.npy" -q 2>"$T/err" &&
        [ -f "$T/nf.labels.npy" ] &&
        TKM_FAULT=count timeout 60 mpirun --oversubscribe -x TKM_FAULT \
            -np 2 "$MPI" fit "$T/few.csv" -k 5 -q 2>"$T/err" &&
        ! grep -q TKM_FAULT "$T/err"; then
    echo "ok   the shipped command reads no TKM_FAULT"
else
    echo "FAIL the shipped command reads TKM_FAULT"
    cat "$T/err"
    fails=$((fails + 1))
fi
# A Linux CPU list ("0-3,8") as a set, for the scripts below (each runs
# from $T, so Python finds this module there)
cat >"$T/cpulist.py" <<'EOF'
def cpus(text):
    s = set()
    for part in filter(None, text.strip().split(",")):
        a, _, b = part.partition("-")
        s |= set(range(int(a), int(b or a) + 1))
    return s
EOF
# Each rank of a statistics file, a line each: its OpenMP threads, the
# CPUs of its mask, 1 if they are the CPUs this shell may use, and its
# node-local rank
cat >"$T/ranks.py" <<'EOF'
import json, os, sys
from cpulist import cpus
for r in json.load(open(sys.argv[1]))["ranks"]:
    mask = cpus(r["cpus"])
    print(r["threads"], len(mask), int(mask == os.sched_getaffinity(0)),
          r["local_rank"])
EOF

# fit --form omp over mpirun: each rank's line of ranks.py (as one line)
# in $got, its standard error in $T/err.  The machine is taken as quiet
# (TKM_CPUS_BUSY=0: other work on it must not shrink the teams checked
# here) unless $busy says how many CPUs to take as busy.
places() { # fit's further options ("" for none), mpirun's options...
    extra=$1
    shift
    rm -f "$T/t.json"
    if timeout 120 mpirun --oversubscribe -x TKM_CPUS_BUSY="${busy:-0}" \
            "$@" "$MPI" fit "$T/a.npy" -k 7 \
            --form omp --stats "$T/t.json" $extra >/dev/null 2>"$T/err"; then
        got=$($PY "$T/ranks.py" "$T/t.json" | tr '\n' ' ')
        got=${got% }
        [ -n "$got" ] || got="no ranks in the statistics"
    else
        got="exit $?"
    fi
}

# checked: no warning in $T/err
no_warning() { # name
    runs=$((runs + 1))
    if grep -q warning "$T/err"; then
        echo "FAIL $1"
        cat "$T/err"
        fails=$((fails + 1))
    else
        echo "ok   $1"
    fi
}

# checked: what places() found is want
check() { # name, want
    runs=$((runs + 1))
    if [ "$got" = "$2" ]; then
        echo "ok   $1"
    else
        echo "FAIL $1: got '$got', want '$2'"
        cat "$T/err"
        fails=$((fails + 1))
    fi
}

ncpu=$(nproc)
places "" --bind-to none -np 1
check "place: one rank, not bound: all $ncpu CPUs and threads" "$ncpu $ncpu 1 0"
# unbound ranks split the CPUs; OMP_NUM_THREADS, then --threads, override
half=$((ncpu / 2 > 1 ? ncpu / 2 : 1))
places "" --bind-to none -np 2
check "place: two ranks share $ncpu CPUs, a team of $half each" \
    "$half $ncpu 1 0 $half $ncpu 1 1"
no_warning "place: no warning where no CPU idles"
# a busy machine: one rank's team leaves the busy CPUs out; ranks that
# share the node keep their share (they would take each other for other
# work; on 2 CPUs a share is one thread either way)
busy=$ncpu
places "" --bind-to none -np 1
check "place: one rank, every CPU busy: a team of one" "1 $ncpu 1 0"
places "" --bind-to none -np 2
check "place: two ranks of a busy node keep their share" \
    "$half $ncpu 1 0 $half $ncpu 1 1"
busy=0
places "" -x OMP_NUM_THREADS=$((ncpu + 1)) --bind-to none -np 2
check "place: OMP_NUM_THREADS sets the team" \
    "$((ncpu + 1)) $ncpu 1 0 $((ncpu + 1)) $ncpu 1 1"
places "--threads $((ncpu + 2))" -x OMP_NUM_THREADS=$((ncpu + 1)) \
    --bind-to none -np 2
check "place: --threads sets the team over OMP_NUM_THREADS" \
    "$((ncpu + 2)) $ncpu 1 0 $((ncpu + 2)) $ncpu 1 1"

# bound to one core (Open MPI's binding of one rank): a team of that
# core's CPUs, counted here from the kernel's topology (the first CPU
# this shell may use and its hardware threads), not from the run.  Where
# other CPUs idle, a warning that names the rank and the option that
# frees them (none with -q); where that core holds every CPU, none.
cat >"$T/core.py" <<'EOF'
import os
from cpulist import cpus
mine = os.sched_getaffinity(0)
sib = cpus(open("/sys/devices/system/cpu/cpu%d/topology/thread_siblings_list"
                % min(mine)).read())
print(len(sib & mine))
EOF
core=$($PY "$T/core.py") || core="unknown (no topology in /sys)"
places "" --bind-to core -np 1
if [ "$core" = "$ncpu" ]; then
    check "place: bound to the one core, all its $ncpu CPUs" "$ncpu $ncpu 1 0"
    no_warning "place: no warning where one core holds every CPU"
else
    check "place: bound to one core, a team of its $core CPUs" \
        "$core $core 0 0"
    runs=$((runs + 1))
    if grep -q "warning: rank 0 is bound to one core.*mpirun --bind-to none" \
            "$T/err" &&
            ! timeout 120 mpirun --oversubscribe --bind-to core -np 1 "$MPI" \
                fit "$T/a.npy" -k 7 --form omp -q 2>&1 | grep -q warning; then
        echo "ok   place: bound to one core, warned (not with -q)"
    else
        echo "FAIL place: bound to one core, warned (not with -q)"
        cat "$T/err"
        fails=$((fails + 1))
    fi
fi

# Open MPI's default binding (no placement option: one core per rank for
# two ranks or fewer, checked here first from a plain process's mask) is
# replaced where it leaves CPUs idle: each rank of the node takes an equal
# run of the launcher's CPUs (this shell's), whole cores first, and no
# warning; a binding the user asks for (--map-by ...:PE=N) stays.
cat >"$T/cover.py" <<'EOF2'
import json, os, sys
from cpulist import cpus
masks = [cpus(r["cpus"]) for r in json.load(open(sys.argv[1]))["ranks"]]
union = set().union(*masks)
print(int(union == os.sched_getaffinity(0)
          and sum(map(len, masks)) == len(union)))
EOF2
runs=$((runs + 1))
plain=$(timeout 60 mpirun --oversubscribe -np 1 $PY -c \
    'import os; print(len(os.sched_getaffinity(0)))' 2>&1) || true
if [ "$plain" = "$core" ]; then
    echo "ok   place: Open MPI binds one rank to one core by default"
else
    echo "FAIL place: Open MPI binds one rank to one core by default:" \
        "got '$plain' CPUs, want $core"
    fails=$((fails + 1))
fi
places "" -np 1
check "place: one rank, default binding: all $ncpu CPUs and threads" \
    "$ncpu $ncpu 1 0"
no_warning "place: no warning where the default binding was replaced"
rest=$((ncpu - half))
places "" -np 2
check "place: two ranks, default binding: $half and $rest CPUs and threads" \
    "$half $half 0 0 $rest $rest 0 1"
runs=$((runs + 1))
if [ -f "$T/t.json" ] && [ "$($PY "$T/cover.py" "$T/t.json")" = 1 ]; then
    echo "ok   place: two ranks, default binding: the CPUs split, none twice"
else
    echo "FAIL place: two ranks, default binding: the CPUs split, none twice"
    cat "$T/err"
    fails=$((fails + 1))
fi
places "" --map-by slot:PE=1 -np 1
check "place: --map-by slot:PE=1 binds one rank to one core as asked" \
    "$core $core $((core == ncpu ? 1 : 0)) 0"

# Every check above runs on every machine, none left out on a condition:
# fewer (or more) than planned means a block was skipped (or one was
# added without its count here).
planned=84
if [ $runs != $planned ]; then
    echo "FAIL $runs checks ran, $planned planned"
    fails=$((fails + 1))
fi
echo "mpi: $runs checks, $fails failed"
[ $fails = 0 ]
