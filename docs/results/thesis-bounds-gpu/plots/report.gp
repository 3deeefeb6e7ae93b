# Drawn by 'trikmeans report'; run from the bench folder:
#   gnuplot plots/report.gp

# ---- time_full-n1e5-k16
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/time_full-n1e5-k16.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "median time per run: full-n1e5, k = 16 (n = 100000, d = 2)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "seconds"
set logscale y
plot "plots/time_full-n1e5-k16.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- speedup_full-n1e5-k16
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/speedup_full-n1e5-k16.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "speed-up over sequential Lloyd of the same precision: full-n1e5, k = 16 (n = 100000, d = 2)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "speed-up (times faster)"
set logscale y
set arrow from graph 0, first 1 to graph 1, first 1 nohead dt 2 lc rgb "#555555"
plot "plots/speedup_full-n1e5-k16.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- block_full-n1e5-k16
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 800,480 font "sans,10" noenhanced
} else {
  set terminal svg size 800,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/block_full-n1e5-k16.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "CUDA block size: full-n1e5, k = 16 (n = 100000, d = 2)"
set logscale x 2
set logscale y
set key outside right
set xlabel "threads per block"
set ylabel "median time (s)"
set xtics (32, 64, 128, 256, 512, 1024)
plot "plots/block_full-n1e5-k16.dat" index 0 using 1:2 with linespoints lw 2 lc rgb "#1f364c" dt 1 pt 9 title "lloyd cuda-global f64", \
  "plots/block_full-n1e5-k16.dat" index 1 using 1:2 with linespoints lw 2 lc rgb "#6b2e36" dt 1 pt 9 title "elkan cuda-global f64", \
  "plots/block_full-n1e5-k16.dat" index 2 using 1:2 with linespoints lw 2 lc rgb "#0f3d17" dt 1 pt 9 title "hamerly cuda-global f64", \
  "plots/block_full-n1e5-k16.dat" index 3 using 1:2 with linespoints lw 2 lc rgb "#38628b" dt 1 pt 13 title "lloyd cuda-shared f64", \
  "plots/block_full-n1e5-k16.dat" index 4 using 1:2 with linespoints lw 2 lc rgb "#c35462" dt 1 pt 13 title "elkan cuda-shared f64", \
  "plots/block_full-n1e5-k16.dat" index 5 using 1:2 with linespoints lw 2 lc rgb "#1c702a" dt 1 pt 13 title "hamerly cuda-shared f64"
set output
}

# ---- prune_full-n1e5-k16
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 1000,460 font "sans,10" noenhanced
} else {
  set terminal svg size 1000,460 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/prune_full-n1e5-k16.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 1,2 title "distances and pruning per iteration: full-n1e5, k = 16 (n = 100000, d = 2)"
set xlabel "iteration"
set key outside below center horizontal height 1
set logscale y
set ylabel "point-centroid distances computed"
plot "plots/prune_full-n1e5-k16.dat" index 0 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd", \
  "plots/prune_full-n1e5-k16.dat" index 1 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ee6677" title "elkan", \
  "plots/prune_full-n1e5-k16.dat" index 2 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#228833" title "hamerly"
unset logscale y
set yrange [0:1.05]
set ylabel "share of the n k distances pruned"
plot "plots/prune_full-n1e5-k16.dat" index 0 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd", \
  "plots/prune_full-n1e5-k16.dat" index 1 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ee6677" title "elkan", \
  "plots/prune_full-n1e5-k16.dat" index 2 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#228833" title "hamerly"
unset multiplot
set output
}

# ---- stages_full-n1e5-k16
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,564 font "sans,10" noenhanced
} else {
  set terminal svg size 900,564 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/stages_full-n1e5-k16.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "where the whole run goes (median run per solver): full-n1e5, k = 16 (n = 100000, d = 2)"
set style data histograms
set style histogram rowstacked
set style fill solid 0.85 border -1
set boxwidth 0.8
set yrange [0:1]
set ylabel "share of the whole run"
set key outside right top
set xtics rotate by 90 right
set bmargin 14
plot "plots/stages_full-n1e5-k16.dat" using 2:xtic(1) title "assign and bounds" lc rgb "#4477aa", '' using 3 title "update" lc rgb "#ee6677", '' using 4 title "set-up and result (transfer)" lc rgb "#228833", '' using 5 title "rest of the loop" lc rgb "#bbbbbb"
set output
}

