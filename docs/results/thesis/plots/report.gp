# Drawn by 'trikmeans report'; run from the bench folder:
#   gnuplot plots/report.gp

# ---- time_n1e4-k4
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/time_n1e4-k4.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "median time per run: n1e4, k = 4 (n = 10000, d = 2)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "seconds"
set yrange [0:*]
set offsets 0, 0, graph 0.15, 0
plot "plots/time_n1e4-k4.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- speedup_n1e4-k4
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/speedup_n1e4-k4.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "speed-up over sequential Lloyd of the same precision: n1e4, k = 4 (n = 10000, d = 2)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "speed-up (times faster)"
set logscale y
set arrow from graph 0, first 1 to graph 1, first 1 nohead dt 2 lc rgb "#555555"
plot "plots/speedup_n1e4-k4.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- omp_n1e4-k4
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 800,480 font "sans,10" noenhanced
} else {
  set terminal svg size 800,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/omp_n1e4-k4.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "OpenMP scaling: n1e4, k = 4 (n = 10000, d = 2)"
set logscale x 2
set logscale y
set key outside right
set xlabel "OpenMP threads"
set ylabel "median time (s)"
set xtics (1, 2, 4, 8, 16, 32, 64, 128)
plot "plots/omp_n1e4-k4.dat" index 0 using 1:2 with linespoints lw 2 lc rgb "#7399bf" dt 2 pt 5 title "lloyd f32", \
  "plots/omp_n1e4-k4.dat" index 1 using 1:2 with linespoints lw 2 lc rgb "#2c4d6f" dt 1 pt 5 title "lloyd f64", \
  "plots/omp_n1e4-k4.dat" index 2 using 1:2 with linespoints lw 2 lc rgb "#f28c99" dt 2 pt 5 title "elkan f32", \
  "plots/omp_n1e4-k4.dat" index 3 using 1:2 with linespoints lw 2 lc rgb "#9b424d" dt 1 pt 5 title "elkan f64", \
  "plots/omp_n1e4-k4.dat" index 4 using 1:2 with linespoints lw 2 lc rgb "#59a666" dt 2 pt 5 title "hamerly f32", \
  "plots/omp_n1e4-k4.dat" index 5 using 1:2 with linespoints lw 2 lc rgb "#165821" dt 1 pt 5 title "hamerly f64"
set output
}

# ---- block_n1e4-k4
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 800,480 font "sans,10" noenhanced
} else {
  set terminal svg size 800,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/block_n1e4-k4.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "CUDA block size: n1e4, k = 4 (n = 10000, d = 2)"
set logscale x 2
set logscale y
set key outside right
set xlabel "threads per block"
set ylabel "median time (s)"
set xtics (32, 64, 128, 256, 512, 1024)
plot "plots/block_n1e4-k4.dat" index 0 using 1:2 with linespoints lw 2 lc rgb "#b4c9dd" dt 2 pt 9 title "lloyd cuda-global f32", \
  "plots/block_n1e4-k4.dat" index 1 using 1:2 with linespoints lw 2 lc rgb "#1f364c" dt 1 pt 9 title "lloyd cuda-global f64", \
  "plots/block_n1e4-k4.dat" index 2 using 1:2 with linespoints lw 2 lc rgb "#f8c2c9" dt 2 pt 9 title "elkan cuda-global f32", \
  "plots/block_n1e4-k4.dat" index 3 using 1:2 with linespoints lw 2 lc rgb "#6b2e36" dt 1 pt 9 title "elkan cuda-global f64", \
  "plots/block_n1e4-k4.dat" index 4 using 1:2 with linespoints lw 2 lc rgb "#a7cfad" dt 2 pt 9 title "hamerly cuda-global f32", \
  "plots/block_n1e4-k4.dat" index 5 using 1:2 with linespoints lw 2 lc rgb "#0f3d17" dt 1 pt 9 title "hamerly cuda-global f64", \
  "plots/block_n1e4-k4.dat" index 6 using 1:2 with linespoints lw 2 lc rgb "#5a87b4" dt 2 pt 13 title "lloyd cuda-shared f32", \
  "plots/block_n1e4-k4.dat" index 7 using 1:2 with linespoints lw 2 lc rgb "#38628b" dt 1 pt 13 title "lloyd cuda-shared f64", \
  "plots/block_n1e4-k4.dat" index 8 using 1:2 with linespoints lw 2 lc rgb "#f07887" dt 2 pt 13 title "elkan cuda-shared f32", \
  "plots/block_n1e4-k4.dat" index 9 using 1:2 with linespoints lw 2 lc rgb "#c35462" dt 1 pt 13 title "elkan cuda-shared f64", \
  "plots/block_n1e4-k4.dat" index 10 using 1:2 with linespoints lw 2 lc rgb "#3d964b" dt 2 pt 13 title "hamerly cuda-shared f32", \
  "plots/block_n1e4-k4.dat" index 11 using 1:2 with linespoints lw 2 lc rgb "#1c702a" dt 1 pt 13 title "hamerly cuda-shared f64"
set output
}

# ---- prune_n1e4-k4
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 1000,460 font "sans,10" noenhanced
} else {
  set terminal svg size 1000,460 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/prune_n1e4-k4.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 1,2 title "distances and pruning per iteration: n1e4, k = 4 (n = 10000, d = 2)"
set xlabel "iteration"
set key outside below center horizontal height 1
set logscale y
set ylabel "point-centroid distances computed"
plot "plots/prune_n1e4-k4.dat" index 0 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd", \
  "plots/prune_n1e4-k4.dat" index 1 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ee6677" title "elkan", \
  "plots/prune_n1e4-k4.dat" index 2 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#228833" title "hamerly"
unset logscale y
set yrange [0:1.05]
set ylabel "share of the n k distances pruned"
plot "plots/prune_n1e4-k4.dat" index 0 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd", \
  "plots/prune_n1e4-k4.dat" index 1 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ee6677" title "elkan", \
  "plots/prune_n1e4-k4.dat" index 2 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#228833" title "hamerly"
unset multiplot
set output
}

# ---- prec_n1e4-k4
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,640 font "sans,10" noenhanced
} else {
  set terminal svg size 900,640 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/prec_n1e4-k4.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 2,1 title "float against double: n1e4, k = 4 (n = 10000, d = 2)"
set lmargin at screen 0.09
set rmargin at screen 0.76
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set yrange [0:*]
set ylabel "median time (s)"
plot "plots/prec_n1e4-k4.dat" using 2:xtic(1) title "f32" lc rgb "#66ccee", '' using 3 title "f64" lc rgb "#4477aa"
set ylabel "labels unlike the f64 baseline (%)"
set yrange [0:1]
set label 1 "every f32 run has the labels of the f64 baseline" at graph 0.5, graph 0.5 center
plot "plots/prec_n1e4-k4.dat" using 4:xtic(1) title "f32 run against f64 baseline" lc rgb "#ccbb44"
unset multiplot
set output
}

# ---- stages_n1e4-k4
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,564 font "sans,10" noenhanced
} else {
  set terminal svg size 900,564 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/stages_n1e4-k4.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "where the whole run goes (median run per solver): n1e4, k = 4 (n = 10000, d = 2)"
set style data histograms
set style histogram rowstacked
set style fill solid 0.85 border -1
set boxwidth 0.8
set yrange [0:1]
set ylabel "share of the whole run"
set key outside right top
set xtics rotate by 90 right
set bmargin 14
plot "plots/stages_n1e4-k4.dat" using 2:xtic(1) title "assign and bounds" lc rgb "#4477aa", '' using 3 title "update" lc rgb "#ee6677", '' using 4 title "set-up and result (transfer)" lc rgb "#228833", '' using 5 title "rest of the loop" lc rgb "#bbbbbb"
set output
}

# ---- time_n1e4-k16
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/time_n1e4-k16.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "median time per run: n1e4, k = 16 (n = 10000, d = 2)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "seconds"
set yrange [0:*]
set offsets 0, 0, graph 0.15, 0
plot "plots/time_n1e4-k16.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- speedup_n1e4-k16
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/speedup_n1e4-k16.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "speed-up over sequential Lloyd of the same precision: n1e4, k = 16 (n = 10000, d = 2)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "speed-up (times faster)"
set logscale y
set arrow from graph 0, first 1 to graph 1, first 1 nohead dt 2 lc rgb "#555555"
plot "plots/speedup_n1e4-k16.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- omp_n1e4-k16
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 800,480 font "sans,10" noenhanced
} else {
  set terminal svg size 800,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/omp_n1e4-k16.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "OpenMP scaling: n1e4, k = 16 (n = 10000, d = 2)"
set logscale x 2
set logscale y
set key outside right
set xlabel "OpenMP threads"
set ylabel "median time (s)"
set xtics (1, 2, 4, 8, 16, 32, 64, 128)
plot "plots/omp_n1e4-k16.dat" index 0 using 1:2 with linespoints lw 2 lc rgb "#7399bf" dt 2 pt 5 title "lloyd f32", \
  "plots/omp_n1e4-k16.dat" index 1 using 1:2 with linespoints lw 2 lc rgb "#2c4d6f" dt 1 pt 5 title "lloyd f64", \
  "plots/omp_n1e4-k16.dat" index 2 using 1:2 with linespoints lw 2 lc rgb "#f28c99" dt 2 pt 5 title "elkan f32", \
  "plots/omp_n1e4-k16.dat" index 3 using 1:2 with linespoints lw 2 lc rgb "#9b424d" dt 1 pt 5 title "elkan f64", \
  "plots/omp_n1e4-k16.dat" index 4 using 1:2 with linespoints lw 2 lc rgb "#59a666" dt 2 pt 5 title "hamerly f32", \
  "plots/omp_n1e4-k16.dat" index 5 using 1:2 with linespoints lw 2 lc rgb "#165821" dt 1 pt 5 title "hamerly f64"
set output
}

# ---- block_n1e4-k16
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 800,480 font "sans,10" noenhanced
} else {
  set terminal svg size 800,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/block_n1e4-k16.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "CUDA block size: n1e4, k = 16 (n = 10000, d = 2)"
set logscale x 2
set logscale y
set key outside right
set xlabel "threads per block"
set ylabel "median time (s)"
set xtics (32, 64, 128, 256, 512, 1024)
plot "plots/block_n1e4-k16.dat" index 0 using 1:2 with linespoints lw 2 lc rgb "#b4c9dd" dt 2 pt 9 title "lloyd cuda-global f32", \
  "plots/block_n1e4-k16.dat" index 1 using 1:2 with linespoints lw 2 lc rgb "#1f364c" dt 1 pt 9 title "lloyd cuda-global f64", \
  "plots/block_n1e4-k16.dat" index 2 using 1:2 with linespoints lw 2 lc rgb "#f8c2c9" dt 2 pt 9 title "elkan cuda-global f32", \
  "plots/block_n1e4-k16.dat" index 3 using 1:2 with linespoints lw 2 lc rgb "#6b2e36" dt 1 pt 9 title "elkan cuda-global f64", \
  "plots/block_n1e4-k16.dat" index 4 using 1:2 with linespoints lw 2 lc rgb "#a7cfad" dt 2 pt 9 title "hamerly cuda-global f32", \
  "plots/block_n1e4-k16.dat" index 5 using 1:2 with linespoints lw 2 lc rgb "#0f3d17" dt 1 pt 9 title "hamerly cuda-global f64", \
  "plots/block_n1e4-k16.dat" index 6 using 1:2 with linespoints lw 2 lc rgb "#5a87b4" dt 2 pt 13 title "lloyd cuda-shared f32", \
  "plots/block_n1e4-k16.dat" index 7 using 1:2 with linespoints lw 2 lc rgb "#38628b" dt 1 pt 13 title "lloyd cuda-shared f64", \
  "plots/block_n1e4-k16.dat" index 8 using 1:2 with linespoints lw 2 lc rgb "#f07887" dt 2 pt 13 title "elkan cuda-shared f32", \
  "plots/block_n1e4-k16.dat" index 9 using 1:2 with linespoints lw 2 lc rgb "#c35462" dt 1 pt 13 title "elkan cuda-shared f64", \
  "plots/block_n1e4-k16.dat" index 10 using 1:2 with linespoints lw 2 lc rgb "#3d964b" dt 2 pt 13 title "hamerly cuda-shared f32", \
  "plots/block_n1e4-k16.dat" index 11 using 1:2 with linespoints lw 2 lc rgb "#1c702a" dt 1 pt 13 title "hamerly cuda-shared f64"
set output
}

