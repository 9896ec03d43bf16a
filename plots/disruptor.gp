# Hand-rolled Disruptor vs LMAX Disruptor 4 (disruptor.csv): one panel per benchmark, bars per wait.
#   gnuplot -e "run='results/<run-id>'; name='<figure>'" plots/disruptor.gp
load system("dirname '".ARG0."'").'/lib.gp'
if (!exists("name")) {
    print "usage: gnuplot -e \"run='results/<run-id>'; name='<figure>'\" ", ARG0
    exit status 2
}
load datadir.name.'.gp'
do for [fmt in formats] {
    eval 'set terminal '.term_for(fmt, fig_w, fig_h)
    set output outdir.name.'.'.fmt
    set multiplot layout 1,n_bench title full_title(fig_title, fig_note)
    set grid ytics lc rgb '#dddddd'
    set style fill solid 0.85 border lc rgb '#333333'
    do for [b=1:n_bench] {
        # the two series are the same in every panel: one legend, in the first
        if (b == 1) { set key inside right top vertical Left reverse box lc rgb '#aaaaaa' opaque } else { unset key }
        f = datadir.name.'-b'.b.'.dat'
        set title b_title[b]
        set ylabel b_unit[b]
        eval b_xtics[b]
        set xtics nomirror scale 0
        set xrange [0.4:b_nwaits[b]+0.6]
        set yrange [0:b_ymax[b]]
        plot f index 0 using 1:2:($1-0.18):($1+0.18):(0):2 with boxxyerror lc rgb '#1f77b4' title 'disruptor (ours)', \
             f index 1 using 1:2:($1-0.18):($1+0.18):(0):2 with boxxyerror lc rgb '#e377c2' title 'lmax 4', \
             f using 1:3:(0):($4-$3) with vectors heads size screen 0.005,90 lw 1.5 lc rgb '#000000' notitle, \
             datadir.name.'-b'.b.'-status.dat' using 1:(b_ymax[b]*0.02):2 with labels rotate by 90 left font ',9' tc rgb '#b00000' notitle, \
             f using 1:4:5 with labels offset 0,0.7 font ',8' notitle
    }
    unset multiplot
    set output
}
