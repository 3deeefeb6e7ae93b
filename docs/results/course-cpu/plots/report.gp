# Drawn by 'trikmeans report'; run from the bench folder:
#   gnuplot plots/report.gp

# ---- time_n100-t100-k5
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/time_n100-t100-k5.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "median time per run: n100-t100, k = 5 (n = 100, d = 2)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "seconds"
set yrange [0:*]
set offsets 0, 0, graph 0.15, 0
plot "plots/time_n100-t100-k5.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- speedup_n100-t100-k5
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/speedup_n100-t100-k5.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "speed-up over sequential Lloyd of the same precision: n100-t100, k = 5 (n = 100, d = 2)"
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
plot "plots/speedup_n100-t100-k5.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- prune_n100-t100-k5
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 1000,460 font "sans,10" noenhanced
} else {
  set terminal svg size 1000,460 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/prune_n100-t100-k5.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 1,2 title "distances and pruning per iteration: n100-t100, k = 5 (n = 100, d = 2)"
set xlabel "iteration"
set key outside below center horizontal height 1
set logscale y
set ylabel "point-centroid distances computed"
plot "plots/prune_n100-t100-k5.dat" index 0 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd"
unset logscale y
set yrange [0:1.05]
set ylabel "share of the n k distances pruned"
plot "plots/prune_n100-t100-k5.dat" index 0 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd"
unset multiplot
set output
}

# ---- prec_n100-t100-k5
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,640 font "sans,10" noenhanced
} else {
  set terminal svg size 900,640 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/prec_n100-t100-k5.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 2,1 title "float against double: n100-t100, k = 5 (n = 100, d = 2)"
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
plot "plots/prec_n100-t100-k5.dat" using 2:xtic(1) title "f32" lc rgb "#66ccee", '' using 3 title "f64" lc rgb "#4477aa"
set ylabel "labels unlike the f64 baseline (%)"
set yrange [0:1]
set label 1 "every f32 run has the labels of the f64 baseline" at graph 0.5, graph 0.5 center
plot "plots/prec_n100-t100-k5.dat" using 4:xtic(1) title "f32 run against f64 baseline" lc rgb "#ccbb44"
unset multiplot
set output
}

# ---- stages_n100-t100-k5
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,484 font "sans,10" noenhanced
} else {
  set terminal svg size 900,484 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/stages_n100-t100-k5.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "where the whole run goes (median run per solver): n100-t100, k = 5 (n = 100, d = 2)"
set style data histograms
set style histogram rowstacked
set style fill solid 0.85 border -1
set boxwidth 0.8
set yrange [0:1]
set ylabel "share of the whole run"
set key outside right top
set xtics rotate by 90 right
set bmargin 9
plot "plots/stages_n100-t100-k5.dat" using 2:xtic(1) title "assign and bounds" lc rgb "#4477aa", '' using 3 title "update" lc rgb "#ee6677", '' using 4 title "set-up and result (transfer)" lc rgb "#228833", '' using 5 title "rest of the loop" lc rgb "#bbbbbb"
set output
}

# ---- time_n100-t100-k100
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/time_n100-t100-k100.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "median time per run: n100-t100, k = 100 (n = 100, d = 2)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "seconds"
set yrange [0:*]
set offsets 0, 0, graph 0.15, 0
plot "plots/time_n100-t100-k100.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- speedup_n100-t100-k100
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/speedup_n100-t100-k100.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "speed-up over sequential Lloyd of the same precision: n100-t100, k = 100 (n = 100, d = 2)"
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
plot "plots/speedup_n100-t100-k100.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- prune_n100-t100-k100
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 1000,460 font "sans,10" noenhanced
} else {
  set terminal svg size 1000,460 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/prune_n100-t100-k100.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 1,2 title "distances and pruning per iteration: n100-t100, k = 100 (n = 100, d = 2)"
set xlabel "iteration"
set key outside below center horizontal height 1
set logscale y
set ylabel "point-centroid distances computed"
plot "plots/prune_n100-t100-k100.dat" index 0 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd"
unset logscale y
set yrange [0:1.05]
set ylabel "share of the n k distances pruned"
plot "plots/prune_n100-t100-k100.dat" index 0 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd"
unset multiplot
set output
}

