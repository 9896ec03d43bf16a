package handoff.harness.pipelinereport;

import handoff.harness.latency.LatencyRows;
import handoff.harness.report.FigureKind;
import handoff.harness.report.ReportParts;
import handoff.harness.report.Row;
import handoff.harness.report.RunData;
import handoff.harness.report.Section;

import java.util.ArrayList;
import java.util.List;

/**
 * The pipeline and latency suites' part of the report: the decision table, then its two figure kinds; in the details
 * appendix their detail figures ({@link PipelineDetails}).
 */
public final class PipelineReport implements ReportParts {
    private final ThroughputFigure throughput = new ThroughputFigure();
    private final SameRateLatencyFigure latency = new SameRateLatencyFigure();

    @Override
    public List<String> files() {
        return List.of(ThroughputFigure.FILE, SameRateLatencyFigure.FILE, LatencyRows.CAPACITY_FILE, "pipeline-hops.csv");
    }

    @Override
    public List<FigureKind> figureKinds() {
        List<FigureKind> all = new ArrayList<>(List.of(throughput, latency));
        all.addAll(PipelineDetails.KINDS);
        return all;
    }

    @Override
    public List<Section> details() {
        return PipelineDetails.sections();
    }

    @Override
    public List<String> method(RunData run) {
        return PipelineDetails.method(run);
    }

    /** The decision table leads the report. */
    @Override
    public int rank() {
        return 0;
    }

    @Override
    public List<Section> sections() {
        Section figures = doc -> doc.allPlots().stream().filter(p -> p.name().startsWith("pipeline-")).forEach(doc::figure);
        return List.of(new DecisionSection(), new ConsumeSection(), figures);
    }

    @Override
    public List<String> verdicts(RunData run) {
        List<String> out = new ArrayList<>();
        List<Row> rows = run.ok(ThroughputFigure.FILE);
        if (rows.isEmpty()) {
            return out;
        }
        long over = rows.stream().filter(Row::oversubscribed).count();
        long single = rows.stream().filter(r -> r.unknownStability() || !r.has("throughput_lo_eps")).count();
        int maxThreads = (int) rows.stream().mapToDouble(r -> r.num("threads")).filter(d -> !Double.isNaN(d)).min().orElse(0);
        String cpus = run.manifest.str("machine.cores");
        if (over == rows.size()) {
            out.add("This run cannot rank three-stage pipelines for a box with enough CPUs: every pipeline row ran " + maxThreads
                    + "+ threads on " + cpus + " CPUs (oversubscribed), so it ranks how they share too few CPUs"
                    + (single > 0 ? ", and " + single + " rows have one fork (no interval)." : "."));
        } else if (single > 0) {
            out.add("Pipeline: " + single + " of " + rows.size() + " rows have one fork and no interval: they cannot be ranked.");
        } else {
            out.add("Pipeline: every row has ≥ 3 forks; rows rank where the stated test separates them (decision table: t-test on per-round log-ratios, Holm, α = 0.05).");
        }
        if ("quick".equals(run.manifest.str("profile"))) {
            List<String> skipped = handoff.harness.trial.Profile.quickSkips((int) Double.parseDouble(cpus.isEmpty() ? "0" : cpus));
            if (!skipped.isEmpty()) {
                out.add("More producers and workers: quick runs P = 2 and 3 (the talk's P = 1..3 table) and the article's 4/4/2 workers "
                        + "only where their threads fit the CPUs; on these " + cpus + " CPUs it skipped " + String.join(", ", skipped)
                        + ", so the talk's and the article's topologies are not compared here (the full profile always runs them).");
            }
        }
        List<Row> lat = run.ok(SameRateLatencyFigure.FILE);
        if (!lat.isEmpty() && SameRateLatencyFigure.common(run).isEmpty()) {
            out.add("Pipeline latency was offered at fractions of each transport's own sustainable open-loop rate only: its rows compare transports at "
                    + "different rates and cannot rank them.");
        }
        if (!lat.isEmpty()) {
            long saturated = lat.stream().filter(r -> "saturated".equals(SameRateLatencyFigure.whyNot(r))).count();
            long notSteady = lat.stream().filter(r -> "not-steady".equals(SameRateLatencyFigure.whyNot(r))).count();
            long overloaded = lat.stream().filter(r -> "overloaded".equals(SameRateLatencyFigure.whyNot(r))).count();
            long behind = lat.stream().filter(r -> "behind".equals(SameRateLatencyFigure.whyNot(r))).count();
            long out2 = saturated + notSteady + overloaded + behind;
            out.add("Pipeline latency: " + (out2 == 0 ? "every one of the " + lat.size() + " rows is steady and unsaturated, so each may rank."
                    : out2 + " of " + lat.size() + " rows fell out of every ranking: " + saturated + " saturated (backlog reached half a "
                    + "hop's capacity: their latency is the time to cross a full buffer, shown as buffer-bound), " + notSteady
                    + " not-steady (the interval log kept a trend after the warm-up cap), " + overloaded
                    + " overloaded (backlog grew through the window), " + behind
                    + " behind (under 99 % of the window's events completed within 100 ms of its end)."));
        }
        return out;
    }
}
