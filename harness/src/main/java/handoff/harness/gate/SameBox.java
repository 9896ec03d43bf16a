package handoff.harness.gate;

import handoff.harness.page.BoxLabel;
import handoff.harness.page.Manifest;
import handoff.harness.page.RunData;

import java.util.List;
import java.util.function.Function;

/**
 * Whether two runs were measured on one box, as {@code compare} requires before it sets their numbers side by side
 * (docs/running.md, "Comparing runs, and the regression gate"): the same CPU model, the same number of CPUs and the
 * same JVM, each as its manifest records it. A fact either run does not record is not shown to differ.
 */
final class SameBox {
    /** What is compared, each with how a manifest gives it. */
    private static final List<Fact> FACTS = List.of(
            new Fact("CPU model", r -> r.manifest.str("machine.cpu_model")),
            new Fact("CPU count", r -> BoxLabel.of(r).cpus()),
            new Fact("JVM", r -> r.manifest.jvmLine()));

    private record Fact(String name, Function<RunData, String> of) {
    }

    private SameBox() {
    }

    /** The first difference between the two runs' boxes, e.g. {@code CPU count 2 CPUs (a) vs 16 CPUs (b)}; null where none is shown. */
    static String difference(RunData a, RunData b) {
        for (Fact f : FACTS) {
            String x = f.of().apply(a);
            String y = f.of().apply(b);
            if (known(x) && known(y) && !x.equals(y)) {
                return f.name() + " " + x + " (" + a.runId + ") vs " + y + " (" + b.runId + ")";
            }
        }
        return null;
    }

    private static boolean known(String v) {
        return !v.isEmpty() && !v.contains(Manifest.UNKNOWN);
    }
}
