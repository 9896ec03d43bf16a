package handoff.harness.cli;

import handoff.harness.trial.Profile;
import handoff.harness.trial.Workers;

/**
 * The range of every numeric sweep option, derived from what a run can do with it. A value outside is bad
 * input, refused by the plan before any work with one line that names the value and the range: a value that
 * is merely positive can still be a run that cannot finish ({@code --rate 1e-300}: the first event is due in
 * 10^300 s), a heap that cannot hold its rings, or files no disk takes. README.md's option table states the same.
 */
public final class OptionRanges {
    /** Threads per role (producers, a stage's workers): more than this is a scheduler study, not a hand-off one. */
    public static final Range PRODUCERS = new Range("--producers", 1, 64, "each is a thread");
    public static final Range STAGE_WORKERS = new Range("--workers", 1, 64, "each worker is a thread");
    /** A sample is one burst: past this a quick RTT fork (0.4 s) holds too few samples to rank. */
    public static final Range BURSTS = new Range("--bursts", 1, 65_536, "one sample is one whole burst");
    /**
     * Every hop preallocates its slots in the trial's fixed heap, and some suites move a ring's worth per operation:
     * on the reference box 2^20 ran the fanout trials (256 MiB heap, a ring per subscriber) out of memory and the
     * disruptor suite past its watchdog; 2^16 runs every suite.
     */
    public static final Range CAPACITY = new Range("--capacity", 2, 1 << 16, "a power of two whose slots every suite's trial heap holds");
    /** Rounds of mixing per stage and event (a few ns each): past this a quick unicast trial outlasts its watchdog. */
    public static final Range WORK = new Range("--work", 1, 10_000, "rounds of work per stage and event");
    /** JVMs per configuration: quick has about 180 configurations, so 20 forks is already many hours. */
    public static final Range FORKS = new Range("--forks", 1, 20, "JVMs per configuration");
    /** Seconds of watchdog per trial: one day. */
    public static final Range TRIAL_TIMEOUT = new Range("--trial-timeout", 1, 86_400, "seconds per trial");
    /** An interval log holds one histogram per interval: below 10 ms the files grow by 100 histograms/s per trial; a minute outlasts every trial's measurement. */
    public static final Range HLOG_INTERVAL_MS = new Range("--hlog-interval-ms", 10, 60_000, "ms per interval histogram");
    /** One event per nanosecond is the open-loop schedule's resolution. */
    public static final double RATE_MAX = 1e9;
    /** The latency suite's measurement must hold this many events at the fixed rate to have a percentile. */
    static final int RATE_MIN_EVENTS = 100;

    private OptionRanges() {
    }

    /** An inclusive range of whole numbers, with why. */
    public record Range(String option, long min, long max, String what) {
        /** Parses one whole number and checks it; {@link Main.BadInput} naming the value and the range otherwise. */
        public int parse(String text) {
            long v;
            try {
                v = Long.parseLong(text.trim());
            } catch (NumberFormatException e) {
                throw new Main.BadInput(option + " '" + text + "' is not a whole number; allowed: " + allowed());
            }
            return check(v);
        }

        int check(long v) {
            if (v < min || v > max) {
                throw new Main.BadInput(option + " " + v + " is out of range; allowed: " + allowed());
            }
            return (int) v;
        }

        public String allowed() {
            return min + ".." + max + " (" + what + ")";
        }
    }

    /** Workers per stage, each stage within {@link #STAGE_WORKERS}. */
    public static Workers workers(String text) {
        String allowed = "; allowed: N or A:B:C (parse:enrich:aggregate), each " + STAGE_WORKERS.allowed();
        Workers w;
        try {
            w = Workers.parse(text);
        } catch (IllegalArgumentException e) {
            throw new Main.BadInput("--workers '" + text + "' is not a workers spec" + allowed);
        }
        for (int n : w.toArray()) {
            if (n > STAGE_WORKERS.max()) {
                throw new Main.BadInput("--workers " + text + " asks for " + n + " workers on a stage" + allowed);
            }
        }
        return w;
    }

    /** The lowest {@code --rate} a profile's latency trial can measure: {@value #RATE_MIN_EVENTS} events in its window. */
    public static double rateMin(Profile p) {
        return RATE_MIN_EVENTS * 1000.0 / p.latencyMeasureMs;
    }

    /** Parses and checks {@code --rate}: events per second that the latency suite can schedule and measure. */
    public static double rate(String text, Profile p) {
        double r;
        try {
            r = Double.parseDouble(text.trim());
        } catch (NumberFormatException e) {
            throw new Main.BadInput("--rate '" + text + "' is not a number; allowed: " + rateAllowed(p));
        }
        double min = rateMin(p);
        if (!(r >= min && r <= RATE_MAX)) {
            throw new Main.BadInput("--rate " + text + " is out of range for profile " + p.id() + "; allowed: " + rateAllowed(p));
        }
        return r;
    }

    public static String rateAllowed(Profile p) {
        return String.format("%s..1e9 events/s (at least %d events in the latency suite's %s s window; at most one per ns)",
                handoff.harness.trial.Forks.fmt(rateMin(p)), RATE_MIN_EVENTS, handoff.harness.trial.Forks.fmt(p.latencyMeasureMs / 1000.0));
    }
}
