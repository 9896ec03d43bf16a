# Shared set-up for every figure script. Loaded by the scripts; not run on its own.
# Needs `run` (the run folder) and reads <run>/plots/data/meta.gp, written by the `report` command.
if (!exists("run")) {
    print "usage: gnuplot -e \"run='results/<run-id>'\" ", ARG0
    exit status 2
}
datadir = run.'/plots/data/'
outdir = run.'/plots/'
if (system("test -f '".datadir."meta.gp' && echo y") ne "y") {
    print "no ".datadir."meta.gp: run the report command on ".run." first (it writes the plot data)"
    exit status 3
}
load datadir.'meta.gp'
# PNG via cairo when this gnuplot has it (anti-aliased, UTF-8 fonts), else libgd; SVG as well unless told not to
has_cairo = strstrt(GPVAL_TERMINALS, ' pngcairo ') > 0
if (!exists("formats")) { formats = "png svg" }
png_term(w, h) = has_cairo ? sprintf("pngcairo size %d,%d font 'Sans,10' noenhanced", w, h) \
                           : sprintf("png size %d,%d noenhanced", w, h)
svg_term(w, h) = sprintf("svg size %d,%d font 'Sans,10' noenhanced", w, h)
# a canvas never narrower than its longest title line (about 7 px a character of Sans 10, and a margin): titles are not clipped
wider(a, b) = a > b ? a : b
title_w(t, note) = 7 * wider(wider(strlen(t), strlen(caption)), strlen(note)) + 60
fit_w(w) = w > title_w(fig_title, fig_note) ? w : title_w(fig_title, fig_note)
term_for(fmt, w, h) = fmt eq 'svg' ? svg_term(fit_w(w), h) : png_term(fit_w(w), h)
# a figure's title: what it is, then the provenance line, then the oversubscription statement
full_title(t, note) = t."\n".caption."\n".note
