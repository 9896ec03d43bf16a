package handoff.harness.report;

import handoff.harness.page.BoxLabel;
import handoff.harness.page.Lines;
import handoff.harness.page.MarkdownTable;
import handoff.harness.page.NumberText;
import handoff.harness.page.Page;
import handoff.harness.page.Prose;
import handoff.harness.page.RunData;
import handoff.harness.page.Section;
import handoff.harness.page.TextLine;
import handoff.harness.results.Cells;

import java.lang.invoke.MethodHandles;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What a box shows at a glance, read from its rows and naming the box: pipeline saturation (P = 1, one thread per
 * stage) against abq at the same wait, with whether every fork lies above every abq fork; ours ÷ LMAX per topology with
 * its pairs and the suite's own verdict; RTT p50 at burst 1 by producers. Each line is a number the run holds; a
 * suite without rows adds no line. The tests behind each verdict are the suites' own sections'.
 */
public final class GlanceSection implements Section {
    static final String REFERENCE = "abq";
    private static final Prose TEXT = Prose.of("glance");

    @Override
    public void write(Page doc) {
        RunData run = doc.run;
        BoxLabel box = BoxLabel.of(run);
        List<String> lines = new ArrayList<>();
        pipeline(run, lines);
        versus(run, lines);
        MarkdownTable rtt = rtt(run);
        if (lines.isEmpty() && rtt.isEmpty()) {
            return;
        }
        doc.h2(TEXT.fill("title").with("box", box.label()).text());
        doc.list(lines);
        if (!rtt.isEmpty()) {
            doc.p(TEXT.fill("rtt").with("cpus", box.cpus()).text());
            doc.table(rtt);
        }
    }

    /**
     * Saturation of each P = 1, one-worker row, and its ratio to the decision table's abq reference ({@link Declared#abqReference}:
     * put/take where the run measured it) with the same estimator and verdict as the table ({@link DeclaredVerdicts}: the
     * geometric mean of per-round ratios), and whether every fork lies above every abq fork.
     */
    static void pipeline(RunData run, List<String> out) {
        List<TextLine> rows = RunData.where(RunData.eq(RunData.eq(run.ok(RunData.PIPELINE), "producers", "1"), "workers", "1"),
                r -> Declared.inPipelineFamilies(r) && r.runtime().isEmpty());
        int ref = Declared.abqReference(rows);
        if (ref < 0) {
            return;
        }
        TextLine abq = rows.get(ref);
        Map<String, DeclaredVerdicts.Judged> judged = DeclaredVerdicts.of(run).judged();
        List<String> parts = new ArrayList<>();
        for (TextLine r : run.inOrder(rows)) {
            if (r == abq) {
                continue;
            }
            DeclaredVerdicts.Judged j = judged.get(VerdictKey.pipeline(VerdictKey.PIPELINE_VS_ABQ, r));
            String s = r.label() + " " + NumberText.rate(SaturationLine.of(r).throughputEps());
            if (j != null) {
                boolean above = SaturationLine.of(r).throughputMinEps() > SaturationLine.of(abq).throughputMaxEps();
                s += " (" + (Double.isNaN(j.ratio()) ? "" : NumberText.ratio(j.ratio()) + ", ") + HeadlineSection.word(j)
                        + (above ? "; " + TEXT.get("pipeline.above") : "") + ")";
            }
            parts.add(s);
        }
        if (!parts.isEmpty()) {
            out.add(TEXT.fill("pipeline").with("abq", abq.label()).with("use", HeadlineSection.abqUse(abq)).with("rate", NumberText.rate(SaturationLine.of(abq).throughputEps()))
                    .with("cpus", BoxLabel.of(run).cpus()).with("rows", String.join("; ", parts)).text());
        }
    }