# ---- time_full-n1e5-k64
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/time_full-n1e5-k64.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "median time per run: full-n1e5, k = 64 (n = 100000, d = 2)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "seconds"
set logscale y
plot "plots/time_full-n1e5-k64.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- speedup_full-n1e5-k64
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/speedup_full-n1e5-k64.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "speed-up over sequential Lloyd of the same precision: full-n1e5, k = 64 (n = 100000, d = 2)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "speed-up (times faster)"
set logscale y
set arrow from graph 0, first 1 to graph 1, first 1 nohead dt 2 lc rgb "#555555"
plot "plots/speedup_full-n1e5-k64.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- block_full-n1e5-k64
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 800,480 font "sans,10" noenhanced
} else {
  set terminal svg size 800,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/block_full-n1e5-k64.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "CUDA block size: full-n1e5, k = 64 (n = 100000, d = 2)"
set logscale x 2
set logscale y
set key outside right
set xlabel "threads per block"
set ylabel "median time (s)"
set xtics (32, 64, 128, 256, 512, 1024)
plot "plots/block_full-n1e5-k64.dat" index 0 using 1:2 with linespoints lw 2 lc rgb "#1f364c" dt 1 pt 9 title "lloyd cuda-global f64", \
  "plots/block_full-n1e5-k64.dat" index 1 using 1:2 with linespoints lw 2 lc rgb "#6b2e36" dt 1 pt 9 title "elkan cuda-global f64", \
  "plots/block_full-n1e5-k64.dat" index 2 using 1:2 with linespoints lw 2 lc rgb "#0f3d17" dt 1 pt 9 title "hamerly cuda-global f64", \
  "plots/block_full-n1e5-k64.dat" index 3 using 1:2 with linespoints lw 2 lc rgb "#38628b" dt 1 pt 13 title "lloyd cuda-shared f64", \
  "plots/block_full-n1e5-k64.dat" index 4 using 1:2 with linespoints lw 2 lc rgb "#c35462" dt 1 pt 13 title "elkan cuda-shared f64", \
  "plots/block_full-n1e5-k64.dat" index 5 using 1:2 with linespoints lw 2 lc rgb "#1c702a" dt 1 pt 13 title "hamerly cuda-shared f64"
set output
}

# ---- prune_full-n1e5-k64
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 1000,460 font "sans,10" noenhanced
} else {
  set terminal svg size 1000,460 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/prune_full-n1e5-k64.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 1,2 title "distances and pruning per iteration: full-n1e5, k = 64 (n = 100000, d = 2)"
set xlabel "iteration"
set key outside below center horizontal height 1
set logscale y
set ylabel "point-centroid distances computed"
plot "plots/prune_full-n1e5-k64.dat" index 0 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd", \
  "plots/prune_full-n1e5-k64.dat" index 1 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ee6677" title "elkan", \
  "plots/prune_full-n1e5-k64.dat" index 2 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#228833" title "hamerly"
unset logscale y
set yrange [0:1.05]
set ylabel "share of the n k distances pruned"
plot "plots/prune_full-n1e5-k64.dat" index 0 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd", \
  "plots/prune_full-n1e5-k64.dat" index 1 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ee6677" title "elkan", \
  "plots/prune_full-n1e5-k64.dat" index 2 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#228833" title "hamerly"
unset multiplot
set output
}

# ---- stages_full-n1e5-k64
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,564 font "sans,10" noenhanced
} else {
  set terminal svg size 900,564 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/stages_full-n1e5-k64.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "where the whole run goes (median run per solver): full-n1e5, k = 64 (n = 100000, d = 2)"
set style data histograms
set style histogram rowstacked
set style fill solid 0.85 border -1
set boxwidth 0.8
set yrange [0:1]
set ylabel "share of the whole run"
set key outside right top
set xtics rotate by 90 right
set bmargin 14
plot "plots/stages_full-n1e5-k64.dat" using 2:xtic(1) title "assign and bounds" lc rgb "#4477aa", '' using 3 title "update" lc rgb "#ee6677", '' using 4 title "set-up and result (transfer)" lc rgb "#228833", '' using 5 title "rest of the loop" lc rgb "#bbbbbb"
set output
}

