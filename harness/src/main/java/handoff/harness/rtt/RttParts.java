package handoff.harness.rtt;

import handoff.harness.page.FigureData;
import handoff.harness.page.FigureKind;
import handoff.harness.page.FigureSection;
import handoff.harness.page.GnuplotInclude;
import handoff.harness.page.IntervalChart;
import handoff.harness.page.MarkdownTable;
import handoff.harness.page.NumberText;
import handoff.harness.page.Page;
import handoff.harness.page.Plot;
import handoff.harness.page.Prose;
import handoff.harness.page.RunData;
import handoff.harness.page.Section;
import handoff.harness.page.TestedClaims;
import handoff.harness.page.TextLine;
import handoff.harness.report.Declared;
import handoff.harness.report.DeclaredVerdicts;
import handoff.harness.report.Pilot;
import handoff.harness.report.VerdictKey;
import handoff.harness.stats.Comparison;
import handoff.harness.stats.Holm;
import handoff.harness.stats.LogT;
import handoff.harness.stats.Stats;
import handoff.harness.stats.Verdict;
import handoff.harness.stats.VersusReference;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * RTT's contribution: the median RTT per transport × wait at each burst (P=1, the configurations a 2-CPU box can
 * run without oversubscription), with the interval over forks where rtt.csv carries it, and the baseline-floor
 * check. 
 */
public final class RttParts implements FigureSection {
    public static final String FILE = "rtt.csv";
    static final String CLOCK = "nanotime";
    private static final Prose TEXT = Prose.of("rtt");

    private final List<FigureKind> detailKinds = List.of(new RttBarsFigure(), new RttHdrFigure(), new RttLadderFigure());

    @Override
    public List<String> files() {
        return List.of(FILE);
    }

    @Override
    public List<FigureKind> figureKinds() {
        List<FigureKind> all = new ArrayList<>(List.of(this));
        all.addAll(detailKinds);
        return all;
    }

    @Override
    public List<Section> details() {
        return RttDetails.sections();
    }

    @Override
    public List<String> method(RunData run) {
        return RttDetails.method();
    }

    /** The median over forks of each fork's p50 with its interval; the merged p50 for runs that predate it. */
    public static Stats.Interval p50(TextLine r) {
        return RttLine.of(r).p50();
    }

    private static List<TextLine> rows(RunData run, String burst) {
        List<TextLine> ok = RunData.where(run.ok(FILE), r -> RttLine.of(r).producers().equals("1") && !RttLine.of(r).transport().equals(CLOCK));
        return RunData.sorted(RunData.eq(ok, "burst", burst), "wait", "producer_model", "messages");
    }

    private static String label(TextLine r) {
        RttLine l = RttLine.of(r);
        String model = l.producerModel();
        return r.label() + (model.isEmpty() ? "" : " " + model)
                + ("allocated".equals(l.messages()) ? " alloc" : "") + r.marks() + (l.bimodalSplit() ? " (2 modes)" : "");
    }

