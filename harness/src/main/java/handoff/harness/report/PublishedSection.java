package handoff.harness.report;

import handoff.harness.trial.Stats;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * This run beside published results: for every published ratio, the measured ratio for the same comparison
 * (both sides at the same wait strategy), the ratio of ratios and a verdict against a stated tolerance band.
 * Rows whose measured side is oversubscribed or unstable are shown but left out of the tally; a published
 * figure used by several comparisons is counted once. Summary in the report, the table and figure in an
 * appendix.
 */
public final class PublishedSection implements Section, FigureKind {
    static final String APPENDIX = "appendix-published.md";
    /** Ratios of ratios within this factor of 1 agree. */
    static final double BAND = 2.0;
    static final List<String> WAITS = List.of("spin", "yield", "park", "block", "native");

    /** One comparison, measured or not. */
    record Line(Published.Comparison c, double published, double measured, Row num, Row den, String why) {
        double ror() {
            return measured / published;
        }

        boolean measurable() {
            return Double.isFinite(published) && Double.isFinite(measured) && published > 0 && measured > 0;
        }

        boolean flagged() {
            return num.oversubscribed() || den.oversubscribed() || num.unstable() || den.unstable()
                    || SupportSection.singleFork(num) || SupportSection.singleFork(den);
        }

        String verdict() {
            if (!measurable()) {
                return Fmt.NONE;
            }
            double r = ror();
            if (Math.abs(Math.log(r)) <= Math.log(BAND)) {
                return "within " + Fmt.sig3(BAND) + "×";
            }
            // 1.00x points no way: neither same nor opposite (as printed: 0.99501 shows as 1.00x too)
            if (Math.abs(Math.log(measured)) <= Math.log(1.005) || Fmt.ratio(measured).equals(Fmt.ratio(1))) {
                return "no direction (this run " + Fmt.sig3(measured) + "×), " + Fmt.sig3(r > 1 ? r : 1 / r) + "× from published";
            }
            if ((published > 1) != (measured > 1) && Math.abs(Math.log(measured)) > Math.log(1.05)) {
                return "**opposite**";
            }
            return "same direction, " + Fmt.sig3(r > 1 ? r : 1 / r) + "× " + (Math.abs(Math.log(measured)) > Math.abs(Math.log(published)) ? "larger" : "smaller");
        }
    }

    private List<Line> lines;
    /** The box each line was measured on ("16 CPUs"), in the lines' order. */
    private final List<String> boxes = new ArrayList<>();
    /** The other box's run: measured where this run has no counterpart; null for one run. */
    private final RunData beside;

    public PublishedSection() {
        this(null);
    }

    public PublishedSection(RunData beside) {
        this.beside = beside;
    }

    private List<Line> lines(RunData run) throws IOException {
        if (lines == null) {
            Published pub = Published.load();
            lines = new ArrayList<>();
            for (Published.Comparison c : pub.comparisons) {
                Published.Table t = pub.tables.get(c.table);
                double pr = t == null ? Double.NaN : Fmt.div(Published.number(t.cell(c.pubNum)), Published.number(t.cell(c.pubDen)));
                Line own = measure(run, c, pr);
                Line other = beside == null || own.measurable() ? null : measure(beside, c, pr);
                boolean theirs = other != null && other.measurable();
                lines.add(theirs ? other : own);
                boxes.add(Box.of(theirs ? beside : run).cpus());
            }
        }
        return lines;
    }

    /** Both sides at one wait: the first wait, in the selector's order, at which both sides have an ok row. */
    static Line measure(RunData run, Published.Comparison c, double pr) {
        if (!c.measurable()) {
            return new Line(c, pr, Double.NaN, null, null, "not measured by this study");
        }
        if (c.crossWait()) {
            Selector.Pick a = firstOk(run, c.runNum);
            Selector.Pick d = firstOk(run, c.runDen);
            return a.missing == null && d.missing == null ? new Line(c, pr, Fmt.div(a.value, d.value), a.row, d.row, null)
                    : new Line(c, pr, Double.NaN, null, null, "not in this run (" + (a.missing != null ? a.missing : d.missing) + ")");
        }
        String why = null;
        for (String w : waitsOf(c.runNum)) {
            Selector.Pick a = new Selector(atWait(c.runNum, w)).pick(run);
            Selector.Pick d = new Selector(atWait(c.runDen, w)).pick(run);
            if (a.missing == null && d.missing == null) {
                return new Line(c, pr, Fmt.div(a.value, d.value), a.row, d.row, null);
            }
            why = why != null ? why : a.missing != null ? a.missing : d.missing;
        }
        return new Line(c, pr, Double.NaN, null, null, "not in this run (" + why + ")");
    }

