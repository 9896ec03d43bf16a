package handoff.harness.report;

import handoff.harness.page.Page;
import handoff.harness.page.ReportParts;
import handoff.harness.page.RunData;
import handoff.harness.page.Section;

import java.util.ArrayList;
import java.util.List;

/**
 * The details appendix's method: the profile, then the rules every suite shares around each suite's own bullets
 * ({@link ReportParts#method}, in registry order). Must stay true to docs/measurement.md §2-§8.
 */
final class MethodSection implements Section {
    private final List<ReportParts> parts;

    MethodSection(List<ReportParts> parts) {
        this.parts = parts;
    }

    @Override
    public void write(Page doc) {
        RunData run = doc.run;
        doc.h2("Methodology");
        List<String> forks = new ArrayList<>(run.has(RunData.RTT) ? RunData.distinct(run.ok(RunData.RTT), "forks") : List.of());
        forks.remove("");
        doc.p("Profile `" + run.manifest.str("profile") + "`" + (forks.isEmpty() ? "" : "; RTT forks per configuration: "
                + String.join(", ", forks)) + ".");
        List<String> bullets = new ArrayList<>();
        bullets.add("**A fresh JVM per configuration** (transport × producers × burst × wait): one call site seeing several transports "
                + "would turn megamorphic and penalise whichever ran last. Fixed heap (`-Xms` = `-Xmx`), `-XX:+AlwaysPreTouch`, "
                + "and a warm-up before anything is measured; the exact flags are under Environment.");
        parts.forEach(p -> bullets.addAll(p.method(run)));
        bullets.add("**Every trial verifies** its output: events aggregated = published, and an order-independent checksum matches. "
                + "A mismatch fails the trial (status appendix).");
        bullets.add("**Wait strategy** is a swept dimension: `spin`, `yield`, `park`, `block` (lock + condition), and Flow's own "
                + "`native`. Threads that spin or yield burn a CPU each, which is why threads > CPUs is flagged.");
        bullets.add("**Robust figures first**: on a shared or virtualised machine rare multi-millisecond deschedules dominate the mean, "
                + "so p50 and p99 stand beside every mean, the median over forks beside its min/max, never a best-of-N; a row whose "
                + "forks disagree by more than 2× is flagged **unstable**.");
        doc.list(bullets);
    }
}
