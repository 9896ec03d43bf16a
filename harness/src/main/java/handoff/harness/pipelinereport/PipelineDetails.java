package handoff.harness.pipelinereport;

import handoff.harness.report.DetailSection;
import handoff.harness.report.FigureKind;
import handoff.harness.report.PercentileChart;
import handoff.harness.report.RunData;
import handoff.harness.report.Section;
import handoff.harness.report.Traits;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * The pipeline and latency suites' part of the details appendix: latency distributions, latency against offered
 * load, the per-hop breakdown and allocation, each figure in full with its table; and their bullets of the method.
 */
final class PipelineDetails {
    static final List<FigureKind> KINDS = List.of(new LatencyHdrFigure(), new LoadFigure(), new HopsFigure(), new AllocFigure());

    private PipelineDetails() {
    }

    static List<Section> sections() {
        String latency = SameRateLatencyFigure.FILE;
        return List.of(
                new DetailSection("Pipeline latency percentile distributions", PercentileChart.SCRIPT, PercentileChart.HOW_TO_READ, latency)
                        .only(p -> p.name().startsWith("lat-")).whenNone(PercentileChart.NONE),
                new DetailSection("Latency vs offered load", LoadFigure.SCRIPT, "Open-loop end-to-end latency (intended send → "
                        + "aggregated) against the offered rate: p50 solid, p99 dashed. Ringed points could not be sustained (achieved "
                        + "< 95 % of offered, or saturated: the backlog reached half a hop's capacity): past that knee latency is "
                        + "queueing, not hand-off. `clq` is unbounded: its heap growth under overload is in the table.", latency)
                        .after(doc -> DetailSection.notShown(doc, latency)),
                new DetailSection("Per-stage latency breakdown", HopsFigure.SCRIPT, "Mean latency of each hop, stacked (means add up; "
                        + "percentiles would not), at each offered load. publish→parse includes the producer's queueing. Flags come from "
                        + "the matching `pipeline-latency.csv` row.", HopsFigure.FILE),
                new DetailSection("Allocation per event and GC time", AllocFigure.SCRIPT, "From the saturation runs: bytes allocated per "
                        + "event (JVM-wide allocation ÷ events) and GC time during the trial. Queue-based pipelines allocate an event "
                        + "per message by design; ring-based ones reuse their slots.", ThroughputFigure.FILE)
                        .after(AllocFigure::openLoop));
    }

    static List<String> method(RunData run) {
        return List.of("**Pipeline throughput (saturation)** is JMH: one op pushes a batch of events through parse → enrich → aggregate "
                        + "and waits for the aggregate stage to drain it; each fork is a fresh JVM, forks of all configurations interleaved, "
                        + "reported as the median over forks with its interval. Allocation "
                        + "comes from `-prof gc`; JMH 1.37's `gc.alloc.rate.norm` is JVM-wide, so it is divided per event. One worker per "
                        + "stage unless a `workers` shape says otherwise (`A:B:C` = parse:enrich:aggregate workers): pools share a hop where "
                        + "the transport allows several consumers per hop (" + traits(run, t -> t.maxWorkersPerHop() != 1) + ") and are `n/a` "
                        + "where it allows one (" + traits(run, t -> t.maxWorkersPerHop() == 1) + ").",
                "**Pipeline latency (open loop)**: producers send on a schedule at a fixed offered rate; every event carries its "
                        + "*intended* send time and the aggregate stage records now − intended. Delays therefore count against every event "
                        + "they hold up: free of coordinated omission by construction. Rates are fractions of the slowest configuration's "
                        + "sustainable open-loop rate (one absolute rate for every transport; a latency-limited rate from short probes, not "
                        + "a saturation throughput, so each figure's title gives the rate and its share of saturation) and, as a second view, of "
                        + "each one's own sustainable rate (the latency-vs-load curves). A row whose backlog grew through the window is `overloaded`.",
                "**Per-hop breakdown**: a timestamp at each stage gives one histogram per hop (publish→parse, parse→enrich, "
                        + "enrich→aggregate).",
                "**Queues allocate, rings do not.** Pipelines over transports that are not pre-allocated (" + traits(run, t -> !t.preallocated())
                        + ") allocate an event per message, as a user of a queue would; pre-allocated ones (" + traits(run, Traits.Trait::preallocated)
                        + ") reuse their slots. The allocation and GC figures show this difference instead of hiding it.");
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
        return ids.isEmpty() ? "none in this run" : String.join(", ", ids);
    }
}
