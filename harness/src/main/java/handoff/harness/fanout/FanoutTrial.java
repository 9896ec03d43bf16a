package handoff.harness.fanout;

import handoff.harness.results.CellCodec;
import handoff.harness.results.TrialProperties;
import handoff.harness.trial.RuntimeCells;
import handoff.harness.trial.TrialFacts;

import java.lang.invoke.MethodHandles;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One fork's fan-out trial as the fold reads it, parsed once from the trial's properties (the spec's parameters and
 * what {@link FanoutRun} returned): the configuration's facts and each of its parts ({@link PartResult}).
 *
 * @param producers     the broker's producer threads (4 where the trial does not say)
 * @param cpus          the sweep's count of the trial's CPUs; null where the trial does not say
 * @param loadPct       the broker's open-loop offer, % of its saturation; null where the trial does not say
 * @param notApplicable the transports of the plan that cannot run the suite (their {@code n/a} rows)
 * @param parts         the parts its transport can do, in {@link ScenarioVariant#of} order
 */
record FanoutTrial(int fork, String configKey, String transport, String waitStrategy, int producers, Integer cpus,
                   Integer loadPct, List<String> notApplicable, RuntimeCells runtime, Map<ScenarioVariant, PartResult> parts) {

    /** The fork and the broker's open-loop offer as the plan writes them into the trial's sizing ({@link Sizes}). */
    private record Fork(int fork, Integer loadPct) {
        static final CellCodec<Fork> CODEC = CellCodec.of(MethodHandles.lookup(), Fork.class, "fork", "load_pct");
    }

    static FanoutTrial of(TrialProperties trial) {
        Fork fork = Fork.CODEC.read(trial);
        FanoutConfig c = FanoutConfig.of(trial);
        TrialFacts facts = TrialFacts.of(trial);
        Map<ScenarioVariant, PartResult> parts = new LinkedHashMap<>();
        for (ScenarioVariant p : ScenarioVariant.of(c.transport())) {
            parts.put(p, PartResult.read(trial, p));
        }
        return new FanoutTrial(fork.fork(), facts.configKey(), c.transport(),
                c.waitStrategy(), c.producers() == null ? 4 : c.producers(), facts.cpus(), fork.loadPct(),
                Arrays.stream(trial.getOrDefault(FanoutSuite.NOT_APPLICABLE, "").split(";"))
                        .filter(id -> !id.isBlank()).toList(),
                RuntimeCells.of(trial), parts);
    }

}