# ---- prec_n100-t100-k100
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,640 font "sans,10" noenhanced
} else {
  set terminal svg size 900,640 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/prec_n100-t100-k100.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 2,1 title "float against double: n100-t100, k = 100 (n = 100, d = 2)"
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
plot "plots/prec_n100-t100-k100.dat" using 2:xtic(1) title "f32" lc rgb "#66ccee", '' using 3 title "f64" lc rgb "#4477aa"
set ylabel "labels unlike the f64 baseline (%)"
set yrange [0:1]
set label 1 "every f32 run has the labels of the f64 baseline" at graph 0.5, graph 0.5 center
plot "plots/prec_n100-t100-k100.dat" using 4:xtic(1) title "f32 run against f64 baseline" lc rgb "#ccbb44"
unset multiplot
set output
}

# ---- stages_n100-t100-k100
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,484 font "sans,10" noenhanced
} else {
  set terminal svg size 900,484 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/stages_n100-t100-k100.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "where the whole run goes (median run per solver): n100-t100, k = 100 (n = 100, d = 2)"
set style data histograms
set style histogram rowstacked
set style fill solid 0.85 border -1
set boxwidth 0.8
set yrange [0:1]
set ylabel "share of the whole run"
set key outside right top
set xtics rotate by 90 right
set bmargin 9
plot "plots/stages_n100-t100-k100.dat" using 2:xtic(1) title "assign and bounds" lc rgb "#4477aa", '' using 3 title "update" lc rgb "#ee6677", '' using 4 title "set-up and result (transfer)" lc rgb "#228833", '' using 5 title "rest of the loop" lc rgb "#bbbbbb"
set output
}

# ---- time_n100-t300-k5
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/time_n100-t300-k5.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "median time per run: n100-t300, k = 5 (n = 100, d = 2)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "seconds"
set yrange [0:*]
set offsets 0, 0, graph 0.15, 0
plot "plots/time_n100-t300-k5.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- speedup_n100-t300-k5
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/speedup_n100-t300-k5.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "speed-up over sequential Lloyd of the same precision: n100-t300, k = 5 (n = 100, d = 2)"
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
plot "plots/speedup_n100-t300-k5.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- prune_n100-t300-k5
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 1000,460 font "sans,10" noenhanced
} else {
  set terminal svg size 1000,460 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/prune_n100-t300-k5.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 1,2 title "distances and pruning per iteration: n100-t300, k = 5 (n = 100, d = 2)"
set xlabel "iteration"
set key outside below center horizontal height 1
set logscale y
set ylabel "point-centroid distances computed"
plot "plots/prune_n100-t300-k5.dat" index 0 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd"
unset logscale y
set yrange [0:1.05]
set ylabel "share of the n k distances pruned"
plot "plots/prune_n100-t300-k5.dat" index 0 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd"
unset multiplot
set output
}

# ---- prec_n100-t300-k5
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,640 font "sans,10" noenhanced
} else {
  set terminal svg size 900,640 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/prec_n100-t300-k5.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 2,1 title "float against double: n100-t300, k = 5 (n = 100, d = 2)"
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
plot "plots/prec_n100-t300-k5.dat" using 2:xtic(1) title "f32" lc rgb "#66ccee", '' using 3 title "f64" lc rgb "#4477aa"
set ylabel "labels unlike the f64 baseline (%)"
set yrange [0:1]
set label 1 "every f32 run has the labels of the f64 baseline" at graph 0.5, graph 0.5 center
plot "plots/prec_n100-t300-k5.dat" using 4:xtic(1) title "f32 run against f64 baseline" lc rgb "#ccbb44"
unset multiplot
set output
}

# ---- stages_n100-t300-k5
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,484 font "sans,10" noenhanced
} else {
  set terminal svg size 900,484 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/stages_n100-t300-k5.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "where the whole run goes (median run per solver): n100-t300, k = 5 (n = 100, d = 2)"
set style data histograms
set style histogram rowstacked
set style fill solid 0.85 border -1
set boxwidth 0.8
set yrange [0:1]
set ylabel "share of the whole run"
set key outside right top
set xtics rotate by 90 right
set bmargin 9
plot "plots/stages_n100-t300-k5.dat" using 2:xtic(1) title "assign and bounds" lc rgb "#4477aa", '' using 3 title "update" lc rgb "#ee6677", '' using 4 title "set-up and result (transfer)" lc rgb "#228833", '' using 5 title "rest of the loop" lc rgb "#bbbbbb"
set output
}