# ---- time_thesis-n1e5-k16
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/time_thesis-n1e5-k16.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "median time per run: thesis-n1e5, k = 16 (n = 100000, d = 2)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "seconds"
set logscale y
plot "plots/time_thesis-n1e5-k16.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- speedup_thesis-n1e5-k16
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/speedup_thesis-n1e5-k16.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "speed-up over sequential Lloyd of the same precision: thesis-n1e5, k = 16 (n = 100000, d = 2)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "speed-up (times faster)"
set logscale y
set arrow from graph 0, first 1 to graph 1, first 1 nohead dt 2 lc rgb "#555555"
plot "plots/speedup_thesis-n1e5-k16.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- block_thesis-n1e5-k16
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 800,480 font "sans,10" noenhanced
} else {
  set terminal svg size 800,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/block_thesis-n1e5-k16.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "CUDA block size: thesis-n1e5, k = 16 (n = 100000, d = 2)"
set logscale x 2
set logscale y
set key outside right
set xlabel "threads per block"
set ylabel "median time (s)"
set xtics (32, 64, 128, 256, 512, 1024)
plot "plots/block_thesis-n1e5-k16.dat" index 0 using 1:2 with linespoints lw 2 lc rgb "#6b2e36" dt 1 pt 9 title "elkan cuda-global f64", \
  "plots/block_thesis-n1e5-k16.dat" index 1 using 1:2 with linespoints lw 2 lc rgb "#0f3d17" dt 1 pt 9 title "hamerly cuda-global f64", \
  "plots/block_thesis-n1e5-k16.dat" index 2 using 1:2 with linespoints lw 2 lc rgb "#c35462" dt 1 pt 13 title "elkan cuda-shared f64", \
  "plots/block_thesis-n1e5-k16.dat" index 3 using 1:2 with linespoints lw 2 lc rgb "#1c702a" dt 1 pt 13 title "hamerly cuda-shared f64"
set output
}

# ---- prune_thesis-n1e5-k16
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 1000,460 font "sans,10" noenhanced
} else {
  set terminal svg size 1000,460 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/prune_thesis-n1e5-k16.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 1,2 title "distances and pruning per iteration: thesis-n1e5, k = 16 (n = 100000, d = 2)"
set xlabel "iteration"
set key outside below center horizontal height 1
set logscale y
set ylabel "point-centroid distances computed"
plot "plots/prune_thesis-n1e5-k16.dat" index 0 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd", \
  "plots/prune_thesis-n1e5-k16.dat" index 1 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ee6677" title "elkan", \
  "plots/prune_thesis-n1e5-k16.dat" index 2 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#228833" title "hamerly"
unset logscale y
set yrange [0:1.05]
set ylabel "share of the n k distances pruned"
plot "plots/prune_thesis-n1e5-k16.dat" index 0 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd", \
  "plots/prune_thesis-n1e5-k16.dat" index 1 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ee6677" title "elkan", \
  "plots/prune_thesis-n1e5-k16.dat" index 2 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#228833" title "hamerly"
unset multiplot
set output
}

# ---- stages_thesis-n1e5-k16
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,564 font "sans,10" noenhanced
} else {
  set terminal svg size 900,564 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/stages_thesis-n1e5-k16.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "where the whole run goes (median run per solver): thesis-n1e5, k = 16 (n = 100000, d = 2)"
set style data histograms
set style histogram rowstacked
set style fill solid 0.85 border -1
set boxwidth 0.8
set yrange [0:1]
set ylabel "share of the whole run"
set key outside right top
set xtics rotate by 90 right
set bmargin 14
plot "plots/stages_thesis-n1e5-k16.dat" using 2:xtic(1) title "assign and bounds" lc rgb "#4477aa", '' using 3 title "update" lc rgb "#ee6677", '' using 4 title "set-up and result (transfer)" lc rgb "#228833", '' using 5 title "rest of the loop" lc rgb "#bbbbbb"
set output
}