# ---- prune_n1e4-k16
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 1000,460 font "sans,10" noenhanced
} else {
  set terminal svg size 1000,460 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/prune_n1e4-k16.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 1,2 title "distances and pruning per iteration: n1e4, k = 16 (n = 10000, d = 2)"
set xlabel "iteration"
set key outside below center horizontal height 1
set logscale y
set ylabel "point-centroid distances computed"
plot "plots/prune_n1e4-k16.dat" index 0 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd", \
  "plots/prune_n1e4-k16.dat" index 1 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ee6677" title "elkan", \
  "plots/prune_n1e4-k16.dat" index 2 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#228833" title "hamerly"
unset logscale y
set yrange [0:1.05]
set ylabel "share of the n k distances pruned"
plot "plots/prune_n1e4-k16.dat" index 0 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd", \
  "plots/prune_n1e4-k16.dat" index 1 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ee6677" title "elkan", \
  "plots/prune_n1e4-k16.dat" index 2 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#228833" title "hamerly"
unset multiplot
set output
}

# ---- prec_n1e4-k16
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,640 font "sans,10" noenhanced
} else {
  set terminal svg size 900,640 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/prec_n1e4-k16.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 2,1 title "float against double: n1e4, k = 16 (n = 10000, d = 2)"
set lmargin at screen 0.09
set rmargin at screen 0.76
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set yrange [0:*]
set ylabel "median time (s)"
plot "plots/prec_n1e4-k16.dat" using 2:xtic(1) title "f32" lc rgb "#66ccee", '' using 3 title "f64" lc rgb "#4477aa"
set ylabel "labels unlike the f64 baseline (%)"
set yrange [0:1]
set label 1 "every f32 run has the labels of the f64 baseline" at graph 0.5, graph 0.5 center
plot "plots/prec_n1e4-k16.dat" using 4:xtic(1) title "f32 run against f64 baseline" lc rgb "#ccbb44"
unset multiplot
set output
}

# ---- stages_n1e4-k16
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,564 font "sans,10" noenhanced
} else {
  set terminal svg size 900,564 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/stages_n1e4-k16.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "where the whole run goes (median run per solver): n1e4, k = 16 (n = 10000, d = 2)"
set style data histograms
set style histogram rowstacked
set style fill solid 0.85 border -1
set boxwidth 0.8
set yrange [0:1]
set ylabel "share of the whole run"
set key outside right top
set xtics rotate by 90 right
set bmargin 14
plot "plots/stages_n1e4-k16.dat" using 2:xtic(1) title "assign and bounds" lc rgb "#4477aa", '' using 3 title "update" lc rgb "#ee6677", '' using 4 title "set-up and result (transfer)" lc rgb "#228833", '' using 5 title "rest of the loop" lc rgb "#bbbbbb"
set output
}

# ---- time_n1e4-k64
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/time_n1e4-k64.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "median time per run: n1e4, k = 64 (n = 10000, d = 2)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "seconds"
set logscale y
plot "plots/time_n1e4-k64.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- speedup_n1e4-k64
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/speedup_n1e4-k64.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "speed-up over sequential Lloyd of the same precision: n1e4, k = 64 (n = 10000, d = 2)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "speed-up (times faster)"
set logscale y
set arrow from graph 0, first 1 to graph 1, first 1 nohead dt 2 lc rgb "#555555"
plot "plots/speedup_n1e4-k64.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- omp_n1e4-k64
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 800,480 font "sans,10" noenhanced
} else {
  set terminal svg size 800,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/omp_n1e4-k64.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "OpenMP scaling: n1e4, k = 64 (n = 10000, d = 2)"
set logscale x 2
set logscale y
set key outside right
set xlabel "OpenMP threads"
set ylabel "median time (s)"
set xtics (1, 2, 4, 8, 16, 32, 64, 128)
plot "plots/omp_n1e4-k64.dat" index 0 using 1:2 with linespoints lw 2 lc rgb "#7399bf" dt 2 pt 5 title "lloyd f32", \
  "plots/omp_n1e4-k64.dat" index 1 using 1:2 with linespoints lw 2 lc rgb "#2c4d6f" dt 1 pt 5 title "lloyd f64", \
  "plots/omp_n1e4-k64.dat" index 2 using 1:2 with linespoints lw 2 lc rgb "#f28c99" dt 2 pt 5 title "elkan f32", \
  "plots/omp_n1e4-k64.dat" index 3 using 1:2 with linespoints lw 2 lc rgb "#9b424d" dt 1 pt 5 title "elkan f64", \
  "plots/omp_n1e4-k64.dat" index 4 using 1:2 with linespoints lw 2 lc rgb "#59a666" dt 2 pt 5 title "hamerly f32", \
  "plots/omp_n1e4-k64.dat" index 5 using 1:2 with linespoints lw 2 lc rgb "#165821" dt 1 pt 5 title "hamerly f64"
set output
}

# ---- block_n1e4-k64
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 800,480 font "sans,10" noenhanced
} else {
  set terminal svg size 800,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/block_n1e4-k64.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "CUDA block size: n1e4, k = 64 (n = 10000, d = 2)"
set logscale x 2
set logscale y
set key outside right
set xlabel "threads per block"
set ylabel "median time (s)"
set xtics (32, 64, 128, 256, 512, 1024)
plot "plots/block_n1e4-k64.dat" index 0 using 1:2 with linespoints lw 2 lc rgb "#b4c9dd" dt 2 pt 9 title "lloyd cuda-global f32", \
  "plots/block_n1e4-k64.dat" index 1 using 1:2 with linespoints lw 2 lc rgb "#1f364c" dt 1 pt 9 title "lloyd cuda-global f64", \
  "plots/block_n1e4-k64.dat" index 2 using 1:2 with linespoints lw 2 lc rgb "#f8c2c9" dt 2 pt 9 title "elkan cuda-global f32", \
  "plots/block_n1e4-k64.dat" index 3 using 1:2 with linespoints lw 2 lc rgb "#6b2e36" dt 1 pt 9 title "elkan cuda-global f64", \
  "plots/block_n1e4-k64.dat" index 4 using 1:2 with linespoints lw 2 lc rgb "#a7cfad" dt 2 pt 9 title "hamerly cuda-global f32", \
  "plots/block_n1e4-k64.dat" index 5 using 1:2 with linespoints lw 2 lc rgb "#0f3d17" dt 1 pt 9 title "hamerly cuda-global f64", \
  "plots/block_n1e4-k64.dat" index 6 using 1:2 with linespoints lw 2 lc rgb "#5a87b4" dt 2 pt 13 title "lloyd cuda-shared f32", \
  "plots/block_n1e4-k64.dat" index 7 using 1:2 with linespoints lw 2 lc rgb "#38628b" dt 1 pt 13 title "lloyd cuda-shared f64", \
  "plots/block_n1e4-k64.dat" index 8 using 1:2 with linespoints lw 2 lc rgb "#f07887" dt 2 pt 13 title "elkan cuda-shared f32", \
  "plots/block_n1e4-k64.dat" index 9 using 1:2 with linespoints lw 2 lc rgb "#c35462" dt 1 pt 13 title "elkan cuda-shared f64", \
  "plots/block_n1e4-k64.dat" index 10 using 1:2 with linespoints lw 2 lc rgb "#3d964b" dt 2 pt 13 title "hamerly cuda-shared f32", \
  "plots/block_n1e4-k64.dat" index 11 using 1:2 with linespoints lw 2 lc rgb "#1c702a" dt 1 pt 13 title "hamerly cuda-shared f64"
set output
}

# ---- prune_n1e4-k64
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 1000,460 font "sans,10" noenhanced
} else {
  set terminal svg size 1000,460 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/prune_n1e4-k64.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 1,2 title "distances and pruning per iteration: n1e4, k = 64 (n = 10000, d = 2)"
set xlabel "iteration"
set key outside below center horizontal height 1
set logscale y
set ylabel "point-centroid distances computed"
plot "plots/prune_n1e4-k64.dat" index 0 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd", \
  "plots/prune_n1e4-k64.dat" index 1 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ee6677" title "elkan", \
  "plots/prune_n1e4-k64.dat" index 2 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#228833" title "hamerly"
unset logscale y
set yrange [0:1.05]
set ylabel "share of the n k distances pruned"
plot "plots/prune_n1e4-k64.dat" index 0 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd", \
  "plots/prune_n1e4-k64.dat" index 1 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ee6677" title "elkan", \
  "plots/prune_n1e4-k64.dat" index 2 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#228833" title "hamerly"
unset multiplot
set output
}

# ---- prec_n1e4-k64
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,640 font "sans,10" noenhanced
} else {
  set terminal svg size 900,640 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/prec_n1e4-k64.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 2,1 title "float against double: n1e4, k = 64 (n = 10000, d = 2)"
set lmargin at screen 0.09
set rmargin at screen 0.76
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set yrange [0:*]
set ylabel "median time (s)"
plot "plots/prec_n1e4-k64.dat" using 2:xtic(1) title "f32" lc rgb "#66ccee", '' using 3 title "f64" lc rgb "#4477aa"
set ylabel "labels unlike the f64 baseline (%)"
set yrange [0:1]
set label 1 "every f32 run has the labels of the f64 baseline" at graph 0.5, graph 0.5 center
plot "plots/prec_n1e4-k64.dat" using 4:xtic(1) title "f32 run against f64 baseline" lc rgb "#ccbb44"
unset multiplot
set output
}

# ---- stages_n1e4-k64
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,564 font "sans,10" noenhanced
} else {
  set terminal svg size 900,564 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/stages_n1e4-k64.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "where the whole run goes (median run per solver): n1e4, k = 64 (n = 10000, d = 2)"
set style data histograms
set style histogram rowstacked
set style fill solid 0.85 border -1
set boxwidth 0.8
set yrange [0:1]
set ylabel "share of the whole run"
set key outside right top
set xtics rotate by 90 right
set bmargin 14
plot "plots/stages_n1e4-k64.dat" using 2:xtic(1) title "assign and bounds" lc rgb "#4477aa", '' using 3 title "update" lc rgb "#ee6677", '' using 4 title "set-up and result (transfer)" lc rgb "#228833", '' using 5 title "rest of the loop" lc rgb "#bbbbbb"
set output
}

# ---- time_n1e4-k256
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/time_n1e4-k256.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "median time per run: n1e4, k = 256 (n = 10000, d = 2)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "seconds"
set logscale y
plot "plots/time_n1e4-k256.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- speedup_n1e4-k256
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/speedup_n1e4-k256.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "speed-up over sequential Lloyd of the same precision: n1e4, k = 256 (n = 10000, d = 2)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "speed-up (times faster)"
set logscale y
set arrow from graph 0, first 1 to graph 1, first 1 nohead dt 2 lc rgb "#555555"
plot "plots/speedup_n1e4-k256.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- omp_n1e4-k256
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 800,480 font "sans,10" noenhanced
} else {
  set terminal svg size 800,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/omp_n1e4-k256.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "OpenMP scaling: n1e4, k = 256 (n = 10000, d = 2)"
set logscale x 2
set logscale y
set key outside right
set xlabel "OpenMP threads"
set ylabel "median time (s)"
set xtics (1, 2, 4, 8, 16, 32, 64, 128)
plot "plots/omp_n1e4-k256.dat" index 0 using 1:2 with linespoints lw 2 lc rgb "#7399bf" dt 2 pt 5 title "lloyd f32", \
  "plots/omp_n1e4-k256.dat" index 1 using 1:2 with linespoints lw 2 lc rgb "#2c4d6f" dt 1 pt 5 title "lloyd f64", \
  "plots/omp_n1e4-k256.dat" index 2 using 1:2 with linespoints lw 2 lc rgb "#f28c99" dt 2 pt 5 title "elkan f32", \
  "plots/omp_n1e4-k256.dat" index 3 using 1:2 with linespoints lw 2 lc rgb "#9b424d" dt 1 pt 5 title "elkan f64", \
  "plots/omp_n1e4-k256.dat" index 4 using 1:2 with linespoints lw 2 lc rgb "#59a666" dt 2 pt 5 title "hamerly f32", \
  "plots/omp_n1e4-k256.dat" index 5 using 1:2 with linespoints lw 2 lc rgb "#165821" dt 1 pt 5 title "hamerly f64"
set output
}