# ---- time_n100-t300-k100
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/time_n100-t300-k100.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "median time per run: n100-t300, k = 100 (n = 100, d = 2)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "seconds"
set yrange [0:*]
set offsets 0, 0, graph 0.15, 0
plot "plots/time_n100-t300-k100.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- speedup_n100-t300-k100
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/speedup_n100-t300-k100.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "speed-up over sequential Lloyd of the same precision: n100-t300, k = 100 (n = 100, d = 2)"
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
plot "plots/speedup_n100-t300-k100.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- prune_n100-t300-k100
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 1000,460 font "sans,10" noenhanced
} else {
  set terminal svg size 1000,460 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/prune_n100-t300-k100.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 1,2 title "distances and pruning per iteration: n100-t300, k = 100 (n = 100, d = 2)"
set xlabel "iteration"
set key outside below center horizontal height 1
set logscale y
set ylabel "point-centroid distances computed"
plot "plots/prune_n100-t300-k100.dat" index 0 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd"
unset logscale y
set yrange [0:1.05]
set ylabel "share of the n k distances pruned"
plot "plots/prune_n100-t300-k100.dat" index 0 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd"
unset multiplot
set output
}

# ---- prec_n100-t300-k100
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,640 font "sans,10" noenhanced
} else {
  set terminal svg size 900,640 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/prec_n100-t300-k100.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 2,1 title "float against double: n100-t300, k = 100 (n = 100, d = 2)"
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
plot "plots/prec_n100-t300-k100.dat" using 2:xtic(1) title "f32" lc rgb "#66ccee", '' using 3 title "f64" lc rgb "#4477aa"
set ylabel "labels unlike the f64 baseline (%)"
set yrange [0:1]
set label 1 "every f32 run has the labels of the f64 baseline" at graph 0.5, graph 0.5 center
plot "plots/prec_n100-t300-k100.dat" using 4:xtic(1) title "f32 run against f64 baseline" lc rgb "#ccbb44"
unset multiplot
set output
}

# ---- stages_n100-t300-k100
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,484 font "sans,10" noenhanced
} else {
  set terminal svg size 900,484 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/stages_n100-t300-k100.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "where the whole run goes (median run per solver): n100-t300, k = 100 (n = 100, d = 2)"
set style data histograms
set style histogram rowstacked
set style fill solid 0.85 border -1
set boxwidth 0.8
set yrange [0:1]
set ylabel "share of the whole run"
set key outside right top
set xtics rotate by 90 right
set bmargin 9
plot "plots/stages_n100-t300-k100.dat" using 2:xtic(1) title "assign and bounds" lc rgb "#4477aa", '' using 3 title "update" lc rgb "#ee6677", '' using 4 title "set-up and result (transfer)" lc rgb "#228833", '' using 5 title "rest of the loop" lc rgb "#bbbbbb"
set output
}

# ---- time_n1e5-t100-k5
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/time_n1e5-t100-k5.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "median time per run: n1e5-t100, k = 5 (n = 100000, d = 2)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "seconds"
set yrange [0:*]
set offsets 0, 0, graph 0.15, 0
plot "plots/time_n1e5-t100-k5.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- speedup_n1e5-t100-k5
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/speedup_n1e5-t100-k5.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "speed-up over sequential Lloyd of the same precision: n1e5-t100, k = 5 (n = 100000, d = 2)"
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
plot "plots/speedup_n1e5-t100-k5.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- prune_n1e5-t100-k5
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 1000,460 font "sans,10" noenhanced
} else {
  set terminal svg size 1000,460 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/prune_n1e5-t100-k5.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 1,2 title "distances and pruning per iteration: n1e5-t100, k = 5 (n = 100000, d = 2)"
set xlabel "iteration"
set key outside below center horizontal height 1
set logscale y
set ylabel "point-centroid distances computed"
plot "plots/prune_n1e5-t100-k5.dat" index 0 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd"
unset logscale y
set yrange [0:1.05]
set ylabel "share of the n k distances pruned"
plot "plots/prune_n1e5-t100-k5.dat" index 0 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd"
unset multiplot
set output
}

