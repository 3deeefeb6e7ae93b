# Drawn by 'trikmeans report'; run from the bench folder:
#   gnuplot plots/report.gp

# ---- time_d2-k10
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/time_d2-k10.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "median time per run: d2, k = 10 (n = 100000, d = 2)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "seconds"
set yrange [0:*]
set offsets 0, 0, graph 0.15, 0
plot "plots/time_d2-k10.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- speedup_d2-k10
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/speedup_d2-k10.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "speed-up over sequential Lloyd of the same precision: d2, k = 10 (n = 100000, d = 2)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "speed-up (times faster)"
set yrange [0:*]
set offsets 0, 0, graph 0.15, 0
set arrow from graph 0, first 1 to graph 1, first 1 nohead dt 2 lc rgb "#555555"
plot "plots/speedup_d2-k10.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- prune_d2-k10
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 1000,460 font "sans,10" noenhanced
} else {
  set terminal svg size 1000,460 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/prune_d2-k10.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 1,2 title "distances and pruning per iteration: d2, k = 10 (n = 100000, d = 2)"
set xlabel "iteration"
set key outside below center horizontal height 1
set logscale y
set ylabel "point-centroid distances computed"
plot "plots/prune_d2-k10.dat" index 0 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd", \
  "plots/prune_d2-k10.dat" index 1 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ee6677" title "elkan", \
  "plots/prune_d2-k10.dat" index 2 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#228833" title "hamerly", \
  "plots/prune_d2-k10.dat" index 3 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ccbb44" title "yinyang", \
  "plots/prune_d2-k10.dat" index 4 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#66ccee" title "annulus", \
  "plots/prune_d2-k10.dat" index 5 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#aa3377" title "exponion"
unset logscale y
set yrange [0:1.05]
set ylabel "share of the n k distances pruned"
plot "plots/prune_d2-k10.dat" index 0 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd", \
  "plots/prune_d2-k10.dat" index 1 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ee6677" title "elkan", \
  "plots/prune_d2-k10.dat" index 2 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#228833" title "hamerly", \
  "plots/prune_d2-k10.dat" index 3 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ccbb44" title "yinyang", \
  "plots/prune_d2-k10.dat" index 4 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#66ccee" title "annulus", \
  "plots/prune_d2-k10.dat" index 5 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#aa3377" title "exponion"
unset multiplot
set output
}

# ---- prec_d2-k10
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,640 font "sans,10" noenhanced
} else {
  set terminal svg size 900,640 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/prec_d2-k10.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 2,1 title "float against double: d2, k = 10 (n = 100000, d = 2)"
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
plot "plots/prec_d2-k10.dat" using 2:xtic(1) title "f32" lc rgb "#66ccee", '' using 3 title "f64" lc rgb "#4477aa"
set ylabel "labels unlike the f64 baseline (%)"
set yrange [0:1]
set label 1 "every f32 run has the labels of the f64 baseline" at graph 0.5, graph 0.5 center
plot "plots/prec_d2-k10.dat" using 4:xtic(1) title "f32 run against f64 baseline" lc rgb "#ccbb44"
unset multiplot
set output
}

# ---- stages_d2-k10
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,500 font "sans,10" noenhanced
} else {
  set terminal svg size 900,500 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/stages_d2-k10.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "where the whole run goes (median run per solver): d2, k = 10 (n = 100000, d = 2)"
set style data histograms
set style histogram rowstacked
set style fill solid 0.85 border -1
set boxwidth 0.8
set yrange [0:1]
set ylabel "share of the whole run"
set key outside right top
set xtics rotate by 90 right
set bmargin 10
plot "plots/stages_d2-k10.dat" using 2:xtic(1) title "assign and bounds" lc rgb "#4477aa", '' using 3 title "update" lc rgb "#ee6677", '' using 4 title "set-up and result (transfer)" lc rgb "#228833", '' using 5 title "rest of the loop" lc rgb "#bbbbbb"
set output
}

# ---- time_d2-k100
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/time_d2-k100.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "median time per run: d2, k = 100 (n = 100000, d = 2)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "seconds"
set logscale y
plot "plots/time_d2-k100.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- speedup_d2-k100
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/speedup_d2-k100.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "speed-up over sequential Lloyd of the same precision: d2, k = 100 (n = 100000, d = 2)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "speed-up (times faster)"
set logscale y
set arrow from graph 0, first 1 to graph 1, first 1 nohead dt 2 lc rgb "#555555"
plot "plots/speedup_d2-k100.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- prune_d2-k100
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 1000,460 font "sans,10" noenhanced
} else {
  set terminal svg size 1000,460 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/prune_d2-k100.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 1,2 title "distances and pruning per iteration: d2, k = 100 (n = 100000, d = 2)"
set xlabel "iteration"
set key outside below center horizontal height 1
set logscale y
set ylabel "point-centroid distances computed"
plot "plots/prune_d2-k100.dat" index 0 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd", \
  "plots/prune_d2-k100.dat" index 1 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ee6677" title "elkan", \
  "plots/prune_d2-k100.dat" index 2 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#228833" title "hamerly", \
  "plots/prune_d2-k100.dat" index 3 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ccbb44" title "yinyang", \
  "plots/prune_d2-k100.dat" index 4 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#66ccee" title "annulus", \
  "plots/prune_d2-k100.dat" index 5 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#aa3377" title "exponion"
unset logscale y
set yrange [0:1.05]
set ylabel "share of the n k distances pruned"
plot "plots/prune_d2-k100.dat" index 0 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd", \
  "plots/prune_d2-k100.dat" index 1 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ee6677" title "elkan", \
  "plots/prune_d2-k100.dat" index 2 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#228833" title "hamerly", \
  "plots/prune_d2-k100.dat" index 3 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ccbb44" title "yinyang", \
  "plots/prune_d2-k100.dat" index 4 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#66ccee" title "annulus", \
  "plots/prune_d2-k100.dat" index 5 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#aa3377" title "exponion"
unset multiplot
set output
}

# ---- prec_d2-k100
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,640 font "sans,10" noenhanced
} else {
  set terminal svg size 900,640 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/prec_d2-k100.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 2,1 title "float against double: d2, k = 100 (n = 100000, d = 2)"
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
plot "plots/prec_d2-k100.dat" using 2:xtic(1) title "f32" lc rgb "#66ccee", '' using 3 title "f64" lc rgb "#4477aa"
set ylabel "labels unlike the f64 baseline (%)"
set yrange [0:1]
set label 1 "every f32 run has the labels of the f64 baseline" at graph 0.5, graph 0.5 center
plot "plots/prec_d2-k100.dat" using 4:xtic(1) title "f32 run against f64 baseline" lc rgb "#ccbb44"
unset multiplot
set output
}

# ---- stages_d2-k100
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,500 font "sans,10" noenhanced
} else {
  set terminal svg size 900,500 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/stages_d2-k100.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "where the whole run goes (median run per solver): d2, k = 100 (n = 100000, d = 2)"
set style data histograms
set style histogram rowstacked
set style fill solid 0.85 border -1
set boxwidth 0.8
set yrange [0:1]
set ylabel "share of the whole run"
set key outside right top
set xtics rotate by 90 right
set bmargin 10
plot "plots/stages_d2-k100.dat" using 2:xtic(1) title "assign and bounds" lc rgb "#4477aa", '' using 3 title "update" lc rgb "#ee6677", '' using 4 title "set-up and result (transfer)" lc rgb "#228833", '' using 5 title "rest of the loop" lc rgb "#bbbbbb"
set output
}