# ---- block_n1e4-k256
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 800,480 font "sans,10" noenhanced
} else {
  set terminal svg size 800,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/block_n1e4-k256.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "CUDA block size: n1e4, k = 256 (n = 10000, d = 2)"
set logscale x 2
set logscale y
set key outside right
set xlabel "threads per block"
set ylabel "median time (s)"
set xtics (32, 64, 128, 256, 512, 1024)
plot "plots/block_n1e4-k256.dat" index 0 using 1:2 with linespoints lw 2 lc rgb "#b4c9dd" dt 2 pt 9 title "lloyd cuda-global f32", \
  "plots/block_n1e4-k256.dat" index 1 using 1:2 with linespoints lw 2 lc rgb "#1f364c" dt 1 pt 9 title "lloyd cuda-global f64", \
  "plots/block_n1e4-k256.dat" index 2 using 1:2 with linespoints lw 2 lc rgb "#f8c2c9" dt 2 pt 9 title "elkan cuda-global f32", \
  "plots/block_n1e4-k256.dat" index 3 using 1:2 with linespoints lw 2 lc rgb "#6b2e36" dt 1 pt 9 title "elkan cuda-global f64", \
  "plots/block_n1e4-k256.dat" index 4 using 1:2 with linespoints lw 2 lc rgb "#a7cfad" dt 2 pt 9 title "hamerly cuda-global f32", \
  "plots/block_n1e4-k256.dat" index 5 using 1:2 with linespoints lw 2 lc rgb "#0f3d17" dt 1 pt 9 title "hamerly cuda-global f64", \
  "plots/block_n1e4-k256.dat" index 6 using 1:2 with linespoints lw 2 lc rgb "#5a87b4" dt 2 pt 13 title "lloyd cuda-shared f32", \
  "plots/block_n1e4-k256.dat" index 7 using 1:2 with linespoints lw 2 lc rgb "#38628b" dt 1 pt 13 title "lloyd cuda-shared f64", \
  "plots/block_n1e4-k256.dat" index 8 using 1:2 with linespoints lw 2 lc rgb "#f07887" dt 2 pt 13 title "elkan cuda-shared f32", \
  "plots/block_n1e4-k256.dat" index 9 using 1:2 with linespoints lw 2 lc rgb "#c35462" dt 1 pt 13 title "elkan cuda-shared f64", \
  "plots/block_n1e4-k256.dat" index 10 using 1:2 with linespoints lw 2 lc rgb "#3d964b" dt 2 pt 13 title "hamerly cuda-shared f32", \
  "plots/block_n1e4-k256.dat" index 11 using 1:2 with linespoints lw 2 lc rgb "#1c702a" dt 1 pt 13 title "hamerly cuda-shared f64"
set output
}

# ---- prune_n1e4-k256
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 1000,460 font "sans,10" noenhanced
} else {
  set terminal svg size 1000,460 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/prune_n1e4-k256.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 1,2 title "distances and pruning per iteration: n1e4, k = 256 (n = 10000, d = 2)"
set xlabel "iteration"
set key outside below center horizontal height 1
set logscale y
set ylabel "point-centroid distances computed"
plot "plots/prune_n1e4-k256.dat" index 0 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd", \
  "plots/prune_n1e4-k256.dat" index 1 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ee6677" title "elkan", \
  "plots/prune_n1e4-k256.dat" index 2 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#228833" title "hamerly"
unset logscale y
set yrange [0:1.05]
set ylabel "share of the n k distances pruned"
plot "plots/prune_n1e4-k256.dat" index 0 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd", \
  "plots/prune_n1e4-k256.dat" index 1 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ee6677" title "elkan", \
  "plots/prune_n1e4-k256.dat" index 2 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#228833" title "hamerly"
unset multiplot
set output
}

# ---- prec_n1e4-k256
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,640 font "sans,10" noenhanced
} else {
  set terminal svg size 900,640 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/prec_n1e4-k256.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 2,1 title "float against double: n1e4, k = 256 (n = 10000, d = 2)"
set lmargin at screen 0.09
set rmargin at screen 0.76
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set yrange [0:*]
set ylabel "median time (s)"
plot "plots/prec_n1e4-k256.dat" using 2:xtic(1) title "f32" lc rgb "#66ccee", '' using 3 title "f64" lc rgb "#4477aa"
set ylabel "labels unlike the f64 baseline (%)"
set yrange [0:1]
set label 1 "every f32 run has the labels of the f64 baseline" at graph 0.5, graph 0.5 center
plot "plots/prec_n1e4-k256.dat" using 4:xtic(1) title "f32 run against f64 baseline" lc rgb "#ccbb44"
unset multiplot
set output
}

# ---- stages_n1e4-k256
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,564 font "sans,10" noenhanced
} else {
  set terminal svg size 900,564 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/stages_n1e4-k256.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "where the whole run goes (median run per solver): n1e4, k = 256 (n = 10000, d = 2)"
set style data histograms
set style histogram rowstacked
set style fill solid 0.85 border -1
set boxwidth 0.8
set yrange [0:1]
set ylabel "share of the whole run"
set key outside right top
set xtics rotate by 90 right
set bmargin 14
plot "plots/stages_n1e4-k256.dat" using 2:xtic(1) title "assign and bounds" lc rgb "#4477aa", '' using 3 title "update" lc rgb "#ee6677", '' using 4 title "set-up and result (transfer)" lc rgb "#228833", '' using 5 title "rest of the loop" lc rgb "#bbbbbb"
set output
}

# ---- time_n1e5-k4
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/time_n1e5-k4.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "median time per run: n1e5, k = 4 (n = 100000, d = 2)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "seconds"
set logscale y
plot "plots/time_n1e5-k4.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- speedup_n1e5-k4
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/speedup_n1e5-k4.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "speed-up over sequential Lloyd of the same precision: n1e5, k = 4 (n = 100000, d = 2)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "speed-up (times faster)"
set logscale y
set arrow from graph 0, first 1 to graph 1, first 1 nohead dt 2 lc rgb "#555555"
plot "plots/speedup_n1e5-k4.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- omp_n1e5-k4
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 800,480 font "sans,10" noenhanced
} else {
  set terminal svg size 800,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/omp_n1e5-k4.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "OpenMP scaling: n1e5, k = 4 (n = 100000, d = 2)"
set logscale x 2
set logscale y
set key outside right
set xlabel "OpenMP threads"
set ylabel "median time (s)"
set xtics (1, 2, 4, 8, 16, 32, 64, 128)
plot "plots/omp_n1e5-k4.dat" index 0 using 1:2 with linespoints lw 2 lc rgb "#7399bf" dt 2 pt 5 title "lloyd f32", \
  "plots/omp_n1e5-k4.dat" index 1 using 1:2 with linespoints lw 2 lc rgb "#2c4d6f" dt 1 pt 5 title "lloyd f64", \
  "plots/omp_n1e5-k4.dat" index 2 using 1:2 with linespoints lw 2 lc rgb "#f28c99" dt 2 pt 5 title "elkan f32", \
  "plots/omp_n1e5-k4.dat" index 3 using 1:2 with linespoints lw 2 lc rgb "#9b424d" dt 1 pt 5 title "elkan f64", \
  "plots/omp_n1e5-k4.dat" index 4 using 1:2 with linespoints lw 2 lc rgb "#59a666" dt 2 pt 5 title "hamerly f32", \
  "plots/omp_n1e5-k4.dat" index 5 using 1:2 with linespoints lw 2 lc rgb "#165821" dt 1 pt 5 title "hamerly f64"
set output
}

# ---- block_n1e5-k4
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 800,480 font "sans,10" noenhanced
} else {
  set terminal svg size 800,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/block_n1e5-k4.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "CUDA block size: n1e5, k = 4 (n = 100000, d = 2)"
set logscale x 2
set logscale y
set key outside right
set xlabel "threads per block"
set ylabel "median time (s)"
set xtics (32, 64, 128, 256, 512, 1024)
plot "plots/block_n1e5-k4.dat" index 0 using 1:2 with linespoints lw 2 lc rgb "#b4c9dd" dt 2 pt 9 title "lloyd cuda-global f32", \
  "plots/block_n1e5-k4.dat" index 1 using 1:2 with linespoints lw 2 lc rgb "#1f364c" dt 1 pt 9 title "lloyd cuda-global f64", \
  "plots/block_n1e5-k4.dat" index 2 using 1:2 with linespoints lw 2 lc rgb "#f8c2c9" dt 2 pt 9 title "elkan cuda-global f32", \
  "plots/block_n1e5-k4.dat" index 3 using 1:2 with linespoints lw 2 lc rgb "#6b2e36" dt 1 pt 9 title "elkan cuda-global f64", \
  "plots/block_n1e5-k4.dat" index 4 using 1:2 with linespoints lw 2 lc rgb "#a7cfad" dt 2 pt 9 title "hamerly cuda-global f32", \
  "plots/block_n1e5-k4.dat" index 5 using 1:2 with linespoints lw 2 lc rgb "#0f3d17" dt 1 pt 9 title "hamerly cuda-global f64", \
  "plots/block_n1e5-k4.dat" index 6 using 1:2 with linespoints lw 2 lc rgb "#5a87b4" dt 2 pt 13 title "lloyd cuda-shared f32", \
  "plots/block_n1e5-k4.dat" index 7 using 1:2 with linespoints lw 2 lc rgb "#38628b" dt 1 pt 13 title "lloyd cuda-shared f64", \
  "plots/block_n1e5-k4.dat" index 8 using 1:2 with linespoints lw 2 lc rgb "#f07887" dt 2 pt 13 title "elkan cuda-shared f32", \
  "plots/block_n1e5-k4.dat" index 9 using 1:2 with linespoints lw 2 lc rgb "#c35462" dt 1 pt 13 title "elkan cuda-shared f64", \
  "plots/block_n1e5-k4.dat" index 10 using 1:2 with linespoints lw 2 lc rgb "#3d964b" dt 2 pt 13 title "hamerly cuda-shared f32", \
  "plots/block_n1e5-k4.dat" index 11 using 1:2 with linespoints lw 2 lc rgb "#1c702a" dt 1 pt 13 title "hamerly cuda-shared f64"
set output
}

# ---- prune_n1e5-k4
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 1000,460 font "sans,10" noenhanced
} else {
  set terminal svg size 1000,460 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/prune_n1e5-k4.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 1,2 title "distances and pruning per iteration: n1e5, k = 4 (n = 100000, d = 2)"
set xlabel "iteration"
set key outside below center horizontal height 1
set logscale y
set ylabel "point-centroid distances computed"
plot "plots/prune_n1e5-k4.dat" index 0 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd", \
  "plots/prune_n1e5-k4.dat" index 1 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ee6677" title "elkan", \
  "plots/prune_n1e5-k4.dat" index 2 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#228833" title "hamerly"
unset logscale y
set yrange [0:1.05]
set ylabel "share of the n k distances pruned"
plot "plots/prune_n1e5-k4.dat" index 0 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd", \
  "plots/prune_n1e5-k4.dat" index 1 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ee6677" title "elkan", \
  "plots/prune_n1e5-k4.dat" index 2 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#228833" title "hamerly"
unset multiplot
set output
}