# ---- prec_n1e5-t100-k5
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,640 font "sans,10" noenhanced
} else {
  set terminal svg size 900,640 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/prec_n1e5-t100-k5.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 2,1 title "float against double: n1e5-t100, k = 5 (n = 100000, d = 2)"
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
plot "plots/prec_n1e5-t100-k5.dat" using 2:xtic(1) title "f32" lc rgb "#66ccee", '' using 3 title "f64" lc rgb "#4477aa"
set ylabel "labels unlike the f64 baseline (%)"
set yrange [0:1]
set label 1 "every f32 run has the labels of the f64 baseline" at graph 0.5, graph 0.5 center
plot "plots/prec_n1e5-t100-k5.dat" using 4:xtic(1) title "f32 run against f64 baseline" lc rgb "#ccbb44"
unset multiplot
set output
}

# ---- stages_n1e5-t100-k5
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,484 font "sans,10" noenhanced
} else {
  set terminal svg size 900,484 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/stages_n1e5-t100-k5.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "where the whole run goes (median run per solver): n1e5-t100, k = 5 (n = 100000, d = 2)"
set style data histograms
set style histogram rowstacked
set style fill solid 0.85 border -1
set boxwidth 0.8
set yrange [0:1]
set ylabel "share of the whole run"
set key outside right top
set xtics rotate by 90 right
set bmargin 9
plot "plots/stages_n1e5-t100-k5.dat" using 2:xtic(1) title "assign and bounds" lc rgb "#4477aa", '' using 3 title "update" lc rgb "#ee6677", '' using 4 title "set-up and result (transfer)" lc rgb "#228833", '' using 5 title "rest of the loop" lc rgb "#bbbbbb"
set output
}

# ---- time_n1e5-t100-k100
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/time_n1e5-t100-k100.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "median time per run: n1e5-t100, k = 100 (n = 100000, d = 2)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "seconds"
set yrange [0:*]
set offsets 0, 0, graph 0.15, 0
plot "plots/time_n1e5-t100-k100.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- speedup_n1e5-t100-k100
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/speedup_n1e5-t100-k100.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "speed-up over sequential Lloyd of the same precision: n1e5-t100, k = 100 (n = 100000, d = 2)"
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
plot "plots/speedup_n1e5-t100-k100.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- prune_n1e5-t100-k100
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 1000,460 font "sans,10" noenhanced
} else {
  set terminal svg size 1000,460 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/prune_n1e5-t100-k100.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 1,2 title "distances and pruning per iteration: n1e5-t100, k = 100 (n = 100000, d = 2)"
set xlabel "iteration"
set key outside below center horizontal height 1
set logscale y
set ylabel "point-centroid distances computed"
plot "plots/prune_n1e5-t100-k100.dat" index 0 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd"
unset logscale y
set yrange [0:1.05]
set ylabel "share of the n k distances pruned"
plot "plots/prune_n1e5-t100-k100.dat" index 0 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd"
unset multiplot
set output
}

# ---- prec_n1e5-t100-k100
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,640 font "sans,10" noenhanced
} else {
  set terminal svg size 900,640 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/prec_n1e5-t100-k100.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 2,1 title "float against double: n1e5-t100, k = 100 (n = 100000, d = 2)"
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
plot "plots/prec_n1e5-t100-k100.dat" using 2:xtic(1) title "f32" lc rgb "#66ccee", '' using 3 title "f64" lc rgb "#4477aa"
set ylabel "labels unlike the f64 baseline (%)"
set yrange [0:1]
set label 1 "every f32 run has the labels of the f64 baseline" at graph 0.5, graph 0.5 center
plot "plots/prec_n1e5-t100-k100.dat" using 4:xtic(1) title "f32 run against f64 baseline" lc rgb "#ccbb44"
unset multiplot
set output
}

# ---- stages_n1e5-t100-k100
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,484 font "sans,10" noenhanced
} else {
  set terminal svg size 900,484 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/stages_n1e5-t100-k100.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "where the whole run goes (median run per solver): n1e5-t100, k = 100 (n = 100000, d = 2)"
set style data histograms
set style histogram rowstacked
set style fill solid 0.85 border -1
set boxwidth 0.8
set yrange [0:1]
set ylabel "share of the whole run"
set key outside right top
set xtics rotate by 90 right
set bmargin 9
plot "plots/stages_n1e5-t100-k100.dat" using 2:xtic(1) title "assign and bounds" lc rgb "#4477aa", '' using 3 title "update" lc rgb "#ee6677", '' using 4 title "set-up and result (transfer)" lc rgb "#228833", '' using 5 title "rest of the loop" lc rgb "#bbbbbb"
set output
}

