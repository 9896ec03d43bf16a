package handoff.harness.rtt;

import handoff.harness.meters.PerUnitUsage;
import handoff.harness.results.TrialProperties;
import handoff.harness.stats.Stats;
import handoff.harness.trial.RuntimeCells;
import handoff.harness.trial.Status;
import handoff.harness.trial.TrialFacts;
import org.HdrHistogram.Histogram;

import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * One fork's RTT trial as the fold reads it, from the trial's properties: what the sweep recorded of it, its
 * configuration, its runtime and what its JVM returned, each read through its own declaration.
 */
record RttTrial(TrialFacts facts, RttConfig config, RuntimeCells runtime, RttResult result) {

    /**
     * A fork's resource cells ({@code ResourceMeter}'s and {@code WhyMetrics}'s, per message): NaN where not measured.
     * A row holds the medians over its forks ({@link #median}).
     */
    record Usage(double gcCount, double gcTimeMs, double gcMaxPauseMs, double allocBytesPerOp, double cpuNsPerOp,
                 double vcswPerOp, double ivcswPerOp, double cpuNsPerOpProducers, double cpuNsPerOpConsumers,
                 double safepointMs) {

        /** A fork's figures as its trial records them; all NaN where it records none. */
        static Usage of(PerUnitUsage usage) {
            PerUnitUsage u = usage == null ? PerUnitUsage.UNKNOWN : usage;
            return new Usage(u.gcCount(), u.gcTimeMs(), u.gcMaxPauseMs(), u.allocBytesPerUnit(), u.cpuNsPerUnit(),
                    u.why().vcswPerOp(), u.why().ivcswPerOp(), u.why().cpuNsPerOpProducers(),
                    u.why().cpuNsPerOpConsumers(), u.why().safepointMs());
        }

        /** Each figure's median over the forks ({@link handoff.harness.stats.Stats#median}; NaN where none has it). */
        static Usage median(List<Usage> forks) {
            return new Usage(m(forks, Usage::gcCount), m(forks, Usage::gcTimeMs), m(forks, Usage::gcMaxPauseMs),
                    m(forks, Usage::allocBytesPerOp), m(forks, Usage::cpuNsPerOp), m(forks, Usage::vcswPerOp),
                    m(forks, Usage::ivcswPerOp), m(forks, Usage::cpuNsPerOpProducers), m(forks, Usage::cpuNsPerOpConsumers),
                    m(forks, Usage::safepointMs));
        }

        private static double m(List<Usage> forks, ToDoubleFunction<Usage> f) {
            return Stats.median(forks.stream().mapToDouble(f).toArray());
        }
    }

    /** A fork's properties, parsed. */
    static RttTrial read(TrialProperties trial) {
        return new RttTrial(TrialFacts.of(trial), RttConfig.of(trial), RuntimeCells.of(trial), RttResult.CODEC.read(trial));
    }

    Status status() {
        return result.status();
    }

    /** The fork's round trips; null unless the fork is ok. */
    Histogram histogram() {
        return status().isOk() ? result.histogram() : null;
    }

    Usage usage() {
        return Usage.of(result.usage());
    }
}
