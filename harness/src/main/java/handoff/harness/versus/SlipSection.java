package handoff.harness.versus;

import handoff.harness.page.Lines;
import handoff.harness.page.MarkdownTable;
import handoff.harness.page.NumberText;
import handoff.harness.page.Page;
import handoff.harness.page.Prose;
import handoff.harness.page.RunData;
import handoff.harness.page.Section;
import handoff.harness.page.TestedClaims;
import handoff.harness.page.TextLine;
import handoff.harness.results.Cells;
import handoff.harness.stats.Comparison;
import handoff.harness.stats.Stats;
import handoff.queues.disruptor.Slip;

import java.lang.invoke.MethodHandles;
import java.util.ArrayList;
import java.util.List;

/**
 * Temporal slipping in the open (issue 40): what ours does that LMAX's consumer does not, where its constants come
 * from, and what it costs and gains in this run, every figure read from the run's rows: the {@code disruptor} suite's
 * triples (ours ÷ LMAX, ours-slip-off ÷ LMAX, ours ÷ ours-slip-off), the RTT rows of {@code disruptor} beside
 * {@code disruptor-noslip} at each burst, and the pipeline's saturation of both beside {@code lmax-ours}.
 */
final class SlipSection implements Section {
    static final String RTT = "rtt.csv";
    static final String PIPELINE = "pipeline.csv";
    private static final Prose TEXT = Prose.of("slip");

    @Override
    public void write(Page doc) {
        RunData run = doc.run;
        List<TextLine> ratios = tripleRows(run.ok(VersusParts.FILE));
        List<TextLine[]> rtt = rttPairs(run);
        List<TextLine[]> pipeline = pipelinePairs(run);
        if (ratios.isEmpty() && rtt.isEmpty() && pipeline.isEmpty()) {
            return;
        }
        doc.h2(TEXT.get("title"));
        doc.p(what());
        if (!ratios.isEmpty()) {
            MarkdownTable t = new MarkdownTable("topology", "wait", "comparison", "ratio [interval]", "pairs", "verdict", "flags");
            for (TextLine r : ratios) {
                PairLine l = PairLine.of(r);
                t.row(l.benchmark(), l.waitStrategy(), comparison(l.sides()), NumberText.withInterval(l.interval(), NumberText::sig3),
                        l.pairs(), VersusParts.verdict(l), r.flags());
            }
            doc.p(TEXT.get("throughput"));
            doc.table(t);
        }
        if (!rtt.isEmpty()) {
            doc.p(TEXT.get("rtt"));
            doc.table(rttTable(rtt));
        }
        if (!pipeline.isEmpty()) {
            doc.p(TEXT.get("pipeline"));
            doc.table(pipelineTable(pipeline));
        }
    }

    /** What the slip is and where its constants come from (this build's constants; the measurements are the rows). */
    static String what() {
        return TEXT.fill("what").with("minBatch", Slip.MIN_BATCH).with("slipNs", Slip.DEFAULT.nanos()).text();
    }

    /** The rows of every benchmark × wait that ran the triple: its three ratios, in file order. */
    static List<TextLine> tripleRows(List<TextLine> ratios) {
        List<String> tripled = PairLine.LINES.of(ratios).stream().filter(PairLine::slipFamily).map(PairLine::row).distinct().toList();
        return ratios.stream().filter(r -> tripled.contains(PairLine.of(r).row())).toList();
    }

    /** A ratio's sides in words. */
    static String comparison(String sides) {
        if (sides.equals(VersusCsv.NO_SLIP + "÷" + VersusCsv.LMAX)) {
            return TEXT.get("sides.ring");
        }
        if (sides.equals(VersusCsv.OURS + "÷" + VersusCsv.NO_SLIP)) {
            return TEXT.get("sides.slip");
        }
        return TEXT.get("sides.both");
    }

    /** {@code disruptor} and {@code disruptor-noslip} RTT rows of the same producers, burst, wait and producer model. */
    static List<TextLine[]> rttPairs(RunData run) {
        List<TextLine> rows = run.ok(RTT);
        List<TextLine[]> out = new ArrayList<>();
        for (TextLine off : RunData.eq(rows, "transport", VersusCsv.NO_SLIP)) {
            for (TextLine on : RunData.eq(rows, "transport", VersusCsv.OURS)) {
                if (same(on, off, "producers", "burst", "wait", "producer_model", "messages")) {
                    out.add(new TextLine[] {on, off});
                }
            }
        }
        return out;
    }

    /** {@code disruptor}, {@code disruptor-noslip} and {@code lmax-ours} (or null) pipeline rows of one configuration. */
    static List<TextLine[]> pipelinePairs(RunData run) {
        List<TextLine> rows = run.ok(PIPELINE);
        List<TextLine[]> out = new ArrayList<>();
        for (TextLine off : RunData.eq(rows, "transport", VersusCsv.NO_SLIP)) {
            TextLine on = first(rows, off, VersusCsv.OURS);
            if (on != null) {
                out.add(new TextLine[] {on, off, first(rows, off, handoff.queues.adapters.LmaxTransport.OURS_ID)});
            }
        }
        return out;
    }

