# Per-hop latency breakdown: stacked mean per hop (means add up; percentiles would not), total on top;
# a second panel shows each hop's share of the total so short bars keep a readable split.
#   gnuplot -e "run='results/<run-id>'; name='<figure>'" plots/hops.gp
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
    # left: absolute stacked means (linear, so heights add up); right: each hop's share, so the split of
    # a short bar stays readable next to a tall one
    set multiplot layout 1,2 title full_title(fig_title, fig_note)
    set xrange [0.4:n_bars+0.6]
    set grid ytics lc rgb '#dddddd'
    set xtics nomirror scale 0 rotate by -30 left
    set style fill solid 0.9 border lc rgb '#333333'
    set key outside bottom center horizontal Left reverse box lc rgb '#aaaaaa' title 'hop'
    set title 'mean per hop, stacked'
    set yrange [0:ymax]
    set ylabel 'mean latency ('.yunit.')'
    plot for [h=1:n_hops] f using 1:(column(h+2)):($1-0.35):($1+0.35):(column(h+1)):(column(h+2)) with boxxyerror lc rgb h_colour[h] title h_title[h], \
         f using 1:(column(n_hops+2)):(stringcolumn(n_hops+3)) with labels offset 0,0.8 font ',9' notitle, \
         f using 1:(NaN):xtic(n_hops+4) notitle
    set title 'share of the summed hop means'
    unset key
    set yrange [0:100]
    set ylabel '% of the sum of hop means'
    plot for [h=1:n_hops] f using 1:(100*column(h+2)/column(n_hops+2)):($1-0.35):($1+0.35):(100*column(h+1)/column(n_hops+2)):(100*column(h+2)/column(n_hops+2)) with boxxyerror lc rgb h_colour[h] notitle, \
         f using 1:(NaN):xtic(n_hops+4) notitle
    unset multiplot
    set output
}
