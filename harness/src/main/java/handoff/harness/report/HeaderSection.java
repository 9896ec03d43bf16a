package handoff.harness.report;

import handoff.harness.page.BoxLabel;
import handoff.harness.page.Manifest;
import handoff.harness.page.Page;
import handoff.harness.page.Prose;
import handoff.harness.page.RunData;
import handoff.harness.page.Section;
import handoff.harness.results.JmhFiles;

import java.util.List;

/** Title and provenance: the run, the commit that measured it and the commit that generated this report. */
public final class HeaderSection implements Section {
    /** Its words are with the study's on what a run kept ({@code text/study.md}, {@code header.*}). */
    private static final Prose TEXT = Prose.of("study");
    private final String generator;

    /** @param generator the commit of the code generating the report ("unknown" outside git) and whether it was dirty */
    public HeaderSection(String generator) {
        this.generator = generator;
    }

    @Override
    public void write(Page doc) {
        RunData run = doc.run;
        Manifest m = run.manifest;
        boolean study = run.sources.size() > 1;
        doc.p(study ? TEXT.fill("header.title.study").with("name", (run.runId.startsWith("study") ? "" : "study ") + run.runId)
                .with("runs", run.sources.size()).with("box", BoxLabel.of(run).label()).text()
                : TEXT.fill("header.title.run").with("run", run.runId).text());
        if (study && !m.complete()) {
            doc.p(TEXT.get("header.stopped"));
        } else if (!m.complete()) {
            doc.p(TEXT.fill("header.partial").with("status", m.status()).text());
            if (!Manifest.UNKNOWN.equals(m.str("write_failure"))) { // status write-failed: a full disk, a permission lost
                doc.p(TEXT.fill("header.write-failure").with("cause", m.str("write_failure")).text());
            }
        }
        String exploratory = Citability.exploratory(m);
        if (exploratory != null) {
            doc.p(TEXT.fill("header.exploratory").with("why", exploratory).text());
        }
        List<String> ignored = study ? List.of() : JmhFiles.ignored(run.dir);
        if (!ignored.isEmpty()) { // a study names them per suite (StudySection)
            doc.p(TEXT.fill("header.left-out").with("files", String.join("; ", ignored)).text());
        }
        if (m.problem() != null) {
            doc.p(TEXT.fill("header.manifest-problem").with("problem", m.problem()).text());
        }
        doc.p(TEXT.fill("header.provenance").with("commit", m.str("git_commit"))
                .with("dirty", "true".equals(m.str("git_dirty")) ? " " + TEXT.get("header.dirty") : "").with("date", m.str("date_utc"))
                .with("generator", generator).with("machine", m.machineLine()).with("jvm", m.jvmLine())
                .with("traits", run.traits.source()).text());
    }
}
