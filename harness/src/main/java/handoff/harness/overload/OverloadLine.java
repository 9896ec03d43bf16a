package handoff.harness.overload;

import handoff.harness.results.Cells;
import handoff.harness.trial.Status;
import handoff.pipelines.overload.OverloadPolicy;

import java.util.Map;
import java.util.function.Function;
import java.util.function.ToLongFunction;

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
        Function<String, Double> num = k -> Cells.parse(cells.get(k));
        ToLongFunction<String> count = k -> Long.parseLong(cells.get(k));
        Function<String, Boolean> yes = k -> "true".equals(cells.get(k));
        Status status = Status.parse(cells.get("status"));
        String load = cells.get("load_pct");
        String basis = cells.get("rate_basis");
        RateBasis rateBasis = RateBasis.of(basis);
        if (rateBasis == null && !basis.isEmpty()) {
            throw new IllegalArgumentException(OverloadCsv.FILE + ": rate_basis '" + basis
                    + "' is none of pipeline, probe, sustainable");
        }
        Figures figures = !status.isOk() ? null : new Figures(num.apply("offered_eps"),
                num.apply("offered_achieved_eps"), num.apply("goodput_eps"), count.applyAsLong("rejected"),
                count.applyAsLong("discarded"),
                num.apply("rejected_pct"), num.apply("discarded_pct"), num.apply("behind_pct"), num.apply("p50_ns"),
                num.apply("p99_ns"), count.applyAsLong("samples"), yes.apply("p99_censored"),
                "not-steady".equals(cells.get("steady")), num.apply("stall_p99_ns"), num.apply("in_publish_pct"),
                num.apply("peak_backlog"), count.applyAsLong("backlog_bound"), yes.apply("within_capacity"),
                num.apply("heap_growth_bytes"), num.apply("gc_count"), num.apply("drain_ms"));
        return new OverloadLine(cells.get("transport"), cells.get("wait"), OverloadPolicy.parse(cells.get("policy")),
                load.isEmpty() ? null : Integer.valueOf(load), rateBasis, num.apply("saturation_eps"), status,
                yes.apply("oversubscribed"), figures);
    }

    boolean ok() {
        return status.isOk();
    }

    /** The configuration, e.g. {@code abq/park}. */
    String label() {
        return transport + "/" + waitStrategy;
    }
}
