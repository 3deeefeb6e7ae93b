# Drawn by 'trikmeans report'; run from the bench folder:
#   gnuplot plots/report.gp

# ---- time_c100-k100
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/time_c100-k100.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "median time per run: c100, k = 100 (n = 1000, d = 2)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "seconds"
set yrange [0:*]
set offsets 0, 0, graph 0.15, 0
plot "plots/time_c100-k100.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- prune_c100-k100
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 1000,460 font "sans,10" noenhanced
} else {
  set terminal svg size 1000,460 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/prune_c100-k100.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 1,2 title "distances and pruning per iteration: c100, k = 100 (n = 1000, d = 2)"
set xlabel "iteration"
set key outside below center horizontal height 1
set xtics 1
set logscale y
set ylabel "point-centroid distances computed"
plot "plots/prune_c100-k100.dat" index 0 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#228833" title "hamerly"
unset logscale y
set yrange [0:1.05]
set ylabel "share of the n k distances pruned"
plot "plots/prune_c100-k100.dat" index 0 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#228833" title "hamerly"
unset multiplot
set output
}

# ---- stages_c100-k100
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,500 font "sans,10" noenhanced
} else {
  set terminal svg size 900,500 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/stages_c100-k100.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "where the whole run goes (median run per solver): c100, k = 100 (n = 1000, d = 2)"
set style data histograms
set style histogram rowstacked
set style fill solid 0.85 border -1
set boxwidth 0.8
set yrange [0:1]
set ylabel "share of the whole run"
set key outside right top
set xtics rotate by 90 right
set bmargin 10
plot "plots/stages_c100-k100.dat" using 2:xtic(1) title "assign and bounds" lc rgb "#4477aa", '' using 3 title "update" lc rgb "#ee6677", '' using 4 title "set-up and result (transfer)" lc rgb "#228833", '' using 5 title "rest of the loop" lc rgb "#bbbbbb"
set output
}

# ---- hist_c100-k100
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 1200,420 font "sans,10" noenhanced
} else {
  set terminal svg size 1200,420 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/hist_c100-k100.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 1,3 title "quality over seeds, by initialisation: c100, k = 100 (n = 1000, d = 2)"
set style fill transparent solid 0.5 border -1
set ylabel "runs"
set yrange [0:*]
set key top right
set offsets 0, 0, graph 0.25, 0
w = 0.015777543296476192
bin(x) = w * floor(x / w) + w / 2
set boxwidth w
set xtics 0.05
set xlabel "silhouette (higher is better)"
plot "plots/hist_c100-k100.dat" index 0 using (bin($1)):(1.0) smooth frequency with boxes lc rgb "#4477aa" title "farthest", "plots/hist_c100-k100.dat" index 1 using (bin($1)):(1.0) smooth frequency with boxes lc rgb "#ee6677" title "kmeans++", "plots/hist_c100-k100.dat" index 2 using (bin($1)):(1.0) smooth frequency with boxes lc rgb "#228833" title "kmeans++-greedy", "plots/hist_c100-k100.dat" index 3 using (bin($1)):(1.0) smooth frequency with boxes lc rgb "#ccbb44" title "random"
w = 2329.5534003131493
bin(x) = w * floor(x / w) + w / 2
set boxwidth w
set xtics 10000
set xlabel "Calinski-Harabasz (higher is better)"
plot "plots/hist_c100-k100.dat" index 4 using (bin($1)):(1.0) smooth frequency with boxes lc rgb "#4477aa" title "farthest", "plots/hist_c100-k100.dat" index 5 using (bin($1)):(1.0) smooth frequency with boxes lc rgb "#ee6677" title "kmeans++", "plots/hist_c100-k100.dat" index 6 using (bin($1)):(1.0) smooth frequency with boxes lc rgb "#228833" title "kmeans++-greedy", "plots/hist_c100-k100.dat" index 7 using (bin($1)):(1.0) smooth frequency with boxes lc rgb "#ccbb44" title "random"
w = 0.027891600151112892
bin(x) = w * floor(x / w) + w / 2
set boxwidth w
set xtics 0.1
set xlabel "Davies-Bouldin (lower is better)"
plot "plots/hist_c100-k100.dat" index 8 using (bin($1)):(1.0) smooth frequency with boxes lc rgb "#4477aa" title "farthest", "plots/hist_c100-k100.dat" index 9 using (bin($1)):(1.0) smooth frequency with boxes lc rgb "#ee6677" title "kmeans++", "plots/hist_c100-k100.dat" index 10 using (bin($1)):(1.0) smooth frequency with boxes lc rgb "#228833" title "kmeans++-greedy", "plots/hist_c100-k100.dat" index 11 using (bin($1)):(1.0) smooth frequency with boxes lc rgb "#ccbb44" title "random"
unset multiplot
set output
}