# ---- time_d2-k1000
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/time_d2-k1000.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "median time per run: d2, k = 1000 (n = 100000, d = 2)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "seconds"
set logscale y
plot "plots/time_d2-k1000.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- speedup_d2-k1000
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/speedup_d2-k1000.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "speed-up over sequential Lloyd of the same precision: d2, k = 1000 (n = 100000, d = 2)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "speed-up (times faster)"
set logscale y
set arrow from graph 0, first 1 to graph 1, first 1 nohead dt 2 lc rgb "#555555"
plot "plots/speedup_d2-k1000.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- prune_d2-k1000
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 1000,460 font "sans,10" noenhanced
} else {
  set terminal svg size 1000,460 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/prune_d2-k1000.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 1,2 title "distances and pruning per iteration: d2, k = 1000 (n = 100000, d = 2)"
set xlabel "iteration"
set key outside below center horizontal height 1
set logscale y
set ylabel "point-centroid distances computed"
plot "plots/prune_d2-k1000.dat" index 0 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd", \
  "plots/prune_d2-k1000.dat" index 1 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ee6677" title "elkan", \
  "plots/prune_d2-k1000.dat" index 2 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#228833" title "hamerly", \
  "plots/prune_d2-k1000.dat" index 3 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ccbb44" title "yinyang", \
  "plots/prune_d2-k1000.dat" index 4 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#66ccee" title "annulus", \
  "plots/prune_d2-k1000.dat" index 5 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#aa3377" title "exponion"
unset logscale y
set yrange [0:1.05]
set ylabel "share of the n k distances pruned"
plot "plots/prune_d2-k1000.dat" index 0 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd", \
  "plots/prune_d2-k1000.dat" index 1 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ee6677" title "elkan", \
  "plots/prune_d2-k1000.dat" index 2 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#228833" title "hamerly", \
  "plots/prune_d2-k1000.dat" index 3 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ccbb44" title "yinyang", \
  "plots/prune_d2-k1000.dat" index 4 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#66ccee" title "annulus", \
  "plots/prune_d2-k1000.dat" index 5 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#aa3377" title "exponion"
unset multiplot
set output
}

# ---- prec_d2-k1000
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,640 font "sans,10" noenhanced
} else {
  set terminal svg size 900,640 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/prec_d2-k1000.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 2,1 title "float against double: d2, k = 1000 (n = 100000, d = 2)"
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
plot "plots/prec_d2-k1000.dat" using 2:xtic(1) title "f32" lc rgb "#66ccee", '' using 3 title "f64" lc rgb "#4477aa"
set ylabel "labels unlike the f64 baseline (%)"
set yrange [0:*]
plot "plots/prec_d2-k1000.dat" using 4:xtic(1) title "f32 run against f64 baseline" lc rgb "#ccbb44"
unset multiplot
set output
}

# ---- stages_d2-k1000
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,500 font "sans,10" noenhanced
} else {
  set terminal svg size 900,500 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/stages_d2-k1000.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "where the whole run goes (median run per solver): d2, k = 1000 (n = 100000, d = 2)"
set style data histograms
set style histogram rowstacked
set style fill solid 0.85 border -1
set boxwidth 0.8
set yrange [0:1]
set ylabel "share of the whole run"
set key outside right top
set xtics rotate by 90 right
set bmargin 10
plot "plots/stages_d2-k1000.dat" using 2:xtic(1) title "assign and bounds" lc rgb "#4477aa", '' using 3 title "update" lc rgb "#ee6677", '' using 4 title "set-up and result (transfer)" lc rgb "#228833", '' using 5 title "rest of the loop" lc rgb "#bbbbbb"
set output
}

# ---- time_d8-k10
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/time_d8-k10.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "median time per run: d8, k = 10 (n = 100000, d = 8)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "seconds"
set yrange [0:*]
set offsets 0, 0, graph 0.15, 0
plot "plots/time_d8-k10.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- speedup_d8-k10
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/speedup_d8-k10.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "speed-up over sequential Lloyd of the same precision: d8, k = 10 (n = 100000, d = 8)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "speed-up (times faster)"
set yrange [0:*]
set offsets 0, 0, graph 0.15, 0
set arrow from graph 0, first 1 to graph 1, first 1 nohead dt 2 lc rgb "#555555"
plot "plots/speedup_d8-k10.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- prune_d8-k10
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 1000,460 font "sans,10" noenhanced
} else {
  set terminal svg size 1000,460 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/prune_d8-k10.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 1,2 title "distances and pruning per iteration: d8, k = 10 (n = 100000, d = 8)"
set xlabel "iteration"
set key outside below center horizontal height 1
set logscale y
set ylabel "point-centroid distances computed"
plot "plots/prune_d8-k10.dat" index 0 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd", \
  "plots/prune_d8-k10.dat" index 1 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ee6677" title "elkan", \
  "plots/prune_d8-k10.dat" index 2 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#228833" title "hamerly", \
  "plots/prune_d8-k10.dat" index 3 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ccbb44" title "yinyang", \
  "plots/prune_d8-k10.dat" index 4 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#66ccee" title "annulus", \
  "plots/prune_d8-k10.dat" index 5 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#aa3377" title "exponion"
unset logscale y
set yrange [0:1.05]
set ylabel "share of the n k distances pruned"
plot "plots/prune_d8-k10.dat" index 0 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd", \
  "plots/prune_d8-k10.dat" index 1 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ee6677" title "elkan", \
  "plots/prune_d8-k10.dat" index 2 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#228833" title "hamerly", \
  "plots/prune_d8-k10.dat" index 3 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ccbb44" title "yinyang", \
  "plots/prune_d8-k10.dat" index 4 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#66ccee" title "annulus", \
  "plots/prune_d8-k10.dat" index 5 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#aa3377" title "exponion"
unset multiplot
set output
}

# ---- prec_d8-k10
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,640 font "sans,10" noenhanced
} else {
  set terminal svg size 900,640 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/prec_d8-k10.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 2,1 title "float against double: d8, k = 10 (n = 100000, d = 8)"
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
plot "plots/prec_d8-k10.dat" using 2:xtic(1) title "f32" lc rgb "#66ccee", '' using 3 title "f64" lc rgb "#4477aa"
set ylabel "labels unlike the f64 baseline (%)"
set yrange [0:1]
set label 1 "every f32 run has the labels of the f64 baseline" at graph 0.5, graph 0.5 center
plot "plots/prec_d8-k10.dat" using 4:xtic(1) title "f32 run against f64 baseline" lc rgb "#ccbb44"
unset multiplot
set output
}