# ---- prec_n1e5-k4
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,640 font "sans,10" noenhanced
} else {
  set terminal svg size 900,640 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/prec_n1e5-k4.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 2,1 title "float against double: n1e5, k = 4 (n = 100000, d = 2)"
set lmargin at screen 0.09
set rmargin at screen 0.76
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set yrange [0:*]
set ylabel "median time (s)"
plot "plots/prec_n1e5-k4.dat" using 2:xtic(1) title "f32" lc rgb "#66ccee", '' using 3 title "f64" lc rgb "#4477aa"
set ylabel "labels unlike the f64 baseline (%)"
set yrange [0:1]
set label 1 "every f32 run has the labels of the f64 baseline" at graph 0.5, graph 0.5 center
plot "plots/prec_n1e5-k4.dat" using 4:xtic(1) title "f32 run against f64 baseline" lc rgb "#ccbb44"
unset multiplot
set output
}

# ---- stages_n1e5-k4
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,564 font "sans,10" noenhanced
} else {
  set terminal svg size 900,564 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/stages_n1e5-k4.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "where the whole run goes (median run per solver): n1e5, k = 4 (n = 100000, d = 2)"
set style data histograms
set style histogram rowstacked
set style fill solid 0.85 border -1
set boxwidth 0.8
set yrange [0:1]
set ylabel "share of the whole run"
set key outside right top
set xtics rotate by 90 right
set bmargin 14
plot "plots/stages_n1e5-k4.dat" using 2:xtic(1) title "assign and bounds" lc rgb "#4477aa", '' using 3 title "update" lc rgb "#ee6677", '' using 4 title "set-up and result (transfer)" lc rgb "#228833", '' using 5 title "rest of the loop" lc rgb "#bbbbbb"
set output
}

# ---- time_n1e5-k16
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/time_n1e5-k16.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "median time per run: n1e5, k = 16 (n = 100000, d = 2)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "seconds"
set logscale y
plot "plots/time_n1e5-k16.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- speedup_n1e5-k16
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/speedup_n1e5-k16.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "speed-up over sequential Lloyd of the same precision: n1e5, k = 16 (n = 100000, d = 2)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "speed-up (times faster)"
set logscale y
set arrow from graph 0, first 1 to graph 1, first 1 nohead dt 2 lc rgb "#555555"
plot "plots/speedup_n1e5-k16.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- omp_n1e5-k16
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 800,480 font "sans,10" noenhanced
} else {
  set terminal svg size 800,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/omp_n1e5-k16.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "OpenMP scaling: n1e5, k = 16 (n = 100000, d = 2)"
set logscale x 2
set logscale y
set key outside right
set xlabel "OpenMP threads"
set ylabel "median time (s)"
set xtics (1, 2, 4, 8, 16, 32, 64, 128)
plot "plots/omp_n1e5-k16.dat" index 0 using 1:2 with linespoints lw 2 lc rgb "#7399bf" dt 2 pt 5 title "lloyd f32", \
  "plots/omp_n1e5-k16.dat" index 1 using 1:2 with linespoints lw 2 lc rgb "#2c4d6f" dt 1 pt 5 title "lloyd f64", \
  "plots/omp_n1e5-k16.dat" index 2 using 1:2 with linespoints lw 2 lc rgb "#f28c99" dt 2 pt 5 title "elkan f32", \
  "plots/omp_n1e5-k16.dat" index 3 using 1:2 with linespoints lw 2 lc rgb "#9b424d" dt 1 pt 5 title "elkan f64", \
  "plots/omp_n1e5-k16.dat" index 4 using 1:2 with linespoints lw 2 lc rgb "#59a666" dt 2 pt 5 title "hamerly f32", \
  "plots/omp_n1e5-k16.dat" index 5 using 1:2 with linespoints lw 2 lc rgb "#165821" dt 1 pt 5 title "hamerly f64"
set output
}

# ---- block_n1e5-k16
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 800,480 font "sans,10" noenhanced
} else {
  set terminal svg size 800,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/block_n1e5-k16.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "CUDA block size: n1e5, k = 16 (n = 100000, d = 2)"
set logscale x 2
set logscale y
set key outside right
set xlabel "threads per block"
set ylabel "median time (s)"
set xtics (32, 64, 128, 256, 512, 1024)
plot "plots/block_n1e5-k16.dat" index 0 using 1:2 with linespoints lw 2 lc rgb "#b4c9dd" dt 2 pt 9 title "lloyd cuda-global f32", \
  "plots/block_n1e5-k16.dat" index 1 using 1:2 with linespoints lw 2 lc rgb "#1f364c" dt 1 pt 9 title "lloyd cuda-global f64", \
  "plots/block_n1e5-k16.dat" index 2 using 1:2 with linespoints lw 2 lc rgb "#f8c2c9" dt 2 pt 9 title "elkan cuda-global f32", \
  "plots/block_n1e5-k16.dat" index 3 using 1:2 with linespoints lw 2 lc rgb "#6b2e36" dt 1 pt 9 title "elkan cuda-global f64", \
  "plots/block_n1e5-k16.dat" index 4 using 1:2 with linespoints lw 2 lc rgb "#a7cfad" dt 2 pt 9 title "hamerly cuda-global f32", \
  "plots/block_n1e5-k16.dat" index 5 using 1:2 with linespoints lw 2 lc rgb "#0f3d17" dt 1 pt 9 title "hamerly cuda-global f64", \
  "plots/block_n1e5-k16.dat" index 6 using 1:2 with linespoints lw 2 lc rgb "#5a87b4" dt 2 pt 13 title "lloyd cuda-shared f32", \
  "plots/block_n1e5-k16.dat" index 7 using 1:2 with linespoints lw 2 lc rgb "#38628b" dt 1 pt 13 title "lloyd cuda-shared f64", \
  "plots/block_n1e5-k16.dat" index 8 using 1:2 with linespoints lw 2 lc rgb "#f07887" dt 2 pt 13 title "elkan cuda-shared f32", \
  "plots/block_n1e5-k16.dat" index 9 using 1:2 with linespoints lw 2 lc rgb "#c35462" dt 1 pt 13 title "elkan cuda-shared f64", \
  "plots/block_n1e5-k16.dat" index 10 using 1:2 with linespoints lw 2 lc rgb "#3d964b" dt 2 pt 13 title "hamerly cuda-shared f32", \
  "plots/block_n1e5-k16.dat" index 11 using 1:2 with linespoints lw 2 lc rgb "#1c702a" dt 1 pt 13 title "hamerly cuda-shared f64"
set output
}

# ---- prune_n1e5-k16
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 1000,460 font "sans,10" noenhanced
} else {
  set terminal svg size 1000,460 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/prune_n1e5-k16.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 1,2 title "distances and pruning per iteration: n1e5, k = 16 (n = 100000, d = 2)"
set xlabel "iteration"
set key outside below center horizontal height 1
set logscale y
set ylabel "point-centroid distances computed"
plot "plots/prune_n1e5-k16.dat" index 0 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd", \
  "plots/prune_n1e5-k16.dat" index 1 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ee6677" title "elkan", \
  "plots/prune_n1e5-k16.dat" index 2 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#228833" title "hamerly"
unset logscale y
set yrange [0:1.05]
set ylabel "share of the n k distances pruned"
plot "plots/prune_n1e5-k16.dat" index 0 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd", \
  "plots/prune_n1e5-k16.dat" index 1 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ee6677" title "elkan", \
  "plots/prune_n1e5-k16.dat" index 2 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#228833" title "hamerly"
unset multiplot
set output
}

# ---- prec_n1e5-k16
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,640 font "sans,10" noenhanced
} else {
  set terminal svg size 900,640 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/prec_n1e5-k16.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 2,1 title "float against double: n1e5, k = 16 (n = 100000, d = 2)"
set lmargin at screen 0.09
set rmargin at screen 0.76
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set yrange [0:*]
set ylabel "median time (s)"
plot "plots/prec_n1e5-k16.dat" using 2:xtic(1) title "f32" lc rgb "#66ccee", '' using 3 title "f64" lc rgb "#4477aa"
set ylabel "labels unlike the f64 baseline (%)"
set yrange [0:1]
set label 1 "every f32 run has the labels of the f64 baseline" at graph 0.5, graph 0.5 center
plot "plots/prec_n1e5-k16.dat" using 4:xtic(1) title "f32 run against f64 baseline" lc rgb "#ccbb44"
unset multiplot
set output
}

# ---- stages_n1e5-k16
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,564 font "sans,10" noenhanced
} else {
  set terminal svg size 900,564 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/stages_n1e5-k16.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "where the whole run goes (median run per solver): n1e5, k = 16 (n = 100000, d = 2)"
set style data histograms
set style histogram rowstacked
set style fill solid 0.85 border -1
set boxwidth 0.8
set yrange [0:1]
set ylabel "share of the whole run"
set key outside right top
set xtics rotate by 90 right
set bmargin 14
plot "plots/stages_n1e5-k16.dat" using 2:xtic(1) title "assign and bounds" lc rgb "#4477aa", '' using 3 title "update" lc rgb "#ee6677", '' using 4 title "set-up and result (transfer)" lc rgb "#228833", '' using 5 title "rest of the loop" lc rgb "#bbbbbb"
set output
}

# ---- time_n1e5-k64
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/time_n1e5-k64.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "median time per run: n1e5, k = 64 (n = 100000, d = 2)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "seconds"
set logscale y
plot "plots/time_n1e5-k64.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- speedup_n1e5-k64
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/speedup_n1e5-k64.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "speed-up over sequential Lloyd of the same precision: n1e5, k = 64 (n = 100000, d = 2)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "speed-up (times faster)"
set logscale y
set arrow from graph 0, first 1 to graph 1, first 1 nohead dt 2 lc rgb "#555555"
plot "plots/speedup_n1e5-k64.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- omp_n1e5-k64
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 800,480 font "sans,10" noenhanced
} else {
  set terminal svg size 800,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/omp_n1e5-k64.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "OpenMP scaling: n1e5, k = 64 (n = 100000, d = 2)"
set logscale x 2
set logscale y
set key outside right
set xlabel "OpenMP threads"
set ylabel "median time (s)"
set xtics (1, 2, 4, 8, 16, 32, 64, 128)
plot "plots/omp_n1e5-k64.dat" index 0 using 1:2 with linespoints lw 2 lc rgb "#7399bf" dt 2 pt 5 title "lloyd f32", \
  "plots/omp_n1e5-k64.dat" index 1 using 1:2 with linespoints lw 2 lc rgb "#2c4d6f" dt 1 pt 5 title "lloyd f64", \
  "plots/omp_n1e5-k64.dat" index 2 using 1:2 with linespoints lw 2 lc rgb "#f28c99" dt 2 pt 5 title "elkan f32", \
  "plots/omp_n1e5-k64.dat" index 3 using 1:2 with linespoints lw 2 lc rgb "#9b424d" dt 1 pt 5 title "elkan f64", \
  "plots/omp_n1e5-k64.dat" index 4 using 1:2 with linespoints lw 2 lc rgb "#59a666" dt 2 pt 5 title "hamerly f32", \
  "plots/omp_n1e5-k64.dat" index 5 using 1:2 with linespoints lw 2 lc rgb "#165821" dt 1 pt 5 title "hamerly f64"
set output
}

