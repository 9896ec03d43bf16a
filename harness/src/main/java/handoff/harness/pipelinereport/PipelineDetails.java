package handoff.harness.pipelinereport;

import handoff.harness.page.DetailSection;
import handoff.harness.page.FigureKind;
import handoff.harness.page.PercentileChart;
import handoff.harness.page.Prose;
import handoff.harness.page.RunData;
import handoff.harness.page.Section;
import handoff.harness.page.Traits;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * The pipeline and latency suites' part of the details appendix: latency distributions, latency against offered
 * load, the per-hop breakdown and allocation, each figure in full with its table; and their bullets of the method.
 */
final class PipelineDetails {
    static final List<FigureKind> KINDS = List.of(new LatencyHdrFigure(), new LoadFigure(), new HopsFigure(), new AllocFigure());

    private static final Prose TEXT = Prose.of("pipeline-details");

    private PipelineDetails() {
    }

    static List<Section> sections() {
        String latency = SameRateLatencyFigure.FILE;
        return List.of(
                new DetailSection(TEXT.get("percentiles.title"), PercentileChart.SCRIPT, PercentileChart.HOW_TO_READ, latency)
                        .only(p -> p.name().startsWith("lat-")).whenNone(PercentileChart.NONE),
                new DetailSection(TEXT.get("load.title"), LoadFigure.SCRIPT, TEXT.get("load.caption"), latency)
                        .after(doc -> DetailSection.notShown(doc, latency)),
                new DetailSection(TEXT.get("hops.title"), HopsFigure.SCRIPT, TEXT.get("hops.caption"), HopsFigure.FILE),
                new DetailSection(TEXT.get("alloc.title"), AllocFigure.SCRIPT, TEXT.get("alloc.caption"), ThroughputFigure.FILE)
                        .after(AllocFigure::openLoop));
    }

    static List<String> method(RunData run) {
        return List.of(TEXT.fill("method.throughput").with("pooled", traits(run, t -> t.maxWorkersPerHop() != 1))
                        .with("single", traits(run, t -> t.maxWorkersPerHop() == 1)).text(),
                TEXT.get("method.latency"),
                TEXT.get("method.hops"),
                TEXT.fill("method.allocation").with("allocating", traits(run, t -> !t.preallocated()))
                        .with("preallocated", traits(run, Traits.Trait::preallocated)).text());
    }

    /** This run's pipeline transports (all the registry's where it has no pipeline row) that satisfy {@code p}, as code spans. */
    private static String traits(RunData run, Predicate<Traits.Trait> p) {
        List<String> ids = new ArrayList<>();
        for (String id : run.traits.order()) {
            Traits.Trait t = run.traits.get(id);
            if (p.test(t) && (run.ok(ThroughputFigure.FILE).isEmpty() || !RunData.eq(run.ok(ThroughputFigure.FILE), "transport", id).isEmpty())) {
                ids.add("`" + id + "`");
            }
        }
        return ids.isEmpty() ? TEXT.get("none-in-run") : String.join(", ", ids);
    }
}
