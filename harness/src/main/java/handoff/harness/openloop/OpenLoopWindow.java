package handoff.harness.openloop;

/**
 * The measurement window of one open-loop run, decided while it runs: it opens at the interval boundary after
 * the warm-up's interval log was found stationary ({@link handoff.harness.stats.SteadyState}), or at the cap.
 * Written once by the monitor thread (volatile: release), read by every producer and by the recording aggregate
 * thread (volatile: acquire). Until it is decided, nothing is measured and producers run to {@link #hardEnd}.
 */
final class OpenLoopWindow {
    final long t0;
    final long intervalNs;
    final long measureNs;
    /** Where producers stop if the window is never decided (it always is before then: see {@link #decide}). */
    final long hardEnd;
    private volatile long start = Long.MAX_VALUE;
    private volatile long end;

    OpenLoopWindow(long t0, long intervalNs, long warmupCapNs, long measureNs) {
        this.t0 = t0;
        this.intervalNs = intervalNs;
        this.measureNs = measureNs;
        this.hardEnd = boundaryAfter(t0 + warmupCapNs) + intervalNs + measureNs;
        this.end = hardEnd;
    }

    /** The first interval boundary (t0 + i·interval) at or after {@code t}. */
    long boundaryAfter(long t) {
        long i = Math.max(0, (t - t0 + intervalNs - 1) / intervalNs);
        return t0 + i * intervalNs;
    }

    /**
     * Opens the window at the first boundary at least one interval after {@code now}: no event due from then on
     * has been sent yet, so every one of them is classified the same way by producer and recorder.
     */
    void decide(long now) {
        long s = boundaryAfter(now + intervalNs);
        end = s + measureNs; // before start: a reader that sees start sees an end that belongs to it
        start = s;
    }

    boolean decided() {
        return start != Long.MAX_VALUE;
    }

    long start() {
        return start;
    }

    long end() {
        return end;
    }

    /** Whether an event due at {@code intended} is in the window (false while undecided). */
    boolean measures(long intended) {
        long s = start;
        return intended >= s && intended < end;
    }
}