# ---- stages_d8-k10
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,500 font "sans,10" noenhanced
} else {
  set terminal svg size 900,500 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/stages_d8-k10.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "where the whole run goes (median run per solver): d8, k = 10 (n = 100000, d = 8)"
set style data histograms
set style histogram rowstacked
set style fill solid 0.85 border -1
set boxwidth 0.8
set yrange [0:1]
set ylabel "share of the whole run"
set key outside right top
set xtics rotate by 90 right
set bmargin 10
plot "plots/stages_d8-k10.dat" using 2:xtic(1) title "assign and bounds" lc rgb "#4477aa", '' using 3 title "update" lc rgb "#ee6677", '' using 4 title "set-up and result (transfer)" lc rgb "#228833", '' using 5 title "rest of the loop" lc rgb "#bbbbbb"
set output
}

# ---- time_d8-k100
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/time_d8-k100.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "median time per run: d8, k = 100 (n = 100000, d = 8)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "seconds"
set logscale y
plot "plots/time_d8-k100.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- speedup_d8-k100
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/speedup_d8-k100.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "speed-up over sequential Lloyd of the same precision: d8, k = 100 (n = 100000, d = 8)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "speed-up (times faster)"
set logscale y
set arrow from graph 0, first 1 to graph 1, first 1 nohead dt 2 lc rgb "#555555"
plot "plots/speedup_d8-k100.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- prune_d8-k100
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 1000,460 font "sans,10" noenhanced
} else {
  set terminal svg size 1000,460 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/prune_d8-k100.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 1,2 title "distances and pruning per iteration: d8, k = 100 (n = 100000, d = 8)"
set xlabel "iteration"
set key outside below center horizontal height 1
set logscale y
set ylabel "point-centroid distances computed"
plot "plots/prune_d8-k100.dat" index 0 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd", \
  "plots/prune_d8-k100.dat" index 1 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ee6677" title "elkan", \
  "plots/prune_d8-k100.dat" index 2 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#228833" title "hamerly", \
  "plots/prune_d8-k100.dat" index 3 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ccbb44" title "yinyang", \
  "plots/prune_d8-k100.dat" index 4 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#66ccee" title "annulus", \
  "plots/prune_d8-k100.dat" index 5 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#aa3377" title "exponion"
unset logscale y
set yrange [0:1.05]
set ylabel "share of the n k distances pruned"
plot "plots/prune_d8-k100.dat" index 0 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd", \
  "plots/prune_d8-k100.dat" index 1 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ee6677" title "elkan", \
  "plots/prune_d8-k100.dat" index 2 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#228833" title "hamerly", \
  "plots/prune_d8-k100.dat" index 3 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ccbb44" title "yinyang", \
  "plots/prune_d8-k100.dat" index 4 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#66ccee" title "annulus", \
  "plots/prune_d8-k100.dat" index 5 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#aa3377" title "exponion"
unset multiplot
set output
}

# ---- prec_d8-k100
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,640 font "sans,10" noenhanced
} else {
  set terminal svg size 900,640 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/prec_d8-k100.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 2,1 title "float against double: d8, k = 100 (n = 100000, d = 8)"
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
plot "plots/prec_d8-k100.dat" using 2:xtic(1) title "f32" lc rgb "#66ccee", '' using 3 title "f64" lc rgb "#4477aa"
set ylabel "labels unlike the f64 baseline (%)"
set yrange [0:1]
set label 1 "every f32 run has the labels of the f64 baseline" at graph 0.5, graph 0.5 center
plot "plots/prec_d8-k100.dat" using 4:xtic(1) title "f32 run against f64 baseline" lc rgb "#ccbb44"
unset multiplot
set output
}

# ---- stages_d8-k100
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,500 font "sans,10" noenhanced
} else {
  set terminal svg size 900,500 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/stages_d8-k100.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "where the whole run goes (median run per solver): d8, k = 100 (n = 100000, d = 8)"
set style data histograms
set style histogram rowstacked
set style fill solid 0.85 border -1
set boxwidth 0.8
set yrange [0:1]
set ylabel "share of the whole run"
set key outside right top
set xtics rotate by 90 right
set bmargin 10
plot "plots/stages_d8-k100.dat" using 2:xtic(1) title "assign and bounds" lc rgb "#4477aa", '' using 3 title "update" lc rgb "#ee6677", '' using 4 title "set-up and result (transfer)" lc rgb "#228833", '' using 5 title "rest of the loop" lc rgb "#bbbbbb"
set output
}

# ---- time_d8-k1000
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/time_d8-k1000.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "median time per run: d8, k = 1000 (n = 100000, d = 8)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "seconds"
set logscale y
plot "plots/time_d8-k1000.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- speedup_d8-k1000
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/speedup_d8-k1000.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "speed-up over sequential Lloyd of the same precision: d8, k = 1000 (n = 100000, d = 8)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "speed-up (times faster)"
set logscale y
set arrow from graph 0, first 1 to graph 1, first 1 nohead dt 2 lc rgb "#555555"
plot "plots/speedup_d8-k1000.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- prune_d8-k1000
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 1000,460 font "sans,10" noenhanced
} else {
  set terminal svg size 1000,460 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/prune_d8-k1000.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 1,2 title "distances and pruning per iteration: d8, k = 1000 (n = 100000, d = 8)"
set xlabel "iteration"
set key outside below center horizontal height 1
set logscale y
set ylabel "point-centroid distances computed"
plot "plots/prune_d8-k1000.dat" index 0 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd", \
  "plots/prune_d8-k1000.dat" index 1 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ee6677" title "elkan", \
  "plots/prune_d8-k1000.dat" index 2 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#228833" title "hamerly", \
  "plots/prune_d8-k1000.dat" index 3 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ccbb44" title "yinyang", \
  "plots/prune_d8-k1000.dat" index 4 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#66ccee" title "annulus", \
  "plots/prune_d8-k1000.dat" index 5 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#aa3377" title "exponion"
unset logscale y
set yrange [0:1.05]
set ylabel "share of the n k distances pruned"
plot "plots/prune_d8-k1000.dat" index 0 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd", \
  "plots/prune_d8-k1000.dat" index 1 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ee6677" title "elkan", \
  "plots/prune_d8-k1000.dat" index 2 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#228833" title "hamerly", \
  "plots/prune_d8-k1000.dat" index 3 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ccbb44" title "yinyang", \
  "plots/prune_d8-k1000.dat" index 4 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#66ccee" title "annulus", \
  "plots/prune_d8-k1000.dat" index 5 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#aa3377" title "exponion"
unset multiplot
set output
}

# ---- prec_d8-k1000
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,640 font "sans,10" noenhanced
} else {
  set terminal svg size 900,640 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/prec_d8-k1000.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 2,1 title "float against double: d8, k = 1000 (n = 100000, d = 8)"
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
plot "plots/prec_d8-k1000.dat" using 2:xtic(1) title "f32" lc rgb "#66ccee", '' using 3 title "f64" lc rgb "#4477aa"
set ylabel "labels unlike the f64 baseline (%)"
set yrange [0:*]
plot "plots/prec_d8-k1000.dat" using 4:xtic(1) title "f32 run against f64 baseline" lc rgb "#ccbb44"
unset multiplot
set output
}