    /** A side on its own: the first wait in its selector's order that has an ok row (families whose waits differ). */
    private static Selector.Pick firstOk(RunData run, String selector) {
        Selector.Pick first = null;
        for (String w : waitsOf(selector)) {
            Selector.Pick p = new Selector(atWait(selector, w)).pick(run);
            if (p.missing == null) {
                return p;
            }
            first = first != null ? first : p;
        }
        return first;
    }

    static List<String> waitsOf(String selector) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("wait=([a-z|]+)").matcher(selector);
        return m.find() ? List.of(m.group(1).split("\\|")) : java.util.Collections.singletonList(null);
    }

    static String atWait(String selector, String wait) {
        return wait == null ? selector : selector.replaceAll("wait=[a-z|]+", "wait=" + wait);
    }

    @Override
    public void write(Doc doc) throws IOException {
        List<Line> all = lines(doc.run);
        int agree = 0;
        int differ = 0;
        int opposite = 0;
        int undirected = 0;
        int flagged = 0;
        Set<String> counted = new LinkedHashSet<>();
        for (Line l : all) {
            if (!l.measurable() || !counted.add(l.c().table + l.c().pubNum + "/" + l.c().pubDen + ":" + l.c().runNum + "/" + l.c().runDen)) {
                continue;
            }
            if (l.flagged()) {
                flagged++;
            } else if (l.verdict().startsWith("within")) {
                agree++;
            } else if (l.verdict().contains("opposite")) {
                opposite++;
            } else if (l.verdict().startsWith("no direction")) {
                undirected++;
            } else {
                differ++;
            }
        }
        long unmeasured = all.stream().filter(l -> !l.measurable()).count();
        doc.h2("Against published results");
        doc.p("Each published ratio beside this run's ratio for the same comparison (both sides at the same wait strategy, except "
                + "where the families have no wait in common, e.g. Flow's own against a ring's: then both sides' waits are named), and "
                + "their ratio of ratios; verdict band: **within " + Fmt.sig3(BAND) + "×** agrees, else \"same direction, N× "
                + "larger/smaller\" or **opposite**. Tally over comparisons whose measured rows are neither oversubscribed, unstable nor single-fork: "
                + agree + " within " + Fmt.sig3(BAND) + "×, " + differ + " same direction but outside the band, " + opposite
                + " opposite, " + undirected + " with no direction in this run (1.00×); " + flagged + " left out as flagged; " + unmeasured + " without a counterpart in this run. Table, figure "
                + "and sources with their addresses: " + doc.link(APPENDIX, "published comparison") + "." + boxes(doc.run));
        StringBuilder a = doc.appendix(APPENDIX, "Against published results");
        Published pub = Published.load();
        a.append("Tolerance band: a ratio of ratios within ").append(Fmt.sig3(BAND)).append("× of 1 agrees. Flagged rows are shown "
                + "but not counted.\n\n");
        for (Plot p : doc.plots(script())) {
            a.append("![").append(p.title()).append("](plots/").append(p.name()).append(".png)\n\n");
        }
        Md t = new Md("id", "comparison", "published", "measured", "ratio of ratios", "verdict", "box", "flags", "note");
        for (int i = 0; i < all.size(); i++) {
            Line l = all.get(i);
            t.row(l.c().id, l.c().what, Fmt.ratio(l.published()), l.measurable() ? Fmt.ratio(l.measured()) + " (" + brief(l) + ")" : l.why(),
                    l.measurable() ? Fmt.ratio(l.ror()) : Fmt.NONE, l.verdict(), l.measurable() ? boxes.get(i) : Fmt.NONE,
                    l.measurable() ? Row.flags(l.num(), l.den()) : "", l.c().note);
        }
        a.append(t).append("\n## Sources\n\n");
        for (String letter : pub.sections.keySet()) {
            String url = pub.url(letter);
            a.append("- **").append(letter).append("** ").append(pub.sections.get(letter).replaceFirst("^[A-Z]\\.\\s*", ""))
                    .append(url == null ? " — no address in the source" : " — <" + url + ">").append('\n');
        }
        a.append('\n');
    }

    /** Where the other box fills in: the tally by box, so each verdict says which CPUs it was measured on; empty for one run. */
    private String boxes(RunData run) {
        if (beside == null) {
            return "";
        }
        java.util.Map<String, int[]> by = new java.util.LinkedHashMap<>();
        by.put(Box.of(run).cpus(), new int[4]);
        by.put(Box.of(beside).cpus(), new int[4]);
        Set<String> counted = new LinkedHashSet<>();
        for (int i = 0; i < lines.size(); i++) {
            Line l = lines.get(i);
            if (!l.measurable() || !counted.add(l.c().table + l.c().pubNum + "/" + l.c().pubDen + ":" + l.c().runNum + "/" + l.c().runDen)) {
                continue;
            }
            int[] n = by.computeIfAbsent(boxes.get(i), b -> new int[4]);
            n[l.flagged() ? 3 : l.verdict().startsWith("within") ? 0 : l.verdict().contains("opposite") ? 2 : 1]++;
        }
        List<String> parts = new ArrayList<>();
        by.forEach((box, n) -> parts.add("**" + box + "**: " + n[0] + " within " + Fmt.sig3(BAND) + "×, " + n[1] + " outside the band, " + n[2]
                + " opposite, " + n[3] + " flagged"));
        return " Each comparison is measured on " + Box.of(run).label() + " where this report has its rows, else on " + Box.of(beside).label()
                + " (run " + beside.runId + "); by box: " + String.join("; ", parts) + " (the appendix names the box of each verdict).";
    }

    private static String brief(Line l) {
        String waits = l.num().get("wait").equals(l.den().get("wait")) ? l.num().get("wait")
                : l.num().get("transport") + "/" + l.num().get("wait") + " vs " + l.den().get("transport") + "/" + l.den().get("wait");
        String producers = l.num().get("producers");
        return producers == null || producers.isEmpty() ? waits : waits + ", " + Fmt.sig3(l.num().num("producers")).replace(".00", "") + "P";
    }

    @Override
    public String script() {
        return IntervalChart.SCRIPT;
    }

    /** The ratio of ratios of every measured comparison on a log axis, the band marked. */
    @Override
    public List<Plot> write(RunData run, java.nio.file.Path dataDir) throws IOException {
        List<Line> all = lines(run);
        List<Line> m = all.stream().filter(Line::measurable).toList();
        if (m.isEmpty()) {
            return List.of();
        }
        String name = "published-ratio-of-ratios";
        IntervalChart c = new IntervalChart(name, "This run's ratio ÷ the published ratio, per comparison")
                .axis("ratio of ratios (log); 1 = as published", true).reference(1).band(1 / BAND, BAND).series("ratio of ratios");
        for (Line l : m) {
            c.row(beside == null ? l.c().id : l.c().id + " (" + boxes.get(all.indexOf(l)) + ")", l.flagged() ? "#999999" : "#4e79a7").point(0, IntervalChart.Point.of(l.ror(), Double.NaN, Double.NaN,
                    l.flagged() ? "flagged" : ""));
        }
        c.write(dataDir);
        return List.of(new Plot(script(), name, "Ratio of ratios against published results", "Grey = a measured side is oversubscribed, "
                + "unstable or single-fork (not counted). Dotted lines: the " + Fmt.sig3(BAND) + "× band.", new Md("see " + APPENDIX), false));
    }

    static String lower(String s) {
        return s.toLowerCase(Locale.ROOT);
    }

    static boolean differs(Stats.Interval a) {
        return Stats.differsFromOne(a);
    }
}
