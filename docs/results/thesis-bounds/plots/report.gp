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
set yrange [0:*]
set offsets 0, 0, graph 0.15, 0
plot "plots/time_full-n1e5-k16.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833"
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
set yrange [0:*]
set offsets 0, 0, graph 0.15, 0
set arrow from graph 0, first 1 to graph 1, first 1 nohead dt 2 lc rgb "#555555"
plot "plots/speedup_full-n1e5-k16.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833"
set output
}

# ---- stages_full-n1e5-k16
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
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
set xtics rotate by -25
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
set yrange [0:*]
set offsets 0, 0, graph 0.15, 0
plot "plots/time_full-n1e5-k64.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833"
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
set yrange [0:*]
set offsets 0, 0, graph 0.15, 0
set arrow from graph 0, first 1 to graph 1, first 1 nohead dt 2 lc rgb "#555555"
plot "plots/speedup_full-n1e5-k64.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833"
set output
}

# ---- stages_full-n1e5-k64
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
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
set xtics rotate by -25
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
set yrange [0:*]
set offsets 0, 0, graph 0.15, 0
plot "plots/time_thesis-n1e5-k16.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833"
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
set yrange [0:*]
set offsets 0, 0, graph 0.15, 0
set arrow from graph 0, first 1 to graph 1, first 1 nohead dt 2 lc rgb "#555555"
plot "plots/speedup_thesis-n1e5-k16.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833"
set output
}

# ---- stages_thesis-n1e5-k16
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
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
set xtics rotate by -25
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
set yrange [0:*]
set offsets 0, 0, graph 0.15, 0
plot "plots/time_thesis-n1e5-k64.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833"
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
set yrange [0:*]
set offsets 0, 0, graph 0.15, 0
set arrow from graph 0, first 1 to graph 1, first 1 nohead dt 2 lc rgb "#555555"
plot "plots/speedup_thesis-n1e5-k64.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833"
set output
}

# ---- stages_thesis-n1e5-k64
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
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
set xtics rotate by -25
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
set yrange [0:*]
set offsets 0, 0, graph 0.15, 0
plot "plots/time_thesis-hamerly-n1e5-k16.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833"
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
set yrange [0:*]
set offsets 0, 0, graph 0.15, 0
set arrow from graph 0, first 1 to graph 1, first 1 nohead dt 2 lc rgb "#555555"
plot "plots/speedup_thesis-hamerly-n1e5-k16.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833"
set output
}

# ---- stages_thesis-hamerly-n1e5-k16
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
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
set xtics rotate by -25
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
set yrange [0:*]
set offsets 0, 0, graph 0.15, 0
plot "plots/time_thesis-hamerly-n1e5-k64.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833"
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
set yrange [0:*]
set offsets 0, 0, graph 0.15, 0
set arrow from graph 0, first 1 to graph 1, first 1 nohead dt 2 lc rgb "#555555"
plot "plots/speedup_thesis-hamerly-n1e5-k64.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833"
set output
}

# ---- stages_thesis-hamerly-n1e5-k64
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
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
set xtics rotate by -25
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
plot "plots/scalek_full-n1e5.dat" index 0 with linespoints title "lloyd seq f64", "plots/scalek_full-n1e5.dat" index 1 with linespoints title "elkan seq f64", "plots/scalek_full-n1e5.dat" index 2 with linespoints title "hamerly seq f64", "plots/scalek_full-n1e5.dat" index 3 with linespoints title "lloyd omp f64", "plots/scalek_full-n1e5.dat" index 4 with linespoints title "elkan omp f64", "plots/scalek_full-n1e5.dat" index 5 with linespoints title "hamerly omp f64", "plots/scalek_full-n1e5.dat" index 6 with linespoints title "lloyd sklearn f64", "plots/scalek_full-n1e5.dat" index 7 with linespoints title "elkan sklearn f64"
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
plot "plots/scalek_thesis-n1e5.dat" index 0 with linespoints title "lloyd seq f64", "plots/scalek_thesis-n1e5.dat" index 1 with linespoints title "elkan seq f64", "plots/scalek_thesis-n1e5.dat" index 2 with linespoints title "hamerly seq f64", "plots/scalek_thesis-n1e5.dat" index 3 with linespoints title "elkan omp f64", "plots/scalek_thesis-n1e5.dat" index 4 with linespoints title "hamerly omp f64", "plots/scalek_thesis-n1e5.dat" index 5 with linespoints title "lloyd sklearn f64", "plots/scalek_thesis-n1e5.dat" index 6 with linespoints title "elkan sklearn f64"
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
plot "plots/scalek_thesis-hamerly-n1e5.dat" index 0 with linespoints title "lloyd seq f64", "plots/scalek_thesis-hamerly-n1e5.dat" index 1 with linespoints title "hamerly seq f64", "plots/scalek_thesis-hamerly-n1e5.dat" index 2 with linespoints title "hamerly omp f64", "plots/scalek_thesis-hamerly-n1e5.dat" index 3 with linespoints title "lloyd sklearn f64", "plots/scalek_thesis-hamerly-n1e5.dat" index 4 with linespoints title "elkan sklearn f64"
set output
}