# ---- stages_d8-k1000
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,500 font "sans,10" noenhanced
} else {
  set terminal svg size 900,500 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/stages_d8-k1000.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "where the whole run goes (median run per solver): d8, k = 1000 (n = 100000, d = 8)"
set style data histograms
set style histogram rowstacked
set style fill solid 0.85 border -1
set boxwidth 0.8
set yrange [0:1]
set ylabel "share of the whole run"
set key outside right top
set xtics rotate by 90 right
set bmargin 10
plot "plots/stages_d8-k1000.dat" using 2:xtic(1) title "assign and bounds" lc rgb "#4477aa", '' using 3 title "update" lc rgb "#ee6677", '' using 4 title "set-up and result (transfer)" lc rgb "#228833", '' using 5 title "rest of the loop" lc rgb "#bbbbbb"
set output
}

# ---- time_d32-k10
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/time_d32-k10.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "median time per run: d32, k = 10 (n = 100000, d = 32)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "seconds"
set yrange [0:*]
set offsets 0, 0, graph 0.15, 0
plot "plots/time_d32-k10.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- speedup_d32-k10
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/speedup_d32-k10.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "speed-up over sequential Lloyd of the same precision: d32, k = 10 (n = 100000, d = 32)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "speed-up (times faster)"
set yrange [0:*]
set offsets 0, 0, graph 0.15, 0
set arrow from graph 0, first 1 to graph 1, first 1 nohead dt 2 lc rgb "#555555"
plot "plots/speedup_d32-k10.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- prune_d32-k10
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 1000,460 font "sans,10" noenhanced
} else {
  set terminal svg size 1000,460 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/prune_d32-k10.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 1,2 title "distances and pruning per iteration: d32, k = 10 (n = 100000, d = 32)"
set xlabel "iteration"
set key outside below center horizontal height 1
set xtics 1
set logscale y
set ylabel "point-centroid distances computed"
plot "plots/prune_d32-k10.dat" index 0 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd", \
  "plots/prune_d32-k10.dat" index 1 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ee6677" title "elkan", \
  "plots/prune_d32-k10.dat" index 2 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#228833" title "hamerly", \
  "plots/prune_d32-k10.dat" index 3 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ccbb44" title "yinyang", \
  "plots/prune_d32-k10.dat" index 4 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#66ccee" title "annulus", \
  "plots/prune_d32-k10.dat" index 5 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#aa3377" title "exponion"
unset logscale y
set yrange [0:1.05]
set ylabel "share of the n k distances pruned"
plot "plots/prune_d32-k10.dat" index 0 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd", \
  "plots/prune_d32-k10.dat" index 1 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ee6677" title "elkan", \
  "plots/prune_d32-k10.dat" index 2 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#228833" title "hamerly", \
  "plots/prune_d32-k10.dat" index 3 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ccbb44" title "yinyang", \
  "plots/prune_d32-k10.dat" index 4 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#66ccee" title "annulus", \
  "plots/prune_d32-k10.dat" index 5 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#aa3377" title "exponion"
unset multiplot
set output
}

# ---- prec_d32-k10
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,640 font "sans,10" noenhanced
} else {
  set terminal svg size 900,640 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/prec_d32-k10.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 2,1 title "float against double: d32, k = 10 (n = 100000, d = 32)"
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
plot "plots/prec_d32-k10.dat" using 2:xtic(1) title "f32" lc rgb "#66ccee", '' using 3 title "f64" lc rgb "#4477aa"
set ylabel "labels unlike the f64 baseline (%)"
set yrange [0:1]
set label 1 "every f32 run has the labels of the f64 baseline" at graph 0.5, graph 0.5 center
plot "plots/prec_d32-k10.dat" using 4:xtic(1) title "f32 run against f64 baseline" lc rgb "#ccbb44"
unset multiplot
set output
}

# ---- stages_d32-k10
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,500 font "sans,10" noenhanced
} else {
  set terminal svg size 900,500 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/stages_d32-k10.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "where the whole run goes (median run per solver): d32, k = 10 (n = 100000, d = 32)"
set style data histograms
set style histogram rowstacked
set style fill solid 0.85 border -1
set boxwidth 0.8
set yrange [0:1]
set ylabel "share of the whole run"
set key outside right top
set xtics rotate by 90 right
set bmargin 10
plot "plots/stages_d32-k10.dat" using 2:xtic(1) title "assign and bounds" lc rgb "#4477aa", '' using 3 title "update" lc rgb "#ee6677", '' using 4 title "set-up and result (transfer)" lc rgb "#228833", '' using 5 title "rest of the loop" lc rgb "#bbbbbb"
set output
}

# ---- time_d32-k100
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/time_d32-k100.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "median time per run: d32, k = 100 (n = 100000, d = 32)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "seconds"
set logscale y
plot "plots/time_d32-k100.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- speedup_d32-k100
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/speedup_d32-k100.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "speed-up over sequential Lloyd of the same precision: d32, k = 100 (n = 100000, d = 32)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "speed-up (times faster)"
set logscale y
set arrow from graph 0, first 1 to graph 1, first 1 nohead dt 2 lc rgb "#555555"
plot "plots/speedup_d32-k100.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- prune_d32-k100
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 1000,460 font "sans,10" noenhanced
} else {
  set terminal svg size 1000,460 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/prune_d32-k100.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 1,2 title "distances and pruning per iteration: d32, k = 100 (n = 100000, d = 32)"
set xlabel "iteration"
set key outside below center horizontal height 1
set logscale y
set ylabel "point-centroid distances computed"
plot "plots/prune_d32-k100.dat" index 0 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd", \
  "plots/prune_d32-k100.dat" index 1 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ee6677" title "elkan", \
  "plots/prune_d32-k100.dat" index 2 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#228833" title "hamerly", \
  "plots/prune_d32-k100.dat" index 3 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ccbb44" title "yinyang", \
  "plots/prune_d32-k100.dat" index 4 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#66ccee" title "annulus", \
  "plots/prune_d32-k100.dat" index 5 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#aa3377" title "exponion"
unset logscale y
set yrange [0:1.05]
set ylabel "share of the n k distances pruned"
plot "plots/prune_d32-k100.dat" index 0 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd", \
  "plots/prune_d32-k100.dat" index 1 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ee6677" title "elkan", \
  "plots/prune_d32-k100.dat" index 2 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#228833" title "hamerly", \
  "plots/prune_d32-k100.dat" index 3 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ccbb44" title "yinyang", \
  "plots/prune_d32-k100.dat" index 4 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#66ccee" title "annulus", \
  "plots/prune_d32-k100.dat" index 5 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#aa3377" title "exponion"
unset multiplot
set output
}

# ---- prec_d32-k100
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,640 font "sans,10" noenhanced
} else {
  set terminal svg size 900,640 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/prec_d32-k100.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 2,1 title "float against double: d32, k = 100 (n = 100000, d = 32)"
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
plot "plots/prec_d32-k100.dat" using 2:xtic(1) title "f32" lc rgb "#66ccee", '' using 3 title "f64" lc rgb "#4477aa"
set ylabel "labels unlike the f64 baseline (%)"
set yrange [0:1]
set label 1 "every f32 run has the labels of the f64 baseline" at graph 0.5, graph 0.5 center
plot "plots/prec_d32-k100.dat" using 4:xtic(1) title "f32 run against f64 baseline" lc rgb "#ccbb44"
unset multiplot
set output
}

