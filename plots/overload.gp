# Overload: per policy (one column of panels), goodput as % of saturation (top) and the p99 of completed events
# (bottom, log) against the offered load (% of saturation), one line per transport. Data from the overload part.
#   gnuplot -e "run='results/<run-id>'; name='overload'" plots/overload.gp
load system("dirname '".ARG0."'").'/lib.gp'
if (!exists("name")) { name = 'overload' }
load datadir.name.'.gp'
do for [fmt in formats] {
    eval 'set terminal '.term_for(fmt, fig_w, fig_h)
    set output outdir.name.'.'.fmt
    set multiplot layout 2, n_pol title full_title(fig_title, fig_note)
    set grid xtics ytics lc rgb '#dddddd'
    set xrange [70:210]
    set xtics (80, 120, 150, 200)
    do for [p=1:n_pol] {
        f = datadir.name.'-'.p.'.dat'
        set title pol_title[p]
        unset logscale y
        set yrange [0:*]
        set ylabel (p == 1 ? 'goodput, % of saturation' : '')
        set xlabel ''
        if (p == n_pol) { set key outside right top vertical } else { unset key }
        plot for [s=1:n_series] f index (s-1) using 1:2 with linespoints lw 2 pt 7 lc rgb s_colour[s] title s_title[s]
    }
    do for [p=1:n_pol] {
        f = datadir.name.'-'.p.'.dat'
        set title ''
        set logscale y
        set yrange [ymin_p99:ymax_p99]
        set ylabel (p == 1 ? 'completed-event p99 (ms, log)' : '')
        set xlabel 'offered load, % of saturation'
        unset key
        plot for [s=1:n_series] f index (s-1) using 1:3 with linespoints lw 2 pt 7 lc rgb s_colour[s] notitle
    }
    unset multiplot
    set output
}
