package handoff.harness.pipeline;

import handoff.harness.results.TrialProperties;

import handoff.harness.jmhsuite.JmhRow;

import java.util.Map;

/**
 * One row of {@code pipeline.csv} (or {@value PipelineAxes#VARIANTS_FILE}), typed: a configuration's JMH forks folded
 * ({@link JmhRow}) and the events its buffers hold. Its cells are {@link PipelineCsv#TABLE}'s.
 *
 * @param bufferEvents events the pipeline's buffers hold when full ({@link PipelineAxes#bufferEvents}); null where
 *                     unknown
 */
record PipelineRow(JmhRow<Config> jmh, Long bufferEvents) {

    /**
     * A pipeline trial's configuration, as its properties record it (each null where the trial has none).
     *
     * @param work      the work per event per stage
     * @param workers   the workers per stage: {@code N}, or {@code A:B:C}
     * @param consume   {@code one} or {@code batch}: how the stages took events from their hop
     * @param buffering {@code per-hop} or {@code total}: what {@code --capacity} bounds
     * @param capacity  {@code --capacity}, text as the trial records it
     */
    record Config(Integer producers, String work, String workers, String consume, String buffering, String capacity) {
        /** The configuration of a trial's properties. */
        static Config of(TrialProperties trial) {
            return new Config(handoff.harness.jmhsuite.JmhFork.integer(trial.get("producers")), trial.get("work"),
                    trial.get("workers"), trial.get("consume"), trial.get("buffering"), trial.get("capacity"));
        }
    }
}