# ---- time_thesis-n1e5-k64
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/time_thesis-n1e5-k64.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "median time per run: thesis-n1e5, k = 64 (n = 100000, d = 2)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "seconds"
set logscale y
plot "plots/time_thesis-n1e5-k64.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- speedup_thesis-n1e5-k64
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/speedup_thesis-n1e5-k64.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "speed-up over sequential Lloyd of the same precision: thesis-n1e5, k = 64 (n = 100000, d = 2)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "speed-up (times faster)"
set logscale y
set arrow from graph 0, first 1 to graph 1, first 1 nohead dt 2 lc rgb "#555555"
plot "plots/speedup_thesis-n1e5-k64.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- block_thesis-n1e5-k64
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 800,480 font "sans,10" noenhanced
} else {
  set terminal svg size 800,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/block_thesis-n1e5-k64.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "CUDA block size: thesis-n1e5, k = 64 (n = 100000, d = 2)"
set logscale x 2
set logscale y
set key outside right
set xlabel "threads per block"
set ylabel "median time (s)"
set xtics (32, 64, 128, 256, 512, 1024)
plot "plots/block_thesis-n1e5-k64.dat" index 0 using 1:2 with linespoints lw 2 lc rgb "#6b2e36" dt 1 pt 9 title "elkan cuda-global f64", \
  "plots/block_thesis-n1e5-k64.dat" index 1 using 1:2 with linespoints lw 2 lc rgb "#0f3d17" dt 1 pt 9 title "hamerly cuda-global f64", \
  "plots/block_thesis-n1e5-k64.dat" index 2 using 1:2 with linespoints lw 2 lc rgb "#c35462" dt 1 pt 13 title "elkan cuda-shared f64", \
  "plots/block_thesis-n1e5-k64.dat" index 3 using 1:2 with linespoints lw 2 lc rgb "#1c702a" dt 1 pt 13 title "hamerly cuda-shared f64"
set output
}

# ---- prune_thesis-n1e5-k64
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 1000,460 font "sans,10" noenhanced
} else {
  set terminal svg size 1000,460 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/prune_thesis-n1e5-k64.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 1,2 title "distances and pruning per iteration: thesis-n1e5, k = 64 (n = 100000, d = 2)"
set xlabel "iteration"
set key outside below center horizontal height 1
set logscale y
set ylabel "point-centroid distances computed"
plot "plots/prune_thesis-n1e5-k64.dat" index 0 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd", \
  "plots/prune_thesis-n1e5-k64.dat" index 1 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ee6677" title "elkan", \
  "plots/prune_thesis-n1e5-k64.dat" index 2 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#228833" title "hamerly"
unset logscale y
set yrange [0:1.05]
set ylabel "share of the n k distances pruned"
plot "plots/prune_thesis-n1e5-k64.dat" index 0 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd", \
  "plots/prune_thesis-n1e5-k64.dat" index 1 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ee6677" title "elkan", \
  "plots/prune_thesis-n1e5-k64.dat" index 2 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#228833" title "hamerly"
unset multiplot
set output
}

# ---- stages_thesis-n1e5-k64
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,564 font "sans,10" noenhanced
} else {
  set terminal svg size 900,564 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/stages_thesis-n1e5-k64.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "where the whole run goes (median run per solver): thesis-n1e5, k = 64 (n = 100000, d = 2)"
set style data histograms
set style histogram rowstacked
set style fill solid 0.85 border -1
set boxwidth 0.8
set yrange [0:1]
set ylabel "share of the whole run"
set key outside right top
set xtics rotate by 90 right
set bmargin 14
plot "plots/stages_thesis-n1e5-k64.dat" using 2:xtic(1) title "assign and bounds" lc rgb "#4477aa", '' using 3 title "update" lc rgb "#ee6677", '' using 4 title "set-up and result (transfer)" lc rgb "#228833", '' using 5 title "rest of the loop" lc rgb "#bbbbbb"
set output
}

# ---- time_thesis-hamerly-n1e5-k16
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/time_thesis-hamerly-n1e5-k16.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "median time per run: thesis-hamerly-n1e5, k = 16 (n = 100000, d = 2)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "seconds"
set logscale y
plot "plots/time_thesis-hamerly-n1e5-k16.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- speedup_thesis-hamerly-n1e5-k16
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/speedup_thesis-hamerly-n1e5-k16.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "speed-up over sequential Lloyd of the same precision: thesis-hamerly-n1e5, k = 16 (n = 100000, d = 2)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "speed-up (times faster)"
set logscale y
set arrow from graph 0, first 1 to graph 1, first 1 nohead dt 2 lc rgb "#555555"
plot "plots/speedup_thesis-hamerly-n1e5-k16.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- block_thesis-hamerly-n1e5-k16
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 800,480 font "sans,10" noenhanced
} else {
  set terminal svg size 800,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/block_thesis-hamerly-n1e5-k16.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "CUDA block size: thesis-hamerly-n1e5, k = 16 (n = 100000, d = 2)"
set logscale x 2
set logscale y
set key outside right
set xlabel "threads per block"
set ylabel "median time (s)"
set xtics (32, 64, 128, 256, 512, 1024)
plot "plots/block_thesis-hamerly-n1e5-k16.dat" index 0 using 1:2 with linespoints lw 2 lc rgb "#0f3d17" dt 1 pt 9 title "hamerly cuda-global f64", \
  "plots/block_thesis-hamerly-n1e5-k16.dat" index 1 using 1:2 with linespoints lw 2 lc rgb "#1c702a" dt 1 pt 13 title "hamerly cuda-shared f64"
set output
}

