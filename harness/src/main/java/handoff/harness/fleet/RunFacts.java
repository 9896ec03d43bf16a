package handoff.harness.fleet;

import handoff.harness.page.Manifest;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a run's manifest says about where and how it ran: the columns every row of {@code forks.csv} carries and the
 * {@code runs} table of a fleet database holds. Unknown is empty, never 0 or "unknown".
 *
 * @param runId       the run id
 * @param cpuModel    {@code machine.cpu_model}
 * @param cpus        {@code machine.online_cpus} (else {@code machine.cores})
 * @param virtualised {@code machine.virtualised}
 * @param pinned      {@code plan.pinned}: {@code true} or {@code false}
 * @param jvm         {@code jvm.version} (the sweep JVM's {@code java.runtime.version})
 * @param gc          the collector its JVM flags select ({@code -XX:+Use…GC}); empty where they select none (the JVM's default)
 * @param commit      {@code git_commit}
 * @param dirty       {@code git_dirty}: {@code true} or {@code false}
 * @param profile     {@code profile}
 * @param flags       {@code jvm.flags}, space-separated
 * @param status      {@code status}
 * @param dateUtc     {@code date_utc}
 */
public record RunFacts(String runId, String cpuModel, String cpus, String virtualised, String pinned, String jvm, String gc,
                       String commit, String dirty, String profile, String flags, String status, String dateUtc) {
    /** The columns, in order, as {@code forks.csv} and the {@code runs} table name them. */
    public static final List<String> COLUMNS = List.of("run_id", "cpu_model", "cpus", "virtualised", "pinned", "jvm", "gc", "commit",
            "dirty", "profile", "flags", "status", "date_utc");

    private static final Pattern GC = Pattern.compile("-XX:\\+Use(\\w+)GC");

    public static RunFacts of(Manifest m, Path dir) {
        String cpus = known(m.str("machine.online_cpus"));
        List<String> flags = m.strings("jvm.flags");
        return new RunFacts(m.runId(dir), known(m.str("machine.cpu_model")), cpus.isEmpty() ? known(m.str("machine.cores")) : cpus,
                known(m.str("machine.virtualised")), known(m.str("plan.pinned")), known(m.str("jvm.version")), gcOf(flags),
                known(m.str("git_commit")), known(m.str("git_dirty")), known(m.str("profile")), String.join(" ", flags),
                known(m.str("status")), known(m.str("date_utc")));
    }

    /** The collector named by the last {@code -XX:+Use…GC} flag, lower case ({@code g1}, {@code z}); empty where none. */
    static String gcOf(List<String> flags) {
        String gc = "";
        for (String f : flags) {
            Matcher x = GC.matcher(f);
            if (x.matches()) {
                gc = x.group(1).toLowerCase(Locale.ROOT);
            }
        }
        return gc;
    }

    private static String known(String v) {
        return Manifest.UNKNOWN.equals(v) ? "" : v;
    }

    /** The machine a box is told by: CPU model and CPUs (the study across boxes groups runs by it). */
    public String machine() {
        return (cpuModel.isEmpty() ? "unknown CPU" : cpuModel) + ", " + (cpus.isEmpty() ? "?" : cpus) + " CPUs";
    }

    /** The facts as one row's cells, in {@link #COLUMNS} order. */
    public List<String> values() {
        return List.of(runId, cpuModel, cpus, virtualised, pinned, jvm, gc, commit, dirty, profile, flags, status, dateUtc);
    }

    /** These facts as one row of the run tells them: its own JVM and collector where it names them, else the run's. */
    public RunFacts on(String rowJvm, String rowGc) {
        return new RunFacts(runId, cpuModel, cpus, virtualised, pinned, rowJvm.isEmpty() ? jvm : rowJvm, rowGc.isEmpty() ? gc : rowGc,
                commit, dirty, profile, flags, status, dateUtc);
    }
}
