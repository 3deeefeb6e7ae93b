# Drawn by 'trikmeans report'; run from the bench folder:
#   gnuplot plots/report.gp

# ---- time_t1-n2e6-d2-k100
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/time_t1-n2e6-d2-k100.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "median time per run: t1-n2e6-d2, k = 100 (n = 2000000, d = 2)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "seconds"
set logscale y
plot "plots/time_t1-n2e6-d2-k100.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- speedup_t1-n2e6-d2-k100
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/speedup_t1-n2e6-d2-k100.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "speed-up over sequential Lloyd of the same precision: t1-n2e6-d2, k = 100 (n = 2000000, d = 2)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "speed-up (times faster)"
set logscale y
set arrow from graph 0, first 1 to graph 1, first 1 nohead dt 2 lc rgb "#555555"
plot "plots/speedup_t1-n2e6-d2-k100.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- block_t1-n2e6-d2-k100
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 800,480 font "sans,10" noenhanced
} else {
  set terminal svg size 800,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/block_t1-n2e6-d2-k100.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "CUDA block size: t1-n2e6-d2, k = 100 (n = 2000000, d = 2)"
set logscale x 2
set logscale y
set key outside right
set xlabel "threads per block"
set ylabel "median time (s)"
set xtics (32, 64, 128, 256, 512, 1024)
plot "plots/block_t1-n2e6-d2-k100.dat" index 0 using 1:2 with linespoints lw 2 lc rgb "#b4c9dd" dt 2 pt 9 title "lloyd cuda-global f32", \
  "plots/block_t1-n2e6-d2-k100.dat" index 1 using 1:2 with linespoints lw 2 lc rgb "#f8c2c9" dt 2 pt 9 title "elkan cuda-global f32", \
  "plots/block_t1-n2e6-d2-k100.dat" index 2 using 1:2 with linespoints lw 2 lc rgb "#a7cfad" dt 2 pt 9 title "hamerly cuda-global f32", \
  "plots/block_t1-n2e6-d2-k100.dat" index 3 using 1:2 with linespoints lw 2 lc rgb "#5a87b4" dt 2 pt 13 title "lloyd cuda-shared f32", \
  "plots/block_t1-n2e6-d2-k100.dat" index 4 using 1:2 with linespoints lw 2 lc rgb "#f07887" dt 2 pt 13 title "elkan cuda-shared f32", \
  "plots/block_t1-n2e6-d2-k100.dat" index 5 using 1:2 with linespoints lw 2 lc rgb "#3d964b" dt 2 pt 13 title "hamerly cuda-shared f32"
set output
}

# ---- prune_t1-n2e6-d2-k100
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 1000,460 font "sans,10" noenhanced
} else {
  set terminal svg size 1000,460 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/prune_t1-n2e6-d2-k100.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 1,2 title "distances and pruning per iteration: t1-n2e6-d2, k = 100 (n = 2000000, d = 2)"
set xlabel "iteration"
set key outside below center horizontal height 1
set logscale y
set ylabel "point-centroid distances computed"
plot "plots/prune_t1-n2e6-d2-k100.dat" index 0 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd", \
  "plots/prune_t1-n2e6-d2-k100.dat" index 1 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ee6677" title "elkan", \
  "plots/prune_t1-n2e6-d2-k100.dat" index 2 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#228833" title "hamerly"
unset logscale y
set yrange [0:1.05]
set ylabel "share of the n k distances pruned"
plot "plots/prune_t1-n2e6-d2-k100.dat" index 0 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd", \
  "plots/prune_t1-n2e6-d2-k100.dat" index 1 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ee6677" title "elkan", \
  "plots/prune_t1-n2e6-d2-k100.dat" index 2 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#228833" title "hamerly"
unset multiplot
set output
}

# ---- stages_t1-n2e6-d2-k100
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,564 font "sans,10" noenhanced
} else {
  set terminal svg size 900,564 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/stages_t1-n2e6-d2-k100.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "where the whole run goes (median run per solver): t1-n2e6-d2, k = 100 (n = 2000000, d = 2)"
set style data histograms
set style histogram rowstacked
set style fill solid 0.85 border -1
set boxwidth 0.8
set yrange [0:1]
set ylabel "share of the whole run"
set key outside right top
set xtics rotate by 90 right
set bmargin 14
plot "plots/stages_t1-n2e6-d2-k100.dat" using 2:xtic(1) title "assign and bounds" lc rgb "#4477aa", '' using 3 title "update" lc rgb "#ee6677", '' using 4 title "set-up and result (transfer)" lc rgb "#228833", '' using 5 title "rest of the loop" lc rgb "#bbbbbb"
set output
}

# ---- time_t1-n2e6-d2-k400
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/time_t1-n2e6-d2-k400.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "median time per run: t1-n2e6-d2, k = 400 (n = 2000000, d = 2)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "seconds"
set logscale y
plot "plots/time_t1-n2e6-d2-k400.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- speedup_t1-n2e6-d2-k400
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/speedup_t1-n2e6-d2-k400.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "speed-up over sequential Lloyd of the same precision: t1-n2e6-d2, k = 400 (n = 2000000, d = 2)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "speed-up (times faster)"
set logscale y
set arrow from graph 0, first 1 to graph 1, first 1 nohead dt 2 lc rgb "#555555"
plot "plots/speedup_t1-n2e6-d2-k400.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- block_t1-n2e6-d2-k400
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 800,480 font "sans,10" noenhanced
} else {
  set terminal svg size 800,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/block_t1-n2e6-d2-k400.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "CUDA block size: t1-n2e6-d2, k = 400 (n = 2000000, d = 2)"
set logscale x 2
set logscale y
set key outside right
set xlabel "threads per block"
set ylabel "median time (s)"
set xtics (32, 64, 128, 256, 512, 1024)
plot "plots/block_t1-n2e6-d2-k400.dat" index 0 using 1:2 with linespoints lw 2 lc rgb "#b4c9dd" dt 2 pt 9 title "lloyd cuda-global f32", \
  "plots/block_t1-n2e6-d2-k400.dat" index 1 using 1:2 with linespoints lw 2 lc rgb "#f8c2c9" dt 2 pt 9 title "elkan cuda-global f32", \
  "plots/block_t1-n2e6-d2-k400.dat" index 2 using 1:2 with linespoints lw 2 lc rgb "#a7cfad" dt 2 pt 9 title "hamerly cuda-global f32", \
  "plots/block_t1-n2e6-d2-k400.dat" index 3 using 1:2 with linespoints lw 2 lc rgb "#5a87b4" dt 2 pt 13 title "lloyd cuda-shared f32", \
  "plots/block_t1-n2e6-d2-k400.dat" index 4 using 1:2 with linespoints lw 2 lc rgb "#f07887" dt 2 pt 13 title "elkan cuda-shared f32", \
  "plots/block_t1-n2e6-d2-k400.dat" index 5 using 1:2 with linespoints lw 2 lc rgb "#3d964b" dt 2 pt 13 title "hamerly cuda-shared f32"
set output
}

# ---- prune_t1-n2e6-d2-k400
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 1000,460 font "sans,10" noenhanced
} else {
  set terminal svg size 1000,460 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/prune_t1-n2e6-d2-k400.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 1,2 title "distances and pruning per iteration: t1-n2e6-d2, k = 400 (n = 2000000, d = 2)"
set xlabel "iteration"
set key outside below center horizontal height 1
set logscale y
set ylabel "point-centroid distances computed"
plot "plots/prune_t1-n2e6-d2-k400.dat" index 0 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd", \
  "plots/prune_t1-n2e6-d2-k400.dat" index 1 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ee6677" title "elkan", \
  "plots/prune_t1-n2e6-d2-k400.dat" index 2 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#228833" title "hamerly"
unset logscale y
set yrange [0:1.05]
set ylabel "share of the n k distances pruned"
plot "plots/prune_t1-n2e6-d2-k400.dat" index 0 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd", \
  "plots/prune_t1-n2e6-d2-k400.dat" index 1 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ee6677" title "elkan", \
  "plots/prune_t1-n2e6-d2-k400.dat" index 2 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#228833" title "hamerly"
unset multiplot
set output
}