# ---- time_c200-k200
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/time_c200-k200.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "median time per run: c200, k = 200 (n = 2000, d = 2)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "seconds"
set yrange [0:*]
set offsets 0, 0, graph 0.15, 0
plot "plots/time_c200-k200.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- prune_c200-k200
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 1000,460 font "sans,10" noenhanced
} else {
  set terminal svg size 1000,460 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/prune_c200-k200.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 1,2 title "distances and pruning per iteration: c200, k = 200 (n = 2000, d = 2)"
set xlabel "iteration"
set key outside below center horizontal height 1
set xtics 1
set logscale y
set ylabel "point-centroid distances computed"
plot "plots/prune_c200-k200.dat" index 0 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#228833" title "hamerly"
unset logscale y
set yrange [0:1.05]
set ylabel "share of the n k distances pruned"
plot "plots/prune_c200-k200.dat" index 0 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#228833" title "hamerly"
unset multiplot
set output
}

# ---- stages_c200-k200
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,500 font "sans,10" noenhanced
} else {
  set terminal svg size 900,500 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/stages_c200-k200.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "where the whole run goes (median run per solver): c200, k = 200 (n = 2000, d = 2)"
set style data histograms
set style histogram rowstacked
set style fill solid 0.85 border -1
set boxwidth 0.8
set yrange [0:1]
set ylabel "share of the whole run"
set key outside right top
set xtics rotate by 90 right
set bmargin 10
plot "plots/stages_c200-k200.dat" using 2:xtic(1) title "assign and bounds" lc rgb "#4477aa", '' using 3 title "update" lc rgb "#ee6677", '' using 4 title "set-up and result (transfer)" lc rgb "#228833", '' using 5 title "rest of the loop" lc rgb "#bbbbbb"
set output
}

# ---- hist_c200-k200
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 1200,420 font "sans,10" noenhanced
} else {
  set terminal svg size 1200,420 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/hist_c200-k200.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 1,3 title "quality over seeds, by initialisation: c200, k = 200 (n = 2000, d = 2)"
set style fill transparent solid 0.5 border -1
set ylabel "runs"
set yrange [0:*]
set key top right
set offsets 0, 0, graph 0.25, 0
w = 0.009972648857262558
bin(x) = w * floor(x / w) + w / 2
set boxwidth w
set xtics 0.02
set xlabel "silhouette (higher is better)"
plot "plots/hist_c200-k200.dat" index 0 using (bin($1)):(1.0) smooth frequency with boxes lc rgb "#4477aa" title "farthest", "plots/hist_c200-k200.dat" index 1 using (bin($1)):(1.0) smooth frequency with boxes lc rgb "#ee6677" title "kmeans++", "plots/hist_c200-k200.dat" index 2 using (bin($1)):(1.0) smooth frequency with boxes lc rgb "#228833" title "kmeans++-greedy", "plots/hist_c200-k200.dat" index 3 using (bin($1)):(1.0) smooth frequency with boxes lc rgb "#ccbb44" title "random"
w = 2732.130228016594
bin(x) = w * floor(x / w) + w / 2
set boxwidth w
set xtics 10000
set xlabel "Calinski-Harabasz (higher is better)"
plot "plots/hist_c200-k200.dat" index 4 using (bin($1)):(1.0) smooth frequency with boxes lc rgb "#4477aa" title "farthest", "plots/hist_c200-k200.dat" index 5 using (bin($1)):(1.0) smooth frequency with boxes lc rgb "#ee6677" title "kmeans++", "plots/hist_c200-k200.dat" index 6 using (bin($1)):(1.0) smooth frequency with boxes lc rgb "#228833" title "kmeans++-greedy", "plots/hist_c200-k200.dat" index 7 using (bin($1)):(1.0) smooth frequency with boxes lc rgb "#ccbb44" title "random"
w = 0.017480585694561516
bin(x) = w * floor(x / w) + w / 2
set boxwidth w
set xtics 0.05
set xlabel "Davies-Bouldin (lower is better)"
plot "plots/hist_c200-k200.dat" index 8 using (bin($1)):(1.0) smooth frequency with boxes lc rgb "#4477aa" title "farthest", "plots/hist_c200-k200.dat" index 9 using (bin($1)):(1.0) smooth frequency with boxes lc rgb "#ee6677" title "kmeans++", "plots/hist_c200-k200.dat" index 10 using (bin($1)):(1.0) smooth frequency with boxes lc rgb "#228833" title "kmeans++-greedy", "plots/hist_c200-k200.dat" index 11 using (bin($1)):(1.0) smooth frequency with boxes lc rgb "#ccbb44" title "random"
unset multiplot
set output
}