# ---- time_n1e5-t100-k1000
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/time_n1e5-t100-k1000.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "median time per run: n1e5-t100, k = 1000 (n = 100000, d = 2)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "seconds"
set yrange [0:*]
set offsets 0, 0, graph 0.15, 0
plot "plots/time_n1e5-t100-k1000.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- speedup_n1e5-t100-k1000
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/speedup_n1e5-t100-k1000.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "speed-up over sequential Lloyd of the same precision: n1e5-t100, k = 1000 (n = 100000, d = 2)"
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
plot "plots/speedup_n1e5-t100-k1000.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- prune_n1e5-t100-k1000
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 1000,460 font "sans,10" noenhanced
} else {
  set terminal svg size 1000,460 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/prune_n1e5-t100-k1000.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 1,2 title "distances and pruning per iteration: n1e5-t100, k = 1000 (n = 100000, d = 2)"
set xlabel "iteration"
set key outside below center horizontal height 1
set logscale y
set ylabel "point-centroid distances computed"
plot "plots/prune_n1e5-t100-k1000.dat" index 0 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd"
unset logscale y
set yrange [0:1.05]
set ylabel "share of the n k distances pruned"
plot "plots/prune_n1e5-t100-k1000.dat" index 0 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd"
unset multiplot
set output
}

# ---- prec_n1e5-t100-k1000
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,640 font "sans,10" noenhanced
} else {
  set terminal svg size 900,640 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/prec_n1e5-t100-k1000.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 2,1 title "float against double: n1e5-t100, k = 1000 (n = 100000, d = 2)"
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
plot "plots/prec_n1e5-t100-k1000.dat" using 2:xtic(1) title "f32" lc rgb "#66ccee", '' using 3 title "f64" lc rgb "#4477aa"
set ylabel "labels unlike the f64 baseline (%)"
set yrange [0:1]
set label 1 "every f32 run has the labels of the f64 baseline" at graph 0.5, graph 0.5 center
plot "plots/prec_n1e5-t100-k1000.dat" using 4:xtic(1) title "f32 run against f64 baseline" lc rgb "#ccbb44"
unset multiplot
set output
}

# ---- stages_n1e5-t100-k1000
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,484 font "sans,10" noenhanced
} else {
  set terminal svg size 900,484 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/stages_n1e5-t100-k1000.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "where the whole run goes (median run per solver): n1e5-t100, k = 1000 (n = 100000, d = 2)"
set style data histograms
set style histogram rowstacked
set style fill solid 0.85 border -1
set boxwidth 0.8
set yrange [0:1]
set ylabel "share of the whole run"
set key outside right top
set xtics rotate by 90 right
set bmargin 9
plot "plots/stages_n1e5-t100-k1000.dat" using 2:xtic(1) title "assign and bounds" lc rgb "#4477aa", '' using 3 title "update" lc rgb "#ee6677", '' using 4 title "set-up and result (transfer)" lc rgb "#228833", '' using 5 title "rest of the loop" lc rgb "#bbbbbb"
set output
}

# ---- time_n1e5-t300-k5
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/time_n1e5-t300-k5.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "median time per run: n1e5-t300, k = 5 (n = 100000, d = 2)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "seconds"
set yrange [0:*]
set offsets 0, 0, graph 0.15, 0
plot "plots/time_n1e5-t300-k5.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- speedup_n1e5-t300-k5
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/speedup_n1e5-t300-k5.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "speed-up over sequential Lloyd of the same precision: n1e5-t300, k = 5 (n = 100000, d = 2)"
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
plot "plots/speedup_n1e5-t300-k5.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- prune_n1e5-t300-k5
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 1000,460 font "sans,10" noenhanced
} else {
  set terminal svg size 1000,460 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/prune_n1e5-t300-k5.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 1,2 title "distances and pruning per iteration: n1e5-t300, k = 5 (n = 100000, d = 2)"
set xlabel "iteration"
set key outside below center horizontal height 1
set logscale y
set ylabel "point-centroid distances computed"
plot "plots/prune_n1e5-t300-k5.dat" index 0 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd"
unset logscale y
set yrange [0:1.05]
set ylabel "share of the n k distances pruned"
plot "plots/prune_n1e5-t300-k5.dat" index 0 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd"
unset multiplot
set output
}

