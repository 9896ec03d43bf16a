package handoff.harness.report;

import handoff.harness.page.BoxLabel;
import handoff.harness.page.Manifest;
import handoff.harness.page.MarkdownTable;
import handoff.harness.page.Page;
import handoff.harness.page.Plot;
import handoff.harness.page.Prose;
import handoff.harness.page.ReportParts;
import handoff.harness.page.RunData;
import handoff.harness.page.Section;
import handoff.harness.results.AtomicFiles;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The repository's top-level page ({@code report … --top REPORT.md}): the answers of one run or study first, every
 * {@code ##} heading naming its box, the boxes side by side and the sources' claims, then the other reference box's
 * answer beside it ({@code --beside}) with a link to its report. Status tables, per-suite provenance, spike lists and
 * rows that cannot tell stay in the reports' own pages, linked from here. Its appendices are the main report's:
 * this page writes none.
 */
public final class TopPage {
    private static final Prose TEXT = Prose.of("top");
    /** The page's limit, and how much of it the suites' sections may fill before the claims and the other box. */
    static final int MAX_KB = 25;
    static final int SUITES_BUDGET = 19 * 1024;

    private final Report report;
    private final Study study;
    private final RunData beside;
    private final List<ReportParts> parts;
    private final List<RunData> earlier;

    /**
     * @param study  the study the main run is, or null for one run folder
     * @param beside the other reference box's run, or null
     */
    public TopPage(Report report, Study study, RunData beside, List<ReportParts> parts) {
        this(report, study, beside, parts, List.of());
    }

    /** @param earlier earlier runs or studies of the main box, for the headline questions the main run does not answer */
    public TopPage(Report report, Study study, RunData beside, List<ReportParts> parts, List<RunData> earlier) {
        this.report = report;
        this.study = study;
        this.beside = beside;
        this.parts = parts;
        this.earlier = List.copyOf(earlier);
    }

    /** Writes the page; the main run's own report must be written (its appendices are what this page links). */
    public void write(RunData run, Map<String, List<Plot>> plots, Path target, Path runReport, String generator) throws IOException {
        Page doc = new Page(run, target, plots);
        BoxLabel box = BoxLabel.of(run);
        doc.p((beside == null ? TEXT.get("title.one") : TEXT.get("title.two")));
        doc.p(TEXT.fill("generated").with("generator", generator).text());
        glance(doc, run, runReport, target);
        new HeadlineSection(beside == null ? List.of(run) : List.of(run, beside), earlier).write(doc);
        new GlanceSection().write(doc);
        doc.box(box.label());
        report.answer().write(doc);
        List<String> moved = new ArrayList<>();
        for (Section s : report.suiteSections()) {
            int mark = doc.text().length();
            s.write(doc);
            if (doc.bytes() > SUITES_BUDGET) { // what does not fit stays in the run's own report, linked below
                String cut = doc.cut(mark);
                Matcher h = Pattern.compile("(?m)^## (.*)$").matcher(cut);
                if (h.find()) {
                    moved.add(h.group(1).replace(" — " + box.label(), ""));
                }
            }
        }
        if (!moved.isEmpty()) {
            doc.p(TEXT.fill("moved").with("report", link(target, runReport, "the full report")).with("kb", MAX_KB)
                    .with("sections", String.join("; ", moved)).text());
        }
        if (beside != null) { // the same configurations side by side are in the main report's own page, linked
            doc.p(TEXT.fill("both-boxes").with("report", link(target, runReport, "the " + box.cpus() + " report")).text());
            doc.box(TEXT.fill("box.fallback").with("box", box.label()).with("other", BoxLabel.of(beside).cpus()).text());
        }
        for (Section s : report.sources()) {
            s.write(doc);
        }
        doc.box("");
        if (beside != null) {
            Page other = new Page(beside, target, Map.of());
            other.box(TEXT.fill("box.beside").with("box", BoxLabel.of(beside).label()).text());
            new SupportSection(parts, false).write(other);
            doc.raw(other.text());
            doc.p(TEXT.fill("beside.report").with("report", link(target, beside.dir.resolve("REPORT.md"), "run " + beside.runId)).text());
        }
        doc.h2(TEXT.get("appendices"));
        List<String> a = new ArrayList<>();
        a.add(TEXT.fill("appendix.report").with("report", link(target, runReport, "the " + box.cpus() + " report")).text());
        if (study != null) {
            a.add(TEXT.fill("appendix.lacking").with("link", link(target, run.dir.resolve(StudySection.APPENDIX),
                    "what the interrupted runs lack")).text());
        }
        if (beside != null) {
            a.add(TEXT.fill("appendix.beside").with("report", link(target, beside.dir.resolve("REPORT.md"), "the "
                    + BoxLabel.of(beside).cpus() + " report")).text());
        }
        for (RunData e : earlier) {
            a.add(TEXT.fill("appendix.earlier").with("report", link(target, e.dir.resolve("REPORT.md"), "the earlier "
                    + BoxLabel.of(e).cpus() + " report, " + e.runId)).text());
        }
        doc.list(a);
        AtomicFiles.write(target, doc.text());
    }

    /** The boxes at a glance: label, folders, status, report. */
    private void glance(Page doc, RunData run, Path runReport, Path target) {
        MarkdownTable t = new MarkdownTable("box", "run folders (status)", "measured by commit", "report");
        List<String> folders = new ArrayList<>();
        if (study != null) {
            for (Provenance p : Provenance.of(study)) {
                boolean rows = p.ran() && p.files().stream().anyMatch(f -> run.has(f) && !run.ok(f).isEmpty());
                if (p.ran() && !rows) {
                    folders.add(p.deferred().isEmpty() ? TEXT.fill("folders.none").with("suite", p.suite()).text()
                            : TEXT.fill("folders.deferred").with("suite", p.suite()).text());
                } else if (p.ran()) {
                    folders.add(p.suite() + ": `" + p.from().data().runId + "` (" + p.status()
                            + (p.lacking().isEmpty() ? "" : TEXT.fill("folders.lacking").with("count", p.lacking().size()).text())
                            + (p.fewerForks().isEmpty() ? "" : TEXT.fill("folders.fewer").with("count", p.fewerForks().size()).text()) + ")");
                }
            }
        } else {
            folders.add("`" + run.runId + "` (" + run.manifest.status() + ")");
        }
        t.row("**" + BoxLabel.of(run).label() + "**", String.join("; ", folders), commits(run), link(target, runReport, "report"));
        for (RunData e : earlier) {
            t.row(BoxLabel.of(e).label() + ", earlier", "`" + e.runId + "` (" + e.manifest.status() + ")", commits(e), link(target, e.dir.resolve("REPORT.md"),
                    "report"));
        }
        if (beside != null) {
            t.row(BoxLabel.of(beside).label(), "`" + beside.runId + "` (" + beside.manifest.status() + ")", commits(beside),
                    link(target, beside.dir.resolve("REPORT.md"), "report"));
        }
        doc.p(TEXT.get("glance"));
        doc.table(t);
    }

    /** The commits that measured a run or study's folders (a study's members may differ), short, each once. */
    private static String commits(RunData run) {
        LinkedHashSet<String> out = new LinkedHashSet<>();
        for (Path s : run.sources) {
            String c = Manifest.read(s).str("git_commit");
            out.add("`" + (c.length() > 7 ? c.substring(0, 7) : c) + "`");
        }
        return String.join(", ", out);
    }

    private static String link(Path from, Path file, String text) {
        Path base = from.toAbsolutePath().normalize();
        base = base.getParent() == null ? base : base.getParent();
        return "[" + text + "](" + base.relativize(file.toAbsolutePath().normalize()).toString().replace('\\', '/') + ")";
    }
}