# ---- time_c300-k300
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/time_c300-k300.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "median time per run: c300, k = 300 (n = 3000, d = 2)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "seconds"
set yrange [0:*]
set offsets 0, 0, graph 0.15, 0
plot "plots/time_c300-k300.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- prune_c300-k300
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 1000,460 font "sans,10" noenhanced
} else {
  set terminal svg size 1000,460 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/prune_c300-k300.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 1,2 title "distances and pruning per iteration: c300, k = 300 (n = 3000, d = 2)"
set xlabel "iteration"
set key outside below center horizontal height 1
set xtics 1
set logscale y
set ylabel "point-centroid distances computed"
plot "plots/prune_c300-k300.dat" index 0 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#228833" title "hamerly"
unset logscale y
set yrange [0:1.05]
set ylabel "share of the n k distances pruned"
plot "plots/prune_c300-k300.dat" index 0 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#228833" title "hamerly"
unset multiplot
set output
}

# ---- stages_c300-k300
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,500 font "sans,10" noenhanced
} else {
  set terminal svg size 900,500 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/stages_c300-k300.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "where the whole run goes (median run per solver): c300, k = 300 (n = 3000, d = 2)"
set style data histograms
set style histogram rowstacked
set style fill solid 0.85 border -1
set boxwidth 0.8
set yrange [0:1]
set ylabel "share of the whole run"
set key outside right top
set xtics rotate by 90 right
set bmargin 10
plot "plots/stages_c300-k300.dat" using 2:xtic(1) title "assign and bounds" lc rgb "#4477aa", '' using 3 title "update" lc rgb "#ee6677", '' using 4 title "set-up and result (transfer)" lc rgb "#228833", '' using 5 title "rest of the loop" lc rgb "#bbbbbb"
set output
}