# ---- stages_t1-n2e6-d2-k400
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,564 font "sans,10" noenhanced
} else {
  set terminal svg size 900,564 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/stages_t1-n2e6-d2-k400.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "where the whole run goes (median run per solver): t1-n2e6-d2, k = 400 (n = 2000000, d = 2)"
set style data histograms
set style histogram rowstacked
set style fill solid 0.85 border -1
set boxwidth 0.8
set yrange [0:1]
set ylabel "share of the whole run"
set key outside right top
set xtics rotate by 90 right
set bmargin 14
plot "plots/stages_t1-n2e6-d2-k400.dat" using 2:xtic(1) title "assign and bounds" lc rgb "#4477aa", '' using 3 title "update" lc rgb "#ee6677", '' using 4 title "set-up and result (transfer)" lc rgb "#228833", '' using 5 title "rest of the loop" lc rgb "#bbbbbb"
set output
}

# ---- time_t1-n2e6-d8-k100
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/time_t1-n2e6-d8-k100.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "median time per run: t1-n2e6-d8, k = 100 (n = 2000000, d = 8)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "seconds"
set logscale y
plot "plots/time_t1-n2e6-d8-k100.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- speedup_t1-n2e6-d8-k100
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/speedup_t1-n2e6-d8-k100.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "speed-up over sequential Lloyd of the same precision: t1-n2e6-d8, k = 100 (n = 2000000, d = 8)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "speed-up (times faster)"
set logscale y
set arrow from graph 0, first 1 to graph 1, first 1 nohead dt 2 lc rgb "#555555"
plot "plots/speedup_t1-n2e6-d8-k100.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- block_t1-n2e6-d8-k100
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 800,480 font "sans,10" noenhanced
} else {
  set terminal svg size 800,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/block_t1-n2e6-d8-k100.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "CUDA block size: t1-n2e6-d8, k = 100 (n = 2000000, d = 8)"
set logscale x 2
set logscale y
set key outside right
set xlabel "threads per block"
set ylabel "median time (s)"
set xtics (32, 64, 128, 256, 512, 1024)
plot "plots/block_t1-n2e6-d8-k100.dat" index 0 using 1:2 with linespoints lw 2 lc rgb "#b4c9dd" dt 2 pt 9 title "lloyd cuda-global f32", \
  "plots/block_t1-n2e6-d8-k100.dat" index 1 using 1:2 with linespoints lw 2 lc rgb "#f8c2c9" dt 2 pt 9 title "elkan cuda-global f32", \
  "plots/block_t1-n2e6-d8-k100.dat" index 2 using 1:2 with linespoints lw 2 lc rgb "#a7cfad" dt 2 pt 9 title "hamerly cuda-global f32", \
  "plots/block_t1-n2e6-d8-k100.dat" index 3 using 1:2 with linespoints lw 2 lc rgb "#5a87b4" dt 2 pt 13 title "lloyd cuda-shared f32", \
  "plots/block_t1-n2e6-d8-k100.dat" index 4 using 1:2 with linespoints lw 2 lc rgb "#f07887" dt 2 pt 13 title "elkan cuda-shared f32", \
  "plots/block_t1-n2e6-d8-k100.dat" index 5 using 1:2 with linespoints lw 2 lc rgb "#3d964b" dt 2 pt 13 title "hamerly cuda-shared f32"
set output
}

# ---- prune_t1-n2e6-d8-k100
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 1000,460 font "sans,10" noenhanced
} else {
  set terminal svg size 1000,460 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/prune_t1-n2e6-d8-k100.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 1,2 title "distances and pruning per iteration: t1-n2e6-d8, k = 100 (n = 2000000, d = 8)"
set xlabel "iteration"
set key outside below center horizontal height 1
set logscale y
set ylabel "point-centroid distances computed"
plot "plots/prune_t1-n2e6-d8-k100.dat" index 0 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd", \
  "plots/prune_t1-n2e6-d8-k100.dat" index 1 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ee6677" title "elkan", \
  "plots/prune_t1-n2e6-d8-k100.dat" index 2 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#228833" title "hamerly"
unset logscale y
set yrange [0:1.05]
set ylabel "share of the n k distances pruned"
plot "plots/prune_t1-n2e6-d8-k100.dat" index 0 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd", \
  "plots/prune_t1-n2e6-d8-k100.dat" index 1 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ee6677" title "elkan", \
  "plots/prune_t1-n2e6-d8-k100.dat" index 2 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#228833" title "hamerly"
unset multiplot
set output
}

# ---- stages_t1-n2e6-d8-k100
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,564 font "sans,10" noenhanced
} else {
  set terminal svg size 900,564 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/stages_t1-n2e6-d8-k100.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "where the whole run goes (median run per solver): t1-n2e6-d8, k = 100 (n = 2000000, d = 8)"
set style data histograms
set style histogram rowstacked
set style fill solid 0.85 border -1
set boxwidth 0.8
set yrange [0:1]
set ylabel "share of the whole run"
set key outside right top
set xtics rotate by 90 right
set bmargin 14
plot "plots/stages_t1-n2e6-d8-k100.dat" using 2:xtic(1) title "assign and bounds" lc rgb "#4477aa", '' using 3 title "update" lc rgb "#ee6677", '' using 4 title "set-up and result (transfer)" lc rgb "#228833", '' using 5 title "rest of the loop" lc rgb "#bbbbbb"
set output
}

# ---- time_t1-n2e6-d8-k400
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/time_t1-n2e6-d8-k400.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "median time per run: t1-n2e6-d8, k = 400 (n = 2000000, d = 8)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "seconds"
set logscale y
plot "plots/time_t1-n2e6-d8-k400.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- speedup_t1-n2e6-d8-k400
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/speedup_t1-n2e6-d8-k400.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "speed-up over sequential Lloyd of the same precision: t1-n2e6-d8, k = 400 (n = 2000000, d = 8)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "speed-up (times faster)"
set logscale y
set arrow from graph 0, first 1 to graph 1, first 1 nohead dt 2 lc rgb "#555555"
plot "plots/speedup_t1-n2e6-d8-k400.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- block_t1-n2e6-d8-k400
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 800,480 font "sans,10" noenhanced
} else {
  set terminal svg size 800,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/block_t1-n2e6-d8-k400.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "CUDA block size: t1-n2e6-d8, k = 400 (n = 2000000, d = 8)"
set logscale x 2
set logscale y
set key outside right
set xlabel "threads per block"
set ylabel "median time (s)"
set xtics (32, 64, 128, 256, 512, 1024)
plot "plots/block_t1-n2e6-d8-k400.dat" index 0 using 1:2 with linespoints lw 2 lc rgb "#b4c9dd" dt 2 pt 9 title "lloyd cuda-global f32", \
  "plots/block_t1-n2e6-d8-k400.dat" index 1 using 1:2 with linespoints lw 2 lc rgb "#f8c2c9" dt 2 pt 9 title "elkan cuda-global f32", \
  "plots/block_t1-n2e6-d8-k400.dat" index 2 using 1:2 with linespoints lw 2 lc rgb "#a7cfad" dt 2 pt 9 title "hamerly cuda-global f32", \
  "plots/block_t1-n2e6-d8-k400.dat" index 3 using 1:2 with linespoints lw 2 lc rgb "#5a87b4" dt 2 pt 13 title "lloyd cuda-shared f32", \
  "plots/block_t1-n2e6-d8-k400.dat" index 4 using 1:2 with linespoints lw 2 lc rgb "#f07887" dt 2 pt 13 title "elkan cuda-shared f32", \
  "plots/block_t1-n2e6-d8-k400.dat" index 5 using 1:2 with linespoints lw 2 lc rgb "#3d964b" dt 2 pt 13 title "hamerly cuda-shared f32"
set output
}

