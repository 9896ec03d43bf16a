package handoff.harness.rtt;

import handoff.harness.results.TrialProperties;

import handoff.harness.results.Cells;
import handoff.harness.results.Histograms;
import handoff.harness.trial.Forks;
import handoff.harness.trial.RuntimeCells;
import handoff.harness.trial.Status;
import org.HdrHistogram.Histogram;

import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * One fork's RTT trial as the fold reads it, parsed once from the trial's properties (the spec's parameters, what
 * {@link RttSuite#run} returned and what the sweep added): the only place the fold spells their keys. A figure the
 * trial does not carry is NaN, a text null; the histogram is decoded only where the fork is ok.
 *
 * @param configKey     the configuration's key (names the row's hgrm file)
 * @param producers     null where the trial does not say, like {@code burst}, {@code threads}, {@code cpus}
 * @param producerModel {@code sp} or {@code mp} for a ring, else null; {@code messages} null on the clock row
 * @param jvmSettings   the published harness's settings the JVM ran with; null on the clock row and failed trials
 * @param histogram     the fork's round trips; null unless the fork is ok
 * @param usage         the fork's resource and why-metrics cells, per message
 * @param hlog          the fork's interval log's path in the run folder; null where it wrote none
 */
record RttTrial(String configKey, String transport, Integer producers, Integer burst, String waitStrategy,
                String producerModel, String messages, String jvmSettings, Integer threads, Integer cpus, String pinning,
                RuntimeCells runtime, Status status, boolean oversubscribed, Histogram histogram, Usage usage, String hlog) {

    /**
     * A fork's resource cells ({@code ResourceMeter}'s and {@code WhyMetrics}'s, per message): NaN where not measured.
     * A row holds the medians over its forks ({@link #median}).
     */
    record Usage(double gcCount, double gcTimeMs, double gcMaxPauseMs, double allocBytesPerOp, double cpuNsPerOp,
                 double vcswPerOp, double ivcswPerOp, double cpuNsPerOpProducers, double cpuNsPerOpConsumers,
                 double safepointMs) {

        /** Each figure's median over the forks ({@link handoff.harness.stats.Stats#median}; NaN where none has it). */
        static Usage median(List<Usage> forks) {
            return new Usage(m(forks, Usage::gcCount), m(forks, Usage::gcTimeMs), m(forks, Usage::gcMaxPauseMs),
                    m(forks, Usage::allocBytesPerOp), m(forks, Usage::cpuNsPerOp), m(forks, Usage::vcswPerOp),
                    m(forks, Usage::ivcswPerOp), m(forks, Usage::cpuNsPerOpProducers), m(forks, Usage::cpuNsPerOpConsumers),
                    m(forks, Usage::safepointMs));
        }

        private static double m(List<Usage> forks, java.util.function.ToDoubleFunction<Usage> f) {
            return handoff.harness.stats.Stats.median(forks.stream().mapToDouble(f).toArray());
        }
    }

    /** A fork's properties, parsed. */
    static RttTrial read(TrialProperties trial) {
        Function<String, String> at = trial::get;
        Status status = Status.of(trial);
        String h = at.apply("histogram");
        return new RttTrial(at.apply(Forks.CONFIG_KEY), at.apply("transport"), integer(at, "producers"),
                integer(at, "burst"), at.apply("wait"), at.apply("producer_model"), at.apply("messages"),
                at.apply("jvm_settings"), integer(at, "threads"), integer(at, "cpus"), at.apply("pinning"),
                RuntimeCells.of(trial), status, "true".equals(at.apply("oversubscribed")),
                status.isOk() && h != null ? Histograms.decode(h) : null,
                new Usage(num(at, "gc_count"), num(at, "gc_time_ms"), num(at, "gc_max_pause_ms"),
                        num(at, "alloc_bytes_per_op"), num(at, "cpu_ns_per_op"), num(at, "vcsw_per_op"),
                        num(at, "ivcsw_per_op"), num(at, "cpu_ns_per_op_producers"), num(at, "cpu_ns_per_op_consumers"),
                        num(at, "safepoint_ms")),
                at.apply("hlog"));
    }

    private static double num(Function<String, String> at, String key) {
        return Cells.parse(at.apply(key));
    }

    private static Integer integer(Function<String, String> at, String key) {
        String v = at.apply(key);
        return v == null || v.isEmpty() ? null : Integer.valueOf(v);
    }
}