# ---- hist_c300-k300
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 1200,420 font "sans,10" noenhanced
} else {
  set terminal svg size 1200,420 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/hist_c300-k300.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 1,3 title "quality over seeds, by initialisation: c300, k = 300 (n = 3000, d = 2)"
set style fill transparent solid 0.5 border -1
set ylabel "runs"
set yrange [0:*]
set key top right
set offsets 0, 0, graph 0.25, 0
w = 0.009292461819152137
bin(x) = w * floor(x / w) + w / 2
set boxwidth w
set xtics 0.02
set xlabel "silhouette (higher is better)"
plot "plots/hist_c300-k300.dat" index 0 using (bin($1)):(1.0) smooth frequency with boxes lc rgb "#4477aa" title "farthest", "plots/hist_c300-k300.dat" index 1 using (bin($1)):(1.0) smooth frequency with boxes lc rgb "#ee6677" title "kmeans++", "plots/hist_c300-k300.dat" index 2 using (bin($1)):(1.0) smooth frequency with boxes lc rgb "#228833" title "kmeans++-greedy", "plots/hist_c300-k300.dat" index 3 using (bin($1)):(1.0) smooth frequency with boxes lc rgb "#ccbb44" title "random"
w = 2119.738030142918
bin(x) = w * floor(x / w) + w / 2
set boxwidth w
set xtics 5000
set xlabel "Calinski-Harabasz (higher is better)"
plot "plots/hist_c300-k300.dat" index 4 using (bin($1)):(1.0) smooth frequency with boxes lc rgb "#4477aa" title "farthest", "plots/hist_c300-k300.dat" index 5 using (bin($1)):(1.0) smooth frequency with boxes lc rgb "#ee6677" title "kmeans++", "plots/hist_c300-k300.dat" index 6 using (bin($1)):(1.0) smooth frequency with boxes lc rgb "#228833" title "kmeans++-greedy", "plots/hist_c300-k300.dat" index 7 using (bin($1)):(1.0) smooth frequency with boxes lc rgb "#ccbb44" title "random"
w = 0.01648547753688345
bin(x) = w * floor(x / w) + w / 2
set boxwidth w
set xtics 0.05
set xlabel "Davies-Bouldin (lower is better)"
plot "plots/hist_c300-k300.dat" index 8 using (bin($1)):(1.0) smooth frequency with boxes lc rgb "#4477aa" title "farthest", "plots/hist_c300-k300.dat" index 9 using (bin($1)):(1.0) smooth frequency with boxes lc rgb "#ee6677" title "kmeans++", "plots/hist_c300-k300.dat" index 10 using (bin($1)):(1.0) smooth frequency with boxes lc rgb "#228833" title "kmeans++-greedy", "plots/hist_c300-k300.dat" index 11 using (bin($1)):(1.0) smooth frequency with boxes lc rgb "#ccbb44" title "random"
unset multiplot
set output
}

# ---- time_c400-k400
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/time_c400-k400.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "median time per run: c400, k = 400 (n = 4000, d = 2)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "seconds"
set yrange [0:*]
set offsets 0, 0, graph 0.15, 0
plot "plots/time_c400-k400.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- prune_c400-k400
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 1000,460 font "sans,10" noenhanced
} else {
  set terminal svg size 1000,460 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/prune_c400-k400.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 1,2 title "distances and pruning per iteration: c400, k = 400 (n = 4000, d = 2)"
set xlabel "iteration"
set key outside below center horizontal height 1
set xtics 1
set logscale y
set ylabel "point-centroid distances computed"
plot "plots/prune_c400-k400.dat" index 0 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#228833" title "hamerly"
unset logscale y
set yrange [0:1.05]
set ylabel "share of the n k distances pruned"
plot "plots/prune_c400-k400.dat" index 0 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#228833" title "hamerly"
unset multiplot
set output
}

# ---- stages_c400-k400
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,500 font "sans,10" noenhanced
} else {
  set terminal svg size 900,500 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/stages_c400-k400.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "where the whole run goes (median run per solver): c400, k = 400 (n = 4000, d = 2)"
set style data histograms
set style histogram rowstacked
set style fill solid 0.85 border -1
set boxwidth 0.8
set yrange [0:1]
set ylabel "share of the whole run"
set key outside right top
set xtics rotate by 90 right
set bmargin 10
plot "plots/stages_c400-k400.dat" using 2:xtic(1) title "assign and bounds" lc rgb "#4477aa", '' using 3 title "update" lc rgb "#ee6677", '' using 4 title "set-up and result (transfer)" lc rgb "#228833", '' using 5 title "rest of the loop" lc rgb "#bbbbbb"
set output
}

