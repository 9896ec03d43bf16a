package handoff.harness.report;

import handoff.harness.page.CsvFile;
import handoff.harness.page.Manifest;
import handoff.harness.page.MarkdownTable;
import handoff.harness.page.NumberText;
import handoff.harness.page.Page;
import handoff.harness.page.Prose;
import handoff.harness.page.ReportParts;
import handoff.harness.page.RunData;
import handoff.harness.page.Section;
import handoff.harness.page.TextLine;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * The answer first: what this run can and cannot support, computed from it. The machine in one line (CPUs,
 * virtualised, pinned, isolated), then per result file the share of ok rows that are oversubscribed, unstable or
 * measured by a single fork, then each suite's own sentences ({@link ReportParts#verdicts}).
 */
public final class SupportSection implements Section {
    private static final Prose TEXT = Prose.of("support");
    private final List<ReportParts> parts;
    /** Whether the table of rows per file follows the sentences (the top page leaves it to the run's own report). */
    private final boolean table;

    public SupportSection(List<ReportParts> parts) {
        this(parts, true);
    }

    public SupportSection(List<ReportParts> parts, boolean table) {
        this.parts = parts;
        this.table = table;
    }

    @Override
    public void write(Page doc) {
        RunData run = doc.run;
        Manifest m = run.manifest;
        doc.h2(TEXT.get("section.title"));
        List<String> lines = new ArrayList<>();
        lines.add(TEXT.fill("machine").with("cores", m.str("machine.cores")).with("cpu", m.str("machine.cpu_model"))
                .with("virtualised", m.str("machine.virtualised"))
                .with("pinning", "true".equals(m.str("plan.pinned")) ? TEXT.get("machine.pinned") : TEXT.get("machine.not-pinned"))
                .with("isolated", m.str("machine.isolcpus")).with("profile", m.str("profile")).with("status", m.status()).text());
        Pilot pilot = Pilot.of(run);
        if (!pilot.none()) {
            lines.add(TEXT.fill("judges").with("judged", pilot.judged().size()).with("candidates", pilot.candidates()).text());
        }
        for (ReportParts p : parts) {
            for (String f : p.files()) {
                CsvFile c = run.get(f);
                if (c != null && !c.rows.isEmpty() && c.ok().isEmpty()) {
                    lines.add(TEXT.fill("no-ok-row").with("file", f).with("rows", c.rows.size()).text());
                }
            }
            lines.addAll(p.verdicts(run));
        }
        for (String l : lines) {
            doc.p("- " + l);
        }
        if (!table) {
            return;
        }
        MarkdownTable t = new MarkdownTable("file", "ok rows", "oversubscribed", "unstable", "one fork (spread unknown)", "not ok");
        for (String f : run.csv.keySet()) {
            if (!run.get(f).header.contains("status")) { // per-hop and per-interval detail, not rows that rank
                continue;
            }
            List<TextLine> ok = run.ok(f);
            boolean recorded = run.get(f).header.contains("forks") || ok.stream().anyMatch(TextLine::unknownStability);
            t.row(f, Integer.toString(ok.size()), share(ok, TextLine::oversubscribed), share(ok, TextLine::unstable),
                    recorded ? share(ok, SupportSection::singleFork) : TEXT.get("forks.not-recorded"), Integer.toString(run.get(f).rows.size() - ok.size()));
        }
        doc.table(t);
        doc.p(TEXT.fill("legend").with("counts", m.str("counts")).text());
    }

    /** One fork: the row says so, or says its stability is unknown. */
    static boolean singleFork(TextLine r) {
        return r.forks() == 1 || r.unknownStability();
    }

    private static String share(List<TextLine> rows, Predicate<TextLine> p) {
        if (rows.isEmpty()) {
            return NumberText.NONE;
        }
        long n = rows.stream().filter(p).count();
        return n + " (" + Math.round(100.0 * n / rows.size()) + " %)";
    }
}
