package handoff.harness.jmhsuite;

import handoff.harness.results.TrialProperties;

import handoff.harness.results.Cells;
import handoff.harness.stats.WarmTrend;
import handoff.harness.trial.Forks;
import handoff.harness.trial.RuntimeCells;
import handoff.harness.trial.Status;

import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * One JMH fork's trial (one JMH invocation of one configuration), parsed once from its properties into what the fold
 * reads ({@link JmhSuite#fold}): the configuration ({@code C}, the suite's), its status and the values it measured.
 * The texts a row that is not ok prints verbatim from its first fork stay texts.
 *
 * @param configKey      the configuration the fork belongs to ({@link Forks#CONFIG_KEY})
 * @param transport      the transport's id; empty where the trial has none
 * @param waitStrategy   the wait's id; empty where the trial has none
 * @param measures       each of the suite's {@link JmhMeasure}s, parsed ({@link Cells#parse}; NaN unknown); all NaN
 *                       for a fork that is not ok
 * @param recorded       the trial's own text under each measure's column name, null where it has none: what a row that
 *                       is not ok shows in that column
 * @param perFork        each of {@link JmhSuite#PER_FORK_MEDIANS}, parsed (NaN unknown)
 * @param perForkText    their texts, null where the trial has none
 * @param perfnorm       {@code ok} or {@code n/a: <reason>}; null where the trial has none
 * @param threads        the trial's threads; null where it has none
 * @param cpus           the CPUs it ran on; null where it has none
 * @param iterations     each JMH fork's measured iteration scores in time order (the warm-up check's series)
 * @param higherIsBetter whether a higher score is better (throughput) for the warm-up check
 */
public record JmhFork<C>(String configKey, Status status, boolean oversubscribed, C config, String transport,
                         String waitStrategy, double[] measures, String[] recorded, double[] perFork, String[] perForkText,
                         String perfnorm, Integer threads, Integer cpus, RuntimeCells runtime, List<double[]> iterations,
                         boolean higherIsBetter) {

    /** The fork of a trial's properties: the one place a JMH suite's fold reads them. */
    public static <C> JmhFork<C> read(TrialProperties trial, Function<TrialProperties, C> config,
                                      List<JmhMeasure> measures) {
        Status status = Status.of(trial);
        double[] values = new double[measures.size()];
        String[] recorded = new String[measures.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = status.isOk() ? Cells.parse(measures.get(i).read().apply(trial)) : Double.NaN;
            recorded[i] = trial.get(measures.get(i).column());
        }
        List<String> medians = JmhSuite.PER_FORK_MEDIANS;
        double[] perFork = new double[medians.size()];
        String[] perForkText = new String[medians.size()];
        for (int i = 0; i < perFork.length; i++) {
            perForkText[i] = trial.get(medians.get(i));
            perFork[i] = Cells.parse(perForkText[i]);
        }
        return new JmhFork<>(trial.get(Forks.CONFIG_KEY), status, "true".equals(trial.get("oversubscribed")),
                config.apply(trial), trial.getOrDefault("transport", ""), trial.getOrDefault("wait", ""), values, recorded,
                perFork, perForkText, trial.get("perfnorm"), integer(trial.get("threads")), integer(trial.get("cpus")),
                RuntimeCells.of(trial), status.isOk() ? WarmTrend.parse(trial.get("iteration_scores")) : List.of(),
                "true".equals(trial.get("higher_is_better")));
    }

    /** An integer cell, null where the trial has none. */
    public static Integer integer(String text) {
        return text == null || text.isEmpty() ? null : Integer.valueOf(text);
    }
}