# ---- block_n1e5-k64
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 800,480 font "sans,10" noenhanced
} else {
  set terminal svg size 800,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/block_n1e5-k64.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "CUDA block size: n1e5, k = 64 (n = 100000, d = 2)"
set logscale x 2
set logscale y
set key outside right
set xlabel "threads per block"
set ylabel "median time (s)"
set xtics (32, 64, 128, 256, 512, 1024)
plot "plots/block_n1e5-k64.dat" index 0 using 1:2 with linespoints lw 2 lc rgb "#b4c9dd" dt 2 pt 9 title "lloyd cuda-global f32", \
  "plots/block_n1e5-k64.dat" index 1 using 1:2 with linespoints lw 2 lc rgb "#1f364c" dt 1 pt 9 title "lloyd cuda-global f64", \
  "plots/block_n1e5-k64.dat" index 2 using 1:2 with linespoints lw 2 lc rgb "#f8c2c9" dt 2 pt 9 title "elkan cuda-global f32", \
  "plots/block_n1e5-k64.dat" index 3 using 1:2 with linespoints lw 2 lc rgb "#6b2e36" dt 1 pt 9 title "elkan cuda-global f64", \
  "plots/block_n1e5-k64.dat" index 4 using 1:2 with linespoints lw 2 lc rgb "#a7cfad" dt 2 pt 9 title "hamerly cuda-global f32", \
  "plots/block_n1e5-k64.dat" index 5 using 1:2 with linespoints lw 2 lc rgb "#0f3d17" dt 1 pt 9 title "hamerly cuda-global f64", \
  "plots/block_n1e5-k64.dat" index 6 using 1:2 with linespoints lw 2 lc rgb "#5a87b4" dt 2 pt 13 title "lloyd cuda-shared f32", \
  "plots/block_n1e5-k64.dat" index 7 using 1:2 with linespoints lw 2 lc rgb "#38628b" dt 1 pt 13 title "lloyd cuda-shared f64", \
  "plots/block_n1e5-k64.dat" index 8 using 1:2 with linespoints lw 2 lc rgb "#f07887" dt 2 pt 13 title "elkan cuda-shared f32", \
  "plots/block_n1e5-k64.dat" index 9 using 1:2 with linespoints lw 2 lc rgb "#c35462" dt 1 pt 13 title "elkan cuda-shared f64", \
  "plots/block_n1e5-k64.dat" index 10 using 1:2 with linespoints lw 2 lc rgb "#3d964b" dt 2 pt 13 title "hamerly cuda-shared f32", \
  "plots/block_n1e5-k64.dat" index 11 using 1:2 with linespoints lw 2 lc rgb "#1c702a" dt 1 pt 13 title "hamerly cuda-shared f64"
set output
}

# ---- prune_n1e5-k64
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 1000,460 font "sans,10" noenhanced
} else {
  set terminal svg size 1000,460 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/prune_n1e5-k64.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 1,2 title "distances and pruning per iteration: n1e5, k = 64 (n = 100000, d = 2)"
set xlabel "iteration"
set key outside below center horizontal height 1
set logscale y
set ylabel "point-centroid distances computed"
plot "plots/prune_n1e5-k64.dat" index 0 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd", \
  "plots/prune_n1e5-k64.dat" index 1 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ee6677" title "elkan", \
  "plots/prune_n1e5-k64.dat" index 2 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#228833" title "hamerly"
unset logscale y
set yrange [0:1.05]
set ylabel "share of the n k distances pruned"
plot "plots/prune_n1e5-k64.dat" index 0 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd", \
  "plots/prune_n1e5-k64.dat" index 1 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ee6677" title "elkan", \
  "plots/prune_n1e5-k64.dat" index 2 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#228833" title "hamerly"
unset multiplot
set output
}

# ---- prec_n1e5-k64
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,640 font "sans,10" noenhanced
} else {
  set terminal svg size 900,640 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/prec_n1e5-k64.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 2,1 title "float against double: n1e5, k = 64 (n = 100000, d = 2)"
set lmargin at screen 0.09
set rmargin at screen 0.76
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set yrange [0:*]
set ylabel "median time (s)"
plot "plots/prec_n1e5-k64.dat" using 2:xtic(1) title "f32" lc rgb "#66ccee", '' using 3 title "f64" lc rgb "#4477aa"
set ylabel "labels unlike the f64 baseline (%)"
set yrange [0:*]
plot "plots/prec_n1e5-k64.dat" using 4:xtic(1) title "f32 run against f64 baseline" lc rgb "#ccbb44"
unset multiplot
set output
}

# ---- stages_n1e5-k64
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,564 font "sans,10" noenhanced
} else {
  set terminal svg size 900,564 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/stages_n1e5-k64.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "where the whole run goes (median run per solver): n1e5, k = 64 (n = 100000, d = 2)"
set style data histograms
set style histogram rowstacked
set style fill solid 0.85 border -1
set boxwidth 0.8
set yrange [0:1]
set ylabel "share of the whole run"
set key outside right top
set xtics rotate by 90 right
set bmargin 14
plot "plots/stages_n1e5-k64.dat" using 2:xtic(1) title "assign and bounds" lc rgb "#4477aa", '' using 3 title "update" lc rgb "#ee6677", '' using 4 title "set-up and result (transfer)" lc rgb "#228833", '' using 5 title "rest of the loop" lc rgb "#bbbbbb"
set output
}

# ---- time_n1e6-k4
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/time_n1e6-k4.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "median time per run: n1e6, k = 4 (n = 1000000, d = 2)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "seconds"
set logscale y
plot "plots/time_n1e6-k4.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- speedup_n1e6-k4
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/speedup_n1e6-k4.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "speed-up over sequential Lloyd of the same precision: n1e6, k = 4 (n = 1000000, d = 2)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "speed-up (times faster)"
set logscale y
set arrow from graph 0, first 1 to graph 1, first 1 nohead dt 2 lc rgb "#555555"
plot "plots/speedup_n1e6-k4.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- omp_n1e6-k4
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 800,480 font "sans,10" noenhanced
} else {
  set terminal svg size 800,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/omp_n1e6-k4.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "OpenMP scaling: n1e6, k = 4 (n = 1000000, d = 2)"
set logscale x 2
set logscale y
set key outside right
set xlabel "OpenMP threads"
set ylabel "median time (s)"
set xtics (1, 2, 4, 8, 16, 32, 64, 128)
plot "plots/omp_n1e6-k4.dat" index 0 using 1:2 with linespoints lw 2 lc rgb "#7399bf" dt 2 pt 5 title "lloyd f32", \
  "plots/omp_n1e6-k4.dat" index 1 using 1:2 with linespoints lw 2 lc rgb "#2c4d6f" dt 1 pt 5 title "lloyd f64", \
  "plots/omp_n1e6-k4.dat" index 2 using 1:2 with linespoints lw 2 lc rgb "#f28c99" dt 2 pt 5 title "elkan f32", \
  "plots/omp_n1e6-k4.dat" index 3 using 1:2 with linespoints lw 2 lc rgb "#9b424d" dt 1 pt 5 title "elkan f64", \
  "plots/omp_n1e6-k4.dat" index 4 using 1:2 with linespoints lw 2 lc rgb "#59a666" dt 2 pt 5 title "hamerly f32", \
  "plots/omp_n1e6-k4.dat" index 5 using 1:2 with linespoints lw 2 lc rgb "#165821" dt 1 pt 5 title "hamerly f64"
set output
}

# ---- block_n1e6-k4
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 800,480 font "sans,10" noenhanced
} else {
  set terminal svg size 800,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/block_n1e6-k4.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "CUDA block size: n1e6, k = 4 (n = 1000000, d = 2)"
set logscale x 2
set logscale y
set key outside right
set xlabel "threads per block"
set ylabel "median time (s)"
set xtics (32, 64, 128, 256, 512, 1024)
plot "plots/block_n1e6-k4.dat" index 0 using 1:2 with linespoints lw 2 lc rgb "#b4c9dd" dt 2 pt 9 title "lloyd cuda-global f32", \
  "plots/block_n1e6-k4.dat" index 1 using 1:2 with linespoints lw 2 lc rgb "#1f364c" dt 1 pt 9 title "lloyd cuda-global f64", \
  "plots/block_n1e6-k4.dat" index 2 using 1:2 with linespoints lw 2 lc rgb "#f8c2c9" dt 2 pt 9 title "elkan cuda-global f32", \
  "plots/block_n1e6-k4.dat" index 3 using 1:2 with linespoints lw 2 lc rgb "#6b2e36" dt 1 pt 9 title "elkan cuda-global f64", \
  "plots/block_n1e6-k4.dat" index 4 using 1:2 with linespoints lw 2 lc rgb "#a7cfad" dt 2 pt 9 title "hamerly cuda-global f32", \
  "plots/block_n1e6-k4.dat" index 5 using 1:2 with linespoints lw 2 lc rgb "#0f3d17" dt 1 pt 9 title "hamerly cuda-global f64", \
  "plots/block_n1e6-k4.dat" index 6 using 1:2 with linespoints lw 2 lc rgb "#5a87b4" dt 2 pt 13 title "lloyd cuda-shared f32", \
  "plots/block_n1e6-k4.dat" index 7 using 1:2 with linespoints lw 2 lc rgb "#38628b" dt 1 pt 13 title "lloyd cuda-shared f64", \
  "plots/block_n1e6-k4.dat" index 8 using 1:2 with linespoints lw 2 lc rgb "#f07887" dt 2 pt 13 title "elkan cuda-shared f32", \
  "plots/block_n1e6-k4.dat" index 9 using 1:2 with linespoints lw 2 lc rgb "#c35462" dt 1 pt 13 title "elkan cuda-shared f64", \
  "plots/block_n1e6-k4.dat" index 10 using 1:2 with linespoints lw 2 lc rgb "#3d964b" dt 2 pt 13 title "hamerly cuda-shared f32", \
  "plots/block_n1e6-k4.dat" index 11 using 1:2 with linespoints lw 2 lc rgb "#1c702a" dt 1 pt 13 title "hamerly cuda-shared f64"
set output
}

# ---- prune_n1e6-k4
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 1000,460 font "sans,10" noenhanced
} else {
  set terminal svg size 1000,460 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/prune_n1e6-k4.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 1,2 title "distances and pruning per iteration: n1e6, k = 4 (n = 1000000, d = 2)"
set xlabel "iteration"
set key outside below center horizontal height 1
set logscale y
set ylabel "point-centroid distances computed"
plot "plots/prune_n1e6-k4.dat" index 0 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd", \
  "plots/prune_n1e6-k4.dat" index 1 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ee6677" title "elkan", \
  "plots/prune_n1e6-k4.dat" index 2 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#228833" title "hamerly"
unset logscale y
set yrange [0:1.05]
set ylabel "share of the n k distances pruned"
plot "plots/prune_n1e6-k4.dat" index 0 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd", \
  "plots/prune_n1e6-k4.dat" index 1 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ee6677" title "elkan", \
  "plots/prune_n1e6-k4.dat" index 2 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#228833" title "hamerly"
unset multiplot
set output
}

# ---- prec_n1e6-k4
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,640 font "sans,10" noenhanced
} else {
  set terminal svg size 900,640 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/prec_n1e6-k4.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 2,1 title "float against double: n1e6, k = 4 (n = 1000000, d = 2)"
set lmargin at screen 0.09
set rmargin at screen 0.76
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set yrange [0:*]
set ylabel "median time (s)"
plot "plots/prec_n1e6-k4.dat" using 2:xtic(1) title "f32" lc rgb "#66ccee", '' using 3 title "f64" lc rgb "#4477aa"
set ylabel "labels unlike the f64 baseline (%)"
set yrange [0:1]
set label 1 "every f32 run has the labels of the f64 baseline" at graph 0.5, graph 0.5 center
plot "plots/prec_n1e6-k4.dat" using 4:xtic(1) title "f32 run against f64 baseline" lc rgb "#ccbb44"
unset multiplot
set output
}

# ---- stages_n1e6-k4
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,564 font "sans,10" noenhanced
} else {
  set terminal svg size 900,564 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/stages_n1e6-k4.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "where the whole run goes (median run per solver): n1e6, k = 4 (n = 1000000, d = 2)"
set style data histograms
set style histogram rowstacked
set style fill solid 0.85 border -1
set boxwidth 0.8
set yrange [0:1]
set ylabel "share of the whole run"
set key outside right top
set xtics rotate by 90 right
set bmargin 14
plot "plots/stages_n1e6-k4.dat" using 2:xtic(1) title "assign and bounds" lc rgb "#4477aa", '' using 3 title "update" lc rgb "#ee6677", '' using 4 title "set-up and result (transfer)" lc rgb "#228833", '' using 5 title "rest of the loop" lc rgb "#bbbbbb"
set output
}

