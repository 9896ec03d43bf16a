package handoff.harness.cli;

import handoff.harness.trial.Profile;
import handoff.harness.trial.SweepPlan;
import handoff.harness.trial.Workers;
import handoff.queues.Wait;

/**
 * The range of every numeric sweep option, derived from what a run can do with it. A value outside is bad
 * input, refused by the plan before any work with one line that names the value and the range: a value that
 * is merely positive can still be a run that cannot finish ({@code --rate 1e-300}: the first event is due in
 * 10^300 s), a heap that cannot hold its rings, or files no disk takes. {@code sweep --help} states each range (it is made from these).
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
    /**
     * Rounds of mixing per stage and event, about 40 ns each on the reference box; the pipeline suite moves 100,000
     * events per JMH operation, so at 100 an operation takes about 0.6 s on 2 cores, and at 10,000 a smoke pipeline
     * trial did not finish one operation per iteration within its 60 s watchdog.
     */
    public static final Range WORK = new Range("--work", 1, 100, "rounds of work per stage and event");
    /** JVMs per configuration: quick has about 180 configurations, so 20 forks is already many hours. */
    public static final Range FORKS = new Range("--forks", 1, 20, "JVMs per configuration");
    /** Seconds of watchdog per trial: one day. */
    public static final Range TRIAL_TIMEOUT = new Range("--trial-timeout", 1, 86_400, "seconds per trial");
    /** An interval log holds one histogram per interval: below 10 ms the files grow by 100 histograms/s per trial; a minute outlasts every trial's measurement. */
    public static final Range HLOG_INTERVAL_MS = new Range("--hlog-interval-ms", 10, 60_000, "ms per interval histogram");
    /** The latency suite's measurement must hold this many events at the fixed rate to have a percentile. */
    static final int RATE_MIN_EVENTS = 100;
    /**
     * ... and at most this many: the open loop publishes every scheduled event, late or not, and no transport here
     * carries more than a few million a second through three stages on 2 cores (abq: 2.8 M/s at --rate 1e8, which
     * took 26 s for a 0.4 s window), so a faster schedule is a trial that outlasts its watchdog.
     */
    static final long RATE_MAX_EVENTS = 10_000_000;

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

    /** The longest {@code --budget}: a week. */
    static final long BUDGET_MAX_S = 7 * 86_400L;
    static final String BUDGET_ALLOWED = "0 (the plan's forks only) or a whole number with s, m, h or d, e.g. 20m or 1h, up to 7d"
            + " (the sweep's time in all)";

    /** {@code --capacity}: in range and a power of two. */
    static int capacity(String text) {
        int cap = CAPACITY.parse(text);
        if (Integer.bitCount(cap) != 1) {
            throw new Main.BadInput("--capacity " + text + " is not a power of two; allowed: " + CAPACITY.allowed());
        }
        return cap;
    }

    /** One {@code --wait} entry: a wait strategy other transports can be asked for ({@code native} is Flow's own). */
    static Wait waitStrategy(String s) {
        String allowed = "allowed: spin, yield, park, block";
        Wait w;
        try {
            w = Wait.parse(s);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown wait strategy '" + s + "'; " + allowed);
        }
        if (w == Wait.NATIVE) {
            throw new IllegalArgumentException("--wait 'native' is Flow's own hand-off and cannot be asked of other transports; " + allowed);
        }
        return w;
    }

    /** {@code --profiler}: one of {@link SweepPlan#PROFILERS}. */
    static String profiler(String text) {
        String p = text.trim();
        if (!SweepPlan.PROFILERS.contains(p)) {
            throw new Main.BadInput("--profiler '" + text + "' is not known; allowed: " + String.join(", ", SweepPlan.PROFILERS));
        }
        return p;
    }

    /**
     * {@code --budget}: {@code 0} or a whole number of seconds, minutes, hours or days ({@code 90s}, {@code 20m},
     * {@code 1h}, {@code 2d}), at most {@link #BUDGET_MAX_S}; in seconds.
     */
    static long budget(String text) {
        String allowed = "; allowed: " + BUDGET_ALLOWED;
        String t = text.trim().toLowerCase(java.util.Locale.ROOT);
        if (t.equals("0")) {
            return 0;
        }
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("([0-9]{1,9})([smhd])").matcher(t);
        if (!m.matches()) {
            throw new Main.BadInput("--budget '" + text + "' is not a duration" + allowed);
        }
        long unit = switch (m.group(2)) {
            case "s" -> 1;
            case "m" -> 60;
            case "h" -> 3600;
            default -> 86_400;
        };
        long s = Long.parseLong(m.group(1)) * unit;
        if (s > BUDGET_MAX_S) {
            throw new Main.BadInput("--budget " + text + " is out of range" + allowed);
        }
        return s;
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
        return round3(RATE_MIN_EVENTS * 1000.0 / p.latencyMeasureMs, java.math.RoundingMode.CEILING);
    }

    /** The highest {@code --rate} a profile's latency trial can finish: {@value #RATE_MAX_EVENTS} events in its window. */
    public static double rateMax(Profile p) {
        return round3(RATE_MAX_EVENTS * 1000.0 / p.latencyMeasureMs, java.math.RoundingMode.FLOOR);
    }

    /** To 3 significant digits, rounded inwards, so the range printed is the range checked. */
    private static double round3(double v, java.math.RoundingMode mode) {
        return new java.math.BigDecimal(v).round(new java.math.MathContext(3, mode)).doubleValue();
    }

    /** Parses and checks {@code --rate}: events per second that the latency suite can schedule, carry and measure. */
    public static double rate(String text, Profile p) {
        double r;
        try {
            r = Double.parseDouble(text.trim());
        } catch (NumberFormatException e) {
            throw new Main.BadInput("--rate '" + text + "' is not a number; allowed: " + rateAllowed(p));
        }
        if (!(r >= rateMin(p) && r <= rateMax(p))) {
            throw new Main.BadInput("--rate " + text + " is out of range for profile " + p.id() + "; allowed: " + rateAllowed(p));
        }
        return r;
    }

    public static String rateAllowed(Profile p) {
        return compact(rateMin(p)) + ".." + compact(rateMax(p)) + " events/s (" + RATE_MIN_EVENTS + " to " + compact(RATE_MAX_EVENTS)
                + " events in the latency suite's " + compact(p.latencyMeasureMs / 1000.0)
                + " s window: fewer is no percentile, more is a schedule no transport here keeps up with)";
    }

    /** 250, 1e7, 2.5e7. */
    static String compact(double v) {
        if (v < 1e6) {
            return java.math.BigDecimal.valueOf(v).round(new java.math.MathContext(3)).stripTrailingZeros().toPlainString();
        }
        return java.math.BigDecimal.valueOf(v).stripTrailingZeros().toString().toLowerCase(java.util.Locale.ROOT).replace("+", "");
    }
}
