# The wait-strategy ladder: RTT p50 (filled) and p99 (open) against the CPU time one round trip costs, one point per
# transport x wait, labelled with its wait; one colour per transport. Lower-left is cheap and fast.
#   gnuplot -e "run='results/<run-id>'; name='<figure>'" plots/ladder.gp
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
    set logscale xy
    set xrange [xmin:xmax]
    set yrange [ymin:ymax]
    set xlabel 'CPU time per round trip, both threads (ns)'
    set ylabel 'round-trip time'
    set grid xtics ytics lc rgb '#dddddd'
    set key outside right top vertical Left reverse box lc rgb '#aaaaaa'
    plot for [i=1:n_series] datadir.name.'-s'.i.'.dat' using 1:2 with points pt 7 ps 1.4 lc rgb s_colour[i] title s_title[i].' p50', \
         for [i=1:n_series] datadir.name.'-s'.i.'.dat' using 1:3 with points pt 6 ps 1.4 lc rgb s_colour[i] notitle, \
         for [i=1:n_series] datadir.name.'-s'.i.'.dat' using 1:2:4 with labels offset 0.9,0.5 font ',8' tc rgb s_colour[i] notitle, \
         keyentry with points pt 6 ps 1.4 lc rgb '#000000' title 'p99 (open)'
    set output
}