# ---- time_n1e6-k16
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/time_n1e6-k16.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "median time per run: n1e6, k = 16 (n = 1000000, d = 2)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "seconds"
set logscale y
plot "plots/time_n1e6-k16.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- speedup_n1e6-k16
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/speedup_n1e6-k16.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "speed-up over sequential Lloyd of the same precision: n1e6, k = 16 (n = 1000000, d = 2)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "speed-up (times faster)"
set logscale y
set arrow from graph 0, first 1 to graph 1, first 1 nohead dt 2 lc rgb "#555555"
plot "plots/speedup_n1e6-k16.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- omp_n1e6-k16
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 800,480 font "sans,10" noenhanced
} else {
  set terminal svg size 800,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/omp_n1e6-k16.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "OpenMP scaling: n1e6, k = 16 (n = 1000000, d = 2)"
set logscale x 2
set logscale y
set key outside right
set xlabel "OpenMP threads"
set ylabel "median time (s)"
set xtics (1, 2, 4, 8, 16, 32, 64, 128)
plot "plots/omp_n1e6-k16.dat" index 0 using 1:2 with linespoints lw 2 lc rgb "#7399bf" dt 2 pt 5 title "lloyd f32", \
  "plots/omp_n1e6-k16.dat" index 1 using 1:2 with linespoints lw 2 lc rgb "#2c4d6f" dt 1 pt 5 title "lloyd f64", \
  "plots/omp_n1e6-k16.dat" index 2 using 1:2 with linespoints lw 2 lc rgb "#f28c99" dt 2 pt 5 title "elkan f32", \
  "plots/omp_n1e6-k16.dat" index 3 using 1:2 with linespoints lw 2 lc rgb "#9b424d" dt 1 pt 5 title "elkan f64", \
  "plots/omp_n1e6-k16.dat" index 4 using 1:2 with linespoints lw 2 lc rgb "#59a666" dt 2 pt 5 title "hamerly f32", \
  "plots/omp_n1e6-k16.dat" index 5 using 1:2 with linespoints lw 2 lc rgb "#165821" dt 1 pt 5 title "hamerly f64"
set output
}

# ---- block_n1e6-k16
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 800,480 font "sans,10" noenhanced
} else {
  set terminal svg size 800,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/block_n1e6-k16.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "CUDA block size: n1e6, k = 16 (n = 1000000, d = 2)"
set logscale x 2
set logscale y
set key outside right
set xlabel "threads per block"
set ylabel "median time (s)"
set xtics (32, 64, 128, 256, 512, 1024)
plot "plots/block_n1e6-k16.dat" index 0 using 1:2 with linespoints lw 2 lc rgb "#b4c9dd" dt 2 pt 9 title "lloyd cuda-global f32", \
  "plots/block_n1e6-k16.dat" index 1 using 1:2 with linespoints lw 2 lc rgb "#1f364c" dt 1 pt 9 title "lloyd cuda-global f64", \
  "plots/block_n1e6-k16.dat" index 2 using 1:2 with linespoints lw 2 lc rgb "#f8c2c9" dt 2 pt 9 title "elkan cuda-global f32", \
  "plots/block_n1e6-k16.dat" index 3 using 1:2 with linespoints lw 2 lc rgb "#6b2e36" dt 1 pt 9 title "elkan cuda-global f64", \
  "plots/block_n1e6-k16.dat" index 4 using 1:2 with linespoints lw 2 lc rgb "#a7cfad" dt 2 pt 9 title "hamerly cuda-global f32", \
  "plots/block_n1e6-k16.dat" index 5 using 1:2 with linespoints lw 2 lc rgb "#0f3d17" dt 1 pt 9 title "hamerly cuda-global f64", \
  "plots/block_n1e6-k16.dat" index 6 using 1:2 with linespoints lw 2 lc rgb "#5a87b4" dt 2 pt 13 title "lloyd cuda-shared f32", \
  "plots/block_n1e6-k16.dat" index 7 using 1:2 with linespoints lw 2 lc rgb "#38628b" dt 1 pt 13 title "lloyd cuda-shared f64", \
  "plots/block_n1e6-k16.dat" index 8 using 1:2 with linespoints lw 2 lc rgb "#f07887" dt 2 pt 13 title "elkan cuda-shared f32", \
  "plots/block_n1e6-k16.dat" index 9 using 1:2 with linespoints lw 2 lc rgb "#c35462" dt 1 pt 13 title "elkan cuda-shared f64", \
  "plots/block_n1e6-k16.dat" index 10 using 1:2 with linespoints lw 2 lc rgb "#3d964b" dt 2 pt 13 title "hamerly cuda-shared f32", \
  "plots/block_n1e6-k16.dat" index 11 using 1:2 with linespoints lw 2 lc rgb "#1c702a" dt 1 pt 13 title "hamerly cuda-shared f64"
set output
}

# ---- prune_n1e6-k16
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 1000,460 font "sans,10" noenhanced
} else {
  set terminal svg size 1000,460 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/prune_n1e6-k16.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 1,2 title "distances and pruning per iteration: n1e6, k = 16 (n = 1000000, d = 2)"
set xlabel "iteration"
set key outside below center horizontal height 1
set logscale y
set ylabel "point-centroid distances computed"
plot "plots/prune_n1e6-k16.dat" index 0 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd", \
  "plots/prune_n1e6-k16.dat" index 1 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ee6677" title "elkan", \
  "plots/prune_n1e6-k16.dat" index 2 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#228833" title "hamerly"
unset logscale y
set yrange [0:1.05]
set ylabel "share of the n k distances pruned"
plot "plots/prune_n1e6-k16.dat" index 0 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd", \
  "plots/prune_n1e6-k16.dat" index 1 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ee6677" title "elkan", \
  "plots/prune_n1e6-k16.dat" index 2 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#228833" title "hamerly"
unset multiplot
set output
}

# ---- prec_n1e6-k16
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,640 font "sans,10" noenhanced
} else {
  set terminal svg size 900,640 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/prec_n1e6-k16.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 2,1 title "float against double: n1e6, k = 16 (n = 1000000, d = 2)"
set lmargin at screen 0.09
set rmargin at screen 0.76
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set yrange [0:*]
set ylabel "median time (s)"
plot "plots/prec_n1e6-k16.dat" using 2:xtic(1) title "f32" lc rgb "#66ccee", '' using 3 title "f64" lc rgb "#4477aa"
set ylabel "labels unlike the f64 baseline (%)"
set yrange [0:1]
set label 1 "every f32 run has the labels of the f64 baseline" at graph 0.5, graph 0.5 center
plot "plots/prec_n1e6-k16.dat" using 4:xtic(1) title "f32 run against f64 baseline" lc rgb "#ccbb44"
unset multiplot
set output
}

# ---- stages_n1e6-k16
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,564 font "sans,10" noenhanced
} else {
  set terminal svg size 900,564 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/stages_n1e6-k16.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "where the whole run goes (median run per solver): n1e6, k = 16 (n = 1000000, d = 2)"
set style data histograms
set style histogram rowstacked
set style fill solid 0.85 border -1
set boxwidth 0.8
set yrange [0:1]
set ylabel "share of the whole run"
set key outside right top
set xtics rotate by 90 right
set bmargin 14
plot "plots/stages_n1e6-k16.dat" using 2:xtic(1) title "assign and bounds" lc rgb "#4477aa", '' using 3 title "update" lc rgb "#ee6677", '' using 4 title "set-up and result (transfer)" lc rgb "#228833", '' using 5 title "rest of the loop" lc rgb "#bbbbbb"
set output
}

# ---- scalen_d2-k4
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,520 font "sans,10" noenhanced
} else {
  set terminal svg size 900,520 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/scalen_d2-k4.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "median time against n: d = 2, k = 4"
set xlabel "n (points)"
set ylabel "seconds"
set logscale xy
set key outside right top
plot "plots/scalen_d2-k4.dat" index 0 with linespoints lw 2 lc rgb "#98b4d0" dt 2 pt 7 title "lloyd seq f32", \
  "plots/scalen_d2-k4.dat" index 1 with linespoints lw 2 lc rgb "#4477aa" dt 1 pt 7 title "lloyd seq f64", \
  "plots/scalen_d2-k4.dat" index 2 with linespoints lw 2 lc rgb "#f6abb4" dt 2 pt 7 title "elkan seq f32", \
  "plots/scalen_d2-k4.dat" index 3 with linespoints lw 2 lc rgb "#ee6677" dt 1 pt 7 title "elkan seq f64", \
  "plots/scalen_d2-k4.dat" index 4 with linespoints lw 2 lc rgb "#85be8f" dt 2 pt 7 title "hamerly seq f32", \
  "plots/scalen_d2-k4.dat" index 5 with linespoints lw 2 lc rgb "#228833" dt 1 pt 7 title "hamerly seq f64", \
  "plots/scalen_d2-k4.dat" index 6 with linespoints lw 2 lc rgb "#7399bf" dt 2 pt 5 title "lloyd omp f32", \
  "plots/scalen_d2-k4.dat" index 7 with linespoints lw 2 lc rgb "#2c4d6f" dt 1 pt 5 title "lloyd omp f64", \
  "plots/scalen_d2-k4.dat" index 8 with linespoints lw 2 lc rgb "#f28c99" dt 2 pt 5 title "elkan omp f32", \
  "plots/scalen_d2-k4.dat" index 9 with linespoints lw 2 lc rgb "#9b424d" dt 1 pt 5 title "elkan omp f64", \
  "plots/scalen_d2-k4.dat" index 10 with linespoints lw 2 lc rgb "#59a666" dt 2 pt 5 title "hamerly omp f32", \
  "plots/scalen_d2-k4.dat" index 11 with linespoints lw 2 lc rgb "#165821" dt 1 pt 5 title "hamerly omp f64", \
  "plots/scalen_d2-k4.dat" index 12 with linespoints lw 2 lc rgb "#b4c9dd" dt 2 pt 9 title "lloyd cuda-global f32", \
  "plots/scalen_d2-k4.dat" index 13 with linespoints lw 2 lc rgb "#1f364c" dt 1 pt 9 title "lloyd cuda-global f64", \
  "plots/scalen_d2-k4.dat" index 14 with linespoints lw 2 lc rgb "#f8c2c9" dt 2 pt 9 title "elkan cuda-global f32", \
  "plots/scalen_d2-k4.dat" index 15 with linespoints lw 2 lc rgb "#6b2e36" dt 1 pt 9 title "elkan cuda-global f64", \
  "plots/scalen_d2-k4.dat" index 16 with linespoints lw 2 lc rgb "#a7cfad" dt 2 pt 9 title "hamerly cuda-global f32", \
  "plots/scalen_d2-k4.dat" index 17 with linespoints lw 2 lc rgb "#0f3d17" dt 1 pt 9 title "hamerly cuda-global f64", \
  "plots/scalen_d2-k4.dat" index 18 with linespoints lw 2 lc rgb "#5a87b4" dt 2 pt 13 title "lloyd cuda-shared f32", \
  "plots/scalen_d2-k4.dat" index 19 with linespoints lw 2 lc rgb "#38628b" dt 1 pt 13 title "lloyd cuda-shared f64", \
  "plots/scalen_d2-k4.dat" index 20 with linespoints lw 2 lc rgb "#f07887" dt 2 pt 13 title "elkan cuda-shared f32", \
  "plots/scalen_d2-k4.dat" index 21 with linespoints lw 2 lc rgb "#c35462" dt 1 pt 13 title "elkan cuda-shared f64", \
  "plots/scalen_d2-k4.dat" index 22 with linespoints lw 2 lc rgb "#3d964b" dt 2 pt 13 title "hamerly cuda-shared f32", \
  "plots/scalen_d2-k4.dat" index 23 with linespoints lw 2 lc rgb "#1c702a" dt 1 pt 13 title "hamerly cuda-shared f64", \
  "plots/scalen_d2-k4.dat" index 24 with linespoints lw 2 lc rgb "#85a7c8" dt 2 pt 3 title "lloyd sklearn f32", \
  "plots/scalen_d2-k4.dat" index 25 with linespoints lw 2 lc rgb "#142433" dt 1 pt 3 title "lloyd sklearn f64", \
  "plots/scalen_d2-k4.dat" index 26 with linespoints lw 2 lc rgb "#f49ca7" dt 2 pt 3 title "elkan sklearn f32", \
  "plots/scalen_d2-k4.dat" index 27 with linespoints lw 2 lc rgb "#471f24" dt 1 pt 3 title "elkan sklearn f64"
set output
}