# ---- stages_d32-k100
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,500 font "sans,10" noenhanced
} else {
  set terminal svg size 900,500 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/stages_d32-k100.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "where the whole run goes (median run per solver): d32, k = 100 (n = 100000, d = 32)"
set style data histograms
set style histogram rowstacked
set style fill solid 0.85 border -1
set boxwidth 0.8
set yrange [0:1]
set ylabel "share of the whole run"
set key outside right top
set xtics rotate by 90 right
set bmargin 10
plot "plots/stages_d32-k100.dat" using 2:xtic(1) title "assign and bounds" lc rgb "#4477aa", '' using 3 title "update" lc rgb "#ee6677", '' using 4 title "set-up and result (transfer)" lc rgb "#228833", '' using 5 title "rest of the loop" lc rgb "#bbbbbb"
set output
}

# ---- time_d32-k1000
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/time_d32-k1000.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "median time per run: d32, k = 1000 (n = 100000, d = 32)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "seconds"
set logscale y
plot "plots/time_d32-k1000.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- speedup_d32-k1000
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/speedup_d32-k1000.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "speed-up over sequential Lloyd of the same precision: d32, k = 1000 (n = 100000, d = 32)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "speed-up (times faster)"
set logscale y
set arrow from graph 0, first 1 to graph 1, first 1 nohead dt 2 lc rgb "#555555"
plot "plots/speedup_d32-k1000.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- prune_d32-k1000
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 1000,460 font "sans,10" noenhanced
} else {
  set terminal svg size 1000,460 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/prune_d32-k1000.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 1,2 title "distances and pruning per iteration: d32, k = 1000 (n = 100000, d = 32)"
set xlabel "iteration"
set key outside below center horizontal height 1
set logscale y
set ylabel "point-centroid distances computed"
plot "plots/prune_d32-k1000.dat" index 0 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd", \
  "plots/prune_d32-k1000.dat" index 1 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ee6677" title "elkan", \
  "plots/prune_d32-k1000.dat" index 2 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#228833" title "hamerly", \
  "plots/prune_d32-k1000.dat" index 3 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ccbb44" title "yinyang", \
  "plots/prune_d32-k1000.dat" index 4 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#66ccee" title "annulus", \
  "plots/prune_d32-k1000.dat" index 5 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#aa3377" title "exponion"
unset logscale y
set yrange [0:1.05]
set ylabel "share of the n k distances pruned"
plot "plots/prune_d32-k1000.dat" index 0 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd", \
  "plots/prune_d32-k1000.dat" index 1 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ee6677" title "elkan", \
  "plots/prune_d32-k1000.dat" index 2 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#228833" title "hamerly", \
  "plots/prune_d32-k1000.dat" index 3 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ccbb44" title "yinyang", \
  "plots/prune_d32-k1000.dat" index 4 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#66ccee" title "annulus", \
  "plots/prune_d32-k1000.dat" index 5 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#aa3377" title "exponion"
unset multiplot
set output
}

# ---- prec_d32-k1000
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,640 font "sans,10" noenhanced
} else {
  set terminal svg size 900,640 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/prec_d32-k1000.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 2,1 title "float against double: d32, k = 1000 (n = 100000, d = 32)"
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
plot "plots/prec_d32-k1000.dat" using 2:xtic(1) title "f32" lc rgb "#66ccee", '' using 3 title "f64" lc rgb "#4477aa"
set ylabel "labels unlike the f64 baseline (%)"
set yrange [0:*]
plot "plots/prec_d32-k1000.dat" using 4:xtic(1) title "f32 run against f64 baseline" lc rgb "#ccbb44"
unset multiplot
set output
}

# ---- stages_d32-k1000
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,500 font "sans,10" noenhanced
} else {
  set terminal svg size 900,500 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/stages_d32-k1000.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "where the whole run goes (median run per solver): d32, k = 1000 (n = 100000, d = 32)"
set style data histograms
set style histogram rowstacked
set style fill solid 0.85 border -1
set boxwidth 0.8
set yrange [0:1]
set ylabel "share of the whole run"
set key outside right top
set xtics rotate by 90 right
set bmargin 10
plot "plots/stages_d32-k1000.dat" using 2:xtic(1) title "assign and bounds" lc rgb "#4477aa", '' using 3 title "update" lc rgb "#ee6677", '' using 4 title "set-up and result (transfer)" lc rgb "#228833", '' using 5 title "rest of the loop" lc rgb "#bbbbbb"
set output
}

# ---- time_d128-k10
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/time_d128-k10.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "median time per run: d128, k = 10 (n = 100000, d = 128)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "seconds"
set yrange [0:*]
set offsets 0, 0, graph 0.15, 0
plot "plots/time_d128-k10.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- speedup_d128-k10
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/speedup_d128-k10.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "speed-up over sequential Lloyd of the same precision: d128, k = 10 (n = 100000, d = 128)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "speed-up (times faster)"
set yrange [0:*]
set offsets 0, 0, graph 0.15, 0
set arrow from graph 0, first 1 to graph 1, first 1 nohead dt 2 lc rgb "#555555"
plot "plots/speedup_d128-k10.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- prune_d128-k10
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 1000,460 font "sans,10" noenhanced
} else {
  set terminal svg size 1000,460 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/prune_d128-k10.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 1,2 title "distances and pruning per iteration: d128, k = 10 (n = 100000, d = 128)"
set xlabel "iteration"
set key outside below center horizontal height 1
set xtics 1
set logscale y
set ylabel "point-centroid distances computed"
plot "plots/prune_d128-k10.dat" index 0 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd", \
  "plots/prune_d128-k10.dat" index 1 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ee6677" title "elkan", \
  "plots/prune_d128-k10.dat" index 2 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#228833" title "hamerly", \
  "plots/prune_d128-k10.dat" index 3 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ccbb44" title "yinyang", \
  "plots/prune_d128-k10.dat" index 4 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#66ccee" title "annulus", \
  "plots/prune_d128-k10.dat" index 5 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#aa3377" title "exponion"
unset logscale y
set yrange [0:1.05]
set ylabel "share of the n k distances pruned"
plot "plots/prune_d128-k10.dat" index 0 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd", \
  "plots/prune_d128-k10.dat" index 1 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ee6677" title "elkan", \
  "plots/prune_d128-k10.dat" index 2 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#228833" title "hamerly", \
  "plots/prune_d128-k10.dat" index 3 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ccbb44" title "yinyang", \
  "plots/prune_d128-k10.dat" index 4 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#66ccee" title "annulus", \
  "plots/prune_d128-k10.dat" index 5 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#aa3377" title "exponion"
unset multiplot
set output
}

