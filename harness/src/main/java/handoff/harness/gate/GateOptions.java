package handoff.harness.gate;

import picocli.CommandLine.Option;

import java.util.Locale;

/**
 * The regression gate's options, the same for {@code compare} and {@code ab} (a picocli mixin): {@code --fail-on
 * regression} makes the command a gate ({@link GateExit}), {@code --threshold} says how much worse counts.
 */
public final class GateOptions {
    /** The one thing {@code --fail-on} can name. */
    static final String REGRESSION = "regression";

    @Option(names = "--fail-on", paramLabel = "WHAT", description = "'regression': exit 1 on a regression beyond --threshold (the rows "
            + "named; flagged rows never count), 3 where the gate could not judge (what is missing named)")
    String failOn;

    @Option(names = "--threshold", paramLabel = "PERCENT", description = "how much worse counts as a regression: 0 to 99 %% (default 10%%)")
    String threshold;

    /** Whether the command is a gate. */
    public boolean failOnRegression() {
        return failOn != null;
    }

    /** The threshold as a fraction (the default where none is given). */
    public double threshold() {
        return parse(threshold);
    }

    /** One line naming the first bad value and what is allowed; null where both are allowed. */
    public String bad() {
        if (failOn != null && !failOn.equals(REGRESSION)) {
            return "--fail-on '" + failOn + "' is not allowed; allowed: " + REGRESSION;
        }
        if (Double.isNaN(threshold())) {
            return "--threshold '" + threshold + "' is not allowed; allowed: a percentage from 0 to 99, e.g. 5% or 2.5";
        }
        return null;
    }

    /** {@code 5%}, {@code 5} or {@code 2.5 %} as a fraction; the default when absent; NaN when not a percentage in 0..99. */
    static double parse(String s) {
        if (s == null) {
            return Gate.DEFAULT_THRESHOLD;
        }
        String v = s.strip();
        if (v.endsWith("%")) {
            v = v.substring(0, v.length() - 1).strip();
        }
        try {
            double pct = Double.parseDouble(v);
            return pct >= 0 && pct <= 99 && !v.toLowerCase(Locale.ROOT).matches(".*[a-z].*") ? pct / 100 : Double.NaN;
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }
}