    /** Ours ÷ LMAX per topology, as the suite's ratio file holds it. */
    static void versus(RunData run, List<String> out) {
        List<String> parts = new ArrayList<>();
        for (RatioLine r : RatioLine.LINES.of(run.ok(RatioLine.FILE))) {
            if (r.sides().contains("lmax")) {
                parts.add(TEXT.fill("versus.row").with("topology", r.benchmark()).with("wait", r.waitStrategy())
                        .with("tuned", Declared.slipTunedOn(r.benchmark(), r.waitStrategy()) ? TEXT.get("tuned") : "")
                        .with("ratio", NumberText.ratio(r.ratio())).with("lo", NumberText.ratio(r.ratioLo())).with("hi", NumberText.ratio(r.ratioHi()))
                        .with("pairs", r.pairs()).with("rawP", r.verdict().startsWith("not judged") ? ""
                                : TEXT.fill("versus.raw-p").with("p", NumberText.sig3(r.p())).text())
                        .with("verdict", r.verdict()).text());
            }
        }
        if (!parts.isEmpty()) {
            out.add(TEXT.fill("versus").with("cpus", BoxLabel.of(run).cpus()).with("count", parts.size()).with("rows", String.join("; ", parts)).text());
        }
    }

    /** p50 at burst 1 and the first wait, one row per transport, one column per producer count. */
    static MarkdownTable rtt(RunData run) {
        List<TextLine> rows = RunData.eq(run.rttTransports(), "burst", "1");
        List<String> producers = RunData.distinct(rows, "producers");
        if (producers.size() < 2) {
            return new MarkdownTable();
        }
        List<String> head = new ArrayList<>(List.of(TEXT.get("rtt.head")));
        producers.forEach(p -> head.add(TEXT.fill("rtt.producers").with("producers", p).text()));
        MarkdownTable t = new MarkdownTable(head.toArray(String[]::new));
        for (String tr : RunData.distinct(rows, "transport")) {
            List<TextLine> mine = RunData.eq(rows, "transport", tr);
            String wait = RunData.distinct(mine, "wait").get(0);
            List<String> cells = new ArrayList<>(List.of(tr + "/" + wait));
            for (String p : producers) {
                List<TextLine> at = RunData.eq(RunData.eq(mine, "wait", wait), "producers", p);
                TextLine r = at.stream().filter(x -> x.producerModel().isEmpty() || x.producerModel().equals("sp")).findFirst()
                        .orElse(at.isEmpty() ? null : at.get(0)); // a single-producer ring runs P > 1 as its multi-producer model
                cells.add(r == null ? NumberText.NONE : NumberText.time(RttP50Line.of(r).p50()) + " (" + RttP50Line.of(r).forks() + ")" + r.marks()
                        + (r.producerModel().isEmpty() ? "" : " " + r.producerModel()));
            }
            t.row(cells);
        }
        return t;
    }

    /** A line of {@code pipeline.csv} as the glance reads it: the saturation and the slowest and fastest fork's. */
    private record SaturationLine(double throughputEps, double throughputMinEps, double throughputMaxEps) {
        static final Lines<SaturationLine> LINES = Lines.of(MethodHandles.lookup(), RunData.PIPELINE, SaturationLine.class,
                "throughput_eps", "throughput_min_eps", "throughput_max_eps");

        static SaturationLine of(TextLine r) {
            return LINES.of(r);
        }
    }

    /** A line of {@code rtt.csv} as the glance's table reads it: its p50 (over forks where the file has that) and its forks as written. */
    private record RttP50Line(double p50Ns, String p50ForkMedianNs, String forks) {
        static final Lines<RttP50Line> LINES = Lines.of(MethodHandles.lookup(), RunData.RTT, RttP50Line.class,
                "p50_ns", "p50_fork_median_ns", "forks");

        static RttP50Line of(TextLine r) {
            return LINES.of(r);
        }

        /** {@code p50_fork_median_ns} where the line has it, else {@code p50_ns}. */
        double p50() {
            return p50ForkMedianNs.isEmpty() ? p50Ns : Cells.parse(p50ForkMedianNs);
        }
    }
}
