package handoff.harness.pipeline;

import handoff.harness.jmhsuite.JmhConfig;
import handoff.harness.jmhsuite.JmhRow;
import handoff.harness.results.TrialProperties;
import handoff.harness.trial.SweepPlan;

/**
 * One row of {@code pipeline.csv} (or {@value PipelineAxes#VARIANTS_FILE}), typed: a configuration's JMH forks folded
 * ({@link JmhRow}) and the events its buffers hold. Its cells are {@link PipelineCsv#TABLE}'s.
 *
 * @param bufferEvents events the pipeline's buffers hold when full ({@link PipelineAxes#bufferEvents}); null where
 *                     unknown
 */
record PipelineRow(JmhRow<Config> jmh, Long bufferEvents) {

    /**
     * What the fold reads of a pipeline trial beside its JMH result: its configuration, the capacity it ran at and its
     * hand-off ratios (each null where the trial has none).
     *
     * @param capacity {@code --capacity}, text as the trial records it
     */
    record Config(PipelineConfig config, String capacity, HandoffRatios ratios) implements JmhConfig {
        /** The configuration of a trial's properties. */
        static Config of(TrialProperties trial) {
            HandoffRatios ratios = HandoffRatios.CODEC.read(trial);
            return new Config(PipelineConfig.of(trial), trial.get(SweepPlan.CAPACITY.name()), ratios);
        }

        @Override
        public String transport() {
            return config.transport();
        }

        @Override
        public String waitStrategy() {
            return config.waitStrategy();
        }

        Integer producers() {
            return config.producers();
        }

        String work() {
            return config.work();
        }

        String workers() {
            return config.workers();
        }

        String consume() {
            return config.consume();
        }

        String buffering() {
            return config.buffering();
        }
    }
}