# ---- prune_t1-n2e6-d8-k400
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 1000,460 font "sans,10" noenhanced
} else {
  set terminal svg size 1000,460 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/prune_t1-n2e6-d8-k400.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 1,2 title "distances and pruning per iteration: t1-n2e6-d8, k = 400 (n = 2000000, d = 8)"
set xlabel "iteration"
set key outside below center horizontal height 1
set logscale y
set ylabel "point-centroid distances computed"
plot "plots/prune_t1-n2e6-d8-k400.dat" index 0 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd", \
  "plots/prune_t1-n2e6-d8-k400.dat" index 1 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ee6677" title "elkan", \
  "plots/prune_t1-n2e6-d8-k400.dat" index 2 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#228833" title "hamerly"
unset logscale y
set yrange [0:1.05]
set ylabel "share of the n k distances pruned"
plot "plots/prune_t1-n2e6-d8-k400.dat" index 0 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd", \
  "plots/prune_t1-n2e6-d8-k400.dat" index 1 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ee6677" title "elkan", \
  "plots/prune_t1-n2e6-d8-k400.dat" index 2 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#228833" title "hamerly"
unset multiplot
set output
}

# ---- stages_t1-n2e6-d8-k400
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,564 font "sans,10" noenhanced
} else {
  set terminal svg size 900,564 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/stages_t1-n2e6-d8-k400.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "where the whole run goes (median run per solver): t1-n2e6-d8, k = 400 (n = 2000000, d = 8)"
set style data histograms
set style histogram rowstacked
set style fill solid 0.85 border -1
set boxwidth 0.8
set yrange [0:1]
set ylabel "share of the whole run"
set key outside right top
set xtics rotate by 90 right
set bmargin 14
plot "plots/stages_t1-n2e6-d8-k400.dat" using 2:xtic(1) title "assign and bounds" lc rgb "#4477aa", '' using 3 title "update" lc rgb "#ee6677", '' using 4 title "set-up and result (transfer)" lc rgb "#228833", '' using 5 title "rest of the loop" lc rgb "#bbbbbb"
set output
}

# ---- time_t1-n4e6-d2-k100
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/time_t1-n4e6-d2-k100.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "median time per run: t1-n4e6-d2, k = 100 (n = 4000000, d = 2)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "seconds"
set logscale y
plot "plots/time_t1-n4e6-d2-k100.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- speedup_t1-n4e6-d2-k100
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/speedup_t1-n4e6-d2-k100.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "speed-up over sequential Lloyd of the same precision: t1-n4e6-d2, k = 100 (n = 4000000, d = 2)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "speed-up (times faster)"
set logscale y
set arrow from graph 0, first 1 to graph 1, first 1 nohead dt 2 lc rgb "#555555"
plot "plots/speedup_t1-n4e6-d2-k100.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- block_t1-n4e6-d2-k100
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 800,480 font "sans,10" noenhanced
} else {
  set terminal svg size 800,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/block_t1-n4e6-d2-k100.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "CUDA block size: t1-n4e6-d2, k = 100 (n = 4000000, d = 2)"
set logscale x 2
set logscale y
set key outside right
set xlabel "threads per block"
set ylabel "median time (s)"
set xtics (32, 64, 128, 256, 512, 1024)
plot "plots/block_t1-n4e6-d2-k100.dat" index 0 using 1:2 with linespoints lw 2 lc rgb "#b4c9dd" dt 2 pt 9 title "lloyd cuda-global f32", \
  "plots/block_t1-n4e6-d2-k100.dat" index 1 using 1:2 with linespoints lw 2 lc rgb "#f8c2c9" dt 2 pt 9 title "elkan cuda-global f32", \
  "plots/block_t1-n4e6-d2-k100.dat" index 2 using 1:2 with linespoints lw 2 lc rgb "#a7cfad" dt 2 pt 9 title "hamerly cuda-global f32", \
  "plots/block_t1-n4e6-d2-k100.dat" index 3 using 1:2 with linespoints lw 2 lc rgb "#5a87b4" dt 2 pt 13 title "lloyd cuda-shared f32", \
  "plots/block_t1-n4e6-d2-k100.dat" index 4 using 1:2 with linespoints lw 2 lc rgb "#f07887" dt 2 pt 13 title "elkan cuda-shared f32", \
  "plots/block_t1-n4e6-d2-k100.dat" index 5 using 1:2 with linespoints lw 2 lc rgb "#3d964b" dt 2 pt 13 title "hamerly cuda-shared f32"
set output
}

# ---- prune_t1-n4e6-d2-k100
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 1000,460 font "sans,10" noenhanced
} else {
  set terminal svg size 1000,460 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/prune_t1-n4e6-d2-k100.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 1,2 title "distances and pruning per iteration: t1-n4e6-d2, k = 100 (n = 4000000, d = 2)"
set xlabel "iteration"
set key outside below center horizontal height 1
set logscale y
set ylabel "point-centroid distances computed"
plot "plots/prune_t1-n4e6-d2-k100.dat" index 0 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd", \
  "plots/prune_t1-n4e6-d2-k100.dat" index 1 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ee6677" title "elkan", \
  "plots/prune_t1-n4e6-d2-k100.dat" index 2 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#228833" title "hamerly"
unset logscale y
set yrange [0:1.05]
set ylabel "share of the n k distances pruned"
plot "plots/prune_t1-n4e6-d2-k100.dat" index 0 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd", \
  "plots/prune_t1-n4e6-d2-k100.dat" index 1 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ee6677" title "elkan", \
  "plots/prune_t1-n4e6-d2-k100.dat" index 2 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#228833" title "hamerly"
unset multiplot
set output
}

# ---- stages_t1-n4e6-d2-k100
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,564 font "sans,10" noenhanced
} else {
  set terminal svg size 900,564 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/stages_t1-n4e6-d2-k100.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "where the whole run goes (median run per solver): t1-n4e6-d2, k = 100 (n = 4000000, d = 2)"
set style data histograms
set style histogram rowstacked
set style fill solid 0.85 border -1
set boxwidth 0.8
set yrange [0:1]
set ylabel "share of the whole run"
set key outside right top
set xtics rotate by 90 right
set bmargin 14
plot "plots/stages_t1-n4e6-d2-k100.dat" using 2:xtic(1) title "assign and bounds" lc rgb "#4477aa", '' using 3 title "update" lc rgb "#ee6677", '' using 4 title "set-up and result (transfer)" lc rgb "#228833", '' using 5 title "rest of the loop" lc rgb "#bbbbbb"
set output
}

# ---- time_t1-n4e6-d2-k400
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/time_t1-n4e6-d2-k400.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "median time per run: t1-n4e6-d2, k = 400 (n = 4000000, d = 2)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "seconds"
set logscale y
plot "plots/time_t1-n4e6-d2-k400.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- speedup_t1-n4e6-d2-k400
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/speedup_t1-n4e6-d2-k400.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "speed-up over sequential Lloyd of the same precision: t1-n4e6-d2, k = 400 (n = 4000000, d = 2)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "speed-up (times faster)"
set logscale y
set arrow from graph 0, first 1 to graph 1, first 1 nohead dt 2 lc rgb "#555555"
plot "plots/speedup_t1-n4e6-d2-k400.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- block_t1-n4e6-d2-k400
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 800,480 font "sans,10" noenhanced
} else {
  set terminal svg size 800,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/block_t1-n4e6-d2-k400.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "CUDA block size: t1-n4e6-d2, k = 400 (n = 4000000, d = 2)"
set logscale x 2
set logscale y
set key outside right
set xlabel "threads per block"
set ylabel "median time (s)"
set xtics (32, 64, 128, 256, 512, 1024)
plot "plots/block_t1-n4e6-d2-k400.dat" index 0 using 1:2 with linespoints lw 2 lc rgb "#b4c9dd" dt 2 pt 9 title "lloyd cuda-global f32", \
  "plots/block_t1-n4e6-d2-k400.dat" index 1 using 1:2 with linespoints lw 2 lc rgb "#f8c2c9" dt 2 pt 9 title "elkan cuda-global f32", \
  "plots/block_t1-n4e6-d2-k400.dat" index 2 using 1:2 with linespoints lw 2 lc rgb "#a7cfad" dt 2 pt 9 title "hamerly cuda-global f32", \
  "plots/block_t1-n4e6-d2-k400.dat" index 3 using 1:2 with linespoints lw 2 lc rgb "#5a87b4" dt 2 pt 13 title "lloyd cuda-shared f32", \
  "plots/block_t1-n4e6-d2-k400.dat" index 4 using 1:2 with linespoints lw 2 lc rgb "#f07887" dt 2 pt 13 title "elkan cuda-shared f32", \
  "plots/block_t1-n4e6-d2-k400.dat" index 5 using 1:2 with linespoints lw 2 lc rgb "#3d964b" dt 2 pt 13 title "hamerly cuda-shared f32"
set output
}

