package handoff.harness.trial;

import handoff.harness.results.CellCodec;
import handoff.harness.results.TrialProperties;

import java.lang.invoke.MethodHandles;

/**
 * What the sweep records of every trial beside the suite's own cells ({@link #CODEC}, written by the sweep before the
 * trial runs and by the trial JVM for where its threads ran; read by every suite's fold).
 *
 * @param configKey      the configuration's key: the forks of one configuration share it ({@link Forks#group})
 * @param trialKey       the trial's own key, which names its files
 * @param suite          the suite that ran it
 * @param threads        the threads it runs; null where the trial does not say
 * @param cpus           the CPUs the sweep gave it (a count); null where the trial does not say
 * @param oversubscribed whether its threads outnumber its CPUs; null where the trial does not say
 * @param pinning        where its threads ran, in words; null where the trial does not say
 */
public record TrialFacts(String configKey, String trialKey, String suite, Integer threads, Integer cpus,
                         Boolean oversubscribed, String pinning) {
    public static final CellCodec<TrialFacts> CODEC = CellCodec.of(MethodHandles.lookup(), TrialFacts.class,
            Forks.CONFIG_KEY, Forks.TRIAL_KEY, "suite", "threads", "cpus", "oversubscribed", "pinning");

    /** The facts of a trial's properties. */
    public static TrialFacts of(TrialProperties trial) {
        return CODEC.read(trial);
    }

    /** What the sweep knows before the trial runs: its keys, suite, threads and CPUs. */
    public static TrialFacts planned(TrialSpec spec, int threads, int cpus) {
        return new TrialFacts(spec.configKey(), spec.key(), spec.suite(), threads, cpus, threads > cpus, null);
    }

    /** What the trial JVM adds: where its threads ran. */
    public static TrialFacts placed(String pinning) {
        return new TrialFacts(null, null, null, null, null, null, pinning);
    }

    /** Whether the trial says its threads outnumbered its CPUs. */
    public boolean isOversubscribed() {
        return Boolean.TRUE.equals(oversubscribed);
    }
}