    @Override
    public List<Plot> write(RunData run, Path dataDir) throws IOException {
        List<Plot> out = new ArrayList<>();
        List<String> bursts = RunData.distinct(RunData.eq(run.ok(FILE), "producers", "1"), "burst");
        bursts.remove("");
        for (String b : bursts) {
            List<TextLine> rows = rows(run, b);
            if (rows.isEmpty()) {
                continue;
            }
            String name = "rtt-p1-b" + b;
            String title = TEXT.fill("figure.title").with("burst", b).text();
            IntervalChart c = new IntervalChart(name, title).axis(TEXT.get("figure.axis"), true).tics(GnuplotInclude::timeLabel)
                    .series("p50; bar = " + FigureData.levels(rows) + " interval");
            MarkdownTable t = new MarkdownTable("transport/wait", "p50 [interval of per-fork p50]", "÷ baseline (p50)", "p99", "mean", "forks", "flags");
            Pilot pilot = Pilot.of(run);
            int[] refs = Declared.baselineReferences(rows, r -> pilot.judges(VerdictKey.rtt(r)));
            VersusReference vs = VersusReference.of(rows.stream().map(r -> RttLine.of(r).p50Forks()).toList(), refs);
            for (int i = 0; i < rows.size(); i++) {
                TextLine r = rows.get(i);
                RttLine l = RttLine.of(r);
                Stats.Interval iv = l.p50();
                String modes = l.bimodalSplit()
                        ? TEXT.fill("figure.modes").with("low", NumberText.time(l.modeLowNs())).with("high", NumberText.time(l.modeHighNs())).text()
                        : !"untestable".equals(l.bimodal()) ? ""
                        : "1".equals(l.forks()) ? TEXT.fill("figure.untestable-one").with("forks", l.forks()).text()
                        : TEXT.fill("figure.untestable-many").with("forks", l.forks()).text();
                c.row(label(r), run.traits.colour(l.transport())).point(0, IntervalChart.Point.of(iv.centre(), iv.lo(), iv.hi(),
                        l.bimodalSplit() ? modes : ""));
                t.row(label(r), NumberText.withInterval(iv, NumberText::time), vsCell(vs, refs, rows, i),
                        NumberText.time(l.p99Ns()), NumberText.time(l.meanNs()), l.forks(), (r.flags() + " " + modes).trim());
            }
            c.write(dataDir);
            out.add(new Plot(script(), name, title, TEXT.fill("figure.caption").with("burst", b).with("level", FigureData.levels(rows))
                    .with("family", family(vs, !pilot.none()))
                    .text(), t, RunData.anyOversubscribed(rows) || RunData.anyUnstable(rows)));
        }
        return out;
    }

    /** The reference of the RTT family. */
    static final String BASELINE = "baseline";
    /** Rows that measure the harness, not a transport: never in a family ({@link handoff.harness.report.Declared#CONTROLS}). */
    static final Set<String> CONTROLS = Declared.CONTROLS;

    private static String vsCell(VersusReference vs, int[] refs, List<TextLine> rows, int i) {
        RttLine r = RttLine.of(rows.get(i));
        if (r.transport().equals(BASELINE)) {
            return TEXT.get("cell.reference");
        }
        if (CONTROLS.contains(r.transport())) {
            return TEXT.get("cell.control");
        }
        if (refs[i] < 0) {
            return DeclaredVerdicts.NOT_JUDGED;
        }
        VersusReference.Outcome o = vs.outcome(i);
        if (o.verdict() == Verdict.UNTESTED) {
            return NumberText.NONE;
        }
        String w = o.verdict().word("higher", "lower");
        String baseWait = RttLine.of(rows.get(refs[i])).waitStrategy();
        String wait = baseWait.equals(r.waitStrategy()) ? "" : " " + TEXT.fill("versus.other-wait").with("wait", baseWait).text();
        return NumberText.ratio(o.test().ratio()) + " " + w + wait;
    }

    /** The ÷ baseline column's meaning, its test and level. */
    private static String family(VersusReference vs, boolean piloted) {
        if (vs.family() == 0) {
            return TEXT.get("family.untested");
        }
        return TEXT.fill("family").with("test", LogT.PAIRED).with("rows", vs.family()).with("alpha", Stats.formatP(Stats.ALPHA))
                .with("margin", Stats.formatPercent(Stats.MARGIN)).with("piloted", piloted ? TEXT.get("family.piloted") : TEXT.get("family.end"))
                .text();
    }

    @Override
    public void write(Page doc) {
        List<Plot> plots = doc.plots(script()).stream().filter(p -> p.name().startsWith("rtt-")).toList();
        if (plots.isEmpty()) {
            return;
        }
        doc.h2(TEXT.get("title"));
        plots.forEach(doc::figure);
        doc.plots(RttLadderFigure.SCRIPT).forEach(doc::figure);
    }