# ---- prune_t1-n4e6-d2-k400
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 1000,460 font "sans,10" noenhanced
} else {
  set terminal svg size 1000,460 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/prune_t1-n4e6-d2-k400.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 1,2 title "distances and pruning per iteration: t1-n4e6-d2, k = 400 (n = 4000000, d = 2)"
set xlabel "iteration"
set key outside below center horizontal height 1
set logscale y
set ylabel "point-centroid distances computed"
plot "plots/prune_t1-n4e6-d2-k400.dat" index 0 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd", \
  "plots/prune_t1-n4e6-d2-k400.dat" index 1 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ee6677" title "elkan", \
  "plots/prune_t1-n4e6-d2-k400.dat" index 2 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#228833" title "hamerly"
unset logscale y
set yrange [0:1.05]
set ylabel "share of the n k distances pruned"
plot "plots/prune_t1-n4e6-d2-k400.dat" index 0 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd", \
  "plots/prune_t1-n4e6-d2-k400.dat" index 1 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ee6677" title "elkan", \
  "plots/prune_t1-n4e6-d2-k400.dat" index 2 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#228833" title "hamerly"
unset multiplot
set output
}

# ---- stages_t1-n4e6-d2-k400
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,564 font "sans,10" noenhanced
} else {
  set terminal svg size 900,564 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/stages_t1-n4e6-d2-k400.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "where the whole run goes (median run per solver): t1-n4e6-d2, k = 400 (n = 4000000, d = 2)"
set style data histograms
set style histogram rowstacked
set style fill solid 0.85 border -1
set boxwidth 0.8
set yrange [0:1]
set ylabel "share of the whole run"
set key outside right top
set xtics rotate by 90 right
set bmargin 14
plot "plots/stages_t1-n4e6-d2-k400.dat" using 2:xtic(1) title "assign and bounds" lc rgb "#4477aa", '' using 3 title "update" lc rgb "#ee6677", '' using 4 title "set-up and result (transfer)" lc rgb "#228833", '' using 5 title "rest of the loop" lc rgb "#bbbbbb"
set output
}

# ---- time_t1-n4e6-d8-k100
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/time_t1-n4e6-d8-k100.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "median time per run: t1-n4e6-d8, k = 100 (n = 4000000, d = 8)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "seconds"
set logscale y
plot "plots/time_t1-n4e6-d8-k100.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- speedup_t1-n4e6-d8-k100
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/speedup_t1-n4e6-d8-k100.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "speed-up over sequential Lloyd of the same precision: t1-n4e6-d8, k = 100 (n = 4000000, d = 8)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "speed-up (times faster)"
set logscale y
set arrow from graph 0, first 1 to graph 1, first 1 nohead dt 2 lc rgb "#555555"
plot "plots/speedup_t1-n4e6-d8-k100.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- block_t1-n4e6-d8-k100
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 800,480 font "sans,10" noenhanced
} else {
  set terminal svg size 800,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/block_t1-n4e6-d8-k100.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "CUDA block size: t1-n4e6-d8, k = 100 (n = 4000000, d = 8)"
set logscale x 2
set logscale y
set key outside right
set xlabel "threads per block"
set ylabel "median time (s)"
set xtics (32, 64, 128, 256, 512, 1024)
plot "plots/block_t1-n4e6-d8-k100.dat" index 0 using 1:2 with linespoints lw 2 lc rgb "#b4c9dd" dt 2 pt 9 title "lloyd cuda-global f32", \
  "plots/block_t1-n4e6-d8-k100.dat" index 1 using 1:2 with linespoints lw 2 lc rgb "#f8c2c9" dt 2 pt 9 title "elkan cuda-global f32", \
  "plots/block_t1-n4e6-d8-k100.dat" index 2 using 1:2 with linespoints lw 2 lc rgb "#a7cfad" dt 2 pt 9 title "hamerly cuda-global f32", \
  "plots/block_t1-n4e6-d8-k100.dat" index 3 using 1:2 with linespoints lw 2 lc rgb "#5a87b4" dt 2 pt 13 title "lloyd cuda-shared f32", \
  "plots/block_t1-n4e6-d8-k100.dat" index 4 using 1:2 with linespoints lw 2 lc rgb "#f07887" dt 2 pt 13 title "elkan cuda-shared f32", \
  "plots/block_t1-n4e6-d8-k100.dat" index 5 using 1:2 with linespoints lw 2 lc rgb "#3d964b" dt 2 pt 13 title "hamerly cuda-shared f32"
set output
}

# ---- prune_t1-n4e6-d8-k100
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 1000,460 font "sans,10" noenhanced
} else {
  set terminal svg size 1000,460 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/prune_t1-n4e6-d8-k100.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 1,2 title "distances and pruning per iteration: t1-n4e6-d8, k = 100 (n = 4000000, d = 8)"
set xlabel "iteration"
set key outside below center horizontal height 1
set logscale y
set ylabel "point-centroid distances computed"
plot "plots/prune_t1-n4e6-d8-k100.dat" index 0 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd", \
  "plots/prune_t1-n4e6-d8-k100.dat" index 1 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ee6677" title "elkan", \
  "plots/prune_t1-n4e6-d8-k100.dat" index 2 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#228833" title "hamerly"
unset logscale y
set yrange [0:1.05]
set ylabel "share of the n k distances pruned"
plot "plots/prune_t1-n4e6-d8-k100.dat" index 0 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd", \
  "plots/prune_t1-n4e6-d8-k100.dat" index 1 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ee6677" title "elkan", \
  "plots/prune_t1-n4e6-d8-k100.dat" index 2 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#228833" title "hamerly"
unset multiplot
set output
}

# ---- stages_t1-n4e6-d8-k100
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,564 font "sans,10" noenhanced
} else {
  set terminal svg size 900,564 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/stages_t1-n4e6-d8-k100.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "where the whole run goes (median run per solver): t1-n4e6-d8, k = 100 (n = 4000000, d = 8)"
set style data histograms
set style histogram rowstacked
set style fill solid 0.85 border -1
set boxwidth 0.8
set yrange [0:1]
set ylabel "share of the whole run"
set key outside right top
set xtics rotate by 90 right
set bmargin 14
plot "plots/stages_t1-n4e6-d8-k100.dat" using 2:xtic(1) title "assign and bounds" lc rgb "#4477aa", '' using 3 title "update" lc rgb "#ee6677", '' using 4 title "set-up and result (transfer)" lc rgb "#228833", '' using 5 title "rest of the loop" lc rgb "#bbbbbb"
set output
}