# ---- prec_n1e5-t300-k5
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,640 font "sans,10" noenhanced
} else {
  set terminal svg size 900,640 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/prec_n1e5-t300-k5.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 2,1 title "float against double: n1e5-t300, k = 5 (n = 100000, d = 2)"
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
plot "plots/prec_n1e5-t300-k5.dat" using 2:xtic(1) title "f32" lc rgb "#66ccee", '' using 3 title "f64" lc rgb "#4477aa"
set ylabel "labels unlike the f64 baseline (%)"
set yrange [0:1]
set label 1 "every f32 run has the labels of the f64 baseline" at graph 0.5, graph 0.5 center
plot "plots/prec_n1e5-t300-k5.dat" using 4:xtic(1) title "f32 run against f64 baseline" lc rgb "#ccbb44"
unset multiplot
set output
}

# ---- stages_n1e5-t300-k5
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,484 font "sans,10" noenhanced
} else {
  set terminal svg size 900,484 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/stages_n1e5-t300-k5.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "where the whole run goes (median run per solver): n1e5-t300, k = 5 (n = 100000, d = 2)"
set style data histograms
set style histogram rowstacked
set style fill solid 0.85 border -1
set boxwidth 0.8
set yrange [0:1]
set ylabel "share of the whole run"
set key outside right top
set xtics rotate by 90 right
set bmargin 9
plot "plots/stages_n1e5-t300-k5.dat" using 2:xtic(1) title "assign and bounds" lc rgb "#4477aa", '' using 3 title "update" lc rgb "#ee6677", '' using 4 title "set-up and result (transfer)" lc rgb "#228833", '' using 5 title "rest of the loop" lc rgb "#bbbbbb"
set output
}

# ---- time_n1e5-t300-k100
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/time_n1e5-t300-k100.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "median time per run: n1e5-t300, k = 100 (n = 100000, d = 2)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "seconds"
set yrange [0:*]
set offsets 0, 0, graph 0.15, 0
plot "plots/time_n1e5-t300-k100.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- speedup_n1e5-t300-k100
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/speedup_n1e5-t300-k100.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "speed-up over sequential Lloyd of the same precision: n1e5-t300, k = 100 (n = 100000, d = 2)"
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
plot "plots/speedup_n1e5-t300-k100.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- prune_n1e5-t300-k100
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 1000,460 font "sans,10" noenhanced
} else {
  set terminal svg size 1000,460 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/prune_n1e5-t300-k100.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 1,2 title "distances and pruning per iteration: n1e5-t300, k = 100 (n = 100000, d = 2)"
set xlabel "iteration"
set key outside below center horizontal height 1
set logscale y
set ylabel "point-centroid distances computed"
plot "plots/prune_n1e5-t300-k100.dat" index 0 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd"
unset logscale y
set yrange [0:1.05]
set ylabel "share of the n k distances pruned"
plot "plots/prune_n1e5-t300-k100.dat" index 0 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd"
unset multiplot
set output
}

# ---- prec_n1e5-t300-k100
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,640 font "sans,10" noenhanced
} else {
  set terminal svg size 900,640 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/prec_n1e5-t300-k100.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 2,1 title "float against double: n1e5-t300, k = 100 (n = 100000, d = 2)"
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
plot "plots/prec_n1e5-t300-k100.dat" using 2:xtic(1) title "f32" lc rgb "#66ccee", '' using 3 title "f64" lc rgb "#4477aa"
set ylabel "labels unlike the f64 baseline (%)"
set yrange [0:1]
set label 1 "every f32 run has the labels of the f64 baseline" at graph 0.5, graph 0.5 center
plot "plots/prec_n1e5-t300-k100.dat" using 4:xtic(1) title "f32 run against f64 baseline" lc rgb "#ccbb44"
unset multiplot
set output
}

# ---- stages_n1e5-t300-k100
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,484 font "sans,10" noenhanced
} else {
  set terminal svg size 900,484 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/stages_n1e5-t300-k100.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "where the whole run goes (median run per solver): n1e5-t300, k = 100 (n = 100000, d = 2)"
set style data histograms
set style histogram rowstacked
set style fill solid 0.85 border -1
set boxwidth 0.8
set yrange [0:1]
set ylabel "share of the whole run"
set key outside right top
set xtics rotate by 90 right
set bmargin 9
plot "plots/stages_n1e5-t300-k100.dat" using 2:xtic(1) title "assign and bounds" lc rgb "#4477aa", '' using 3 title "update" lc rgb "#ee6677", '' using 4 title "set-up and result (transfer)" lc rgb "#228833", '' using 5 title "rest of the loop" lc rgb "#bbbbbb"
set output
}