# ---- prec_d128-k10
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,640 font "sans,10" noenhanced
} else {
  set terminal svg size 900,640 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/prec_d128-k10.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 2,1 title "float against double: d128, k = 10 (n = 100000, d = 128)"
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
plot "plots/prec_d128-k10.dat" using 2:xtic(1) title "f32" lc rgb "#66ccee", '' using 3 title "f64" lc rgb "#4477aa"
set ylabel "labels unlike the f64 baseline (%)"
set yrange [0:1]
set label 1 "every f32 run has the labels of the f64 baseline" at graph 0.5, graph 0.5 center
plot "plots/prec_d128-k10.dat" using 4:xtic(1) title "f32 run against f64 baseline" lc rgb "#ccbb44"
unset multiplot
set output
}

# ---- stages_d128-k10
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,500 font "sans,10" noenhanced
} else {
  set terminal svg size 900,500 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/stages_d128-k10.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "where the whole run goes (median run per solver): d128, k = 10 (n = 100000, d = 128)"
set style data histograms
set style histogram rowstacked
set style fill solid 0.85 border -1
set boxwidth 0.8
set yrange [0:1]
set ylabel "share of the whole run"
set key outside right top
set xtics rotate by 90 right
set bmargin 10
plot "plots/stages_d128-k10.dat" using 2:xtic(1) title "assign and bounds" lc rgb "#4477aa", '' using 3 title "update" lc rgb "#ee6677", '' using 4 title "set-up and result (transfer)" lc rgb "#228833", '' using 5 title "rest of the loop" lc rgb "#bbbbbb"
set output
}

# ---- time_d128-k100
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/time_d128-k100.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "median time per run: d128, k = 100 (n = 100000, d = 128)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "seconds"
set logscale y
plot "plots/time_d128-k100.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- speedup_d128-k100
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/speedup_d128-k100.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "speed-up over sequential Lloyd of the same precision: d128, k = 100 (n = 100000, d = 128)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "speed-up (times faster)"
set logscale y
set arrow from graph 0, first 1 to graph 1, first 1 nohead dt 2 lc rgb "#555555"
plot "plots/speedup_d128-k100.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- prune_d128-k100
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 1000,460 font "sans,10" noenhanced
} else {
  set terminal svg size 1000,460 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/prune_d128-k100.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 1,2 title "distances and pruning per iteration: d128, k = 100 (n = 100000, d = 128)"
set xlabel "iteration"
set key outside below center horizontal height 1
set logscale y
set ylabel "point-centroid distances computed"
plot "plots/prune_d128-k100.dat" index 0 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd", \
  "plots/prune_d128-k100.dat" index 1 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ee6677" title "elkan", \
  "plots/prune_d128-k100.dat" index 2 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#228833" title "hamerly", \
  "plots/prune_d128-k100.dat" index 3 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ccbb44" title "yinyang", \
  "plots/prune_d128-k100.dat" index 4 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#66ccee" title "annulus", \
  "plots/prune_d128-k100.dat" index 5 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#aa3377" title "exponion"
unset logscale y
set yrange [0:1.05]
set ylabel "share of the n k distances pruned"
plot "plots/prune_d128-k100.dat" index 0 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd", \
  "plots/prune_d128-k100.dat" index 1 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ee6677" title "elkan", \
  "plots/prune_d128-k100.dat" index 2 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#228833" title "hamerly", \
  "plots/prune_d128-k100.dat" index 3 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#ccbb44" title "yinyang", \
  "plots/prune_d128-k100.dat" index 4 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#66ccee" title "annulus", \
  "plots/prune_d128-k100.dat" index 5 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#aa3377" title "exponion"
unset multiplot
set output
}

# ---- prec_d128-k100
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,640 font "sans,10" noenhanced
} else {
  set terminal svg size 900,640 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/prec_d128-k100.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 2,1 title "float against double: d128, k = 100 (n = 100000, d = 128)"
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
plot "plots/prec_d128-k100.dat" using 2:xtic(1) title "f32" lc rgb "#66ccee", '' using 3 title "f64" lc rgb "#4477aa"
set ylabel "labels unlike the f64 baseline (%)"
set yrange [0:1]
set label 1 "every f32 run has the labels of the f64 baseline" at graph 0.5, graph 0.5 center
plot "plots/prec_d128-k100.dat" using 4:xtic(1) title "f32 run against f64 baseline" lc rgb "#ccbb44"
unset multiplot
set output
}

# ---- stages_d128-k100
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,500 font "sans,10" noenhanced
} else {
  set terminal svg size 900,500 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/stages_d128-k100.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "where the whole run goes (median run per solver): d128, k = 100 (n = 100000, d = 128)"
set style data histograms
set style histogram rowstacked
set style fill solid 0.85 border -1
set boxwidth 0.8
set yrange [0:1]
set ylabel "share of the whole run"
set key outside right top
set xtics rotate by 90 right
set bmargin 10
plot "plots/stages_d128-k100.dat" using 2:xtic(1) title "assign and bounds" lc rgb "#4477aa", '' using 3 title "update" lc rgb "#ee6677", '' using 4 title "set-up and result (transfer)" lc rgb "#228833", '' using 5 title "rest of the loop" lc rgb "#bbbbbb"
set output
}

# ---- scalek_d2
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,520 font "sans,10" noenhanced
} else {
  set terminal svg size 900,520 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/scalek_d2.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "median time against k: d2 (n = 100000, d = 2)"
set xlabel "k (clusters)"
set ylabel "seconds"
set logscale xy
set key outside right top
plot "plots/scalek_d2.dat" index 0 with linespoints lw 2 lc rgb "#98b4d0" dt 2 pt 7 title "lloyd seq f32", \
  "plots/scalek_d2.dat" index 1 with linespoints lw 2 lc rgb "#4477aa" dt 1 pt 7 title "lloyd seq f64", \
  "plots/scalek_d2.dat" index 2 with linespoints lw 2 lc rgb "#f6abb4" dt 2 pt 7 title "elkan seq f32", \
  "plots/scalek_d2.dat" index 3 with linespoints lw 2 lc rgb "#ee6677" dt 1 pt 7 title "elkan seq f64", \
  "plots/scalek_d2.dat" index 4 with linespoints lw 2 lc rgb "#85be8f" dt 2 pt 7 title "hamerly seq f32", \
  "plots/scalek_d2.dat" index 5 with linespoints lw 2 lc rgb "#228833" dt 1 pt 7 title "hamerly seq f64", \
  "plots/scalek_d2.dat" index 6 with linespoints lw 2 lc rgb "#e3da98" dt 2 pt 7 title "yinyang seq f32", \
  "plots/scalek_d2.dat" index 7 with linespoints lw 2 lc rgb "#ccbb44" dt 1 pt 7 title "yinyang seq f64", \
  "plots/scalek_d2.dat" index 8 with linespoints lw 2 lc rgb "#abe3f6" dt 2 pt 7 title "annulus seq f32", \
  "plots/scalek_d2.dat" index 9 with linespoints lw 2 lc rgb "#66ccee" dt 1 pt 7 title "annulus seq f64", \
  "plots/scalek_d2.dat" index 10 with linespoints lw 2 lc rgb "#d08fb4" dt 2 pt 7 title "exponion seq f32", \
  "plots/scalek_d2.dat" index 11 with linespoints lw 2 lc rgb "#aa3377" dt 1 pt 7 title "exponion seq f64", \
  "plots/scalek_d2.dat" index 12 with linespoints lw 2 lc rgb "#7399bf" dt 2 pt 5 title "lloyd omp f32", \
  "plots/scalek_d2.dat" index 13 with linespoints lw 2 lc rgb "#2c4d6f" dt 1 pt 5 title "lloyd omp f64", \
  "plots/scalek_d2.dat" index 14 with linespoints lw 2 lc rgb "#f28c99" dt 2 pt 5 title "elkan omp f32", \
  "plots/scalek_d2.dat" index 15 with linespoints lw 2 lc rgb "#9b424d" dt 1 pt 5 title "elkan omp f64", \
  "plots/scalek_d2.dat" index 16 with linespoints lw 2 lc rgb "#59a666" dt 2 pt 5 title "hamerly omp f32", \
  "plots/scalek_d2.dat" index 17 with linespoints lw 2 lc rgb "#165821" dt 1 pt 5 title "hamerly omp f64", \
  "plots/scalek_d2.dat" index 18 with linespoints lw 2 lc rgb "#d9cc73" dt 2 pt 5 title "yinyang omp f32", \
  "plots/scalek_d2.dat" index 19 with linespoints lw 2 lc rgb "#857a2c" dt 1 pt 5 title "yinyang omp f64", \
  "plots/scalek_d2.dat" index 20 with linespoints lw 2 lc rgb "#8cd9f2" dt 2 pt 5 title "annulus omp f32", \
  "plots/scalek_d2.dat" index 21 with linespoints lw 2 lc rgb "#42859b" dt 1 pt 5 title "annulus omp f64", \
  "plots/scalek_d2.dat" index 22 with linespoints lw 2 lc rgb "#bf6699" dt 2 pt 5 title "exponion omp f32", \
  "plots/scalek_d2.dat" index 23 with linespoints lw 2 lc rgb "#6f214d" dt 1 pt 5 title "exponion omp f64"
set output
}