# ---- scalek_n1e4
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,520 font "sans,10" noenhanced
} else {
  set terminal svg size 900,520 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/scalek_n1e4.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "median time against k: n1e4 (n = 10000, d = 2)"
set xlabel "k (clusters)"
set ylabel "seconds"
set logscale xy
set key outside right top
plot "plots/scalek_n1e4.dat" index 0 with linespoints lw 2 lc rgb "#98b4d0" dt 2 pt 7 title "lloyd seq f32", \
  "plots/scalek_n1e4.dat" index 1 with linespoints lw 2 lc rgb "#4477aa" dt 1 pt 7 title "lloyd seq f64", \
  "plots/scalek_n1e4.dat" index 2 with linespoints lw 2 lc rgb "#f6abb4" dt 2 pt 7 title "elkan seq f32", \
  "plots/scalek_n1e4.dat" index 3 with linespoints lw 2 lc rgb "#ee6677" dt 1 pt 7 title "elkan seq f64", \
  "plots/scalek_n1e4.dat" index 4 with linespoints lw 2 lc rgb "#85be8f" dt 2 pt 7 title "hamerly seq f32", \
  "plots/scalek_n1e4.dat" index 5 with linespoints lw 2 lc rgb "#228833" dt 1 pt 7 title "hamerly seq f64", \
  "plots/scalek_n1e4.dat" index 6 with linespoints lw 2 lc rgb "#7399bf" dt 2 pt 5 title "lloyd omp f32", \
  "plots/scalek_n1e4.dat" index 7 with linespoints lw 2 lc rgb "#2c4d6f" dt 1 pt 5 title "lloyd omp f64", \
  "plots/scalek_n1e4.dat" index 8 with linespoints lw 2 lc rgb "#f28c99" dt 2 pt 5 title "elkan omp f32", \
  "plots/scalek_n1e4.dat" index 9 with linespoints lw 2 lc rgb "#9b424d" dt 1 pt 5 title "elkan omp f64", \
  "plots/scalek_n1e4.dat" index 10 with linespoints lw 2 lc rgb "#59a666" dt 2 pt 5 title "hamerly omp f32", \
  "plots/scalek_n1e4.dat" index 11 with linespoints lw 2 lc rgb "#165821" dt 1 pt 5 title "hamerly omp f64", \
  "plots/scalek_n1e4.dat" index 12 with linespoints lw 2 lc rgb "#b4c9dd" dt 2 pt 9 title "lloyd cuda-global f32", \
  "plots/scalek_n1e4.dat" index 13 with linespoints lw 2 lc rgb "#1f364c" dt 1 pt 9 title "lloyd cuda-global f64", \
  "plots/scalek_n1e4.dat" index 14 with linespoints lw 2 lc rgb "#f8c2c9" dt 2 pt 9 title "elkan cuda-global f32", \
  "plots/scalek_n1e4.dat" index 15 with linespoints lw 2 lc rgb "#6b2e36" dt 1 pt 9 title "elkan cuda-global f64", \
  "plots/scalek_n1e4.dat" index 16 with linespoints lw 2 lc rgb "#a7cfad" dt 2 pt 9 title "hamerly cuda-global f32", \
  "plots/scalek_n1e4.dat" index 17 with linespoints lw 2 lc rgb "#0f3d17" dt 1 pt 9 title "hamerly cuda-global f64", \
  "plots/scalek_n1e4.dat" index 18 with linespoints lw 2 lc rgb "#5a87b4" dt 2 pt 13 title "lloyd cuda-shared f32", \
  "plots/scalek_n1e4.dat" index 19 with linespoints lw 2 lc rgb "#38628b" dt 1 pt 13 title "lloyd cuda-shared f64", \
  "plots/scalek_n1e4.dat" index 20 with linespoints lw 2 lc rgb "#f07887" dt 2 pt 13 title "elkan cuda-shared f32", \
  "plots/scalek_n1e4.dat" index 21 with linespoints lw 2 lc rgb "#c35462" dt 1 pt 13 title "elkan cuda-shared f64", \
  "plots/scalek_n1e4.dat" index 22 with linespoints lw 2 lc rgb "#3d964b" dt 2 pt 13 title "hamerly cuda-shared f32", \
  "plots/scalek_n1e4.dat" index 23 with linespoints lw 2 lc rgb "#1c702a" dt 1 pt 13 title "hamerly cuda-shared f64", \
  "plots/scalek_n1e4.dat" index 24 with linespoints lw 2 lc rgb "#85a7c8" dt 2 pt 3 title "lloyd sklearn f32", \
  "plots/scalek_n1e4.dat" index 25 with linespoints lw 2 lc rgb "#142433" dt 1 pt 3 title "lloyd sklearn f64", \
  "plots/scalek_n1e4.dat" index 26 with linespoints lw 2 lc rgb "#f49ca7" dt 2 pt 3 title "elkan sklearn f32", \
  "plots/scalek_n1e4.dat" index 27 with linespoints lw 2 lc rgb "#471f24" dt 1 pt 3 title "elkan sklearn f64"
set output
}

# ---- scalen_d2-k16
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,520 font "sans,10" noenhanced
} else {
  set terminal svg size 900,520 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/scalen_d2-k16.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "median time against n: d = 2, k = 16"
set xlabel "n (points)"
set ylabel "seconds"
set logscale xy
set key outside right top
plot "plots/scalen_d2-k16.dat" index 0 with linespoints lw 2 lc rgb "#98b4d0" dt 2 pt 7 title "lloyd seq f32", \
  "plots/scalen_d2-k16.dat" index 1 with linespoints lw 2 lc rgb "#4477aa" dt 1 pt 7 title "lloyd seq f64", \
  "plots/scalen_d2-k16.dat" index 2 with linespoints lw 2 lc rgb "#f6abb4" dt 2 pt 7 title "elkan seq f32", \
  "plots/scalen_d2-k16.dat" index 3 with linespoints lw 2 lc rgb "#ee6677" dt 1 pt 7 title "elkan seq f64", \
  "plots/scalen_d2-k16.dat" index 4 with linespoints lw 2 lc rgb "#85be8f" dt 2 pt 7 title "hamerly seq f32", \
  "plots/scalen_d2-k16.dat" index 5 with linespoints lw 2 lc rgb "#228833" dt 1 pt 7 title "hamerly seq f64", \
  "plots/scalen_d2-k16.dat" index 6 with linespoints lw 2 lc rgb "#7399bf" dt 2 pt 5 title "lloyd omp f32", \
  "plots/scalen_d2-k16.dat" index 7 with linespoints lw 2 lc rgb "#2c4d6f" dt 1 pt 5 title "lloyd omp f64", \
  "plots/scalen_d2-k16.dat" index 8 with linespoints lw 2 lc rgb "#f28c99" dt 2 pt 5 title "elkan omp f32", \
  "plots/scalen_d2-k16.dat" index 9 with linespoints lw 2 lc rgb "#9b424d" dt 1 pt 5 title "elkan omp f64", \
  "plots/scalen_d2-k16.dat" index 10 with linespoints lw 2 lc rgb "#59a666" dt 2 pt 5 title "hamerly omp f32", \
  "plots/scalen_d2-k16.dat" index 11 with linespoints lw 2 lc rgb "#165821" dt 1 pt 5 title "hamerly omp f64", \
  "plots/scalen_d2-k16.dat" index 12 with linespoints lw 2 lc rgb "#b4c9dd" dt 2 pt 9 title "lloyd cuda-global f32", \
  "plots/scalen_d2-k16.dat" index 13 with linespoints lw 2 lc rgb "#1f364c" dt 1 pt 9 title "lloyd cuda-global f64", \
  "plots/scalen_d2-k16.dat" index 14 with linespoints lw 2 lc rgb "#f8c2c9" dt 2 pt 9 title "elkan cuda-global f32", \
  "plots/scalen_d2-k16.dat" index 15 with linespoints lw 2 lc rgb "#6b2e36" dt 1 pt 9 title "elkan cuda-global f64", \
  "plots/scalen_d2-k16.dat" index 16 with linespoints lw 2 lc rgb "#a7cfad" dt 2 pt 9 title "hamerly cuda-global f32", \
  "plots/scalen_d2-k16.dat" index 17 with linespoints lw 2 lc rgb "#0f3d17" dt 1 pt 9 title "hamerly cuda-global f64", \
  "plots/scalen_d2-k16.dat" index 18 with linespoints lw 2 lc rgb "#5a87b4" dt 2 pt 13 title "lloyd cuda-shared f32", \
  "plots/scalen_d2-k16.dat" index 19 with linespoints lw 2 lc rgb "#38628b" dt 1 pt 13 title "lloyd cuda-shared f64", \
  "plots/scalen_d2-k16.dat" index 20 with linespoints lw 2 lc rgb "#f07887" dt 2 pt 13 title "elkan cuda-shared f32", \
  "plots/scalen_d2-k16.dat" index 21 with linespoints lw 2 lc rgb "#c35462" dt 1 pt 13 title "elkan cuda-shared f64", \
  "plots/scalen_d2-k16.dat" index 22 with linespoints lw 2 lc rgb "#3d964b" dt 2 pt 13 title "hamerly cuda-shared f32", \
  "plots/scalen_d2-k16.dat" index 23 with linespoints lw 2 lc rgb "#1c702a" dt 1 pt 13 title "hamerly cuda-shared f64", \
  "plots/scalen_d2-k16.dat" index 24 with linespoints lw 2 lc rgb "#85a7c8" dt 2 pt 3 title "lloyd sklearn f32", \
  "plots/scalen_d2-k16.dat" index 25 with linespoints lw 2 lc rgb "#142433" dt 1 pt 3 title "lloyd sklearn f64", \
  "plots/scalen_d2-k16.dat" index 26 with linespoints lw 2 lc rgb "#f49ca7" dt 2 pt 3 title "elkan sklearn f32", \
  "plots/scalen_d2-k16.dat" index 27 with linespoints lw 2 lc rgb "#471f24" dt 1 pt 3 title "elkan sklearn f64"
set output
}

