package handoff.harness.overload;

import handoff.harness.results.CellCodec;
import handoff.harness.trial.Status;
import handoff.pipelines.overload.OverloadPolicy;

import java.lang.invoke.MethodHandles;
import java.util.Map;

/**
 * One line of {@code overload.csv} as the report reads it ({@link OverloadCsv#read}): the cells the report part and
 * its overload check use, parsed once, at the file boundary. A figure whose cell is empty is unknown: NaN, never 0.
 *
 * @param waitStrategy   the {@code wait} cell
 * @param loadPct        the load as % of the rate basis; null on an {@code n/a} line (a policy the transport cannot
 *                       express)
 * @param rateBasis      what the loads are % of; null where the cell is empty
 * @param saturationEps  the rate basis, events/s; NaN where the cell is empty
 * @param figures        what the forks measured; null unless {@code status} is ok
 */
record OverloadLine(String transport, String waitStrategy, OverloadPolicy policy, Integer loadPct, RateBasis rateBasis,
                    double saturationEps, Status status, boolean oversubscribed, Figures figures) {

    /**
     * The figures of an ok line, each from its column of the same name (the counts as written, the rest NaN where
     * empty).
     *
     * @param notSteady   {@code steady} is {@code not-steady}: no steady part was found
     * @param p99Censored {@code p99_ns} is only a lower bound
     */
    record Figures(double offeredEps, double offeredAchievedEps, double goodputEps, long rejected, long discarded,
                   double rejectedPct, double discardedPct, double behindPct, double p50Ns, double p99Ns, long samples,
                   boolean p99Censored, boolean notSteady, double stallP99Ns, double inPublishPct, double peakBacklog,
                   long backlogBound, boolean withinCapacity, double heapGrowthBytes, double gcCount, double drainMs) {
    }

    /** The line of one row of the file, its cells by column name as {@link OverloadCsv#TABLE} read them. */
    static OverloadLine of(Map<String, String> cells) {
        return OverloadCsv.TABLE.line(Cells.CODEC, cells, 0).line();
    }

    /**
     * A line of {@code overload.csv} as its columns hold it ({@link #CODEC}, declared against {@link OverloadCsv#TABLE}:
     * a column renamed there fails when this class loads), before {@link #line} makes it the report's line.
     */
    private record Cells(String transport, String waitStrategy, OverloadPolicy policy, Integer loadPct,
                         RateBasis rateBasis, double saturationEps, Status status, boolean oversubscribed,
                         double offeredEps, double offeredAchievedEps, double goodputEps, long rejected, long discarded,
                         double rejectedPct, double discardedPct, double behindPct, double p50Ns, double p99Ns,
                         long samples, boolean p99Censored, String steady, double stallP99Ns, double inPublishPct,
                         double peakBacklog, long backlogBound, boolean withinCapacity, double heapGrowthBytes,
                         double gcCount, double drainMs) {
        /** A {@code status} cell, which must start with a status's word. */
        private static final CellCodec.Key<Status> STATUS = new CellCodec.Key<>("status",
                new CellCodec.Text<>(Status::render, Status::parse));
        private static final CellCodec.Key<OverloadPolicy> POLICY = new CellCodec.Key<>("policy",
                new CellCodec.Text<>(OverloadPolicy::id, OverloadPolicy::parse));
        /** A {@code rate_basis} cell: null where empty, and one of the bases otherwise. */
        private static final CellCodec.Key<RateBasis> RATE_BASIS = new CellCodec.Key<>("rate_basis",
                new CellCodec.Text<>(RateBasis::id, Cells::rateBasis));
        static final CellCodec<Cells> CODEC = OverloadCsv.TABLE.lines(MethodHandles.lookup(), Cells.class,
                "transport", "wait=waitStrategy", POLICY, "load_pct", RATE_BASIS, "saturation_eps", STATUS,
                "oversubscribed", "offered_eps", "offered_achieved_eps", "goodput_eps", "rejected", "discarded",
                "rejected_pct", "discarded_pct", "behind_pct", "p50_ns", "p99_ns", "samples", "p99_censored", "steady",
                "stall_p99_ns", "in_publish_pct", "peak_backlog", "backlog_bound", "within_capacity",
                "heap_growth_bytes", "gc_count", "drain_ms");

        private static RateBasis rateBasis(String basis) {
            RateBasis rateBasis = RateBasis.of(basis);
            if (rateBasis == null && !basis.isEmpty()) {
                throw new IllegalArgumentException(OverloadCsv.FILE + ": rate_basis '" + basis
                        + "' is none of pipeline, probe, sustainable");
            }
            return rateBasis;
        }

        OverloadLine line() {
            Figures figures = !status.isOk() ? null : new Figures(offeredEps, offeredAchievedEps, goodputEps, rejected,
                    discarded, rejectedPct, discardedPct, behindPct, p50Ns, p99Ns, samples, p99Censored,
                    "not-steady".equals(steady), stallP99Ns, inPublishPct, peakBacklog, backlogBound, withinCapacity,
                    heapGrowthBytes, gcCount, drainMs);
            return new OverloadLine(transport, waitStrategy, policy, loadPct, rateBasis, saturationEps, status,
                    oversubscribed, figures);
        }
    }

    boolean ok() {
        return status.isOk();
    }

    /** The configuration, e.g. {@code abq/park}. */
    String label() {
        return transport + "/" + waitStrategy;
    }
}