# ---- time_t1-n4e6-d8-k400
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/time_t1-n4e6-d8-k400.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "median time per run: t1-n4e6-d8, k = 400 (n = 4000000, d = 8)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "seconds"
set logscale y
plot "plots/time_t1-n4e6-d8-k400.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- speedup_t1-n4e6-d8-k400
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/speedup_t1-n4e6-d8-k400.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "speed-up over sequential Lloyd of the same precision: t1-n4e6-d8, k = 400 (n = 4000000, d = 8)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "speed-up (times faster)"
set logscale y
set arrow from graph 0, first 1 to graph 1, first 1 nohead dt 2 lc rgb "#555555"
plot "plots/speedup_t1-n4e6-d8-k400.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- block_t1-n4e6-d8-k400
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 800,480 font "sans,10" noenhanced
} else {
  set terminal svg size 800,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/block_t1-n4e6-d8-k400.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "CUDA block size: t1-n4e6-d8, k = 400 (n = 4000000, d = 8)"
set logscale x 2
set logscale y
set key outside right
set xlabel "threads per block"
set ylabel "median time (s)"
set xtics (32, 64, 128, 256, 512, 1024)
plot "plots/block_t1-n4e6-d8-k400.dat" index 0 using 1:2 with linespoints lw 2 lc rgb "#b4c9dd" dt 2 pt 9 title "lloyd cuda-global f32", \
  "plots/block_t1-n4e6-d8-k400.dat" index 1 using 1:2 with linespoints lw 2 lc rgb "#f8c2c9" dt 2 pt 9 title "elkan cuda-global f32", \
  "plots/block_t1-n4e6-d8-k400.dat" index 2 using 1:2 with linespoints lw 2 lc rgb "#a7cfad" dt 2 pt 9 title "hamerly cuda-global f32", \
  "plots/block_t1-n4e6-d8-k400.dat" index 3 using 1:2 with linespoints lw 2 lc rgb "#5a87b4" dt 2 pt 13 title "lloyd cuda-shared f32", \
  "plots/block_t1-n4e6-d8-k400.dat" index 4 using 1:2 with linespoints lw 2 lc rgb "#f07887" dt 2 pt 13 title "elkan cuda-shared f32", \
  "plots/block_t1-n4e6-d8-k400.dat" index 5 using 1:2 with linespoints lw 2 lc rgb "#3d964b" dt 2 pt 13 title "hamerly cuda-shared f32"
set output
}

# ---- prune_t1-n4e6-d8-k400
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 1000,460 font "sans,10" noenhanced
} else {
  set terminal svg size 1000,460 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/prune_t1-n4e6-d8-k400.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 1,2 title "distances and pruning per iteration: t1-n4e6-d8, k = 400 (n = 4000000, d = 8)"
set xlabel "iteration"
set key outside below center horizontal height 1
set logscale y
set ylabel "point-centroid distances computed"
plot "plots/prune_t1-n4e6-d8-k400.dat" index 0 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd", \
  "plots/prune_t1-n4e6-d8-k400.dat" index 1 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ee6677" title "elkan", \
  "plots/prune_t1-n4e6-d8-k400.dat" index 2 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#228833" title "hamerly"
unset logscale y
set yrange [0:1.05]
set ylabel "share of the n k distances pruned"
plot "plots/prune_t1-n4e6-d8-k400.dat" index 0 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd", \
  "plots/prune_t1-n4e6-d8-k400.dat" index 1 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ee6677" title "elkan", \
  "plots/prune_t1-n4e6-d8-k400.dat" index 2 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#228833" title "hamerly"
unset multiplot
set output
}

# ---- stages_t1-n4e6-d8-k400
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,564 font "sans,10" noenhanced
} else {
  set terminal svg size 900,564 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/stages_t1-n4e6-d8-k400.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "where the whole run goes (median run per solver): t1-n4e6-d8, k = 400 (n = 4000000, d = 8)"
set style data histograms
set style histogram rowstacked
set style fill solid 0.85 border -1
set boxwidth 0.8
set yrange [0:1]
set ylabel "share of the whole run"
set key outside right top
set xtics rotate by 90 right
set bmargin 14
plot "plots/stages_t1-n4e6-d8-k400.dat" using 2:xtic(1) title "assign and bounds" lc rgb "#4477aa", '' using 3 title "update" lc rgb "#ee6677", '' using 4 title "set-up and result (transfer)" lc rgb "#228833", '' using 5 title "rest of the loop" lc rgb "#bbbbbb"
set output
}

# ---- time_t2-kdd51200-k100
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/time_t2-kdd51200-k100.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "median time per run: t2-kdd51200, k = 100 (n = 51200, d = 34)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "seconds"
set logscale y
plot "plots/time_t2-kdd51200-k100.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- speedup_t2-kdd51200-k100
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/speedup_t2-kdd51200-k100.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "speed-up over sequential Lloyd of the same precision: t2-kdd51200, k = 100 (n = 51200, d = 34)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "speed-up (times faster)"
set logscale y
set arrow from graph 0, first 1 to graph 1, first 1 nohead dt 2 lc rgb "#555555"
plot "plots/speedup_t2-kdd51200-k100.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- block_t2-kdd51200-k100
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 800,480 font "sans,10" noenhanced
} else {
  set terminal svg size 800,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/block_t2-kdd51200-k100.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "CUDA block size: t2-kdd51200, k = 100 (n = 51200, d = 34)"
set logscale x 2
set logscale y
set key outside right
set xlabel "threads per block"
set ylabel "median time (s)"
set xtics (32, 64, 128, 256, 512, 1024)
plot "plots/block_t2-kdd51200-k100.dat" index 0 using 1:2 with linespoints lw 2 lc rgb "#b4c9dd" dt 2 pt 9 title "lloyd cuda-global f32", \
  "plots/block_t2-kdd51200-k100.dat" index 1 using 1:2 with linespoints lw 2 lc rgb "#f8c2c9" dt 2 pt 9 title "elkan cuda-global f32", \
  "plots/block_t2-kdd51200-k100.dat" index 2 using 1:2 with linespoints lw 2 lc rgb "#a7cfad" dt 2 pt 9 title "hamerly cuda-global f32", \
  "plots/block_t2-kdd51200-k100.dat" index 3 using 1:2 with linespoints lw 2 lc rgb "#5a87b4" dt 2 pt 13 title "lloyd cuda-shared f32", \
  "plots/block_t2-kdd51200-k100.dat" index 4 using 1:2 with linespoints lw 2 lc rgb "#f07887" dt 2 pt 13 title "elkan cuda-shared f32", \
  "plots/block_t2-kdd51200-k100.dat" index 5 using 1:2 with linespoints lw 2 lc rgb "#3d964b" dt 2 pt 13 title "hamerly cuda-shared f32"
set output
}

# ---- prune_t2-kdd51200-k100
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 1000,460 font "sans,10" noenhanced
} else {
  set terminal svg size 1000,460 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/prune_t2-kdd51200-k100.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 1,2 title "distances and pruning per iteration: t2-kdd51200, k = 100 (n = 51200, d = 34)"
set xlabel "iteration"
set key outside below center horizontal height 1
set logscale y
set ylabel "point-centroid distances computed"
plot "plots/prune_t2-kdd51200-k100.dat" index 0 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd", \
  "plots/prune_t2-kdd51200-k100.dat" index 1 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ee6677" title "elkan", \
  "plots/prune_t2-kdd51200-k100.dat" index 2 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#228833" title "hamerly"
unset logscale y
set yrange [0:1.05]
set ylabel "share of the n k distances pruned"
plot "plots/prune_t2-kdd51200-k100.dat" index 0 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd", \
  "plots/prune_t2-kdd51200-k100.dat" index 1 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ee6677" title "elkan", \
  "plots/prune_t2-kdd51200-k100.dat" index 2 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#228833" title "hamerly"
unset multiplot
set output
}

# ---- stages_t2-kdd51200-k100
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,564 font "sans,10" noenhanced
} else {
  set terminal svg size 900,564 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/stages_t2-kdd51200-k100.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "where the whole run goes (median run per solver): t2-kdd51200, k = 100 (n = 51200, d = 34)"
set style data histograms
set style histogram rowstacked
set style fill solid 0.85 border -1
set boxwidth 0.8
set yrange [0:1]
set ylabel "share of the whole run"
set key outside right top
set xtics rotate by 90 right
set bmargin 14
plot "plots/stages_t2-kdd51200-k100.dat" using 2:xtic(1) title "assign and bounds" lc rgb "#4477aa", '' using 3 title "update" lc rgb "#ee6677", '' using 4 title "set-up and result (transfer)" lc rgb "#228833", '' using 5 title "rest of the loop" lc rgb "#bbbbbb"
set output
}

