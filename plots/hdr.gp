# Percentile distributions, HdrHistogram style: x = 1/(1-p) on a log axis labelled 50% ... 99.999%.
# The max (percentile 1.0, x = Infinity in the .hgrm) is kept: drawn as a dot at the finite x labelled
# "max", joined by a dotted segment to the last finite percentile. Covers RTT and pipeline latency.
#   gnuplot -e "run='results/<run-id>'; name='<figure>'" plots/hdr.gp
load system("dirname '".ARG0."'").'/lib.gp'
if (!exists("name")) {
    print "usage: gnuplot -e \"run='results/<run-id>'; name='<figure>'\" ", ARG0
    exit status 2
}
load datadir.name.'.gp'
m = datadir.name.'-max.dat'
do for [fmt in formats] {
    eval 'set terminal '.term_for(fmt, fig_w, fig_h)
    set output outdir.name.'.'.fmt
    set title full_title(fig_title, fig_note)
    set logscale xy
    set xrange [1:xmax]
    set yrange [ymin*0.97:ymax*1.03]  # widened a hair so the end tics are not dropped
    unset xlabel  # the % tic labels say it
    set ylabel y_label
    set grid xtics ytics lc rgb '#dddddd'
    # a faint band marks where measured percentiles end and the max column begins
    set object 1 rect from last_decade*1.5, graph 0 to xmax, graph 1 behind fc rgb '#f4f4f4' fs solid noborder
    # one legend entry a line at the right of the plot; the canvas (fig_w x fig_h, from the figure kind) is sized for it
    set key outside right top vertical maxrows (n_series + 1) Left reverse box lc rgb '#aaaaaa' width 1
    plot for [i=1:n_series] datadir.name.'-s'.i.'.dat' using 1:2 with lines lw 2 dt s_dash[i] lc rgb s_colour[i] title s_title[i], \
         for [i=1:n_series] m index (i-1) using 1:2 with lines lw 1 dt 3 lc rgb s_colour[i] notitle, \
         for [i=1:n_series] m index (i-1) every ::1::1 using 1:2 with points pt 7 ps 1.2 lc rgb s_colour[i] notitle, \
         keyentry with points pt 7 ps 1.2 lc rgb '#000000' title 'max of each series (dotted from its last percentile)'
    set output
}