# ---- hist_c400-k400
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 1200,420 font "sans,10" noenhanced
} else {
  set terminal svg size 1200,420 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/hist_c400-k400.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 1,3 title "quality over seeds, by initialisation: c400, k = 400 (n = 4000, d = 2)"
set style fill transparent solid 0.5 border -1
set ylabel "runs"
set yrange [0:*]
set key top right
set offsets 0, 0, graph 0.25, 0
w = 0.006671295054419472
bin(x) = w * floor(x / w) + w / 2
set boxwidth w
set xtics 0.02
set xlabel "silhouette (higher is better)"
plot "plots/hist_c400-k400.dat" index 0 using (bin($1)):(1.0) smooth frequency with boxes lc rgb "#4477aa" title "farthest", "plots/hist_c400-k400.dat" index 1 using (bin($1)):(1.0) smooth frequency with boxes lc rgb "#ee6677" title "kmeans++", "plots/hist_c400-k400.dat" index 2 using (bin($1)):(1.0) smooth frequency with boxes lc rgb "#228833" title "kmeans++-greedy", "plots/hist_c400-k400.dat" index 3 using (bin($1)):(1.0) smooth frequency with boxes lc rgb "#ccbb44" title "random"
w = 1835.076703306595
bin(x) = w * floor(x / w) + w / 2
set boxwidth w
set xtics 5000
set xlabel "Calinski-Harabasz (higher is better)"
plot "plots/hist_c400-k400.dat" index 4 using (bin($1)):(1.0) smooth frequency with boxes lc rgb "#4477aa" title "farthest", "plots/hist_c400-k400.dat" index 5 using (bin($1)):(1.0) smooth frequency with boxes lc rgb "#ee6677" title "kmeans++", "plots/hist_c400-k400.dat" index 6 using (bin($1)):(1.0) smooth frequency with boxes lc rgb "#228833" title "kmeans++-greedy", "plots/hist_c400-k400.dat" index 7 using (bin($1)):(1.0) smooth frequency with boxes lc rgb "#ccbb44" title "random"
w = 0.011509558185381815
bin(x) = w * floor(x / w) + w / 2
set boxwidth w
set xtics 0.05
set xlabel "Davies-Bouldin (lower is better)"
plot "plots/hist_c400-k400.dat" index 8 using (bin($1)):(1.0) smooth frequency with boxes lc rgb "#4477aa" title "farthest", "plots/hist_c400-k400.dat" index 9 using (bin($1)):(1.0) smooth frequency with boxes lc rgb "#ee6677" title "kmeans++", "plots/hist_c400-k400.dat" index 10 using (bin($1)):(1.0) smooth frequency with boxes lc rgb "#228833" title "kmeans++-greedy", "plots/hist_c400-k400.dat" index 11 using (bin($1)):(1.0) smooth frequency with boxes lc rgb "#ccbb44" title "random"
unset multiplot
set output
}

# ---- time_c500-k500
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,480 font "sans,10" noenhanced
} else {
  set terminal svg size 900,480 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/time_c500-k500.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "median time per run: c500, k = 500 (n = 5000, d = 2)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top
set xtics rotate by -25
set ylabel "seconds"
set yrange [0:*]
set offsets 0, 0, graph 0.15, 0
plot "plots/time_c500-k500.dat" using 2:xtic(1) title "lloyd" lc rgb "#4477aa", '' using 3 title "elkan" lc rgb "#ee6677", '' using 4 title "hamerly" lc rgb "#228833", '' using 5 title "yinyang" lc rgb "#ccbb44", '' using 6 title "annulus" lc rgb "#66ccee", '' using 7 title "exponion" lc rgb "#aa3377"
set output
}

# ---- prune_c500-k500
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 1000,460 font "sans,10" noenhanced
} else {
  set terminal svg size 1000,460 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/prune_c500-k500.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 1,2 title "distances and pruning per iteration: c500, k = 500 (n = 5000, d = 2)"
set xlabel "iteration"
set key outside below center horizontal height 1
set xtics 1
set logscale y
set ylabel "point-centroid distances computed"
plot "plots/prune_c500-k500.dat" index 0 using 1:2 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#228833" title "hamerly"
unset logscale y
set yrange [0:1.05]
set ylabel "share of the n k distances pruned"
plot "plots/prune_c500-k500.dat" index 0 using 1:3 with linespoints lw 2 pt 7 ps 0.5 lc rgb "#228833" title "hamerly"
unset multiplot
set output
}

