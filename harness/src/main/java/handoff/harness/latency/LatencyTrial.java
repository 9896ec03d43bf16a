package handoff.harness.latency;

import handoff.harness.results.TrialProperties;

import handoff.harness.meters.PerUnitUsage;
import handoff.harness.meters.WhyMetrics;
import handoff.harness.results.CellCodec;
import handoff.harness.trial.RuntimeCells;
import handoff.harness.trial.Status;
import handoff.harness.trial.TrialFacts;
import org.HdrHistogram.Histogram;

import java.lang.invoke.MethodHandles;

/**
 * One fork of the latency suite as the fold reads it ({@link #read}): its configuration ({@link LatencyConfig}), what
 * the sweep recorded of it ({@code TrialFacts}) and what its JVM returned ({@link LatencyResult}), each read through
 * its own declaration. A figure the trial does not carry is NaN; a word or path it does not carry is null.
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
        static final CellCodec<Search> CODEC = CellCodec.of(MethodHandles.lookup(), Search.class, "sustainable_eps",
                "capacity_at_budget_eps", "budget_ns", "probes", "probe_log", "generator_eps");
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
        LatencyConfig c = LatencyConfig.of(t);
        TrialFacts facts = TrialFacts.of(t);
        Setup setup = new Setup(c.transport(), c.producers(), c.waitStrategy(), c.work(), c.rateBasis(), c.load(),
                facts.threads(), facts.cpus(), facts.pinning(), RuntimeCells.of(t), facts.configKey());
        LatencyResult r = LatencyResult.CODEC.read(t);
        Measured m = c.search() || !r.status().isOk() || r.window() == null ? null : measured(r.window());
        return new LatencyTrial(setup, r.status(), facts.isOversubscribed(), r.pacer(),
                r.offeredEps() == null ? Double.NaN : r.offeredEps(), c.search() ? r.search() : null, m);
    }

    private static Measured measured(LatencyResult.Window w) {
        PerUnitUsage u = w.usage() == null ? PerUnitUsage.UNKNOWN : w.usage();
        return new Measured(w.idleCpus(), w.achievedEps(), w.peakBacklog(), w.backlogBound(), w.warmupMs(),
                u.heapGrowthBytes(), u.gcCount(), u.gcTimeMs(), u.gcMaxPauseMs(), u.allocBytesPerUnit(), u.cpuNsPerUnit(),
                u.why().values(), w.backlogGrowthEps(), w.saturated(), w.steady(), w.histogram(), w.publishHistogram(), w.hops(),
                w.hlog());
    }
}
