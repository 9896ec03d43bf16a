package handoff.harness.trial;

import handoff.harness.results.Cells;
import handoff.harness.results.TrialProperties;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Folding the forks of one configuration into one row: the same rules for every suite, so that a row
 * means the same thing in every table. A configuration with any fork not ok is not ok (a broken trial
 * never becomes a number); spread is reported as min/max over forks; forks that disagree by more than 2x
 * make the row {@code unstable}.
 */
public final class Forks {
    public static final String CONFIG_KEY = "config_key";
    public static final String TRIAL_KEY = "trial_key";
    public static final double UNSTABLE_RATIO = 2.0;

    private Forks() {
    }

    /** Trials grouped by configuration, in the order each configuration first appears. */
    public static List<List<TrialProperties>> group(List<TrialProperties> trials) {
        Map<String, List<TrialProperties>> groups = new LinkedHashMap<>();
        for (TrialProperties t : trials) {
            groups.computeIfAbsent(t.get(CONFIG_KEY), k -> new ArrayList<>()).add(t);
        }
        return new ArrayList<>(groups.values());
    }

    /** {@code ok} when every fork is ok, else the first fork's status that is not. */
    public static Status status(List<TrialProperties> forks) {
        for (TrialProperties f : forks) {
            Status s = Status.of(f);
            if (!s.isOk()) {
                return s;
            }
        }
        return Status.ok();
    }

    /** Suffix of a column holding one value per fork for the column it extends, e.g. {@code throughput_eps_forks}. */
    public static final String FORKS_SUFFIX = "_forks";

    /** Per-fork values as a CSV cell: {@code ;}-separated, in fork order, unknown values empty. */
    public static String joined(double[] values) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < values.length; i++) {
            b.append(i == 0 ? "" : ";").append(Cells.format(values[i]));
        }
        return b.toString();
    }
}