# ---- stages_c500-k500
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 900,500 font "sans,10" noenhanced
} else {
  set terminal svg size 900,500 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/stages_c500-k500.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set title "where the whole run goes (median run per solver): c500, k = 500 (n = 5000, d = 2)"
set style data histograms
set style histogram rowstacked
set style fill solid 0.85 border -1
set boxwidth 0.8
set yrange [0:1]
set ylabel "share of the whole run"
set key outside right top
set xtics rotate by 90 right
set bmargin 10
plot "plots/stages_c500-k500.dat" using 2:xtic(1) title "assign and bounds" lc rgb "#4477aa", '' using 3 title "update" lc rgb "#ee6677", '' using 4 title "set-up and result (transfer)" lc rgb "#228833", '' using 5 title "rest of the loop" lc rgb "#bbbbbb"
set output
}

# ---- hist_c500-k500
reset
set datafile missing "?"
do for [fmt in "png svg"] {
if (fmt eq "png") {
  set terminal pngcairo size 1200,420 font "sans,10" noenhanced
} else {
  set terminal svg size 1200,420 font "sans,10" noenhanced background rgb "white"
}
set output sprintf("plots/hist_c500-k500.%s", fmt)
set grid ytics lc rgb "#dddddd"
set border 3
set tics nomirror
set multiplot layout 1,3 title "quality over seeds, by initialisation: c500, k = 500 (n = 5000, d = 2)"
set style fill transparent solid 0.5 border -1
set ylabel "runs"
set yrange [0:*]
set key top right
set offsets 0, 0, graph 0.25, 0
w = 0.00591274084502591
bin(x) = w * floor(x / w) + w / 2
set boxwidth w
set xtics 0.02
set xlabel "silhouette (higher is better)"
plot "plots/hist_c500-k500.dat" index 0 using (bin($1)):(1.0) smooth frequency with boxes lc rgb "#4477aa" title "farthest", "plots/hist_c500-k500.dat" index 1 using (bin($1)):(1.0) smooth frequency with boxes lc rgb "#ee6677" title "kmeans++", "plots/hist_c500-k500.dat" index 2 using (bin($1)):(1.0) smooth frequency with boxes lc rgb "#228833" title "kmeans++-greedy", "plots/hist_c500-k500.dat" index 3 using (bin($1)):(1.0) smooth frequency with boxes lc rgb "#ccbb44" title "random"
w = 1812.357613697558
bin(x) = w * floor(x / w) + w / 2
set boxwidth w
set xtics 5000
set xlabel "Calinski-Harabasz (higher is better)"
plot "plots/hist_c500-k500.dat" index 4 using (bin($1)):(1.0) smooth frequency with boxes lc rgb "#4477aa" title "farthest", "plots/hist_c500-k500.dat" index 5 using (bin($1)):(1.0) smooth frequency with boxes lc rgb "#ee6677" title "kmeans++", "plots/hist_c500-k500.dat" index 6 using (bin($1)):(1.0) smooth frequency with boxes lc rgb "#228833" title "kmeans++-greedy", "plots/hist_c500-k500.dat" index 7 using (bin($1)):(1.0) smooth frequency with boxes lc rgb "#ccbb44" title "random"
w = 0.010615173635605407
bin(x) = w * floor(x / w) + w / 2
set boxwidth w
set xtics 0.02
set xlabel "Davies-Bouldin (lower is better)"
plot "plots/hist_c500-k500.dat" index 8 using (bin($1)):(1.0) smooth frequency with boxes lc rgb "#4477aa" title "farthest", "plots/hist_c500-k500.dat" index 9 using (bin($1)):(1.0) smooth frequency with boxes lc rgb "#ee6677" title "kmeans++", "plots/hist_c500-k500.dat" index 10 using (bin($1)):(1.0) smooth frequency with boxes lc rgb "#228833" title "kmeans++-greedy", "plots/hist_c500-k500.dat" index 11 using (bin($1)):(1.0) smooth frequency with boxes lc rgb "#ccbb44" title "random"
unset multiplot
set output
}
