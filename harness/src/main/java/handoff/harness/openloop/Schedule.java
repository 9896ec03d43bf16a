package handoff.harness.openloop;

/**
 * One open-loop producer's schedule: producer {@code id} of {@code producers} sends its k-th event, global event
 * j = k·P + id, at {@code t0 + j·period}; events due from {@code measureStart} are measured, and none is due from
 * {@code measureEnd} on. Shared by the latency runner and the overload runner, so that both offer the same load.
 */
public record Schedule(int id, int producers, long t0, double periodNs, long measureStart, long measureEnd) {
    /** When the producer's k-th event is due ({@code System.nanoTime()} scale). */
    public long intended(long k) {
        return t0 + (long) ((k * producers + id) * periodNs);
    }

    /** Events of this producer due before the window closed (its share of t0 .. measureEnd). */
    public long due() {
        return dueBefore(measureEnd);
    }

    /** Events of this producer due before {@code t} (its share of t0 .. t). */
    public long dueBefore(long t) {
        double slots = (t - t0) / periodNs; // global events due in [t0, t)
        return Math.max(0, (long) Math.ceil((slots - id) / producers));
    }

    /** Events of this producer due inside the window [measureStart, measureEnd). */
    public long dueInWindow() {
        return due() - dueBefore(measureStart);
    }
}
