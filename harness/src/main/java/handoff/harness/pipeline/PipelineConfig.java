package handoff.harness.pipeline;

import handoff.harness.jmhsuite.JmhConfig;
import handoff.harness.results.CellCodec;
import handoff.harness.results.TrialProperties;

import java.lang.invoke.MethodHandles;

/**
 * A pipeline trial's configuration, as the plan writes it into the trial's spec and the trial JVM and the folds read
 * it back ({@link #CODEC}; its order is the configuration key's). A value the trial does not carry is null.
 *
 * @param work      the work per event per stage, as text
 * @param workers   the workers per stage: {@code N}, or {@code A:B:C}
 * @param consume   {@code one} or {@code batch}: how the stages took events from their hop
 * @param buffering {@code per-hop} or {@code total}: what {@code --capacity} bounds
 */
record PipelineConfig(String transport, Integer producers, String waitStrategy, String work, String workers,
                      String consume, String buffering) implements JmhConfig {
    static final CellCodec<PipelineConfig> CODEC = CellCodec.of(MethodHandles.lookup(), PipelineConfig.class,
            "transport", "producers", "wait=waitStrategy", "work", "workers", "consume", "buffering");

    /** The configuration of a trial's spec or properties. */
    static PipelineConfig of(TrialProperties config) {
        return CODEC.read(config);
    }
}
