# Latency over time: max and p99 of every interval of the interval logs (hlog/*.hlog) of a few configurations,
# their forks one after another on the time axis; log y. A max that jumps while p99 stays flat is a stall of a
# few samples: a GC pause where spikes.csv names one, else the scheduler or the VM.
#   gnuplot -e "run='results/<run-id>'; name='<figure>'" plots/timeline.gp
load system("dirname '".ARG0."'").'/lib.gp'
if (!exists("name")) {
    print "usage: gnuplot -e \"run='results/<run-id>'; name='<figure>'\" ", ARG0
    exit status 2
}
load datadir.name.'.gp'
do for [fmt in formats] {
    eval 'set terminal '.term_for(fmt, fig_w, fig_h)
    set output outdir.name.'.'.fmt
    set title full_title(fig_title, fig_note)
    set logscale y
    set yrange [ymin:ymax]
    eval ytics
    set xrange [0:xmax]
    set xlabel 'seconds into the measurement (forks one after another; dotted lines = a new JVM)'
    set ylabel 'round trip per interval'
    set grid ytics lc rgb '#dddddd'
    set key outside top center horizontal
    unset arrow
    do for [i=1:n_forks] { set arrow from fork_x[i], graph 0 to fork_x[i], graph 1 nohead dt 3 lc rgb '#bbbbbb' }
    plot for [i=1:n_series] datadir.name.'-s'.i.'.dat' using 1:2 with linespoints lw 1.5 pt 7 ps 0.6 dt s_dash[i] lc rgb s_colour[i] title s_title[i]
    set output
}