# ---- scalek_d8
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,520 font "sans,10" noenhanced
} else {
  set terminal svg size 900,520 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/scalek_d8.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "median time against k: d8 (n = 100000, d = 8)"
set xlabel "k (clusters)"
set ylabel "seconds"
set logscale xy
set key outside right top
plot "plots/scalek_d8.dat" index 0 with linespoints lw 2 lc rgb "#98b4d0" dt 2 pt 7 title "lloyd seq f32", \
  "plots/scalek_d8.dat" index 1 with linespoints lw 2 lc rgb "#4477aa" dt 1 pt 7 title "lloyd seq f64", \
  "plots/scalek_d8.dat" index 2 with linespoints lw 2 lc rgb "#f6abb4" dt 2 pt 7 title "elkan seq f32", \
  "plots/scalek_d8.dat" index 3 with linespoints lw 2 lc rgb "#ee6677" dt 1 pt 7 title "elkan seq f64", \
  "plots/scalek_d8.dat" index 4 with linespoints lw 2 lc rgb "#85be8f" dt 2 pt 7 title "hamerly seq f32", \
  "plots/scalek_d8.dat" index 5 with linespoints lw 2 lc rgb "#228833" dt 1 pt 7 title "hamerly seq f64", \
  "plots/scalek_d8.dat" index 6 with linespoints lw 2 lc rgb "#e3da98" dt 2 pt 7 title "yinyang seq f32", \
  "plots/scalek_d8.dat" index 7 with linespoints lw 2 lc rgb "#ccbb44" dt 1 pt 7 title "yinyang seq f64", \
  "plots/scalek_d8.dat" index 8 with linespoints lw 2 lc rgb "#abe3f6" dt 2 pt 7 title "annulus seq f32", \
  "plots/scalek_d8.dat" index 9 with linespoints lw 2 lc rgb "#66ccee" dt 1 pt 7 title "annulus seq f64", \
  "plots/scalek_d8.dat" index 10 with linespoints lw 2 lc rgb "#d08fb4" dt 2 pt 7 title "exponion seq f32", \
  "plots/scalek_d8.dat" index 11 with linespoints lw 2 lc rgb "#aa3377" dt 1 pt 7 title "exponion seq f64", \
  "plots/scalek_d8.dat" index 12 with linespoints lw 2 lc rgb "#7399bf" dt 2 pt 5 title "lloyd omp f32", \
  "plots/scalek_d8.dat" index 13 with linespoints lw 2 lc rgb "#2c4d6f" dt 1 pt 5 title "lloyd omp f64", \
  "plots/scalek_d8.dat" index 14 with linespoints lw 2 lc rgb "#f28c99" dt 2 pt 5 title "elkan omp f32", \
  "plots/scalek_d8.dat" index 15 with linespoints lw 2 lc rgb "#9b424d" dt 1 pt 5 title "elkan omp f64", \
  "plots/scalek_d8.dat" index 16 with linespoints lw 2 lc rgb "#59a666" dt 2 pt 5 title "hamerly omp f32", \
  "plots/scalek_d8.dat" index 17 with linespoints lw 2 lc rgb "#165821" dt 1 pt 5 title "hamerly omp f64", \
  "plots/scalek_d8.dat" index 18 with linespoints lw 2 lc rgb "#d9cc73" dt 2 pt 5 title "yinyang omp f32", \
  "plots/scalek_d8.dat" index 19 with linespoints lw 2 lc rgb "#857a2c" dt 1 pt 5 title "yinyang omp f64", \
  "plots/scalek_d8.dat" index 20 with linespoints lw 2 lc rgb "#8cd9f2" dt 2 pt 5 title "annulus omp f32", \
  "plots/scalek_d8.dat" index 21 with linespoints lw 2 lc rgb "#42859b" dt 1 pt 5 title "annulus omp f64", \
  "plots/scalek_d8.dat" index 22 with linespoints lw 2 lc rgb "#bf6699" dt 2 pt 5 title "exponion omp f32", \
  "plots/scalek_d8.dat" index 23 with linespoints lw 2 lc rgb "#6f214d" dt 1 pt 5 title "exponion omp f64"
set output
}

