package handoff.harness.overload;

import handoff.harness.results.CellCodec;
import handoff.harness.results.TrialProperties;
import handoff.harness.trial.Status;
import org.HdrHistogram.Histogram;

import java.lang.invoke.MethodHandles;

/**
 * One policy × load run of a trial as the trial's properties carry it across the JVM boundary, under the prefix
 * {@code <policy>@<load>.}: written by the trial's JVM and read by the fold through its one declaration
 * ({@link #CODEC}). A run that did not finish ok carries its status only (its figures null).
 *
 * @param figures what an ok run measured; null where it did not finish ok
 */
record PolicyResult(Status status, Figures figures) {
    /** The run's keys, each under the run's prefix: its status, then its figures. */
    static final CellCodec<PolicyResult> CODEC = CellCodec.of(MethodHandles.lookup(), PolicyResult.class, Status.KEY,
            Figures.CODEC);

    /**
     * What an ok run measured.
     *
     * @param offeredEps         the nominal open-loop rate
     * @param offeredAchievedEps the rate the pacer reached (nominal × attempts ÷ due); NaN where nothing was due
     * @param histogram          latency of the window's completed events and, at their lower bound, its censored ones;
     *                           null where the trial carries none
     * @param censored           the censored events' count (0 where the trial does not say)
     * @param steady             {@code steady} or {@code not-steady}; null where the trial does not say
     */
    record Figures(double offeredEps, double offeredAchievedEps, long offered, long completed, long rejected,
                   long discarded, long due, double goodputEps, Histogram histogram, long censored, String steady,
                   double warmupMs, double stallP99Ns, double inPublishPct, double peakBacklog, double heapGrowthBytes,
                   double gcCount, double drainMs) {
        static final CellCodec<Figures> CODEC = CellCodec.of(MethodHandles.lookup(), Figures.class, "offered_eps",
                "offered_achieved_eps", "offered", "completed", "rejected", "discarded", "due", "goodput_eps", "histogram",
                "censored", "steady", "warmup_ms", "stall_p99_ns", "in_publish_pct", "peak_backlog", "heap_growth_bytes",
                "gc_count", "drain_ms");
    }

    /** The figures of a finished run; a failed one carries its status only. */
    static PolicyResult of(OverloadRun.Result r) {
        if (!r.ok()) {
            return new PolicyResult(Status.failed(r.failure()).cellSafe(), null); // no sweep sanitises a prefixed key
        }
        OverloadRun.Config c = r.config();
        // completed window events and, censored at their lower bound, the ones never sent: a percentile that reaches
        // into the censored ones is only a lower bound (p99 "≥ x")
        Histogram all = r.latency().copy();
        all.add(r.censored());
        return new PolicyResult(Status.ok(), new Figures(c.rateEps(),
                // what the pacer really offered: the nominal rate x the share of due events it reached (a parking pacer
                // on oversubscribed CPUs can fall behind its schedule, issue 40)
                r.due() == 0 ? Double.NaN : c.rateEps() * Math.min(1.0, (double) r.offered() / r.due()),
                r.offered(), r.completed(), r.rejected(), r.discarded(), r.due(), r.goodputEps(), all,
                r.censored().getTotalCount(), r.steady(), r.warmupMs(), r.stall().getValueAtPercentile(99),
                // time inside publish attempts (blocking or not), as % of window x producers: not time blocked
                100.0 * r.stalledNanos() / ((double) c.measure().toNanos() * c.producers()),
                r.peakBacklog(), r.heapGrowth(), r.collections(), r.drainNanos() / 1e6));
    }

    /** Into the trial's properties, under {@code prefix}. */
    void put(TrialProperties.Builder out, String prefix) {
        CODEC.write(this, out, prefix);
    }

    /** The run a trial's properties carry under {@code prefix}: its status ({@code failed:no status} where none). */
    static PolicyResult read(TrialProperties trial, String prefix) {
        return CODEC.read(trial, prefix);
    }
}
