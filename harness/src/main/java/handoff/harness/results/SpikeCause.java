package handoff.harness.results;

/**
 * The measured cause of one latency spike (an interval whose max is more than {@link Spikes#FACTOR}× its trial's p99),
 * by the rule {@link #RULE}: the first cause, in this order, whose measured stall is at least half the spike's max.
 * The order goes from the most specific mechanism to the least: a GC pause is a safepoint, a safepoint stops the jitter
 * thread too, and a trial thread that sat on a run queue is direct evidence where the jitter thread's stall is a
 * neighbour's. An unmeasured cause (no log, not Linux) is NaN and never explains anything.
 */
public enum SpikeCause {
    GC("gc"),
    SAFEPOINT("safepoint"),
    DESCHEDULED("descheduled"),
    BOX_STALL("box-stall"),
    UNEXPLAINED("unexplained");

    /** The rule, as the report and results/README.md state it. */
    public static final String RULE = "a spike of max M is labelled with the first of these that measured at least M/2 in its "
            + "evidence window: gc (the longest GC pause in the trial's GC log), safepoint (the longest safepoint operation, "
            + "time to safepoint included, in its safepoint log), descheduled (the run delay, time runnable but not running, of "
            + "the most delayed trial thread of either role: producers or consumers, from /proc/<tid>/schedstat), box-stall "
            + "(the jitter thread's latest wake-up less its own median, the floor of its wake-ups); else unexplained. The evidence "
            + "window is the interval and the M before it for RTT (samples logged as they complete) or the M after it for "
            + "open-loop latency (samples logged at their intended time); run delay and jitter are per interval (the kernel "
            + "counts a wait when it ends): the spike's own interval, and the next one too for open-loop latency. /proc gives "
            + "an interval's total run delay, not its longest wait, so descheduled is necessary evidence, not proof";

    private final String id;

    SpikeCause(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }

    /** What was measured in a spike's evidence window, each in ns; NaN where it was not measured. */
    public record Evidence(double gcPauseNs, double safepointNs, double runDelayNs, double jitterStallNs) {
        public static final Evidence NONE = new Evidence(Double.NaN, Double.NaN, Double.NaN, Double.NaN);
    }

    /** The cause of a spike whose max is {@code maxNs}. */
    public static SpikeCause of(double maxNs, Evidence e) {
        double half = maxNs / 2;
        if (e.gcPauseNs() >= half) {
            return GC;
        }
        if (e.safepointNs() >= half) {
            return SAFEPOINT;
        }
        if (e.runDelayNs() >= half) {
            return DESCHEDULED;
        }
        if (e.jitterStallNs() >= half) {
            return BOX_STALL;
        }
        return UNEXPLAINED;
    }
}
