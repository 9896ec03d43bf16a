# Latency vs offered load (open loop): p50 (solid) and p99 (dashed) against the offered rate, one colour
# per transport. Points where achieved < 95% of offered, or the backlog reached half a hop (saturated), are ringed.
#   gnuplot -e "run='results/<run-id>'; name='<figure>'" plots/load.gp
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
    set xrange [xmin*0.97:xmax*1.03]
    set yrange [ymin*0.97:ymax*1.03]  # widened a hair so the end tics are not dropped
    set xlabel 'offered rate (million events/s)'
    set ylabel 'end-to-end latency'
    set grid xtics ytics lc rgb '#dddddd'
    set key outside right top vertical Left reverse box lc rgb '#aaaaaa'
    plot for [i=1:n_series] datadir.name.'-s'.i.'.dat' using 1:3 with linespoints lw 2 pt s_point[i] lc rgb s_colour[i] title s_title[i].' p50', \
         for [i=1:n_series] datadir.name.'-s'.i.'.dat' using 1:4 with linespoints lw 2 dt 2 pt s_point[i] lc rgb s_colour[i] title s_title[i].' p99', \
         for [i=1:n_series] datadir.name.'-s'.i.'.dat' using 1:($6 == 0 ? $4 : NaN) with points pt 6 ps 2.6 lw 1.5 lc rgb '#000000' notitle, \
         keyentry with points pt 6 ps 2.6 lc rgb '#000000' title 'not sustained (achieved < 95% or saturated)'
    set output
}
