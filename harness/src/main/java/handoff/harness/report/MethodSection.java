package handoff.harness.report;

import handoff.harness.page.Page;
import handoff.harness.page.Prose;
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
    private static final Prose TEXT = Prose.of("details");
    private final List<ReportParts> parts;

    MethodSection(List<ReportParts> parts) {
        this.parts = parts;
    }

    @Override
    public void write(Page doc) {
        RunData run = doc.run;
        doc.h2(TEXT.get("method.title"));
        List<String> forks = new ArrayList<>(run.has(RunData.RTT) ? RunData.distinct(run.ok(RunData.RTT), "forks") : List.of());
        forks.remove("");
        doc.p(TEXT.fill("method.profile").with("profile", run.manifest.str("profile")).with("forks", forks.isEmpty() ? ""
                : TEXT.fill("method.forks").with("forks", String.join(", ", forks)).text()).text());
        List<String> bullets = new ArrayList<>();
        bullets.add(TEXT.get("method.fresh-jvm"));
        parts.forEach(p -> bullets.addAll(p.method(run)));
        bullets.add(TEXT.get("method.verifies"));
        bullets.add(TEXT.get("method.wait"));
        bullets.add(TEXT.get("method.robust"));
        doc.list(bullets);
    }
}
