package handoff.harness.latency;

import handoff.harness.results.TrialProperties;

import handoff.harness.meters.WhyMetrics;
import handoff.harness.results.Cells;
import handoff.harness.results.Histograms;
import handoff.harness.trial.Forks;
import handoff.harness.trial.RuntimeCells;
import handoff.harness.trial.Status;
import org.HdrHistogram.Histogram;

import java.util.Map;

/**
 * One fork of the latency suite as its trial's properties carry it across the JVM boundary, parsed once by the fold
 * ({@link #read}): the only place the fold spells the trial's keys. A figure the trial does not carry is NaN; a word
 * or path it does not carry is null.
 *
 * @param setup          the configuration (the fold reads the first fork's)
 * @param oversubscribed the trial says {@code oversubscribed=true}
 * @param pacer          the pacer the trial used; null where it does not say (a trial that did not finish)
 * @param search         a search's results (rate basis {@code sustainable}); null for a latency trial
 * @param measured       what a latency trial measured; null unless the trial is ok and not a search
 */
record LatencyTrial(Setup setup, Status status, boolean oversubscribed, String pacer, double offeredEps, Search search,
                    Measured measured) {

    /**
     * A configuration as its trial records it.
     *
     * @param producers like {@code work}, {@code threads}, {@code cpus}: null where the trial does not say
     * @param loadPct   null for a search or a {@code fixed} rate (the empty cell)
     * @param configKey the configuration's key (names its hgrm files)
     */
    record Setup(String transport, Integer producers, String waitStrategy, Integer work, String rateBasis, Integer loadPct,
                 Integer threads, Integer cpus, String pinning, RuntimeCells runtime, String configKey) {
    }

    /**
     * A search's results ({@link SustainableProbe}), each cell as the trial wrote it: {@code pipeline-capacity.csv}
     * repeats them verbatim (formatting a rate again could turn {@code 123457.0} into {@code 123457}).
     *
     * @param probes   how many probes it ran; null where the trial does not say
     * @param probeLog every probe, {@code rate:kept-up|fell-behind:p99_ns}
     */
    record Search(String sustainableEps, String capacityAtBudgetEps, String budgetNs, Integer probes, String probeLog,
                  String generatorEps) {
    }

    /**
     * What an ok latency trial measured over its window.
     *
     * @param histogram        end-to-end latency
     * @param publishHistogram the publish call; null in runs before it was recorded
     * @param hops             each hop's latency ({@link LatencySuite#HOPS}), null where the trial carries none
     * @param why              {@link WhyMetrics#COLUMNS}' values, in that order
     * @param hlog             the fork's interval log's path; null where it has none
     */
    record Measured(double idleCpus, double achievedEps, double peakBacklog, double backlogBound, double warmupMs,
                    double heapGrowthBytes, double gcCount, double gcTimeMs, double gcMaxPauseMs, double allocBytesPerEvent,
                    double cpuNsPerEvent, double[] why, double backlogGrowthEps, boolean saturated, String steady,
                    Histogram histogram, Histogram publishHistogram, Histogram[] hops, String hlog) {
    }

    /** A fork's trial properties. */
    static LatencyTrial read(TrialProperties t) {
        Setup setup = new Setup(t.get("transport"), t.integer("producers"), t.get("wait"), t.integer("work"),
                t.get("rate_basis"), t.integer("load_pct"), t.integer("threads"), t.integer("cpus"), t.get("pinning"),
                RuntimeCells.of(t), t.get(Forks.CONFIG_KEY));
        Status status = Status.of(t);
        boolean search = LatencySuite.SUSTAINABLE.equals(setup.rateBasis());
        Search s = !search ? null : new Search(t.get("sustainable_eps"), t.get("capacity_at_budget_eps"), t.get("budget_ns"),
                t.integer("probes"), t.get("probe_log"), t.get("generator_eps"));
        Measured m = search || !status.isOk() ? null : measured(t);
        return new LatencyTrial(setup, status, "true".equals(t.get("oversubscribed")), t.get("pacer"),
                t.number("offered_eps"), s, m);
    }

    private static Measured measured(TrialProperties t) {
        double[] why = WhyMetrics.COLUMNS.stream().mapToDouble(k -> t.number(k)).toArray();
        Histogram[] hops = new Histogram[LatencySuite.HOPS.length];
        for (int i = 0; i < hops.length; i++) {
            hops[i] = histogram(t.get("hop" + i));
        }
        return new Measured(t.number("idle_cpus"), t.number("achieved_eps"), t.number("peak_backlog"),
                t.number("backlog_bound"), t.number("warmup_ms"), t.number("heap_growth_bytes"),
                t.number("gc_count"), t.number("gc_time_ms"), t.number("gc_max_pause_ms"),
                t.number("alloc_bytes_per_event"), t.number("cpu_ns_per_event"), why,
                t.number("backlog_growth_eps"), "true".equals(t.get("saturated")), t.get("steady"),
                Histograms.decode(t.get("histogram")), histogram(t.get("publish_histogram")), hops, t.get("hlog"));
    }

    /** null where absent; an empty cell an empty histogram (no fork's percentiles, nothing merged). */
    private static Histogram histogram(String encoded) {
        return encoded == null ? null : encoded.isEmpty() ? Histograms.newNanos() : Histograms.decode(encoded);
    }
}
