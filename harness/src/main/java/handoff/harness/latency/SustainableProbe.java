package handoff.harness.latency;

import handoff.harness.results.TrialProperties;

import handoff.harness.openloop.OpenLoopRun;
import handoff.harness.openloop.Pacer;
import handoff.harness.results.Cells;
import handoff.harness.trial.Forks;
import handoff.harness.trial.Profile;
import handoff.harness.trial.Status;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The latency suite's first trial per configuration: its sustainable open-loop rate and its capacity at the
 * latency budget ({@link RateSearch}), measured with the same engine, pacer, threads and JVM flags as the latency
 * rows that are then offered fractions of the slowest configuration's sustainable rate. Probes are short: a warm-up
 * until steady (capped), a short window, intervals of {@link #intervalMs}.
 */
public final class SustainableProbe {
    /** The budget when {@link #BUDGET_ENV} is not set: p99 ≤ 1 ms end to end through three stages. */
    static final double DEFAULT_BUDGET_US = 1_000;
    /** Environment variable that sets the latency budget, in microseconds of end-to-end p99. */
    public static final String BUDGET_ENV = "HANDOFF_LATENCY_BUDGET_US";

    private SustainableProbe() {
    }

    /** The budget in µs: {@link #BUDGET_ENV} when set (a positive number, else one-line bad input), else the default. */
    static double budgetUs(Map<String, String> env) {
        String v = env.get(BUDGET_ENV);
        if (v == null || v.isBlank()) {
            return DEFAULT_BUDGET_US;
        }
        double d;
        try {
            d = Double.parseDouble(v.trim());
        } catch (NumberFormatException e) {
            d = Double.NaN;
        }
        if (!(d > 0) || Double.isInfinite(d)) {
            throw new IllegalArgumentException(BUDGET_ENV + "=" + v + " must be a positive number of microseconds");
        }
        return d;
    }

    /** Probe sizing: interval, warm-up cap and window in ms (smoke tiny, quick short, full longer). */
    static TrialProperties sizing(Profile p) {
        int[] s = switch (p) {
            case SMOKE -> new int[] {10, 150, 80};
            case QUICK -> new int[] {20, 400, 150};
            case FULL -> new int[] {50, 2_000, 1_000};
        };
        return TrialProperties.builder().put("probe_interval_ms", Integer.toString(s[0]))
                .put("probe_warmup_ms", Integer.toString(s[1])).put("probe_measure_ms", Integer.toString(s[2])).build();
    }

    /** Runs both searches; the trial's result. */
    static LatencyResult run(OpenLoopRun.Config base, long intervalNs, double budgetUs) throws InterruptedException {
        RateSearch search = new RateSearch(rate -> {
            OpenLoopRun.Result r = OpenLoopRun.run(base.atRate(rate), intervalNs);
            return new RateSearch.Probe(rate, r.keptUp(), r.ok() ? r.endToEnd().getValueAtPercentile(99) : Double.NaN);
        });
        double sustainable = search.sustainable();
        double atBudget = search.atBudget(budgetUs * 1_000);
        List<RateSearch.Probe> probes = search.probes();
        String log = probes.stream().map(p -> Cells.format(p.rateEps()) + ":" + (p.keptUp() ? "kept-up" : "fell-behind")
                + ":" + (Double.isNaN(p.p99Ns()) ? "" : Cells.format(p.p99Ns()))).collect(Collectors.joining(" "));
        Pacer pacer = Pacer.forThreads(base.producers() + handoff.pipelines.Pipeline.STAGES);
        // the generator alone, same producers, pacer and window, into a sink (issue 40): a sustainable rate at its
        // ceiling is the generator's limit, not the transport's
        double ceiling = GeneratorCeiling.measure(base.producers(), base.waitStrategy(), pacer, base.threads(), base.measure().toMillis());
        return new LatencyResult(Status.ok(), null, pacer.id(), new LatencyTrial.Search(Cells.format(sustainable),
                Cells.format(atBudget), Cells.format(budgetUs * 1_000), probes.size(), log, Cells.format(ceiling)), null);
    }
}