# ---- prune_thesis-hamerly-n1e5-k16
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 1000,460 font "sans,10" noenhanced
} else {
  set terminal svg size 1000,460 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/prune_thesis-hamerly-n1e5-k16.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 1,2 title "distances and pruning per iteration: thesis-hamerly-n1e5, k = 16 (n = 100000, d = 2)"
set xlabel "iteration"
set key outside below center horizontal height 1
set logscale y
set ylabel "point-centroid distances computed"
plot "plots/prune_thesis-hamerly-n1e5-k16.dat" index 0 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd", \
  "plots/prune_thesis-hamerly-n1e5-k16.dat" index 1 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#228833" title "hamerly"
unset logscale y
set yrange [0:1.05]
set ylabel "share of the n k distances pruned"
plot "plots/prune_thesis-hamerly-n1e5-k16.dat" index 0 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd", \
  "plots/prune_thesis-hamerly-n1e5-k16.dat" index 1 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#228833" title "hamerly"
unset multiplot
set output
}

# ---- stages_thesis-hamerly-n1e5-k16
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,564 font "sans,10" noenhanced
} else {
  set terminal svg size 900,564 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/stages_thesis-hamerly-n1e5-k16.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "where the whole run goes (median run per solver): thesis-hamerly-n1e5, k = 16 (n = 100000, d = 2)"
set style data histograms
set style histogram rowstacked
set style fill solid 0.85 border -1
set boxwidth 0.8
set yrange [0:1]
set ylabel "share of the whole run"
set key outside right top
set xtics rotate by 90 right
set bmargin 14
plot "plots/stages_thesis-hamerly-n1e5-k16.dat" using 2:xtic(1) title "assign and bounds" lc rgb "#4477aa", '' using 3 title "update" lc rgb "#ee6677", '' using 4 title "set-up and result (transfer)" lc rgb "#228833", '' using 5 title "rest of the loop" lc rgb "#bbbbbb"
set output
}

# ---- time_thesis-hamerly-n1e5-k64
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/time_thesis-hamerly-n1e5-k64.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "median time per run: thesis-hamerly-n1e5, k = 64 (n = 100000, d = 2)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "seconds"
set logscale y
plot "plots/time_thesis-hamerly-n1e5-k64.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- speedup_thesis-hamerly-n1e5-k64
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/speedup_thesis-hamerly-n1e5-k64.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "speed-up over sequential Lloyd of the same precision: thesis-hamerly-n1e5, k = 64 (n = 100000, d = 2)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "speed-up (times faster)"
set logscale y
set arrow from graph 0, first 1 to graph 1, first 1 nohead dt 2 lc rgb "#555555"
plot "plots/speedup_thesis-hamerly-n1e5-k64.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- block_thesis-hamerly-n1e5-k64
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 800,480 font "sans,10" noenhanced
} else {
  set terminal svg size 800,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/block_thesis-hamerly-n1e5-k64.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "CUDA block size: thesis-hamerly-n1e5, k = 64 (n = 100000, d = 2)"
set logscale x 2
set logscale y
set key outside right
set xlabel "threads per block"
set ylabel "median time (s)"
set xtics (32, 64, 128, 256, 512, 1024)
plot "plots/block_thesis-hamerly-n1e5-k64.dat" index 0 using 1:2 with linespoints lw 2 lc rgb "#0f3d17" dt 1 pt 9 title "hamerly cuda-global f64", \
  "plots/block_thesis-hamerly-n1e5-k64.dat" index 1 using 1:2 with linespoints lw 2 lc rgb "#1c702a" dt 1 pt 13 title "hamerly cuda-shared f64"
set output
}

