# Unicast 1P -> 1C: time to move N items, log-log, +/- JMH error.
#   gnuplot -e "run='results/<run-id>'" plots/unicast.gp
load system("dirname '".ARG0."'").'/lib.gp'
do for [name in list_unicast] {
    reset
    load datadir.name.'.gp'
    do for [fmt in formats] {
        eval 'set terminal '.term_for(fmt, fig_w, fig_h)
        set output outdir.name.'.'.fmt
        set title full_title(fig_title, fig_note)
        set logscale xy
        set xrange [xmin*0.97:xmax*1.03]
        set yrange [ymin*0.97:ymax*1.03]  # widened a hair so the end tics are not dropped
        set xlabel 'items (N)'
        set ylabel 'time to move N items'
        set grid xtics ytics lc rgb '#dddddd'
        set key inside left top vertical Left reverse box lc rgb '#aaaaaa' opaque
        plot for [i=1:n_series] datadir.name.'-s'.i.'.dat' using 1:2 with linespoints lw 2 pt s_point[i] ps 1.3 lc rgb s_colour[i] title s_title[i], \
             for [i=1:n_series] datadir.name.'-s'.i.'.dat' using 1:3:(0):($4-$3) with vectors heads size screen 0.005,90 lw 1.5 lc rgb s_colour[i] notitle, \
             keyentry with vectors heads size screen 0.005,90 lw 1.5 lc rgb '#000000' title '+/- JMH error'
        set output
    }
}