# ---- time_n1e5-t300-k1000
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/time_n1e5-t300-k1000.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "median time per run: n1e5-t300, k = 1000 (n = 100000, d = 2)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "seconds"
set yrange [0:*]
set offsets 0, 0, graph 0.15, 0
plot "plots/time_n1e5-t300-k1000.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- speedup_n1e5-t300-k1000
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/speedup_n1e5-t300-k1000.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "speed-up over sequential Lloyd of the same precision: n1e5-t300, k = 1000 (n = 100000, d = 2)"
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
plot "plots/speedup_n1e5-t300-k1000.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- prune_n1e5-t300-k1000
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 1000,460 font "sans,10" noenhanced
} else {
  set terminal svg size 1000,460 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/prune_n1e5-t300-k1000.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 1,2 title "distances and pruning per iteration: n1e5-t300, k = 1000 (n = 100000, d = 2)"
set xlabel "iteration"
set key outside below center horizontal height 1
set logscale y
set ylabel "point-centroid distances computed"
plot "plots/prune_n1e5-t300-k1000.dat" index 0 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd"
unset logscale y
set yrange [0:1.05]
set ylabel "share of the n k distances pruned"
plot "plots/prune_n1e5-t300-k1000.dat" index 0 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#4477aa" title "lloyd"
unset multiplot
set output
}

# ---- prec_n1e5-t300-k1000
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,640 font "sans,10" noenhanced
} else {
  set terminal svg size 900,640 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/prec_n1e5-t300-k1000.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 2,1 title "float against double: n1e5-t300, k = 1000 (n = 100000, d = 2)"
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
plot "plots/prec_n1e5-t300-k1000.dat" using 2:xtic(1) title "f32" lc rgb "#66ccee", '' using 3 title "f64" lc rgb "#4477aa"
set ylabel "labels unlike the f64 baseline (%)"
set yrange [0:1]
set label 1 "every f32 run has the labels of the f64 baseline" at graph 0.5, graph 0.5 center
plot "plots/prec_n1e5-t300-k1000.dat" using 4:xtic(1) title "f32 run against f64 baseline" lc rgb "#ccbb44"
unset multiplot
set output
}

# ---- stages_n1e5-t300-k1000
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,484 font "sans,10" noenhanced
} else {
  set terminal svg size 900,484 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/stages_n1e5-t300-k1000.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "where the whole run goes (median run per solver): n1e5-t300, k = 1000 (n = 100000, d = 2)"
set style data histograms
set style histogram rowstacked
set style fill solid 0.85 border -1
set boxwidth 0.8
set yrange [0:1]
set ylabel "share of the whole run"
set key outside right top
set xtics rotate by 90 right
set bmargin 9
plot "plots/stages_n1e5-t300-k1000.dat" using 2:xtic(1) title "assign and bounds" lc rgb "#4477aa", '' using 3 title "update" lc rgb "#ee6677", '' using 4 title "set-up and result (transfer)" lc rgb "#228833", '' using 5 title "rest of the loop" lc rgb "#bbbbbb"
set output
}

# ---- scalen_d2-k5
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,520 font "sans,10" noenhanced
} else {
  set terminal svg size 900,520 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/scalen_d2-k5.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "median time against n: d = 2, k = 5"
set xlabel "n (points)"
set ylabel "seconds"
set logscale xy
set key outside right top
plot "plots/scalen_d2-k5.dat" index 0 with linespoints lw 2 lc rgb "#98b4d0" dt 2 pt 7 title "lloyd seq f32", \
  "plots/scalen_d2-k5.dat" index 1 with linespoints lw 2 lc rgb "#4477aa" dt 1 pt 7 title "lloyd seq f64", \
  "plots/scalen_d2-k5.dat" index 2 with linespoints lw 2 lc rgb "#7399bf" dt 2 pt 5 title "lloyd omp f32", \
  "plots/scalen_d2-k5.dat" index 3 with linespoints lw 2 lc rgb "#2c4d6f" dt 1 pt 5 title "lloyd omp f64"
set output
}

