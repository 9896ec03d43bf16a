# Allocation per event (left) and GC time (right) per transport/wait, from the saturation runs.
#   gnuplot -e "run='results/<run-id>'; name='<figure>'" plots/alloc.gp
load system("dirname '".ARG0."'").'/lib.gp'
if (!exists("name")) {
    print "usage: gnuplot -e \"run='results/<run-id>'; name='<figure>'\" ", ARG0
    exit status 2
}
load datadir.name.'.gp'
f = datadir.name.'.dat'
do for [fmt in formats] {
    eval 'set terminal '.term_for(fmt, fig_w, fig_h)
    set output outdir.name.'.'.fmt
    set multiplot layout 1,2 title full_title(fig_title, fig_note)
    set xrange [0.4:n_bars+0.6]
    set xtics rotate by -40 left nomirror scale 0 font ',9'
    set grid ytics lc rgb '#dddddd'
    set style fill solid 0.85 border lc rgb '#333333'
    set boxwidth 0.7
    set bmargin 6
    set yrange [0:amax]
    set title 'bytes allocated per event'
    plot f using 1:2:xtic(4) with boxes lc rgb '#4e79a7' notitle, \
         f using 1:2:(sprintf($2 < 10 ? '%.1f' : '%.0f', $2)) with labels offset 0,0.6 font ',8' notitle
    set yrange [0:tmax]
    set title 'GC time during the trial (ms)'
    plot f using 1:3:xtic(4) with boxes lc rgb '#e15759' notitle, \
         f using 1:3:(sprintf($3 < 10 ? '%.1f' : '%.0f', $3)) with labels offset 0,0.6 font ',8' notitle
    unset multiplot
    set output
}
