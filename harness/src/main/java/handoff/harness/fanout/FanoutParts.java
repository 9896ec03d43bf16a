package handoff.harness.fanout;

import handoff.harness.page.FigureSection;
import handoff.harness.page.IntervalChart;
import handoff.harness.page.MarkdownTable;
import handoff.harness.page.NumberText;
import handoff.harness.page.Page;
import handoff.harness.page.Plot;
import handoff.harness.page.Prose;
import handoff.harness.page.RunData;
import handoff.harness.stats.Stats;
import handoff.harness.trial.Status;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The fan-out suite's part of the report: one figure (throughput with its interval over forks: broker dispatches/s,
 * multicast and diamond events/s, one row per transport or broker build), its table, the published broker figure
 * (§F) beside this run's ratios, and which of the published code's shortcomings that figure is exposed to. The
 * multicast and diamond ratios to ABQ go through the shared published comparison (comparisons.csv, §B and §C).
 */
public final class FanoutParts implements FigureSection {
    static final String NAME = "fanout-throughput";
    private static final Prose TEXT = Prose.of("fanout");
    private static final List<String> SCENARIOS = List.of(ScenarioVariant.BROKER, Topologies.MULTICAST, Topologies.DIAMOND);

    @Override
    public List<String> files() {
        return List.of(FanoutCsv.FILE);
    }

    @Override
    public int rank() {
        return 110;
    }

    /** A figure row's label: the transport, with the broker's build where it is not a per-subscriber hand-off. */
    static String label(FanoutLine r) {
        String v = r.variant();
        String base = r.transport() + (r.waitStrategy().equals("park") ? "" : "/" + r.waitStrategy());
        return r.broker() && !v.equals(Broker.Variant.PER_SUBSCRIBER.id) ? base + " " + v : base;
    }

    private static List<FanoutLine> ok(RunData run) throws IOException {
        return FanoutCsv.read(run.holder(FanoutCsv.FILE)).stream().filter(FanoutLine::ok).toList();
    }

    @Override
    public List<Plot> write(RunData run, Path dataDir) throws IOException {
        List<FanoutLine> rows = ok(run);
        if (rows.isEmpty()) {
            return List.of();
        }
        List<String> labels = new ArrayList<>();
        rows.forEach(r -> {
            if (!labels.contains(label(r))) {
                labels.add(label(r));
            }
        });
        String title = TEXT.get("figure.title");
        IntervalChart c = new IntervalChart(NAME, title).axis(TEXT.get("figure.axis"), true);
        SCENARIOS.forEach(c::series);
        MarkdownTable t = new MarkdownTable("scenario", "build", "transport", "wait", "ops/s [interval]", "÷ abq", "alloc B/op", "CPU ns/op",
                "GC", "p99 dispatch latency", "flags");
        for (String label : labels) {
            FanoutLine first = rows.stream().filter(r -> label(r).equals(label)).findFirst().orElseThrow();
            c.row(label, run.traits.colour(first.transport()));
            for (int s = 0; s < SCENARIOS.size(); s++) {
                String scenario = SCENARIOS.get(s);
                FanoutLine r = rows.stream().filter(x -> label(x).equals(label)
                        && x.scenario().equals(scenario)).findFirst().orElse(null);
                c.point(s, r == null ? IntervalChart.Point.of(Double.NaN, Double.NaN, Double.NaN, "")
                        : IntervalChart.Point.of(r.throughputOps(), r.throughputLo(), r.throughputHi(), ""));
            }
        }
        for (String scenario : SCENARIOS) {
            for (FanoutLine r : rows) {
                if (r.scenario().equals(scenario)) {
                    t.row(scenario, r.variant(), r.transport(), r.waitStrategy(), NumberText.rate(r.throughputOps())
                            + " [" + NumberText.rate(r.throughputLo()) + ", " + NumberText.rate(r.throughputHi()) + "]",
                            ratio(r), NumberText.sig3(r.allocBytesPerOp()), NumberText.sig3(r.cpuNsPerOp()),
                            r.gcCount() + " (" + r.gcTimeMs() + " ms)",
                            Double.isNaN(r.p99Ns()) ? NumberText.NONE : NumberText.time(r.p99Ns()) + " at " + r.loadPct() + " %",
                            marks(r));
                }
            }
        }
        c.write(dataDir);
        boolean flagged = rows.stream().anyMatch(r -> !marks(r).isEmpty());
        return List.of(new Plot(script(), NAME, title, TEXT.fill("figure.caption").with("alpha", Stats.formatP(Stats.ALPHA)).text(), t, flagged));
    }

    static String ratio(FanoutLine r) {
        String v = r.ratioAbq();
        // a file written before the paired signed-rank test carries the old all-pairs-one-side rule's word: not shown
        String vs = !r.pairedTest() && !r.vsAbq().isEmpty() ? TEXT.get("vs-abq.untested") : r.vsAbq();
        return v.isEmpty() ? NumberText.NONE : NumberText.sig3(Double.parseDouble(v)) + "× [" + NumberText.sig3(r.ratioAbqLo()) + ", "
                + NumberText.sig3(r.ratioAbqHi()) + "]" + (vs.isEmpty() ? "" : ": " + vs);
    }

    static String marks(FanoutLine r) {
        return ((r.oversubscribed() ? "* " : "") + (r.unstable() ? "!" : "")).trim();
    }

    @Override
    public void write(Page doc) throws IOException {
        List<FanoutLine> all = FanoutCsv.read(doc.run.holder(FanoutCsv.FILE));
        if (all.isEmpty()) {
            return;
        }
        List<FanoutLine> rows = all.stream().filter(FanoutLine::ok).toList();
        doc.h2(TEXT.get("part.title"));
        doc.plots(script()).stream().filter(p -> p.name().equals(NAME)).forEach(doc::figure);
        doc.table(FanoutPublished.broker(rows));
        doc.p(FanoutPublished.EXPOSURES);
        doc.table(FanoutPublished.topologies(rows));
        long na = all.stream().filter(r -> r.status().kind() == Status.Kind.NOT_APPLICABLE).count();
        doc.p(TEXT.get("marks.legend") + (na > 0 ? " " + TEXT.fill("marks.not-applicable").with("na", na).text() : ""));
    }

    @Override
    public List<String> verdicts(RunData run) {
        List<FanoutLine> rows;
        try {
            rows = ok(run);
        } catch (IOException e) {
            return List.of(TEXT.fill("unreadable").with("why", String.valueOf(e.getMessage())).text());
        }
        if (rows.isEmpty()) {
            return List.of();
        }
        long over = rows.stream().filter(FanoutLine::oversubscribed).count();
        return List.of(TEXT.fill("verdict").with("within", rows.size() - over).with("rows", rows.size())
                .with("crowded", over > 0 ? TEXT.get("verdict.crowded") : TEXT.get("verdict.within")).text());
    }
}
