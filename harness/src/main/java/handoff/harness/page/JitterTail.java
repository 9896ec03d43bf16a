package handoff.harness.page;

import java.util.List;

/**
 * What a trial's jitter tail figure is (issue 40): the jitter thread wakes every 10 ms, so a trial of 0.4 s has some
 * 40 wake-ups, and a p99 of fewer than {@link #MIN_P99_SAMPLES} samples is their maximum. Such a trial's figure is
 * its {@code jitter_max_ns} and is called a maximum; a p99 is named only where every trial had enough wake-ups.
 */
public final class JitterTail {
    /** Fewer wake-ups than this in a trial: its "p99" is its maximum, and is reported as one. */
    public static final int MIN_P99_SAMPLES = 100;

    private JitterTail() {
    }

    static boolean hasP99(JitterLine r) {
        return r.jitterSamples() >= MIN_P99_SAMPLES;
    }

    /** The trial's tail figure: its p99 with enough wake-ups, else its maximum. */
    public static double value(JitterLine r) {
        return hasP99(r) ? r.jitterP99Ns() : r.jitterMaxNs();
    }

    /** The figure's name for these trials: "p99", "max", or "p99 (max under 100 wake-ups)" when they mix. */
    public static String name(List<JitterLine> trials) {
        long enough = trials.stream().filter(JitterTail::hasP99).count();
        return enough == trials.size() ? "p99" : enough == 0 ? "max" : "p99 (max under " + MIN_P99_SAMPLES + " wake-ups)";
    }
}
