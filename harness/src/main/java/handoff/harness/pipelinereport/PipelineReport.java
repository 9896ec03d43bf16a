package handoff.harness.pipelinereport;

import handoff.harness.latency.LatencyRows;
import handoff.harness.page.FigureKind;
import handoff.harness.page.Prose;
import handoff.harness.page.ReportParts;
import handoff.harness.page.RunData;
import handoff.harness.page.Section;
import handoff.harness.page.TextLine;
import handoff.harness.pipeline.PipelineLine;
import handoff.harness.results.Cells;
import handoff.harness.trial.Profile;

import java.util.ArrayList;
import java.util.List;

/**
 * The pipeline and latency suites' part of the report: the decision table, then its two figure kinds; in the details
 * appendix their detail figures ({@link PipelineDetails}).
 */
public final class PipelineReport implements ReportParts {
    private static final Prose TEXT = Prose.of("pipeline-verdicts");
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
        List<TextLine> rows = run.ok(ThroughputFigure.FILE);
        if (rows.isEmpty()) {
            return out;
        }
        long over = rows.stream().filter(TextLine::oversubscribed).count();
        long single = rows.stream().filter(r -> r.unknownStability() || Double.isNaN(PipelineLine.of(r).throughputLoEps())).count();
        int maxThreads = (int) rows.stream().mapToDouble(r -> Cells.parse(PipelineLine.of(r).threads())).filter(d -> !Double.isNaN(d))
                .min().orElse(0);
        String cpus = run.manifest.str("machine.cores");
        if (over == rows.size()) {
            out.add(TEXT.fill("oversubscribed").with("threads", maxThreads).with("cpus", cpus).with("single", single > 0
                    ? TEXT.fill("oversubscribed.single").with("single", single).text() : TEXT.get("oversubscribed.forked")).text());
        } else if (single > 0) {
            out.add(TEXT.fill("single").with("single", single).with("rows", rows.size()).text());
        } else {
            out.add(TEXT.get("forked"));
        }
        if ("quick".equals(run.manifest.str("profile"))) {
            List<String> skipped = Profile.quickSkips((int) Double.parseDouble(cpus.isEmpty() ? "0" : cpus));
            if (!skipped.isEmpty()) {
                out.add(TEXT.fill("quick-skips").with("cpus", cpus).with("skipped", String.join(", ", skipped)).text());
            }
        }
        List<TextLine> lat = run.ok(SameRateLatencyFigure.FILE);
        if (!lat.isEmpty() && SameRateLatencyFigure.common(run).isEmpty()) {
            out.add(TEXT.get("own-rates-only"));
        }
        if (!lat.isEmpty()) {
            long saturated = lat.stream().filter(r -> "saturated".equals(SameRateLatencyFigure.whyNot(r))).count();
            long notSteady = lat.stream().filter(r -> "not-steady".equals(SameRateLatencyFigure.whyNot(r))).count();
            long overloaded = lat.stream().filter(r -> "overloaded".equals(SameRateLatencyFigure.whyNot(r))).count();
            long behind = lat.stream().filter(r -> "behind".equals(SameRateLatencyFigure.whyNot(r))).count();
            long out2 = saturated + notSteady + overloaded + behind;
            out.add(out2 == 0 ? TEXT.fill("latency.all-rank").with("rows", lat.size()).text()
                    : TEXT.fill("latency.fell-out").with("out", out2).with("rows", lat.size()).with("saturated", saturated)
                            .with("notSteady", notSteady).with("overloaded", overloaded).with("behind", behind).text());
        }
        return out;
    }
}
