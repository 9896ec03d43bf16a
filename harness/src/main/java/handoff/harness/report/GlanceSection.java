package handoff.harness.report;

import handoff.harness.page.BoxLabel;
import handoff.harness.page.Page;
import handoff.harness.page.Fmt;
import handoff.harness.page.MarkdownTable;
import handoff.harness.page.Prose;
import handoff.harness.page.Row;
import handoff.harness.page.RunData;
import handoff.harness.page.Section;

import java.util.ArrayList;
import java.util.List;

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
        List<Row> rows = RunData.where(RunData.eq(RunData.eq(run.ok(RunData.PIPELINE), "producers", "1"), "workers", "1"),
                r -> Declared.inPipelineFamilies(r) && r.runtime().isEmpty());
        int ref = Declared.abqReference(rows);
        if (ref < 0) {
            return;
        }
        Row abq = rows.get(ref);
        java.util.Map<String, DeclaredVerdicts.Judged> judged = DeclaredVerdicts.of(run).judged();
        List<String> parts = new ArrayList<>();
        for (Row r : run.inOrder(rows)) {
            if (r == abq) {
                continue;
            }
            DeclaredVerdicts.Judged j = judged.get(VerdictKey.pipeline(VerdictKey.PIPELINE_VS_ABQ, r));
            String s = r.label() + " " + Fmt.rate(r.num("throughput_eps"));
            if (j != null) {
                boolean above = r.num("throughput_min_eps") > abq.num("throughput_max_eps");
                s += " (" + (Double.isNaN(j.ratio()) ? "" : Fmt.ratio(j.ratio()) + ", ") + HeadlineSection.word(j)
                        + (above ? "; every fork above every abq fork" : "") + ")";
            }
            parts.add(s);
        }
        if (!parts.isEmpty()) {
            out.add(TEXT.fill("pipeline").with("abq", abq.label()).with("use", HeadlineSection.abqUse(abq)).with("rate", Fmt.rate(abq.num("throughput_eps")))
                    .with("cpus", BoxLabel.of(run).cpus()).with("rows", String.join("; ", parts)).text());
        }
    }

    /** Ours ÷ LMAX per topology, as the suite's ratio file holds it. */
    static void versus(RunData run, List<String> out) {
        List<String> parts = new ArrayList<>();
        for (Row r : run.ok("disruptor-ratio.csv")) {
            if (r.get("sides").contains("lmax")) {
                parts.add(r.get("benchmark") + "/" + r.waitStrategy() + (Declared.slipTunedOn(r.get("benchmark"), r.waitStrategy()) ? TEXT.get("tuned") : "")
                        + " " + Fmt.ratio(r.num("ratio")) + " [" + Fmt.ratio(r.num("ratio_lo")) + ", " + Fmt.ratio(r.num("ratio_hi")) + "], "
                        + r.get("pairs") + " pairs" + (r.get("verdict").startsWith("not judged") ? "" : ", raw p = " + Fmt.sig3(r.num("p")))
                        + ": " + r.get("verdict"));
            }
        }
        if (!parts.isEmpty()) {
            out.add(TEXT.fill("versus").with("cpus", BoxLabel.of(run).cpus()).with("count", parts.size()).with("rows", String.join("; ", parts)).text());
        }
    }

    /** p50 at burst 1 and the first wait, one row per transport, one column per producer count. */
    static MarkdownTable rtt(RunData run) {
        List<Row> rows = RunData.eq(run.rttTransports(), "burst", "1");
        List<String> producers = RunData.distinct(rows, "producers");
        if (producers.size() < 2) {
            return new MarkdownTable();
        }
        List<String> head = new ArrayList<>(List.of("transport/wait"));
        producers.forEach(p -> head.add("P = " + p));
        MarkdownTable t = new MarkdownTable(head.toArray(String[]::new));
        for (String tr : RunData.distinct(rows, "transport")) {
            List<Row> mine = RunData.eq(rows, "transport", tr);
            String wait = RunData.distinct(mine, "wait").get(0);
            List<String> cells = new ArrayList<>(List.of(tr + "/" + wait));
            for (String p : producers) {
                List<Row> at = RunData.eq(RunData.eq(mine, "wait", wait), "producers", p);
                Row r = at.stream().filter(x -> x.producerModel().isEmpty() || x.producerModel().equals("sp")).findFirst()
                        .orElse(at.isEmpty() ? null : at.get(0)); // a single-producer ring runs P > 1 as its multi-producer model
                cells.add(r == null ? Fmt.NONE : Fmt.time(p50(r)) + " (" + r.get("forks") + ")" + r.marks()
                        + (r.has("producer_model") ? " " + r.producerModel() : ""));
            }
            t.row(cells);
        }
        return t;
    }

    private static double p50(Row r) {
        return r.has("p50_fork_median_ns") ? r.num("p50_fork_median_ns") : r.num("p50_ns");
    }
}