    private static TextLine first(List<TextLine> rows, TextLine like, String transport) {
        return RunData.eq(rows, "transport", transport).stream()
                .filter(r -> same(r, like, "producers", "wait", "workers", "consume", "buffering") && r.sameRuntime(like))
                .findFirst().orElse(null);
    }

    private static boolean same(TextLine a, TextLine b, String... cols) {
        for (String c : cols) {
            if (!a.get(c).equals(b.get(c))) {
                return false;
            }
        }
        return true;
    }

    private static MarkdownTable rttTable(List<TextLine[]> pairs) {
        MarkdownTable t = new MarkdownTable("producers", "burst", "wait", "p50 ours [interval]", "p50 slip off [interval]", "p50 ours − slip off",
                "p99 ours / slip off", "forks", "verdict (p50)");
        for (TextLine[] p : pairs) {
            TextLine on = p[0];
            TextLine off = p[1];
            Comparison c = TestedClaims.compare(on, off, "p50_ns");
            RttCells a = RttCells.LINES.of(on);
            RttCells b = RttCells.LINES.of(off);
            t.row(on.producers(), on.burst(), on.waitStrategy(), p50(on), p50(off),
                    NumberText.time(a.p50ForkMedianNs() - b.p50ForkMedianNs()),
                    NumberText.time(a.p99Ns()) + " / " + NumberText.time(b.p99Ns()), a.forks() + " / " + b.forks(),
                    TestedClaims.verdict(c, TEXT.get("rtt.slower"), TEXT.get("rtt.faster")));
        }
        return t;
    }

    private static String p50(TextLine r) {
        return NumberText.withInterval(RttCells.LINES.of(r).p50(), NumberText::time) + r.marks();
    }

    /**
     * One line of {@value #RTT} as the slip's latency table reads it: the p50 over forks with its interval, the p99,
     * the forks as written.
     */
    private record RttCells(double p50ForkMedianNs, double p50LoNs, double p50HiNs, double intervalLevel, double p99Ns,
                            String forks) {
        static final Lines<RttCells> LINES = Lines.of(MethodHandles.lookup(), RTT, RttCells.class, "p50_fork_median_ns",
                "p50_lo_ns", "p50_hi_ns", "interval_level", "p99_ns", "forks");

        /** The p50 over forks with its interval ({@link TextLine#interval(double, double, double, double, double)}). */
        Stats.Interval p50() {
            return TextLine.interval(p50ForkMedianNs, p50LoNs, p50HiNs, Cells.parse(forks), intervalLevel);
        }
    }

    private static MarkdownTable pipelineTable(List<TextLine[]> triples) {
        MarkdownTable t = new MarkdownTable("wait", "ours", "slip off", "lmax-ours", "ours vs slip off (the slip)", "slip off vs lmax-ours (the ring)");
        for (TextLine[] p : triples) {
            TextLine theirs = p[2];
            t.row(p[0].waitStrategy(), sat(p[0]), sat(p[1]), theirs == null ? TEXT.get("not-run") : sat(theirs),
                    TestedClaims.verdict(TestedClaims.compare(p[0], p[1], "throughput_eps"), TEXT.get("word.ours-faster"),
                            TEXT.get("word.slip-off-faster")),
                    theirs == null ? NumberText.NONE : TestedClaims.verdict(TestedClaims.compare(p[1], theirs, "throughput_eps"),
                            TEXT.get("word.slip-off-faster"), TEXT.get("word.lmax-ours-faster")));
        }
        return t;
    }

    private static String sat(TextLine r) {
        return NumberText.withInterval(r.interval("throughput_eps", "throughput_lo_eps", "throughput_hi_eps"), NumberText::rate) + r.marks();
    }

    /**
     * The answer's sentences: the slip's own effect on throughput (disruptor suite) and its latency at each RTT burst,
     * read from the rows; nothing where the run has neither.
     */
    static List<String> verdicts(RunData run) {
        List<String> out = new ArrayList<>();
        for (PairLine l : PairLine.LINES.of(run.ok(VersusParts.FILE))) {
            if (l.slipFamily()) {
                out.add(TEXT.fill("verdict.throughput").with("sides", comparison(l.sides())).with("benchmark", l.benchmark())
                        .with("wait", l.waitStrategy()).with("ratio", NumberText.withInterval(l.interval(), NumberText::sig3))
                        .with("verdict", VersusParts.verdict(l)).text());
            }
        }
        for (TextLine[] p : rttPairs(run)) {
            out.add(TEXT.fill("verdict.latency").with("producers", p[0].producers()).with("burst", p[0].burst())
                    .with("wait", p[0].waitStrategy()).with("ours", p50(p[0])).with("off", p50(p[1]))
                    .with("verdict", TestedClaims.verdict(TestedClaims.compare(p[0], p[1], "p50_ns"), TEXT.get("rtt.slower"),
                            TEXT.get("rtt.faster"))).text());
        }
        return out;
    }
}
