package handoff.harness.pipelinereport;

import handoff.harness.latency.CapacityLine;
import handoff.harness.latency.LatencyLine;
import handoff.harness.latency.LatencyRows;
import handoff.harness.latency.LatencySuite;
import handoff.harness.page.CsvFile;
import handoff.harness.page.FigureData;
import handoff.harness.page.FigureKind;
import handoff.harness.page.GnuplotInclude;
import handoff.harness.page.IntervalChart;
import handoff.harness.page.MarkdownTable;
import handoff.harness.page.NumberText;
import handoff.harness.page.Plot;
import handoff.harness.page.Prose;
import handoff.harness.page.RunData;
import handoff.harness.page.TextLine;
import handoff.harness.pipeline.PipelineLine;
import handoff.harness.results.Cells;
import handoff.harness.stats.Stats;
import handoff.harness.stats.SteadyState;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * End-to-end p50 and p99 at the same absolute offered rates for every transport (the {@code common} rows of
 * pipeline-latency.csv), medians over forks with intervals: per P, a chart at the ranking (middle) load, and a
 * table of every load with each configuration's sustainable rate and capacity at the latency budget
 * (pipeline-capacity.csv). A row that is {@code saturated} shows "buffer-bound", one that is {@code not-steady}
 * says so; neither ranks ({@link #ranks}).
 */
public final class SameRateLatencyFigure implements FigureKind {
    static final String FILE = "pipeline-latency.csv";
    static final String BUFFER_BOUND = "buffer-bound";
    private static final Prose TEXT = Prose.of("pipeline-figures");

    @Override
    public String script() {
        return IntervalChart.SCRIPT;
    }

    static List<TextLine> common(RunData run) {
        return RunData.eq(run.ok(FILE), "rate_basis", LatencySuite.COMMON);
    }

    /** The loads of these rows, numerically ascending. */
    static List<String> loads(List<TextLine> rows) {
        return RunData.distinct(rows, "load_pct").stream().sorted(Comparator.comparingDouble(Cells::parse)).toList();
    }

    /** The ranking load: the middle of the loads offered (quick: 50 % of the slowest sustainable rate); "" if none. */
    static String rankingLoad(List<TextLine> rows) {
        List<String> l = loads(rows);
        return l.isEmpty() ? "" : l.get(l.size() / 2);
    }

    /** Whether a latency row may rank as hand-off latency: steady, not saturated, not overloaded, not behind. */
    static boolean ranks(TextLine r) {
        return whyNot(r).isEmpty();
    }

    /**
     * Why a latency row does not rank ("" if it does): the first of saturated, not-steady, overloaded (backlog grew
     * through the window), behind (fewer than 99 % of the window's events completed by the deadline).
     */
    static String whyNot(TextLine row) {
        LatencyLine r = LatencyLine.of(row);
        return r.isSaturated() ? "saturated" : SteadyState.NOT_STEADY.equals(r.steady()) ? "not-steady"
                : r.isOverloaded() ? "overloaded"
                : r.achievedEps() < 0.99 * r.offered() ? "behind" : "";
    }

    static Stats.Interval p50(TextLine r) {
        return LatencyLine.of(r).p50();
    }

    static Stats.Interval p99(TextLine r) {
        return LatencyLine.of(r).p99();
    }

    /** A latency cell: the interval, or "buffer-bound (x)" for a saturated row. */
    static String cell(TextLine r, Stats.Interval i) {
        String v = NumberText.withInterval(i, NumberText::time);
        return LatencyLine.of(r).isSaturated() ? BUFFER_BOUND + " (" + v + ")" : v;
    }

    static String overload(TextLine r) {
        return LatencyLine.of(r).isOverloaded() ? "overloaded" : "";
    }

    /** This run's capacity rows (sustainable rate and capacity at the budget), possibly empty. */
    static List<TextLine> capacity(RunData run) {
        CsvFile c = run.get(LatencyRows.CAPACITY_FILE);
        return c == null ? List.of() : c.ok();
    }

    /**
     * The capacity at the budget as a reader may cite it: the search's figure comes from short probes (a 0.15 s
     * window in quick), whose p99 misses stalls that the full-length latency rows of the same configuration catch.
     * Where such a row, offered no more than the search's figure, already had a p99 above the budget, the two
     * contradict each other (p99 is not monotone in the rate where park and wake-up dominate it): the cell then shows
     * no capacity and says both, the full rows' rate and the probes' (issue 40; it used to read "&lt; 16.8 k/s (probes:
     * 168 k/s)"). Empty when there is no capacity figure.
     */
    static String capacityCell(TextLine row, List<TextLine> latencyRows, TextLine r) {
        CapacityLine cap = row == null ? null : CapacityLine.of(row);
        if (cap == null || Double.isNaN(cap.capacityAtBudgetEps())) {
            return NumberText.NONE;
        }
        double found = cap.capacityAtBudgetEps();
        double budget = cap.budgetNs();
        double broke = Double.NaN;
        for (TextLine lr : latencyRows) {
            LatencyLine l = LatencyLine.of(lr);
            if (DecisionSection.match(List.of(lr), r) != null && !Double.isNaN(l.p99Ns()) && l.offered() <= found
                    && l.p99Ns() > budget && !(broke <= l.offered())) {
                broke = l.offered();
            }
        }
        // the full-length rows contradict the short probes: no capacity is shown, and the cell says both (issue 40)
        return Double.isNaN(broke) ? NumberText.rate(found) : TEXT.fill("same-rate.capacity-contradicted")
                .with("budget", NumberText.time(budget)).with("broke", NumberText.rate(broke)).with("found", NumberText.rate(found)).text();
    }

    static TextLine capacityOf(List<TextLine> capacity, TextLine r) {
        Configuration of = Configuration.of(r);
        for (TextLine c : capacity) {
            CapacityLine l = CapacityLine.of(c);
            if (new Configuration(l.transport(), l.producers(), l.waitStrategy(), l.work()).equals(of) && c.sameRuntime(r)) {
                return c;
            }
        }
        return null;
    }

    /** What names a configuration across the pipeline's files, as the files write it. */
    private record Configuration(String transport, String producers, String waitStrategy, String work) {
        /** A row's of {@code pipeline.csv} (the decision table's) or of {@code pipeline-latency.csv}. */
        static Configuration of(TextLine r) {
            if (ThroughputFigure.FILE.equals(r.file())) {
                PipelineLine p = PipelineLine.of(r);
                return new Configuration(p.transport(), p.producers(), p.waitStrategy(), p.work());
            }
            LatencyLine l = LatencyLine.of(r);
            return new Configuration(l.transport(), l.producers(), l.waitStrategy(), l.work());
        }
    }

    @Override
    public List<Plot> write(RunData run, Path dataDir) throws IOException {
        List<Plot> out = new ArrayList<>();
        List<TextLine> all = common(run);
        List<TextLine> capacity = capacity(run);
        for (String p : RunData.distinct(all, "producers")) {
            List<TextLine> ofP = RunData.eq(all, "producers", p);
            String pct = rankingLoad(ofP);
            List<TextLine> rows = RunData.sorted(RunData.eq(ofP, "load_pct", pct), "wait");
            double rate = LatencyLine.of(rows.get(0)).offered();
            String name = "pipeline-latency-p" + p + "-common" + pct;
            String title = TEXT.fill("same-rate.title").with("producers", p).text();
            // one series per load: along a row, the transport's p99 as the same offered rate rises (the curve); p50 at the ranking load
            List<String> loads = loads(ofP);
            IntervalChart c = new IntervalChart(name, title).axis(TEXT.get("same-rate.axis"), true).tics(GnuplotInclude::timeLabel)
                    .series(TEXT.fill("same-rate.series.p50").with("pct", pct).text()).note(TEXT.get("same-rate.note"));
            for (String l : loads) {
                c.series(TEXT.fill("same-rate.series.p99").with("rate", NumberText.rate(LatencyLine.of(RunData.eq(ofP, "load_pct", l).get(0)).offered()))
                        .with("load", l).text());
            }
            for (TextLine r : rows) {
                Stats.Interval a = p50(r);
                c.row(r.label() + r.marks(), run.traits.colour(LatencyLine.of(r).transport()))
                        .point(0, IntervalChart.Point.of(a.centre(), a.lo(), a.hi(), whyNot(r)));
                for (int i = 0; i < loads.size(); i++) {
                    TextLine at = DecisionSection.match(RunData.eq(ofP, "load_pct", loads.get(i)), r);
                    Stats.Interval b = at == null ? null : p99(at);
                    c.point(1 + i, at == null ? IntervalChart.Point.of(Double.NaN, Double.NaN, Double.NaN, "")
                            : IntervalChart.Point.of(b.centre(), b.lo(), b.hi(), whyNot(at))); // rows stay aligned
                }
            }
            c.write(dataDir);
            out.add(new Plot(script(), name, title, TEXT.fill("same-rate.caption").with("rate", NumberText.rate(rate)).with("pct", pct)
                    .with("levels", FigureData.levels(rows)).with("note", SustainableCell.note(capacity)).text(),
                    table(RunData.eq(all, "producers", p), capacity), RunData.anyOversubscribed(rows)));
        }
        return out;
    }

    /** Per transport/wait: p99 at every load (the curve), the sustainable rate and the capacity at the budget. */
    static MarkdownTable table(List<TextLine> ofP, List<TextLine> capacity) {
        List<String> loads = loads(ofP);
        List<String> head = new ArrayList<>(List.of("transport/wait"));
        for (String l : loads) {
            head.add(TEXT.fill("same-rate.series.p99").with("rate", NumberText.rate(LatencyLine.of(RunData.eq(ofP, "load_pct", l).get(0)).offered()))
                    .with("load", l).text());
        }
        String budget = capacity.isEmpty() ? "" : NumberText.time(CapacityLine.of(capacity.get(0)).budgetNs());
        head.addAll(List.of("sustainable rate", "capacity at p99 ≤ " + (budget.isEmpty() ? "budget" : budget), "warm-up",
                "achieved @ " + rankingLoad(ofP) + " %", "flags"));
        MarkdownTable t = new MarkdownTable(head.toArray(String[]::new));
        List<TextLine> ranking = RunData.sorted(RunData.eq(ofP, "load_pct", rankingLoad(ofP)), "wait");
        for (TextLine r : ranking) {
            List<String> cells = new ArrayList<>(List.of(r.label() + r.marks()));
            String flags = r.flags();
            for (String l : loads) {
                TextLine at = DecisionSection.match(RunData.eq(ofP, "load_pct", l), r);
                cells.add(at == null ? NumberText.NONE : cell(at, p99(at))
                        + (LatencyLine.of(at).steady().equals(SteadyState.NOT_STEADY) ? " not-steady" : ""));
            }
            TextLine cap = capacityOf(capacity, r);
            cells.add(SustainableCell.cell(cap));
            cells.add(capacityCell(cap, ofP, r));
            LatencyLine l = LatencyLine.of(r);
            cells.add(!l.warmupMs().isEmpty() ? NumberText.time(Cells.parse(l.warmupMs()) * 1e6) + " " + TEXT.fill("same-rate.steady-forks").with("forks", l.steadyForks()).text() : NumberText.NONE);
            cells.add(NumberText.rate(l.achievedEps()));
            cells.add(flags);
            t.row(cells);
        }
        return t;
    }
}