# ---- scalen_d2-k64
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,520 font "sans,10" noenhanced
} else {
  set terminal svg size 900,520 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/scalen_d2-k64.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "median time against n: d = 2, k = 64"
set xlabel "n (points)"
set ylabel "seconds"
set logscale xy
set key outside right top
plot "plots/scalen_d2-k64.dat" index 0 with linespoints lw 2 lc rgb "#98b4d0" dt 2 pt 7 title "lloyd seq f32", \
  "plots/scalen_d2-k64.dat" index 1 with linespoints lw 2 lc rgb "#4477aa" dt 1 pt 7 title "lloyd seq f64", \
  "plots/scalen_d2-k64.dat" index 2 with linespoints lw 2 lc rgb "#f6abb4" dt 2 pt 7 title "elkan seq f32", \
  "plots/scalen_d2-k64.dat" index 3 with linespoints lw 2 lc rgb "#ee6677" dt 1 pt 7 title "elkan seq f64", \
  "plots/scalen_d2-k64.dat" index 4 with linespoints lw 2 lc rgb "#85be8f" dt 2 pt 7 title "hamerly seq f32", \
  "plots/scalen_d2-k64.dat" index 5 with linespoints lw 2 lc rgb "#228833" dt 1 pt 7 title "hamerly seq f64", \
  "plots/scalen_d2-k64.dat" index 6 with linespoints lw 2 lc rgb "#7399bf" dt 2 pt 5 title "lloyd omp f32", \
  "plots/scalen_d2-k64.dat" index 7 with linespoints lw 2 lc rgb "#2c4d6f" dt 1 pt 5 title "lloyd omp f64", \
  "plots/scalen_d2-k64.dat" index 8 with linespoints lw 2 lc rgb "#f28c99" dt 2 pt 5 title "elkan omp f32", \
  "plots/scalen_d2-k64.dat" index 9 with linespoints lw 2 lc rgb "#9b424d" dt 1 pt 5 title "elkan omp f64", \
  "plots/scalen_d2-k64.dat" index 10 with linespoints lw 2 lc rgb "#59a666" dt 2 pt 5 title "hamerly omp f32", \
  "plots/scalen_d2-k64.dat" index 11 with linespoints lw 2 lc rgb "#165821" dt 1 pt 5 title "hamerly omp f64", \
  "plots/scalen_d2-k64.dat" index 12 with linespoints lw 2 lc rgb "#b4c9dd" dt 2 pt 9 title "lloyd cuda-global f32", \
  "plots/scalen_d2-k64.dat" index 13 with linespoints lw 2 lc rgb "#1f364c" dt 1 pt 9 title "lloyd cuda-global f64", \
  "plots/scalen_d2-k64.dat" index 14 with linespoints lw 2 lc rgb "#f8c2c9" dt 2 pt 9 title "elkan cuda-global f32", \
  "plots/scalen_d2-k64.dat" index 15 with linespoints lw 2 lc rgb "#6b2e36" dt 1 pt 9 title "elkan cuda-global f64", \
  "plots/scalen_d2-k64.dat" index 16 with linespoints lw 2 lc rgb "#a7cfad" dt 2 pt 9 title "hamerly cuda-global f32", \
  "plots/scalen_d2-k64.dat" index 17 with linespoints lw 2 lc rgb "#0f3d17" dt 1 pt 9 title "hamerly cuda-global f64", \
  "plots/scalen_d2-k64.dat" index 18 with linespoints lw 2 lc rgb "#5a87b4" dt 2 pt 13 title "lloyd cuda-shared f32", \
  "plots/scalen_d2-k64.dat" index 19 with linespoints lw 2 lc rgb "#38628b" dt 1 pt 13 title "lloyd cuda-shared f64", \
  "plots/scalen_d2-k64.dat" index 20 with linespoints lw 2 lc rgb "#f07887" dt 2 pt 13 title "elkan cuda-shared f32", \
  "plots/scalen_d2-k64.dat" index 21 with linespoints lw 2 lc rgb "#c35462" dt 1 pt 13 title "elkan cuda-shared f64", \
  "plots/scalen_d2-k64.dat" index 22 with linespoints lw 2 lc rgb "#3d964b" dt 2 pt 13 title "hamerly cuda-shared f32", \
  "plots/scalen_d2-k64.dat" index 23 with linespoints lw 2 lc rgb "#1c702a" dt 1 pt 13 title "hamerly cuda-shared f64", \
  "plots/scalen_d2-k64.dat" index 24 with linespoints lw 2 lc rgb "#85a7c8" dt 2 pt 3 title "lloyd sklearn f32", \
  "plots/scalen_d2-k64.dat" index 25 with linespoints lw 2 lc rgb "#142433" dt 1 pt 3 title "lloyd sklearn f64", \
  "plots/scalen_d2-k64.dat" index 26 with linespoints lw 2 lc rgb "#f49ca7" dt 2 pt 3 title "elkan sklearn f32", \
  "plots/scalen_d2-k64.dat" index 27 with linespoints lw 2 lc rgb "#471f24" dt 1 pt 3 title "elkan sklearn f64"
set output
}

# ---- scalek_n1e5
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,520 font "sans,10" noenhanced
} else {
  set terminal svg size 900,520 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/scalek_n1e5.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "median time against k: n1e5 (n = 100000, d = 2)"
set xlabel "k (clusters)"
set ylabel "seconds"
set logscale xy
set key outside right top
plot "plots/scalek_n1e5.dat" index 0 with linespoints lw 2 lc rgb "#98b4d0" dt 2 pt 7 title "lloyd seq f32", \
  "plots/scalek_n1e5.dat" index 1 with linespoints lw 2 lc rgb "#4477aa" dt 1 pt 7 title "lloyd seq f64", \
  "plots/scalek_n1e5.dat" index 2 with linespoints lw 2 lc rgb "#f6abb4" dt 2 pt 7 title "elkan seq f32", \
  "plots/scalek_n1e5.dat" index 3 with linespoints lw 2 lc rgb "#ee6677" dt 1 pt 7 title "elkan seq f64", \
  "plots/scalek_n1e5.dat" index 4 with linespoints lw 2 lc rgb "#85be8f" dt 2 pt 7 title "hamerly seq f32", \
  "plots/scalek_n1e5.dat" index 5 with linespoints lw 2 lc rgb "#228833" dt 1 pt 7 title "hamerly seq f64", \
  "plots/scalek_n1e5.dat" index 6 with linespoints lw 2 lc rgb "#7399bf" dt 2 pt 5 title "lloyd omp f32", \
  "plots/scalek_n1e5.dat" index 7 with linespoints lw 2 lc rgb "#2c4d6f" dt 1 pt 5 title "lloyd omp f64", \
  "plots/scalek_n1e5.dat" index 8 with linespoints lw 2 lc rgb "#f28c99" dt 2 pt 5 title "elkan omp f32", \
  "plots/scalek_n1e5.dat" index 9 with linespoints lw 2 lc rgb "#9b424d" dt 1 pt 5 title "elkan omp f64", \
  "plots/scalek_n1e5.dat" index 10 with linespoints lw 2 lc rgb "#59a666" dt 2 pt 5 title "hamerly omp f32", \
  "plots/scalek_n1e5.dat" index 11 with linespoints lw 2 lc rgb "#165821" dt 1 pt 5 title "hamerly omp f64", \
  "plots/scalek_n1e5.dat" index 12 with linespoints lw 2 lc rgb "#b4c9dd" dt 2 pt 9 title "lloyd cuda-global f32", \
  "plots/scalek_n1e5.dat" index 13 with linespoints lw 2 lc rgb "#1f364c" dt 1 pt 9 title "lloyd cuda-global f64", \
  "plots/scalek_n1e5.dat" index 14 with linespoints lw 2 lc rgb "#f8c2c9" dt 2 pt 9 title "elkan cuda-global f32", \
  "plots/scalek_n1e5.dat" index 15 with linespoints lw 2 lc rgb "#6b2e36" dt 1 pt 9 title "elkan cuda-global f64", \
  "plots/scalek_n1e5.dat" index 16 with linespoints lw 2 lc rgb "#a7cfad" dt 2 pt 9 title "hamerly cuda-global f32", \
  "plots/scalek_n1e5.dat" index 17 with linespoints lw 2 lc rgb "#0f3d17" dt 1 pt 9 title "hamerly cuda-global f64", \
  "plots/scalek_n1e5.dat" index 18 with linespoints lw 2 lc rgb "#5a87b4" dt 2 pt 13 title "lloyd cuda-shared f32", \
  "plots/scalek_n1e5.dat" index 19 with linespoints lw 2 lc rgb "#38628b" dt 1 pt 13 title "lloyd cuda-shared f64", \
  "plots/scalek_n1e5.dat" index 20 with linespoints lw 2 lc rgb "#f07887" dt 2 pt 13 title "elkan cuda-shared f32", \
  "plots/scalek_n1e5.dat" index 21 with linespoints lw 2 lc rgb "#c35462" dt 1 pt 13 title "elkan cuda-shared f64", \
  "plots/scalek_n1e5.dat" index 22 with linespoints lw 2 lc rgb "#3d964b" dt 2 pt 13 title "hamerly cuda-shared f32", \
  "plots/scalek_n1e5.dat" index 23 with linespoints lw 2 lc rgb "#1c702a" dt 1 pt 13 title "hamerly cuda-shared f64", \
  "plots/scalek_n1e5.dat" index 24 with linespoints lw 2 lc rgb "#85a7c8" dt 2 pt 3 title "lloyd sklearn f32", \
  "plots/scalek_n1e5.dat" index 25 with linespoints lw 2 lc rgb "#142433" dt 1 pt 3 title "lloyd sklearn f64", \
  "plots/scalek_n1e5.dat" index 26 with linespoints lw 2 lc rgb "#f49ca7" dt 2 pt 3 title "elkan sklearn f32", \
  "plots/scalek_n1e5.dat" index 27 with linespoints lw 2 lc rgb "#471f24" dt 1 pt 3 title "elkan sklearn f64"
set output
}

# ---- scalek_n1e6
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,520 font "sans,10" noenhanced
} else {
  set terminal svg size 900,520 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/scalek_n1e6.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "median time against k: n1e6 (n = 1000000, d = 2)"
set xlabel "k (clusters)"
set ylabel "seconds"
set logscale xy
set key outside right top
plot "plots/scalek_n1e6.dat" index 0 with linespoints lw 2 lc rgb "#98b4d0" dt 2 pt 7 title "lloyd seq f32", \
  "plots/scalek_n1e6.dat" index 1 with linespoints lw 2 lc rgb "#4477aa" dt 1 pt 7 title "lloyd seq f64", \
  "plots/scalek_n1e6.dat" index 2 with linespoints lw 2 lc rgb "#f6abb4" dt 2 pt 7 title "elkan seq f32", \
  "plots/scalek_n1e6.dat" index 3 with linespoints lw 2 lc rgb "#ee6677" dt 1 pt 7 title "elkan seq f64", \
  "plots/scalek_n1e6.dat" index 4 with linespoints lw 2 lc rgb "#85be8f" dt 2 pt 7 title "hamerly seq f32", \
  "plots/scalek_n1e6.dat" index 5 with linespoints lw 2 lc rgb "#228833" dt 1 pt 7 title "hamerly seq f64", \
  "plots/scalek_n1e6.dat" index 6 with linespoints lw 2 lc rgb "#7399bf" dt 2 pt 5 title "lloyd omp f32", \
  "plots/scalek_n1e6.dat" index 7 with linespoints lw 2 lc rgb "#2c4d6f" dt 1 pt 5 title "lloyd omp f64", \
  "plots/scalek_n1e6.dat" index 8 with linespoints lw 2 lc rgb "#f28c99" dt 2 pt 5 title "elkan omp f32", \
  "plots/scalek_n1e6.dat" index 9 with linespoints lw 2 lc rgb "#9b424d" dt 1 pt 5 title "elkan omp f64", \
  "plots/scalek_n1e6.dat" index 10 with linespoints lw 2 lc rgb "#59a666" dt 2 pt 5 title "hamerly omp f32", \
  "plots/scalek_n1e6.dat" index 11 with linespoints lw 2 lc rgb "#165821" dt 1 pt 5 title "hamerly omp f64", \
  "plots/scalek_n1e6.dat" index 12 with linespoints lw 2 lc rgb "#b4c9dd" dt 2 pt 9 title "lloyd cuda-global f32", \
  "plots/scalek_n1e6.dat" index 13 with linespoints lw 2 lc rgb "#1f364c" dt 1 pt 9 title "lloyd cuda-global f64", \
  "plots/scalek_n1e6.dat" index 14 with linespoints lw 2 lc rgb "#f8c2c9" dt 2 pt 9 title "elkan cuda-global f32", \
  "plots/scalek_n1e6.dat" index 15 with linespoints lw 2 lc rgb "#6b2e36" dt 1 pt 9 title "elkan cuda-global f64", \
  "plots/scalek_n1e6.dat" index 16 with linespoints lw 2 lc rgb "#a7cfad" dt 2 pt 9 title "hamerly cuda-global f32", \
  "plots/scalek_n1e6.dat" index 17 with linespoints lw 2 lc rgb "#0f3d17" dt 1 pt 9 title "hamerly cuda-global f64", \
  "plots/scalek_n1e6.dat" index 18 with linespoints lw 2 lc rgb "#5a87b4" dt 2 pt 13 title "lloyd cuda-shared f32", \
  "plots/scalek_n1e6.dat" index 19 with linespoints lw 2 lc rgb "#38628b" dt 1 pt 13 title "lloyd cuda-shared f64", \
  "plots/scalek_n1e6.dat" index 20 with linespoints lw 2 lc rgb "#f07887" dt 2 pt 13 title "elkan cuda-shared f32", \
  "plots/scalek_n1e6.dat" index 21 with linespoints lw 2 lc rgb "#c35462" dt 1 pt 13 title "elkan cuda-shared f64", \
  "plots/scalek_n1e6.dat" index 22 with linespoints lw 2 lc rgb "#3d964b" dt 2 pt 13 title "hamerly cuda-shared f32", \
  "plots/scalek_n1e6.dat" index 23 with linespoints lw 2 lc rgb "#1c702a" dt 1 pt 13 title "hamerly cuda-shared f64"
set output
}
