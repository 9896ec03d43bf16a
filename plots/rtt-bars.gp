# RTT: mean and p99 bars per transport x producers, one figure per burst length, log y.
# The wait-free baseline (P=1) and the nanoTime-pair overhead are horizontal reference lines;
# p99 carries the min-max of p99 over forks as an error bar; rows that are not ok get an empty slot
# labelled with their status (failed, timeout, n/a, skipped) so a gap is never read as zero.
#   gnuplot -e "run='results/<run-id>'; name='<figure>'" plots/rtt-bars.gp
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
    set title full_title(fig_title, fig_note)
    set logscale y
    set yrange [ymin*0.97:ymax*1.03]  # widened a hair so the end tics are not dropped
    set xrange [0.2:xmax]
    set ylabel 'round-trip time'
    set grid ytics lc rgb '#dddddd'
    set xtics rotate by -40 left nomirror scale 0 font ',9'
    set key outside bottom center horizontal Left reverse box lc rgb '#aaaaaa' maxcols 3
    set style fill solid 0.85 border lc rgb '#333333'
    plot f using 1:2:($1-0.38):($1-0.01):(ymin):2 with boxxyerror lc rgb '#4e79a7' title 'mean', \
         f using 1:3:($1+0.01):($1+0.38):(ymin):3 with boxxyerror lc rgb '#f28e2b' title 'p99', \
         f using ($1+0.195):4:(0):($5-$4) with vectors heads size screen 0.006,90 lw 1.5 lc rgb '#000000' title 'p99: min-max over forks', \
         f using 1:(NaN):xtic(6) notitle, \
         datadir.name.'-status.dat' using 1:(ymin*1.3):2 with labels rotate by 90 left font ',9' tc rgb '#b00000' notitle, \
         for [i=1:n_ref] datadir.name.'-ref.dat' index (i-1) using 1:2 with lines lw 2 dt ref_dash[i] lc rgb ref_colour[i] title ref_title[i]
    set output
}
