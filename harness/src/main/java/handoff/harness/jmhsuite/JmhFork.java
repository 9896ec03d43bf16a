package handoff.harness.jmhsuite;

import handoff.harness.meters.WhyMetrics;
import handoff.harness.results.Cells;
import handoff.harness.results.TrialProperties;
import handoff.harness.stats.WarmTrend;
import handoff.harness.trial.RuntimeCells;
import handoff.harness.trial.Status;
import handoff.harness.trial.TrialFacts;

import java.util.List;
import java.util.function.Function;

/**
 * One JMH fork's trial (one JMH invocation of one configuration) as the fold reads it ({@link JmhSuite#fold}): what
 * the sweep recorded of it, the suite's configuration ({@code C}), its status and the values it measured, each read
 * through its declaration ({@link TrialFacts}, the suite's, {@link JmhResult}).
 *
 * @param measures       each of the suite's {@link JmhMeasure}s at a cell's precision ({@link Cells#format}, as a
 *                       trial file holds a number); all NaN for a fork that is not ok
 * @param recorded       each {@link JmhMeasure#recorded} measure as the fork's trial holds it, whatever its status;
 *                       null where it holds none (and for every other measure)
 * @param perFork        each of {@link JmhSuite#PER_FORK_MEDIANS}; null where the trial carries none (NaN where it
 *                       carries an empty one)
 * @param perfnorm       {@code ok} or {@code n/a: <reason>}; null where the trial has none
 * @param iterations     each JMH fork's measured iteration scores in time order (the warm-up check's series)
 * @param higherIsBetter whether a higher score is better (throughput) for the warm-up check
 */
public record JmhFork<C extends JmhConfig>(TrialFacts facts, Status status, C config, double[] measures, Double[] recorded,
                                           Double[] perFork,
                                           String perfnorm, RuntimeCells runtime, List<double[]> iterations,
                                           boolean higherIsBetter) {

    /** The fork of a trial's properties: the one place a JMH suite's fold reads them. */
    public static <C extends JmhConfig> JmhFork<C> read(TrialProperties trial, Function<TrialProperties, C> config,
                                                        List<JmhMeasure<C>> measures) {
        JmhResult result = JmhResult.of(trial);
        C c = config.apply(trial);
        JmhResult.Measured m = result.status().isOk() ? result.measured() : null;
        double[] values = new double[measures.size()];
        Double[] recorded = new Double[measures.size()];
        for (int i = 0; i < values.length; i++) {
            JmhMeasure<C> measure = measures.get(i);
            values[i] = m == null ? Double.NaN : Cells.parse(Cells.format(measure.value().applyAsDouble(m, c)));
            recorded[i] = !measure.recorded() || result.measured() == null ? null
                    : measure.value().applyAsDouble(result.measured(), c);
        }
        return new JmhFork<>(TrialFacts.of(trial), result.status(), c, values, recorded, perFork(result.measured()),
                result.perfnorm(), RuntimeCells.of(trial),
                m == null ? List.of() : WarmTrend.parse(m.iterationScores()), m != null && m.higherIsBetter());
    }

    /** {@link JmhSuite#PER_FORK_MEDIANS}' values of a result: the why-metrics, then perfnorm's counters. */
    private static Double[] perFork(JmhResult.Measured m) {
        WhyMetrics.PerOp why = m == null ? null : m.why();
        JmhResult.Perf perf = m == null ? null : m.perf();
        Double[] out = new Double[JmhSuite.PER_FORK_MEDIANS.size()];
        double[] w = why == null ? null : why.values();
        for (int i = 0; i < WhyMetrics.COLUMNS.size(); i++) {
            out[i] = w == null ? null : w[i];
        }
        int at = WhyMetrics.COLUMNS.size();
        out[at] = perf == null ? null : perf.cyclesPerOp();
        out[at + 1] = perf == null ? null : perf.instructionsPerOp();
        out[at + 2] = perf == null ? null : perf.cacheMissesPerOp();
        return out;
    }

    public String configKey() {
        return facts.configKey();
    }

    public boolean oversubscribed() {
        return facts.isOversubscribed();
    }

    /** The transport's id; empty where the trial has none. */
    public String transport() {
        return config.transport() == null ? "" : config.transport();
    }

    /** The wait's id; empty where the trial has none. */
    public String waitStrategy() {
        return config.waitStrategy() == null ? "" : config.waitStrategy();
    }

    public Integer threads() {
        return facts.threads();
    }

    public Integer cpus() {
        return facts.cpus();
    }
}
