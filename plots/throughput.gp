# Pipeline saturation throughput (JMH) per transport, one bar per wait strategy, +/- JMH error. Log y.
# Rows that are not ok get their status written where the bar would be.
#   gnuplot -e "run='results/<run-id>'" plots/throughput.gp
load system("dirname '".ARG0."'").'/lib.gp'
do for [name in list_throughput] {
    reset
    load datadir.name.'.gp'
    f = datadir.name.'.dat'
    do for [fmt in formats] {
        eval 'set terminal '.term_for(fmt, fig_w, fig_h)
        set output outdir.name.'.'.fmt
        set title full_title(fig_title, fig_note)
        set logscale y
        set yrange [ymin*0.97:ymax*1.03]  # widened a hair so the end tics are not dropped
        set xrange [0.4:xmax-0.4]
        set ylabel 'events/s (millions)'
        set grid ytics lc rgb '#dddddd'
        set xtics nomirror scale 0
        set key outside right top vertical Left reverse box lc rgb '#aaaaaa' title 'wait'
        set style fill solid 0.85 border lc rgb '#333333'
        plot for [i=1:n_waits] f index (i-1) using 1:2:($1-bw*0.45):($1+bw*0.45):(ymin):2 with boxxyerror lc rgb w_colour[i] title w_title[i], \
             for [i=1:n_waits] f index (i-1) using 1:3:(0):($4-$3) with vectors heads size screen 0.005,90 lw 1.5 lc rgb '#000000' notitle, \
             for [i=1:n_waits] f index (i-1) using 1:4:5 with labels offset 0,0.7 rotate by 90 left font ',8' notitle, \
             datadir.name.'-status.dat' using 1:(ymin*1.3):2 with labels rotate by 90 left font ',9' tc rgb '#b00000' notitle, \
             keyentry with vectors heads size screen 0.005,90 lw 1.5 lc rgb '#000000' title '+/- JMH error'
        set output
    }
}
