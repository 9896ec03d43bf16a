package handoff.harness.overload;

import handoff.harness.results.TrialProperties;

import handoff.harness.results.Cells;
import handoff.harness.results.Histograms;
import handoff.harness.trial.Status;
import org.HdrHistogram.Histogram;

import java.util.Map;
import java.util.function.Function;

/**
 * One policy × load run of a trial as the trial's properties carry it across the JVM boundary, under the prefix
 * {@code <policy>@<load>.}: written once by the trial's JVM ({@link #put}) and parsed once by the fold ({@link #read}),
 * the only two places its keys are spelled. A run that did not finish ok carries its status only (every figure then
 * 0 or NaN, the histogram null).
 *
 * @param offeredEps         the nominal open-loop rate
 * @param offeredAchievedEps the rate the pacer reached (nominal × attempts ÷ due); NaN where nothing was due
 * @param histogram          latency of the window's completed events and, at their lower bound, its censored ones;
 *                           null where the trial carries none
 * @param censored           the censored events' count
 * @param steady             {@code steady} or {@code not-steady}; null where the trial does not say
 */
record PolicyRun(Status status, double offeredEps, double offeredAchievedEps, long offered, long completed, long rejected,
                 long discarded, long due, double goodputEps, Histogram histogram, long censored, String steady,
                 double warmupMs, double stallP99Ns, double inPublishPct, double peakBacklog, double heapGrowthBytes,
                 double gcCount, double drainMs) {

    /** The figures of a finished run; a failed one carries its status only. */
    static PolicyRun of(OverloadRun.Result r) {
        if (!r.ok()) {
            return failed(Status.failed(r.failure()).cellSafe()); // no sweep sanitises a prefixed key
        }
        OverloadRun.Config c = r.config();
        // completed window events and, censored at their lower bound, the ones never sent: a percentile that reaches
        // into the censored ones is only a lower bound (p99 "≥ x")
        Histogram all = r.latency().copy();
        all.add(r.censored());
        return new PolicyRun(Status.ok(), c.rateEps(),
                // what the pacer really offered: the nominal rate x the share of due events it reached (a parking pacer
                // on oversubscribed CPUs can fall behind its schedule, issue 40)
                r.due() == 0 ? Double.NaN : c.rateEps() * Math.min(1.0, (double) r.offered() / r.due()),
                r.offered(), r.completed(), r.rejected(), r.discarded(), r.due(), r.goodputEps(), all,
                r.censored().getTotalCount(), r.steady(), r.warmupMs(), r.stall().getValueAtPercentile(99),
                // time inside publish attempts (blocking or not), as % of window x producers: not time blocked
                100.0 * r.stalledNanos() / ((double) c.measure().toNanos() * c.producers()),
                r.peakBacklog(), r.heapGrowth(), r.collections(), r.drainNanos() / 1e6);
    }

    private static PolicyRun failed(Status s) {
        return new PolicyRun(s, Double.NaN, Double.NaN, 0, 0, 0, 0, 0, Double.NaN, null, 0, null, Double.NaN, Double.NaN,
                Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
    }

    /** Into the trial's properties, under {@code prefix}; a failed run as its status only. */
    void put(TrialProperties.Builder out, String prefix) {
        out.put(prefix + "status", status.render());
        if (!status.isOk()) {
            return;
        }
        out.put(prefix + "offered_eps", Cells.format(offeredEps));
        out.put(prefix + "offered_achieved_eps", Cells.format(offeredAchievedEps));
        out.put(prefix + "offered", Long.toString(offered));
        out.put(prefix + "completed", Long.toString(completed));
        out.put(prefix + "rejected", Long.toString(rejected));
        out.put(prefix + "discarded", Long.toString(discarded));
        out.put(prefix + "due", Long.toString(due));
        out.put(prefix + "goodput_eps", Cells.format(goodputEps));
        out.put(prefix + "histogram", Histograms.encode(histogram));
        out.put(prefix + "censored", Long.toString(censored));
        out.put(prefix + "steady", steady);
        out.put(prefix + "warmup_ms", Cells.format(warmupMs));
        out.put(prefix + "stall_p99_ns", Cells.format(stallP99Ns));
        out.put(prefix + "in_publish_pct", Cells.format(inPublishPct));
        out.put(prefix + "peak_backlog", Cells.format(peakBacklog));
        out.put(prefix + "heap_growth_bytes", Cells.format(heapGrowthBytes));
        out.put(prefix + "gc_count", Cells.format(gcCount));
        out.put(prefix + "drain_ms", Cells.format(drainMs));
    }

    /**
     * The run a trial's properties carry under {@code prefix}: its status ({@code failed:no status} where none), and
     * where ok its figures (a missing or empty figure NaN, a missing censored count 0).
     */
    static PolicyRun read(TrialProperties trial, String prefix) {
        Function<String, String> at = key -> trial.get(prefix + key);
        Status s = Status.of(trial, prefix + "status");
        if (!s.isOk()) {
            return failed(s);
        }
        String h = at.apply("histogram");
        return new PolicyRun(s, num(at, "offered_eps"), num(at, "offered_achieved_eps"), count(at, "offered"),
                count(at, "completed"), count(at, "rejected"), count(at, "discarded"), count(at, "due"),
                num(at, "goodput_eps"), h == null || h.isEmpty() ? null : Histograms.decode(h),
                at.apply("censored") == null ? 0 : count(at, "censored"), at.apply("steady"), num(at, "warmup_ms"),
                num(at, "stall_p99_ns"), num(at, "in_publish_pct"), num(at, "peak_backlog"), num(at, "heap_growth_bytes"),
                num(at, "gc_count"), num(at, "drain_ms"));
    }

    private static double num(Function<String, String> at, String key) {
        return Cells.parse(at.apply(key));
    }

    private static long count(Function<String, String> at, String key) {
        return Long.parseLong(at.apply(key));
    }
}
