# One figure of centres with intervals: a row per configuration (top to bottom), a point per series at its
# centre (median over forks) with a horizontal bar over its interval, coloured by transport; an optional dashed
# reference line (e.g. a ratio of 1). Data and settings come from the figure kind that wrote them.
#   gnuplot -e "run='results/<run-id>'; name='<figure>'" plots/intervals.gp
load system("dirname '".ARG0."'").'/lib.gp'
if (!exists("name")) {
    print "usage: gnuplot -e \"run='results/<run-id>'; name='<figure>'\" ", ARG0
    exit status 2
}
load datadir.name.'.gp'
f = datadir.name.'.dat'
points = "7 5 9 13"
do for [fmt in formats] {
    eval 'set terminal '.term_for(fmt, fig_w, fig_h)
    set output outdir.name.'.'.fmt
    set title full_title(fig_title, fig_note)
    if (xlog) { set logscale x }
    set xrange [xmin:xmax]
    set yrange [n_rows + 0.7:0.3]
    set ytics () scale 0 font ',9'
    set for [i=1:n_rows] ytics add (row_label[i] i)
    set grid xtics lc rgb '#dddddd'
    set xlabel xlabel
    set key outside top center horizontal
    if (has_ref) { set arrow 1 from ref_x, graph 0 to ref_x, graph 1 nohead dt 2 lw 1.5 lc rgb '#555555' }
    if (has_band) { set arrow 2 from band_lo, graph 0 to band_lo, graph 1 nohead dt 3 lc rgb '#999999'
                    set arrow 3 from band_hi, graph 0 to band_hi, graph 1 nohead dt 3 lc rgb '#999999' }
    plot for [s=1:n_series] f index (s-1) using 2:1:3:4:5 with xerrorbars pt int(word(points, s)) ps 1.3 lw 2 lc rgb variable notitle, \
         for [s=1:n_series] f index (s-1) using 4:1:6 with labels left offset 0.8,0 font ',8' tc rgb '#b00000' notitle, \
         for [s=1:n_series] keyentry with xerrorbars pt int(word(points, s)) ps 1.3 lw 2 lc rgb '#333333' title s_title[s]
    set output
}