# ---- time_t2-kdd494080-k100
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/time_t2-kdd494080-k100.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "median time per run: t2-kdd494080, k = 100 (n = 494080, d = 34)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "seconds"
set logscale y
plot "plots/time_t2-kdd494080-k100.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- speedup_t2-kdd494080-k100
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/speedup_t2-kdd494080-k100.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "speed-up over sequential Lloyd of the same precision: t2-kdd494080, k = 100 (n = 494080, d = 34)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "speed-up (times faster)"
set logscale y
set arrow from graph 0, first 1 to graph 1, first 1 nohead dt 2 lc rgb "#555555"
plot "plots/speedup_t2-kdd494080-k100.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- block_t2-kdd494080-k100
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 800,480 font "sans,10" noenhanced
} else {
  set terminal svg size 800,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/block_t2-kdd494080-k100.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "CUDA block size: t2-kdd494080, k = 100 (n = 494080, d = 34)"
set logscale x 2
set logscale y
set key outside right
set xlabel "threads per block"
set ylabel "median time (s)"
set xtics (32, 64, 128, 256, 512, 1024)
plot "plots/block_t2-kdd494080-k100.dat" index 0 using 1:2 with linespoints lw 2 lc rgb "#b4c9dd" dt 2 pt 9 title "lloyd cuda-global f32", \
  "plots/block_t2-kdd494080-k100.dat" index 1 using 1:2 with linespoints lw 2 lc rgb "#f8c2c9" dt 2 pt 9 title "elkan cuda-global f32", \
  "plots/block_t2-kdd494080-k100.dat" index 2 using 1:2 with linespoints lw 2 lc rgb "#a7cfad" dt 2 pt 9 title "hamerly cuda-global f32", \
  "plots/block_t2-kdd494080-k100.dat" index 3 using 1:2 with linespoints lw 2 lc rgb "#5a87b4" dt 2 pt 13 title "lloyd cuda-shared f32", \
  "plots/block_t2-kdd494080-k100.dat" index 4 using 1:2 with linespoints lw 2 lc rgb "#f07887" dt 2 pt 13 title "elkan cuda-shared f32", \
  "plots/block_t2-kdd494080-k100.dat" index 5 using 1:2 with linespoints lw 2 lc rgb "#3d964b" dt 2 pt 13 title "hamerly cuda-shared f32"
set output
}

# ---- prune_t2-kdd494080-k100
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 1000,460 font "sans,10" noenhanced
} else {
  set terminal svg size 1000,460 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/prune_t2-kdd494080-k100.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 1,2 title "distances and pruning per iteration: t2-kdd494080, k = 100 (n = 494080, d = 34)"
set xlabel "iteration"
set key outside below center horizontal height 1
set logscale y
set ylabel "point-centroid distances computed"
plot "plots/prune_t2-kdd494080-k100.dat" index 0 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd", \
  "plots/prune_t2-kdd494080-k100.dat" index 1 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ee6677" title "elkan", \
  "plots/prune_t2-kdd494080-k100.dat" index 2 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#228833" title "hamerly"
unset logscale y
set yrange [0:1.05]
set ylabel "share of the n k distances pruned"
plot "plots/prune_t2-kdd494080-k100.dat" index 0 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd", \
  "plots/prune_t2-kdd494080-k100.dat" index 1 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ee6677" title "elkan", \
  "plots/prune_t2-kdd494080-k100.dat" index 2 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#228833" title "hamerly"
unset multiplot
set output
}

# ---- stages_t2-kdd494080-k100
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,564 font "sans,10" noenhanced
} else {
  set terminal svg size 900,564 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/stages_t2-kdd494080-k100.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "where the whole run goes (median run per solver): t2-kdd494080, k = 100 (n = 494080, d = 34)"
set style data histograms
set style histogram rowstacked
set style fill solid 0.85 border -1
set boxwidth 0.8
set yrange [0:1]
set ylabel "share of the whole run"
set key outside right top
set xtics rotate by 90 right
set bmargin 14
plot "plots/stages_t2-kdd494080-k100.dat" using 2:xtic(1) title "assign and bounds" lc rgb "#4477aa", '' using 3 title "update" lc rgb "#ee6677", '' using 4 title "set-up and result (transfer)" lc rgb "#228833", '' using 5 title "rest of the loop" lc rgb "#bbbbbb"
set output
}

# ---- scalen_d2-k100
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,520 font "sans,10" noenhanced
} else {
  set terminal svg size 900,520 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/scalen_d2-k100.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "median time against n: d = 2, k = 100"
set xlabel "n (points)"
set ylabel "seconds"
set logscale xy
set key outside right top
plot "plots/scalen_d2-k100.dat" index 0 with linespoints lw 2 lc rgb "#98b4d0" dt 2 pt 7 title "lloyd seq f32", \
  "plots/scalen_d2-k100.dat" index 1 with linespoints lw 2 lc rgb "#7399bf" dt 2 pt 5 title "lloyd omp f32", \
  "plots/scalen_d2-k100.dat" index 2 with linespoints lw 2 lc rgb "#f28c99" dt 2 pt 5 title "elkan omp f32", \
  "plots/scalen_d2-k100.dat" index 3 with linespoints lw 2 lc rgb "#59a666" dt 2 pt 5 title "hamerly omp f32", \
  "plots/scalen_d2-k100.dat" index 4 with linespoints lw 2 lc rgb "#b4c9dd" dt 2 pt 9 title "lloyd cuda-global f32", \
  "plots/scalen_d2-k100.dat" index 5 with linespoints lw 2 lc rgb "#f8c2c9" dt 2 pt 9 title "elkan cuda-global f32", \
  "plots/scalen_d2-k100.dat" index 6 with linespoints lw 2 lc rgb "#a7cfad" dt 2 pt 9 title "hamerly cuda-global f32", \
  "plots/scalen_d2-k100.dat" index 7 with linespoints lw 2 lc rgb "#5a87b4" dt 2 pt 13 title "lloyd cuda-shared f32", \
  "plots/scalen_d2-k100.dat" index 8 with linespoints lw 2 lc rgb "#f07887" dt 2 pt 13 title "elkan cuda-shared f32", \
  "plots/scalen_d2-k100.dat" index 9 with linespoints lw 2 lc rgb "#3d964b" dt 2 pt 13 title "hamerly cuda-shared f32"
set output
}

# ---- scalek_t1-n2e6-d2
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,520 font "sans,10" noenhanced
} else {
  set terminal svg size 900,520 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/scalek_t1-n2e6-d2.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "median time against k: t1-n2e6-d2 (n = 2000000, d = 2)"
set xlabel "k (clusters)"
set ylabel "seconds"
set logscale xy
set key outside right top
plot "plots/scalek_t1-n2e6-d2.dat" index 0 with linespoints lw 2 lc rgb "#98b4d0" dt 2 pt 7 title "lloyd seq f32", \
  "plots/scalek_t1-n2e6-d2.dat" index 1 with linespoints lw 2 lc rgb "#7399bf" dt 2 pt 5 title "lloyd omp f32", \
  "plots/scalek_t1-n2e6-d2.dat" index 2 with linespoints lw 2 lc rgb "#f28c99" dt 2 pt 5 title "elkan omp f32", \
  "plots/scalek_t1-n2e6-d2.dat" index 3 with linespoints lw 2 lc rgb "#59a666" dt 2 pt 5 title "hamerly omp f32", \
  "plots/scalek_t1-n2e6-d2.dat" index 4 with linespoints lw 2 lc rgb "#b4c9dd" dt 2 pt 9 title "lloyd cuda-global f32", \
  "plots/scalek_t1-n2e6-d2.dat" index 5 with linespoints lw 2 lc rgb "#f8c2c9" dt 2 pt 9 title "elkan cuda-global f32", \
  "plots/scalek_t1-n2e6-d2.dat" index 6 with linespoints lw 2 lc rgb "#a7cfad" dt 2 pt 9 title "hamerly cuda-global f32", \
  "plots/scalek_t1-n2e6-d2.dat" index 7 with linespoints lw 2 lc rgb "#5a87b4" dt 2 pt 13 title "lloyd cuda-shared f32", \
  "plots/scalek_t1-n2e6-d2.dat" index 8 with linespoints lw 2 lc rgb "#f07887" dt 2 pt 13 title "elkan cuda-shared f32", \
  "plots/scalek_t1-n2e6-d2.dat" index 9 with linespoints lw 2 lc rgb "#3d964b" dt 2 pt 13 title "hamerly cuda-shared f32"
set output
}