# ---- prune_thesis-hamerly-n1e5-k64
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 1000,460 font "sans,10" noenhanced
} else {
  set terminal svg size 1000,460 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/prune_thesis-hamerly-n1e5-k64.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 1,2 title "distances and pruning per iteration: thesis-hamerly-n1e5, k = 64 (n = 100000, d = 2)"
set xlabel "iteration"
set key outside below center horizontal height 1
set logscale y
set ylabel "point-centroid distances computed"
plot "plots/prune_thesis-hamerly-n1e5-k64.dat" index 0 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd", \
  "plots/prune_thesis-hamerly-n1e5-k64.dat" index 1 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#228833" title "hamerly"
unset logscale y
set yrange [0:1.05]
set ylabel "share of the n k distances pruned"
plot "plots/prune_thesis-hamerly-n1e5-k64.dat" index 0 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd", \
  "plots/prune_thesis-hamerly-n1e5-k64.dat" index 1 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#228833" title "hamerly"
unset multiplot
set output
}

# ---- stages_thesis-hamerly-n1e5-k64
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,564 font "sans,10" noenhanced
} else {
  set terminal svg size 900,564 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/stages_thesis-hamerly-n1e5-k64.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "where the whole run goes (median run per solver): thesis-hamerly-n1e5, k = 64 (n = 100000, d = 2)"
set style data histograms
set style histogram rowstacked
set style fill solid 0.85 border -1
set boxwidth 0.8
set yrange [0:1]
set ylabel "share of the whole run"
set key outside right top
set xtics rotate by 90 right
set bmargin 14
plot "plots/stages_thesis-hamerly-n1e5-k64.dat" using 2:xtic(1) title "assign and bounds" lc rgb "#4477aa", '' using 3 title "update" lc rgb "#ee6677", '' using 4 title "set-up and result (transfer)" lc rgb "#228833", '' using 5 title "rest of the loop" lc rgb "#bbbbbb"
set output
}

# ---- scalek_full-n1e5
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,520 font "sans,10" noenhanced
} else {
  set terminal svg size 900,520 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/scalek_full-n1e5.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "median time against k: full-n1e5 (n = 100000, d = 2)"
set xlabel "k (clusters)"
set ylabel "seconds"
set logscale xy
set key outside right top
plot "plots/scalek_full-n1e5.dat" index 0 with linespoints lw 2 lc rgb "#4477aa" dt 1 pt 7 title "lloyd seq f64", \
  "plots/scalek_full-n1e5.dat" index 1 with linespoints lw 2 lc rgb "#ee6677" dt 1 pt 7 title "elkan seq f64", \
  "plots/scalek_full-n1e5.dat" index 2 with linespoints lw 2 lc rgb "#228833" dt 1 pt 7 title "hamerly seq f64", \
  "plots/scalek_full-n1e5.dat" index 3 with linespoints lw 2 lc rgb "#2c4d6f" dt 1 pt 5 title "lloyd omp f64", \
  "plots/scalek_full-n1e5.dat" index 4 with linespoints lw 2 lc rgb "#9b424d" dt 1 pt 5 title "elkan omp f64", \
  "plots/scalek_full-n1e5.dat" index 5 with linespoints lw 2 lc rgb "#165821" dt 1 pt 5 title "hamerly omp f64", \
  "plots/scalek_full-n1e5.dat" index 6 with linespoints lw 2 lc rgb "#1f364c" dt 1 pt 9 title "lloyd cuda-global f64", \
  "plots/scalek_full-n1e5.dat" index 7 with linespoints lw 2 lc rgb "#6b2e36" dt 1 pt 9 title "elkan cuda-global f64", \
  "plots/scalek_full-n1e5.dat" index 8 with linespoints lw 2 lc rgb "#0f3d17" dt 1 pt 9 title "hamerly cuda-global f64", \
  "plots/scalek_full-n1e5.dat" index 9 with linespoints lw 2 lc rgb "#38628b" dt 1 pt 13 title "lloyd cuda-shared f64", \
  "plots/scalek_full-n1e5.dat" index 10 with linespoints lw 2 lc rgb "#c35462" dt 1 pt 13 title "elkan cuda-shared f64", \
  "plots/scalek_full-n1e5.dat" index 11 with linespoints lw 2 lc rgb "#1c702a" dt 1 pt 13 title "hamerly cuda-shared f64", \
  "plots/scalek_full-n1e5.dat" index 12 with linespoints lw 2 lc rgb "#142433" dt 1 pt 3 title "lloyd sklearn f64", \
  "plots/scalek_full-n1e5.dat" index 13 with linespoints lw 2 lc rgb "#471f24" dt 1 pt 3 title "elkan sklearn f64"
set output
}

