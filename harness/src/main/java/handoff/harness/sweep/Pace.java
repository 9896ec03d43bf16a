package handoff.harness.sweep;

import java.util.HashMap;
import java.util.Map;

/**
 * How fast this run goes against the suites' time model ({@link Calibration#modelSeconds}): measured seconds over
 * modelled seconds, per suite and over the run, each trial's from its start to the next one's (the harness's own work
 * between trials included). While little is measured it is drawn towards the model ({@value #PRIOR_S} s of it at 1×), so
 * that the first trials' cold start does not read as a slow box; a suite not measured yet goes at the run's pace.
 */
final class Pace {
    /** Seconds of the model's own pace every ratio starts from. */
    static final double PRIOR_S = 60;
    private final Map<String, double[]> bySuite = new HashMap<>();
    private double measured;
    private double modelled;

    /** One trial: the seconds it took and the model's seconds for it (0 for one that did not run: n/a, skipped). */
    void add(String suite, double measuredSeconds, double modelSeconds) {
        double[] s = bySuite.computeIfAbsent(suite, k -> new double[2]);
        s[0] += measuredSeconds;
        s[1] += modelSeconds;
        measured += measuredSeconds;
        modelled += modelSeconds;
    }

    /** The run's measured ÷ model so far. */
    double overall() {
        return (measured + PRIOR_S) / (modelled + PRIOR_S);
    }

    /** A suite's measured ÷ model so far, drawn towards the run's. */
    double of(String suite) {
        double[] s = bySuite.get(suite);
        return s == null ? overall() : (s[0] + PRIOR_S * overall()) / (s[1] + PRIOR_S);
    }
}