    @Override
    public List<String> verdicts(RunData run) {
        List<String> out = new ArrayList<>();
        List<TextLine> ok = RunData.where(run.ok(FILE), r -> !RttLine.of(r).transport().equals(CLOCK));
        if (ok.isEmpty()) {
            return out;
        }
        List<TextLine> p1 = RunData.eq(ok, "producers", "1");
        long sound = p1.stream().filter(r -> !r.oversubscribed() && !r.unstable() && RttLine.of(r).forkCount() >= 3).count();
        out.add(TEXT.fill("sound").with("sound", sound).with("rows", p1.size())
                .with("end", sound == p1.size() ? TEXT.get("sound.all") : TEXT.get("sound.some")).text());
        long over = ok.stream().filter(TextLine::oversubscribed).count();
        if (over > 0) {
            out.add(TEXT.fill("oversubscribed").with("over", over).text());
        }
        List<TextLine> below = new ArrayList<>();
        List<Comparison> tests = new ArrayList<>();
        List<TextLine> bases = new ArrayList<>();
        List<String> unsound = new ArrayList<>();
        for (String b : RunData.distinct(p1, "burst")) {
            for (TextLine base : RunData.eq(RunData.eq(p1, "burst", b), "transport", "baseline")) {
                for (TextLine r : RunData.eq(RunData.eq(p1, "burst", b), "wait", RttLine.of(base).waitStrategy())) {
                    RttLine l = RttLine.of(r);
                    // the null transport is the reply path alone (no send path): the harness's floor, not a competitor
                    if (!l.transport().equals("baseline") && !handoff.queues.adapters.NullTransport.ID.equals(l.transport())
                            && p50(r).centre() < p50(base).centre()) {
                        if (r.unstable() || base.unstable()) { // a finding never rests on an unstable row (issue 40)
                            unsound.add(TEXT.fill("unsound.item").with("row", l.transport() + "/" + l.waitStrategy())
                                    .with("burst", l.burst()).with("p50", NumberText.time(p50(r).centre())).with("base", NumberText.time(p50(base).centre()))
                                    .with("which", base.unstable() && r.unstable() ? TEXT.get("unsound.both")
                                            : base.unstable() ? TEXT.get("unsound.baseline") : TEXT.get("unsound.row")).text());
                            continue;
                        }
                        below.add(r);
                        bases.add(base);
                        tests.add(TestedClaims.compare(r, base, "p50_ns"));
                    }
                }
            }
        }
        if (!below.isEmpty()) {
            out.add(floor(below, bases, tests));
        }
        if (!unsound.isEmpty()) {
            out.add(TEXT.fill("unsound").with("items", String.join("; ", unsound)).text());
        }
        return out;
    }

    /**
     * Rows whose median RTT is below the baseline's: the baseline is "not a floor" only where a test says a row is
     * lower (the study's t-test on per-fork p50s, Holm over these comparisons), else the words say it is not shown.
     */
    private static String floor(List<TextLine> below, List<TextLine> bases, List<Comparison> tests) {
        double[] p = tests.stream().mapToDouble(c -> c == null ? Double.NaN : c.p()).toArray();
        double[] adj = Holm.adjust(p);
        int family = (int) Arrays.stream(p).filter(x -> !Double.isNaN(x)).count();
        List<String> items = new ArrayList<>();
        List<String> verdicts = new ArrayList<>();
        boolean lower = false;
        for (int i = 0; i < below.size(); i++) {
            Comparison c = tests.get(i);
            verdicts.add(c == null ? TestedClaims.untested()
                    : c.verdict(adj[i], Math.max(1, family), "higher", "lower"));
            lower |= c != null && !Double.isNaN(adj[i]) && adj[i] <= Stats.ALPHA && c.ratio() < 1;
        }
        boolean oneVerdict = verdicts.stream().distinct().count() == 1; // say a shared verdict once, not per row
        for (int i = 0; i < below.size(); i++) {
            TextLine r = below.get(i);
            RttLine l = RttLine.of(r);
            String row = l.transport() + "/" + l.waitStrategy();
            String p50 = NumberText.time(p50(r).centre());
            String base = NumberText.time(p50(bases.get(i)).centre());
            items.add(oneVerdict ? TEXT.fill("floor.item").with("row", row).with("burst", l.burst()).with("p50", p50).with("base", base).text()
                    : TEXT.fill("floor.item-verdict").with("row", row).with("burst", l.burst()).with("p50", p50).with("base", base)
                            .with("verdict", verdicts.get(i)).text());
        }
        String head = TEXT.fill("floor.head").with("items", String.join("; ", items)).text()
                + (oneVerdict && !verdicts.isEmpty() ? " " + TEXT.fill("floor.each").with("verdict", verdicts.get(0)).text() : "");
        return head + (lower ? TEXT.get("floor.lower") : TEXT.fill("floor.not-shown").with("alpha", Stats.formatP(Stats.ALPHA)).text());
    }
}