# ---- scalek_thesis-n1e5
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,520 font "sans,10" noenhanced
} else {
  set terminal svg size 900,520 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/scalek_thesis-n1e5.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "median time against k: thesis-n1e5 (n = 100000, d = 2)"
set xlabel "k (clusters)"
set ylabel "seconds"
set logscale xy
set key outside right top
plot "plots/scalek_thesis-n1e5.dat" index 0 with linespoints lw 2 lc rgb "#4477aa" dt 1 pt 7 title "lloyd seq f64", \
  "plots/scalek_thesis-n1e5.dat" index 1 with linespoints lw 2 lc rgb "#ee6677" dt 1 pt 7 title "elkan seq f64", \
  "plots/scalek_thesis-n1e5.dat" index 2 with linespoints lw 2 lc rgb "#228833" dt 1 pt 7 title "hamerly seq f64", \
  "plots/scalek_thesis-n1e5.dat" index 3 with linespoints lw 2 lc rgb "#9b424d" dt 1 pt 5 title "elkan omp f64", \
  "plots/scalek_thesis-n1e5.dat" index 4 with linespoints lw 2 lc rgb "#165821" dt 1 pt 5 title "hamerly omp f64", \
  "plots/scalek_thesis-n1e5.dat" index 5 with linespoints lw 2 lc rgb "#6b2e36" dt 1 pt 9 title "elkan cuda-global f64", \
  "plots/scalek_thesis-n1e5.dat" index 6 with linespoints lw 2 lc rgb "#0f3d17" dt 1 pt 9 title "hamerly cuda-global f64", \
  "plots/scalek_thesis-n1e5.dat" index 7 with linespoints lw 2 lc rgb "#c35462" dt 1 pt 13 title "elkan cuda-shared f64", \
  "plots/scalek_thesis-n1e5.dat" index 8 with linespoints lw 2 lc rgb "#1c702a" dt 1 pt 13 title "hamerly cuda-shared f64", \
  "plots/scalek_thesis-n1e5.dat" index 9 with linespoints lw 2 lc rgb "#142433" dt 1 pt 3 title "lloyd sklearn f64", \
  "plots/scalek_thesis-n1e5.dat" index 10 with linespoints lw 2 lc rgb "#471f24" dt 1 pt 3 title "elkan sklearn f64"
set output
}

# ---- scalek_thesis-hamerly-n1e5
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,520 font "sans,10" noenhanced
} else {
  set terminal svg size 900,520 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/scalek_thesis-hamerly-n1e5.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "median time against k: thesis-hamerly-n1e5 (n = 100000, d = 2)"
set xlabel "k (clusters)"
set ylabel "seconds"
set logscale xy
set key outside right top
plot "plots/scalek_thesis-hamerly-n1e5.dat" index 0 with linespoints lw 2 lc rgb "#4477aa" dt 1 pt 7 title "lloyd seq f64", \
  "plots/scalek_thesis-hamerly-n1e5.dat" index 1 with linespoints lw 2 lc rgb "#228833" dt 1 pt 7 title "hamerly seq f64", \
  "plots/scalek_thesis-hamerly-n1e5.dat" index 2 with linespoints lw 2 lc rgb "#165821" dt 1 pt 5 title "hamerly omp f64", \
  "plots/scalek_thesis-hamerly-n1e5.dat" index 3 with linespoints lw 2 lc rgb "#0f3d17" dt 1 pt 9 title "hamerly cuda-global f64", \
  "plots/scalek_thesis-hamerly-n1e5.dat" index 4 with linespoints lw 2 lc rgb "#1c702a" dt 1 pt 13 title "hamerly cuda-shared f64", \
  "plots/scalek_thesis-hamerly-n1e5.dat" index 5 with linespoints lw 2 lc rgb "#142433" dt 1 pt 3 title "lloyd sklearn f64", \
  "plots/scalek_thesis-hamerly-n1e5.dat" index 6 with linespoints lw 2 lc rgb "#471f24" dt 1 pt 3 title "elkan sklearn f64"
set output
}