# ---- scalek_n100-t100
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,520 font "sans,10" noenhanced
} else {
  set terminal svg size 900,520 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/scalek_n100-t100.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "median time against k: n100-t100 (n = 100, d = 2)"
set xlabel "k (clusters)"
set ylabel "seconds"
set logscale xy
set key outside right top
plot "plots/scalek_n100-t100.dat" index 0 with linespoints lw 2 lc rgb "#98b4d0" dt 2 pt 7 title "lloyd seq f32", \
  "plots/scalek_n100-t100.dat" index 1 with linespoints lw 2 lc rgb "#4477aa" dt 1 pt 7 title "lloyd seq f64", \
  "plots/scalek_n100-t100.dat" index 2 with linespoints lw 2 lc rgb "#7399bf" dt 2 pt 5 title "lloyd omp f32", \
  "plots/scalek_n100-t100.dat" index 3 with linespoints lw 2 lc rgb "#2c4d6f" dt 1 pt 5 title "lloyd omp f64"
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
  "plots/scalen_d2-k100.dat" index 1 with linespoints lw 2 lc rgb "#4477aa" dt 1 pt 7 title "lloyd seq f64", \
  "plots/scalen_d2-k100.dat" index 2 with linespoints lw 2 lc rgb "#7399bf" dt 2 pt 5 title "lloyd omp f32", \
  "plots/scalen_d2-k100.dat" index 3 with linespoints lw 2 lc rgb "#2c4d6f" dt 1 pt 5 title "lloyd omp f64"
set output
}

# ---- scalek_n100-t300
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,520 font "sans,10" noenhanced
} else {
  set terminal svg size 900,520 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/scalek_n100-t300.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "median time against k: n100-t300 (n = 100, d = 2)"
set xlabel "k (clusters)"
set ylabel "seconds"
set logscale xy
set key outside right top
plot "plots/scalek_n100-t300.dat" index 0 with linespoints lw 2 lc rgb "#98b4d0" dt 2 pt 7 title "lloyd seq f32", \
  "plots/scalek_n100-t300.dat" index 1 with linespoints lw 2 lc rgb "#4477aa" dt 1 pt 7 title "lloyd seq f64", \
  "plots/scalek_n100-t300.dat" index 2 with linespoints lw 2 lc rgb "#7399bf" dt 2 pt 5 title "lloyd omp f32", \
  "plots/scalek_n100-t300.dat" index 3 with linespoints lw 2 lc rgb "#2c4d6f" dt 1 pt 5 title "lloyd omp f64"
set output
}

# ---- scalek_n1e5-t100
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,520 font "sans,10" noenhanced
} else {
  set terminal svg size 900,520 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/scalek_n1e5-t100.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "median time against k: n1e5-t100 (n = 100000, d = 2)"
set xlabel "k (clusters)"
set ylabel "seconds"
set logscale xy
set key outside right top
plot "plots/scalek_n1e5-t100.dat" index 0 with linespoints lw 2 lc rgb "#98b4d0" dt 2 pt 7 title "lloyd seq f32", \
  "plots/scalek_n1e5-t100.dat" index 1 with linespoints lw 2 lc rgb "#4477aa" dt 1 pt 7 title "lloyd seq f64", \
  "plots/scalek_n1e5-t100.dat" index 2 with linespoints lw 2 lc rgb "#7399bf" dt 2 pt 5 title "lloyd omp f32", \
  "plots/scalek_n1e5-t100.dat" index 3 with linespoints lw 2 lc rgb "#2c4d6f" dt 1 pt 5 title "lloyd omp f64"
set output
}

# ---- scalek_n1e5-t300
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,520 font "sans,10" noenhanced
} else {
  set terminal svg size 900,520 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/scalek_n1e5-t300.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "median time against k: n1e5-t300 (n = 100000, d = 2)"
set xlabel "k (clusters)"
set ylabel "seconds"
set logscale xy
set key outside right top
plot "plots/scalek_n1e5-t300.dat" index 0 with linespoints lw 2 lc rgb "#98b4d0" dt 2 pt 7 title "lloyd seq f32", \
  "plots/scalek_n1e5-t300.dat" index 1 with linespoints lw 2 lc rgb "#4477aa" dt 1 pt 7 title "lloyd seq f64", \
  "plots/scalek_n1e5-t300.dat" index 2 with linespoints lw 2 lc rgb "#7399bf" dt 2 pt 5 title "lloyd omp f32", \
  "plots/scalek_n1e5-t300.dat" index 3 with linespoints lw 2 lc rgb "#2c4d6f" dt 1 pt 5 title "lloyd omp f64"
set output
}
