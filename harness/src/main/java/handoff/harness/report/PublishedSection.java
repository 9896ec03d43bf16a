package handoff.harness.report;

import handoff.harness.page.BoxLabel;
import handoff.harness.page.FigureKind;
import handoff.harness.page.IntervalChart;
import handoff.harness.page.MarkdownTable;
import handoff.harness.page.NumberText;
import handoff.harness.page.Page;
import handoff.harness.page.Plot;
import handoff.harness.page.Prose;
import handoff.harness.page.RunData;
import handoff.harness.page.Section;
import handoff.harness.page.Selector;
import handoff.harness.page.TextLine;
import handoff.harness.results.Cells;
import handoff.harness.stats.Stats;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * This run beside published results: for every published ratio, the measured ratio for the same comparison
 * (both sides at the same wait strategy), the ratio of ratios and a verdict only where a band is derived from what
 * varies ({@link Agreement}: this run's interval for its own ratio), else none.
 * Rows whose measured side is oversubscribed or unstable are shown but left out of the tally; a published
 * figure used by several comparisons is counted once. Summary in the report, the table and figure in an
 * appendix.
 */
public final class PublishedSection implements Section, FigureKind {
    static final String APPENDIX = "appendix-published.md";
    private static final Prose TEXT = Prose.of("published");
    static final List<String> WAITS = List.of("spin", "yield", "park", "block", "native");

    /** One comparison, measured or not. */
    record Line(Published.Comparison c, double published, double measured, TextLine num, TextLine den, String why, Agreement.Spread spread) {
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

        /** The verdict against a band derived from what varies ({@link Agreement}), or why there is none. */
        Agreement agreement() {
            if (!measurable()) {
                return Agreement.of(spread, measured, null, false);
            }
            String column = new Selector(c.runNum).column;
            // one column on both sides, or no per-fork ratio to take an interval of
            Agreement.Band band = column.equals(new Selector(c.runDen).column) ? Agreement.band(num, den, column) : null;
            return Agreement.of(spread, measured, band, flagged());
        }

        String verdict() {
            return agreement().words();
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
                double pr = t == null ? Double.NaN : NumberText.div(Published.number(t.cell(c.pubNum)), Published.number(t.cell(c.pubDen)));
                Line own = measure(run, pub, c, pr);
                Line other = beside == null || own.measurable() ? null : measure(beside, pub, c, pr);
                boolean theirs = other != null && other.measurable();
                lines.add(theirs ? other : own);
                boxes.add(BoxLabel.of(theirs ? beside : run).cpus());
            }
        }
        return lines;
    }

    /** Both sides at one wait: the first wait, in the selector's order, at which both sides have an ok row. */
    static Line measure(RunData run, Published pub, Published.Comparison c, double pr) {
        Line l = measureOne(run, c, pr);
        return new Line(c, pr, l.measured(), l.num(), l.den(), l.why(), Agreement.spread(pub, c, pr));
    }

    private static Line measureOne(RunData run, Published.Comparison c, double pr) {
        if (!c.measurable()) {
            return new Line(c, pr, Double.NaN, null, null, TEXT.get("not-measured"), null);
        }
        if (c.crossWait()) {
            Selector.Pick a = firstOk(run, c.runNum);
            Selector.Pick d = firstOk(run, c.runDen);
            return a.missing == null && d.missing == null ? new Line(c, pr, NumberText.div(a.value, d.value), a.row, d.row, null, null)
                    : new Line(c, pr, Double.NaN, null, null, TEXT.fill("not-in-run").with("why", a.missing != null ? a.missing : d.missing).text(), null);
        }
        String why = null;
        for (String w : waitsOf(c.runNum)) {
            Selector.Pick a = new Selector(atWait(c.runNum, w)).pick(run);
            Selector.Pick d = new Selector(atWait(c.runDen, w)).pick(run);
            if (a.missing == null && d.missing == null) {
                return new Line(c, pr, NumberText.div(a.value, d.value), a.row, d.row, null, null);
            }
            why = why != null ? why : a.missing != null ? a.missing : d.missing;
        }
        return new Line(c, pr, Double.NaN, null, null, TEXT.fill("not-in-run").with("why", why).text(), null);
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
        Matcher m = Pattern.compile("wait=([a-z|]+)").matcher(selector);
        return m.find() ? List.of(m.group(1).split("\\|")) : Collections.singletonList(null);
    }

    static String atWait(String selector, String wait) {
        return wait == null ? selector : selector.replaceAll("wait=[a-z|]+", "wait=" + wait);
    }

    @Override
    public void write(Page doc) throws IOException {
        List<Line> all = lines(doc.run);
        Map<Agreement.Kind, Integer> tally = new EnumMap<>(Agreement.Kind.class);
        Set<String> counted = new LinkedHashSet<>();
        for (Line l : all) {
            if (!l.measurable() || !counted.add(l.c().table + l.c().pubNum + "/" + l.c().pubDen + ":" + l.c().runNum + "/" + l.c().runDen)) {
                continue;
            }
            tally.merge(l.agreement().kind(), 1, Integer::sum);
        }
        long unmeasured = all.stream().filter(l -> !l.measurable()).count();
        doc.h2(TEXT.get("title"));
        doc.p(TEXT.fill("summary").with("agree", tally.getOrDefault(Agreement.Kind.INSIDE, 0))
                .with("differ", tally.getOrDefault(Agreement.Kind.OUTSIDE, 0)).with("noBand", tally.getOrDefault(Agreement.Kind.NO_BAND, 0))
                .with("flagged", tally.getOrDefault(Agreement.Kind.FLAGGED, 0)).with("unmeasured", unmeasured)
                .with("link", doc.link(APPENDIX, TEXT.get("summary.link"))).with("boxes", boxes(doc.run)).text());
        StringBuilder a = doc.appendix(APPENDIX, TEXT.get("title"));
        Published pub = Published.load();
        a.append(TEXT.get("appendix.verdicts")).append("\n\n");
        for (Plot p : doc.plots(script())) {
            a.append("![").append(p.title()).append("](plots/").append(p.name()).append(".png)\n\n");
        }
        MarkdownTable t = new MarkdownTable("id", "comparison", "published", "measured", "ratio of ratios", "verdict", "box", "flags", "note");
        for (int i = 0; i < all.size(); i++) {
            Line l = all.get(i);
            t.row(l.c().id, l.c().what, NumberText.ratio(l.published()), l.measurable() ? NumberText.ratio(l.measured()) + " (" + brief(l) + ")" : l.why(),
                    l.measurable() ? NumberText.ratio(l.ror()) : NumberText.NONE, l.verdict(), l.measurable() ? boxes.get(i) : NumberText.NONE,
                    l.measurable() ? TextLine.flags(l.num(), l.den()) : "", l.c().note);
        }
        a.append(t).append('\n').append(TEXT.get("appendix.sources")).append("\n\n");
        for (Published.Heading h : pub.sections) {
            String url = pub.url(h.letter());
            a.append("- **").append(h.letter()).append("** ").append(h.heading().replaceFirst("^[A-Z]\\.\\s*", ""))
                    .append(url == null ? " — " + TEXT.get("appendix.no-address") : " — <" + url + ">").append('\n');
        }
        a.append('\n');
    }

    /** Where the other box fills in: the tally by box, so each verdict says which CPUs it was measured on; empty for one run. */
    private String boxes(RunData run) {
        if (beside == null) {
            return "";
        }
        Map<String, int[]> by = new LinkedHashMap<>();
        by.put(BoxLabel.of(run).cpus(), new int[4]);
        by.put(BoxLabel.of(beside).cpus(), new int[4]);
        Set<String> counted = new LinkedHashSet<>();
        for (int i = 0; i < lines.size(); i++) {
            Line l = lines.get(i);
            if (!l.measurable() || !counted.add(l.c().table + l.c().pubNum + "/" + l.c().pubDen + ":" + l.c().runNum + "/" + l.c().runDen)) {
                continue;
            }
            int[] n = by.computeIfAbsent(boxes.get(i), b -> new int[4]);
            Agreement.Kind k = l.agreement().kind();
            n[k == Agreement.Kind.INSIDE ? 0 : k == Agreement.Kind.OUTSIDE ? 1 : k == Agreement.Kind.NO_BAND ? 2 : 3]++;
        }
        List<String> parts = new ArrayList<>();
        by.forEach((box, n) -> parts.add(TEXT.fill("boxes.box").with("box", box).with("agree", n[0]).with("differ", n[1])
                .with("noBand", n[2]).with("flagged", n[3]).text()));
        return " " + TEXT.fill("boxes").with("here", BoxLabel.of(run).label()).with("other", BoxLabel.of(beside).label()).with("run", beside.runId)
                .with("boxes", String.join("; ", parts)).text();
    }

    private static String brief(Line l) {
        String waits = l.num().waitStrategy().equals(l.den().waitStrategy()) ? l.num().waitStrategy()
                : l.num().transport() + "/" + l.num().waitStrategy() + " vs " + l.den().transport() + "/" + l.den().waitStrategy();
        String producers = l.num().producers();
        return producers == null || producers.isEmpty() ? waits : waits + ", " + NumberText.sig3(Cells.parse(producers)).replace(".00", "") + "P";
    }

    @Override
    public String script() {
        return IntervalChart.SCRIPT;
    }

    /** The ratio of ratios of every measured comparison on a log axis, the band marked. */
    @Override
    public List<Plot> write(RunData run, Path dataDir) throws IOException {
        List<Line> all = lines(run);
        List<Line> m = all.stream().filter(Line::measurable).toList();
        if (m.isEmpty()) {
            return List.of();
        }
        String name = "published-ratio-of-ratios";
        IntervalChart c = new IntervalChart(name, TEXT.get("figure.title"))
                .axis(TEXT.get("figure.axis"), true).reference(1).series(TEXT.get("figure.series"));
        for (Line l : m) {
            Agreement.Band b = l.agreement().band();
            c.row(beside == null ? l.c().id : l.c().id + " (" + boxes.get(all.indexOf(l)) + ")", l.flagged() ? "#999999" : "#4e79a7")
                    .point(0, IntervalChart.Point.of(l.ror(),
                    b == null ? Double.NaN : b.lo() / l.published(), b == null ? Double.NaN : b.hi() / l.published(),
                    l.flagged() ? "flagged" : ""));
        }
        c.write(dataDir);
        return List.of(new Plot(script(), name, TEXT.get("figure.caption-title"), TEXT.get("figure.caption"), new MarkdownTable("see " + APPENDIX), false));
    }

    static String lower(String s) {
        return s.toLowerCase(Locale.ROOT);
    }

    static boolean differs(Stats.Interval a) {
        return Stats.differsFromOne(a);
    }
}