# ---- scalen_d2-k400
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,520 font "sans,10" noenhanced
} else {
  set terminal svg size 900,520 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/scalen_d2-k400.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "median time against n: d = 2, k = 400"
set xlabel "n (points)"
set ylabel "seconds"
set logscale xy
set key outside right top
plot "plots/scalen_d2-k400.dat" index 0 with linespoints lw 2 lc rgb "#98b4d0" dt 2 pt 7 title "lloyd seq f32", \
  "plots/scalen_d2-k400.dat" index 1 with linespoints lw 2 lc rgb "#7399bf" dt 2 pt 5 title "lloyd omp f32", \
  "plots/scalen_d2-k400.dat" index 2 with linespoints lw 2 lc rgb "#f28c99" dt 2 pt 5 title "elkan omp f32", \
  "plots/scalen_d2-k400.dat" index 3 with linespoints lw 2 lc rgb "#59a666" dt 2 pt 5 title "hamerly omp f32", \
  "plots/scalen_d2-k400.dat" index 4 with linespoints lw 2 lc rgb "#b4c9dd" dt 2 pt 9 title "lloyd cuda-global f32", \
  "plots/scalen_d2-k400.dat" index 5 with linespoints lw 2 lc rgb "#f8c2c9" dt 2 pt 9 title "elkan cuda-global f32", \
  "plots/scalen_d2-k400.dat" index 6 with linespoints lw 2 lc rgb "#a7cfad" dt 2 pt 9 title "hamerly cuda-global f32", \
  "plots/scalen_d2-k400.dat" index 7 with linespoints lw 2 lc rgb "#5a87b4" dt 2 pt 13 title "lloyd cuda-shared f32", \
  "plots/scalen_d2-k400.dat" index 8 with linespoints lw 2 lc rgb "#f07887" dt 2 pt 13 title "elkan cuda-shared f32", \
  "plots/scalen_d2-k400.dat" index 9 with linespoints lw 2 lc rgb "#3d964b" dt 2 pt 13 title "hamerly cuda-shared f32"
set output
}

# ---- scalen_d8-k100
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,520 font "sans,10" noenhanced
} else {
  set terminal svg size 900,520 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/scalen_d8-k100.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "median time against n: d = 8, k = 100"
set xlabel "n (points)"
set ylabel "seconds"
set logscale xy
set key outside right top
plot "plots/scalen_d8-k100.dat" index 0 with linespoints lw 2 lc rgb "#98b4d0" dt 2 pt 7 title "lloyd seq f32", \
  "plots/scalen_d8-k100.dat" index 1 with linespoints lw 2 lc rgb "#7399bf" dt 2 pt 5 title "lloyd omp f32", \
  "plots/scalen_d8-k100.dat" index 2 with linespoints lw 2 lc rgb "#f28c99" dt 2 pt 5 title "elkan omp f32", \
  "plots/scalen_d8-k100.dat" index 3 with linespoints lw 2 lc rgb "#59a666" dt 2 pt 5 title "hamerly omp f32", \
  "plots/scalen_d8-k100.dat" index 4 with linespoints lw 2 lc rgb "#b4c9dd" dt 2 pt 9 title "lloyd cuda-global f32", \
  "plots/scalen_d8-k100.dat" index 5 with linespoints lw 2 lc rgb "#f8c2c9" dt 2 pt 9 title "elkan cuda-global f32", \
  "plots/scalen_d8-k100.dat" index 6 with linespoints lw 2 lc rgb "#a7cfad" dt 2 pt 9 title "hamerly cuda-global f32", \
  "plots/scalen_d8-k100.dat" index 7 with linespoints lw 2 lc rgb "#5a87b4" dt 2 pt 13 title "lloyd cuda-shared f32", \
  "plots/scalen_d8-k100.dat" index 8 with linespoints lw 2 lc rgb "#f07887" dt 2 pt 13 title "elkan cuda-shared f32", \
  "plots/scalen_d8-k100.dat" index 9 with linespoints lw 2 lc rgb "#3d964b" dt 2 pt 13 title "hamerly cuda-shared f32"
set output
}

# ---- scalek_t1-n2e6-d8
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,520 font "sans,10" noenhanced
} else {
  set terminal svg size 900,520 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/scalek_t1-n2e6-d8.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "median time against k: t1-n2e6-d8 (n = 2000000, d = 8)"
set xlabel "k (clusters)"
set ylabel "seconds"
set logscale xy
set key outside right top
plot "plots/scalek_t1-n2e6-d8.dat" index 0 with linespoints lw 2 lc rgb "#98b4d0" dt 2 pt 7 title "lloyd seq f32", \
  "plots/scalek_t1-n2e6-d8.dat" index 1 with linespoints lw 2 lc rgb "#7399bf" dt 2 pt 5 title "lloyd omp f32", \
  "plots/scalek_t1-n2e6-d8.dat" index 2 with linespoints lw 2 lc rgb "#f28c99" dt 2 pt 5 title "elkan omp f32", \
  "plots/scalek_t1-n2e6-d8.dat" index 3 with linespoints lw 2 lc rgb "#59a666" dt 2 pt 5 title "hamerly omp f32", \
  "plots/scalek_t1-n2e6-d8.dat" index 4 with linespoints lw 2 lc rgb "#b4c9dd" dt 2 pt 9 title "lloyd cuda-global f32", \
  "plots/scalek_t1-n2e6-d8.dat" index 5 with linespoints lw 2 lc rgb "#f8c2c9" dt 2 pt 9 title "elkan cuda-global f32", \
  "plots/scalek_t1-n2e6-d8.dat" index 6 with linespoints lw 2 lc rgb "#a7cfad" dt 2 pt 9 title "hamerly cuda-global f32", \
  "plots/scalek_t1-n2e6-d8.dat" index 7 with linespoints lw 2 lc rgb "#5a87b4" dt 2 pt 13 title "lloyd cuda-shared f32", \
  "plots/scalek_t1-n2e6-d8.dat" index 8 with linespoints lw 2 lc rgb "#f07887" dt 2 pt 13 title "elkan cuda-shared f32", \
  "plots/scalek_t1-n2e6-d8.dat" index 9 with linespoints lw 2 lc rgb "#3d964b" dt 2 pt 13 title "hamerly cuda-shared f32"
set output
}