# ---- scalek_d32
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,520 font "sans,10" noenhanced
} else {
  set terminal svg size 900,520 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/scalek_d32.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "median time against k: d32 (n = 100000, d = 32)"
set xlabel "k (clusters)"
set ylabel "seconds"
set logscale xy
set key outside right top
plot "plots/scalek_d32.dat" index 0 with linespoints lw 2 lc rgb "#98b4d0" dt 2 pt 7 title "lloyd seq f32", \
  "plots/scalek_d32.dat" index 1 with linespoints lw 2 lc rgb "#4477aa" dt 1 pt 7 title "lloyd seq f64", \
  "plots/scalek_d32.dat" index 2 with linespoints lw 2 lc rgb "#f6abb4" dt 2 pt 7 title "elkan seq f32", \
  "plots/scalek_d32.dat" index 3 with linespoints lw 2 lc rgb "#ee6677" dt 1 pt 7 title "elkan seq f64", \
  "plots/scalek_d32.dat" index 4 with linespoints lw 2 lc rgb "#85be8f" dt 2 pt 7 title "hamerly seq f32", \
  "plots/scalek_d32.dat" index 5 with linespoints lw 2 lc rgb "#228833" dt 1 pt 7 title "hamerly seq f64", \
  "plots/scalek_d32.dat" index 6 with linespoints lw 2 lc rgb "#e3da98" dt 2 pt 7 title "yinyang seq f32", \
  "plots/scalek_d32.dat" index 7 with linespoints lw 2 lc rgb "#ccbb44" dt 1 pt 7 title "yinyang seq f64", \
  "plots/scalek_d32.dat" index 8 with linespoints lw 2 lc rgb "#abe3f6" dt 2 pt 7 title "annulus seq f32", \
  "plots/scalek_d32.dat" index 9 with linespoints lw 2 lc rgb "#66ccee" dt 1 pt 7 title "annulus seq f64", \
  "plots/scalek_d32.dat" index 10 with linespoints lw 2 lc rgb "#d08fb4" dt 2 pt 7 title "exponion seq f32", \
  "plots/scalek_d32.dat" index 11 with linespoints lw 2 lc rgb "#aa3377" dt 1 pt 7 title "exponion seq f64", \
  "plots/scalek_d32.dat" index 12 with linespoints lw 2 lc rgb "#7399bf" dt 2 pt 5 title "lloyd omp f32", \
  "plots/scalek_d32.dat" index 13 with linespoints lw 2 lc rgb "#2c4d6f" dt 1 pt 5 title "lloyd omp f64", \
  "plots/scalek_d32.dat" index 14 with linespoints lw 2 lc rgb "#f28c99" dt 2 pt 5 title "elkan omp f32", \
  "plots/scalek_d32.dat" index 15 with linespoints lw 2 lc rgb "#9b424d" dt 1 pt 5 title "elkan omp f64", \
  "plots/scalek_d32.dat" index 16 with linespoints lw 2 lc rgb "#59a666" dt 2 pt 5 title "hamerly omp f32", \
  "plots/scalek_d32.dat" index 17 with linespoints lw 2 lc rgb "#165821" dt 1 pt 5 title "hamerly omp f64", \
  "plots/scalek_d32.dat" index 18 with linespoints lw 2 lc rgb "#d9cc73" dt 2 pt 5 title "yinyang omp f32", \
  "plots/scalek_d32.dat" index 19 with linespoints lw 2 lc rgb "#857a2c" dt 1 pt 5 title "yinyang omp f64", \
  "plots/scalek_d32.dat" index 20 with linespoints lw 2 lc rgb "#8cd9f2" dt 2 pt 5 title "annulus omp f32", \
  "plots/scalek_d32.dat" index 21 with linespoints lw 2 lc rgb "#42859b" dt 1 pt 5 title "annulus omp f64", \
  "plots/scalek_d32.dat" index 22 with linespoints lw 2 lc rgb "#bf6699" dt 2 pt 5 title "exponion omp f32", \
  "plots/scalek_d32.dat" index 23 with linespoints lw 2 lc rgb "#6f214d" dt 1 pt 5 title "exponion omp f64"
set output
}

# ---- scalek_d128
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,520 font "sans,10" noenhanced
} else {
  set terminal svg size 900,520 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/scalek_d128.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "median time against k: d128 (n = 100000, d = 128)"
set xlabel "k (clusters)"
set ylabel "seconds"
set logscale xy
set key outside right top
plot "plots/scalek_d128.dat" index 0 with linespoints lw 2 lc rgb "#98b4d0" dt 2 pt 7 title "lloyd seq f32", \
  "plots/scalek_d128.dat" index 1 with linespoints lw 2 lc rgb "#4477aa" dt 1 pt 7 title "lloyd seq f64", \
  "plots/scalek_d128.dat" index 2 with linespoints lw 2 lc rgb "#f6abb4" dt 2 pt 7 title "elkan seq f32", \
  "plots/scalek_d128.dat" index 3 with linespoints lw 2 lc rgb "#ee6677" dt 1 pt 7 title "elkan seq f64", \
  "plots/scalek_d128.dat" index 4 with linespoints lw 2 lc rgb "#85be8f" dt 2 pt 7 title "hamerly seq f32", \
  "plots/scalek_d128.dat" index 5 with linespoints lw 2 lc rgb "#228833" dt 1 pt 7 title "hamerly seq f64", \
  "plots/scalek_d128.dat" index 6 with linespoints lw 2 lc rgb "#e3da98" dt 2 pt 7 title "yinyang seq f32", \
  "plots/scalek_d128.dat" index 7 with linespoints lw 2 lc rgb "#ccbb44" dt 1 pt 7 title "yinyang seq f64", \
  "plots/scalek_d128.dat" index 8 with linespoints lw 2 lc rgb "#abe3f6" dt 2 pt 7 title "annulus seq f32", \
  "plots/scalek_d128.dat" index 9 with linespoints lw 2 lc rgb "#66ccee" dt 1 pt 7 title "annulus seq f64", \
  "plots/scalek_d128.dat" index 10 with linespoints lw 2 lc rgb "#d08fb4" dt 2 pt 7 title "exponion seq f32", \
  "plots/scalek_d128.dat" index 11 with linespoints lw 2 lc rgb "#aa3377" dt 1 pt 7 title "exponion seq f64", \
  "plots/scalek_d128.dat" index 12 with linespoints lw 2 lc rgb "#7399bf" dt 2 pt 5 title "lloyd omp f32", \
  "plots/scalek_d128.dat" index 13 with linespoints lw 2 lc rgb "#2c4d6f" dt 1 pt 5 title "lloyd omp f64", \
  "plots/scalek_d128.dat" index 14 with linespoints lw 2 lc rgb "#f28c99" dt 2 pt 5 title "elkan omp f32", \
  "plots/scalek_d128.dat" index 15 with linespoints lw 2 lc rgb "#9b424d" dt 1 pt 5 title "elkan omp f64", \
  "plots/scalek_d128.dat" index 16 with linespoints lw 2 lc rgb "#59a666" dt 2 pt 5 title "hamerly omp f32", \
  "plots/scalek_d128.dat" index 17 with linespoints lw 2 lc rgb "#165821" dt 1 pt 5 title "hamerly omp f64", \
  "plots/scalek_d128.dat" index 18 with linespoints lw 2 lc rgb "#d9cc73" dt 2 pt 5 title "yinyang omp f32", \
  "plots/scalek_d128.dat" index 19 with linespoints lw 2 lc rgb "#857a2c" dt 1 pt 5 title "yinyang omp f64", \
  "plots/scalek_d128.dat" index 20 with linespoints lw 2 lc rgb "#8cd9f2" dt 2 pt 5 title "annulus omp f32", \
  "plots/scalek_d128.dat" index 21 with linespoints lw 2 lc rgb "#42859b" dt 1 pt 5 title "annulus omp f64", \
  "plots/scalek_d128.dat" index 22 with linespoints lw 2 lc rgb "#bf6699" dt 2 pt 5 title "exponion omp f32", \
  "plots/scalek_d128.dat" index 23 with linespoints lw 2 lc rgb "#6f214d" dt 1 pt 5 title "exponion omp f64"
set output
}
