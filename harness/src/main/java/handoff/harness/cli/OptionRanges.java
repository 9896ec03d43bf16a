package handoff.harness.cli;

import handoff.harness.trial.Profile;
import handoff.harness.trial.Workers;
import handoff.queues.Wait;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.Locale;

/**
 * The parsers of the sweep options whose values are more than one of {@link OptionKind}'s kinds (a workers spec, a
 * wait strategy, a rate whose range follows the profile). A value outside is bad input, refused by the plan before
 * any work with one line that names the value and what is allowed: a value that is merely positive can still be a
 * run that cannot finish ({@code --rate 1e-300}: the first event is due in 10^300 s). The ranges of the plain
 * numeric options are on their rows ({@link SweepOptions#ALL}), with why; {@code sweep --help} states each (it is
 * made from them).
 */
public final class OptionRanges {
    /** Threads per stage: more than this is a scheduler study, not a hand-off one (as for {@code --producers}). */
    static final OptionKind.Range STAGE_WORKERS = new OptionKind.Range(1, 64, "each worker is a thread");
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
        return round3(RATE_MIN_EVENTS * 1000.0 / p.latencyMeasureMs, RoundingMode.CEILING);
    }

    /** The highest {@code --rate} a profile's latency trial can finish: {@value #RATE_MAX_EVENTS} events in its window. */
    public static double rateMax(Profile p) {
        return round3(RATE_MAX_EVENTS * 1000.0 / p.latencyMeasureMs, RoundingMode.FLOOR);
    }

    /** To 3 significant digits, rounded inwards, so the range printed is the range checked. */
    private static double round3(double v, RoundingMode mode) {
        return new BigDecimal(v).round(new MathContext(3, mode)).doubleValue();
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
            return BigDecimal.valueOf(v).round(new MathContext(3)).stripTrailingZeros().toPlainString();
        }
        return BigDecimal.valueOf(v).stripTrailingZeros().toString().toLowerCase(Locale.ROOT).replace("+", "");
    }
}