# ---- scalen_d8-k400
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,520 font "sans,10" noenhanced
} else {
  set terminal svg size 900,520 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/scalen_d8-k400.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "median time against n: d = 8, k = 400"
set xlabel "n (points)"
set ylabel "seconds"
set logscale xy
set key outside right top
plot "plots/scalen_d8-k400.dat" index 0 with linespoints lw 2 lc rgb "#98b4d0" dt 2 pt 7 title "lloyd seq f32", \
  "plots/scalen_d8-k400.dat" index 1 with linespoints lw 2 lc rgb "#7399bf" dt 2 pt 5 title "lloyd omp f32", \
  "plots/scalen_d8-k400.dat" index 2 with linespoints lw 2 lc rgb "#f28c99" dt 2 pt 5 title "elkan omp f32", \
  "plots/scalen_d8-k400.dat" index 3 with linespoints lw 2 lc rgb "#59a666" dt 2 pt 5 title "hamerly omp f32", \
  "plots/scalen_d8-k400.dat" index 4 with linespoints lw 2 lc rgb "#b4c9dd" dt 2 pt 9 title "lloyd cuda-global f32", \
  "plots/scalen_d8-k400.dat" index 5 with linespoints lw 2 lc rgb "#f8c2c9" dt 2 pt 9 title "elkan cuda-global f32", \
  "plots/scalen_d8-k400.dat" index 6 with linespoints lw 2 lc rgb "#a7cfad" dt 2 pt 9 title "hamerly cuda-global f32", \
  "plots/scalen_d8-k400.dat" index 7 with linespoints lw 2 lc rgb "#5a87b4" dt 2 pt 13 title "lloyd cuda-shared f32", \
  "plots/scalen_d8-k400.dat" index 8 with linespoints lw 2 lc rgb "#f07887" dt 2 pt 13 title "elkan cuda-shared f32", \
  "plots/scalen_d8-k400.dat" index 9 with linespoints lw 2 lc rgb "#3d964b" dt 2 pt 13 title "hamerly cuda-shared f32"
set output
}

# ---- scalek_t1-n4e6-d2
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,520 font "sans,10" noenhanced
} else {
  set terminal svg size 900,520 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/scalek_t1-n4e6-d2.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "median time against k: t1-n4e6-d2 (n = 4000000, d = 2)"
set xlabel "k (clusters)"
set ylabel "seconds"
set logscale xy
set key outside right top
plot "plots/scalek_t1-n4e6-d2.dat" index 0 with linespoints lw 2 lc rgb "#98b4d0" dt 2 pt 7 title "lloyd seq f32", \
  "plots/scalek_t1-n4e6-d2.dat" index 1 with linespoints lw 2 lc rgb "#7399bf" dt 2 pt 5 title "lloyd omp f32", \
  "plots/scalek_t1-n4e6-d2.dat" index 2 with linespoints lw 2 lc rgb "#f28c99" dt 2 pt 5 title "elkan omp f32", \
  "plots/scalek_t1-n4e6-d2.dat" index 3 with linespoints lw 2 lc rgb "#59a666" dt 2 pt 5 title "hamerly omp f32", \
  "plots/scalek_t1-n4e6-d2.dat" index 4 with linespoints lw 2 lc rgb "#b4c9dd" dt 2 pt 9 title "lloyd cuda-global f32", \
  "plots/scalek_t1-n4e6-d2.dat" index 5 with linespoints lw 2 lc rgb "#f8c2c9" dt 2 pt 9 title "elkan cuda-global f32", \
  "plots/scalek_t1-n4e6-d2.dat" index 6 with linespoints lw 2 lc rgb "#a7cfad" dt 2 pt 9 title "hamerly cuda-global f32", \
  "plots/scalek_t1-n4e6-d2.dat" index 7 with linespoints lw 2 lc rgb "#5a87b4" dt 2 pt 13 title "lloyd cuda-shared f32", \
  "plots/scalek_t1-n4e6-d2.dat" index 8 with linespoints lw 2 lc rgb "#f07887" dt 2 pt 13 title "elkan cuda-shared f32", \
  "plots/scalek_t1-n4e6-d2.dat" index 9 with linespoints lw 2 lc rgb "#3d964b" dt 2 pt 13 title "hamerly cuda-shared f32"
set output
}

# ---- scalek_t1-n4e6-d8
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,520 font "sans,10" noenhanced
} else {
  set terminal svg size 900,520 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/scalek_t1-n4e6-d8.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "median time against k: t1-n4e6-d8 (n = 4000000, d = 8)"
set xlabel "k (clusters)"
set ylabel "seconds"
set logscale xy
set key outside right top
plot "plots/scalek_t1-n4e6-d8.dat" index 0 with linespoints lw 2 lc rgb "#98b4d0" dt 2 pt 7 title "lloyd seq f32", \
  "plots/scalek_t1-n4e6-d8.dat" index 1 with linespoints lw 2 lc rgb "#7399bf" dt 2 pt 5 title "lloyd omp f32", \
  "plots/scalek_t1-n4e6-d8.dat" index 2 with linespoints lw 2 lc rgb "#f28c99" dt 2 pt 5 title "elkan omp f32", \
  "plots/scalek_t1-n4e6-d8.dat" index 3 with linespoints lw 2 lc rgb "#59a666" dt 2 pt 5 title "hamerly omp f32", \
  "plots/scalek_t1-n4e6-d8.dat" index 4 with linespoints lw 2 lc rgb "#b4c9dd" dt 2 pt 9 title "lloyd cuda-global f32", \
  "plots/scalek_t1-n4e6-d8.dat" index 5 with linespoints lw 2 lc rgb "#f8c2c9" dt 2 pt 9 title "elkan cuda-global f32", \
  "plots/scalek_t1-n4e6-d8.dat" index 6 with linespoints lw 2 lc rgb "#a7cfad" dt 2 pt 9 title "hamerly cuda-global f32", \
  "plots/scalek_t1-n4e6-d8.dat" index 7 with linespoints lw 2 lc rgb "#5a87b4" dt 2 pt 13 title "lloyd cuda-shared f32", \
  "plots/scalek_t1-n4e6-d8.dat" index 8 with linespoints lw 2 lc rgb "#f07887" dt 2 pt 13 title "elkan cuda-shared f32", \
  "plots/scalek_t1-n4e6-d8.dat" index 9 with linespoints lw 2 lc rgb "#3d964b" dt 2 pt 13 title "hamerly cuda-shared f32"
set output
}

# ---- scalen_d34-k100
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,520 font "sans,10" noenhanced
} else {
  set terminal svg size 900,520 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/scalen_d34-k100.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "median time against n: d = 34, k = 100"
set xlabel "n (points)"
set ylabel "seconds"
set logscale xy
set key outside right top
plot "plots/scalen_d34-k100.dat" index 0 with linespoints lw 2 lc rgb "#98b4d0" dt 2 pt 7 title "lloyd seq f32", \
  "plots/scalen_d34-k100.dat" index 1 with linespoints lw 2 lc rgb "#f6abb4" dt 2 pt 7 title "elkan seq f32", \
  "plots/scalen_d34-k100.dat" index 2 with linespoints lw 2 lc rgb "#85be8f" dt 2 pt 7 title "hamerly seq f32", \
  "plots/scalen_d34-k100.dat" index 3 with linespoints lw 2 lc rgb "#7399bf" dt 2 pt 5 title "lloyd omp f32", \
  "plots/scalen_d34-k100.dat" index 4 with linespoints lw 2 lc rgb "#f28c99" dt 2 pt 5 title "elkan omp f32", \
  "plots/scalen_d34-k100.dat" index 5 with linespoints lw 2 lc rgb "#59a666" dt 2 pt 5 title "hamerly omp f32", \
  "plots/scalen_d34-k100.dat" index 6 with linespoints lw 2 lc rgb "#b4c9dd" dt 2 pt 9 title "lloyd cuda-global f32", \
  "plots/scalen_d34-k100.dat" index 7 with linespoints lw 2 lc rgb "#f8c2c9" dt 2 pt 9 title "elkan cuda-global f32", \
  "plots/scalen_d34-k100.dat" index 8 with linespoints lw 2 lc rgb "#a7cfad" dt 2 pt 9 title "hamerly cuda-global f32", \
  "plots/scalen_d34-k100.dat" index 9 with linespoints lw 2 lc rgb "#5a87b4" dt 2 pt 13 title "lloyd cuda-shared f32", \
  "plots/scalen_d34-k100.dat" index 10 with linespoints lw 2 lc rgb "#f07887" dt 2 pt 13 title "elkan cuda-shared f32", \
  "plots/scalen_d34-k100.dat" index 11 with linespoints lw 2 lc rgb "#3d964b" dt 2 pt 13 title "hamerly cuda-shared f32"
set output
}
