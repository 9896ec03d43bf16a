package handoff.harness.page;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * A section of the details appendix showing every figure of one kind in full: its heading, why it has nothing
 * (a file not in the run, or no ok row in it), its text, then each figure with its notes and table
 * ({@link Page#figureInFull}); what comes {@link #before} and {@link #after} the figures is the suite's. A figure
 * its kind could not draw ({@link Plot#skipped}) is listed with its reason before the others.
 */
public final class DetailSection implements Section {
    private static final Prose TEXT = Prose.of("page");
    private final String title;
    private final String script;
    private final String text;
    private final List<String> files;
    private Predicate<Plot> which = p -> true;
    private String none = "";
    private Section before = d -> { };
    private Section after = d -> { };

    /**
     * @param script the figures' script ({@link FigureKind#script})
     * @param files  the CSV files it draws from: it says "Not run" unless one of them has an ok row
     */
    public DetailSection(String title, String script, String text, String... files) {
        this.title = title;
        this.script = script;
        this.text = text;
        this.files = List.of(files);
    }

    /** Only the figures of the script that {@code p} accepts (e.g. by name, where two suites share a script). */
    public DetailSection only(Predicate<Plot> p) {
        this.which = p;
        return this;
    }

    /** What to say where the kind drew no figure at all. */
    public DetailSection whenNone(String s) {
        this.none = s;
        return this;
    }

    public DetailSection before(Section s) {
        this.before = s;
        return this;
    }

    public DetailSection after(Section s) {
        this.after = s;
        return this;
    }

    @Override
    public void write(Page doc) throws IOException {
        doc.h3(title);
        String no = absent(doc.run);
        if (no != null) {
            doc.p(no);
            return;
        }
        doc.p(text);
        before.write(doc);
        List<Plot> plots = doc.plots(script).stream().filter(which).toList();
        List<Plot> drawable = plots.stream().filter(Plot::drawable).toList();
        if (drawable.isEmpty() && !none.isEmpty()) {
            doc.p(none);
        }
        List<String> skipped = new ArrayList<>();
        plots.stream().filter(p -> !p.drawable()).forEach(p -> skipped.addAll(p.notes()));
        doc.list(skipped);
        drawable.forEach(doc::figureInFull);
        after.write(doc);
    }

    /** Says why the section has nothing, or null when one of its files has ok rows. */
    private String absent(RunData run) {
        List<String> why = new ArrayList<>();
        for (String f : files) {
            CsvFile c = run.get(f);
            if (c == null) {
                why.add(TEXT.fill("detail.absent").with("file", f).text());
            } else if (c.ok().isEmpty()) {
                why.add(TEXT.fill("detail.no-ok").with("file", f).with("rows", c.rows().size()).text());
            } else {
                return null;
            }
        }
        return TEXT.fill("detail.not-run").with("why", String.join("; ", why)).text();
    }

    /** Lists a file's not-ok rows, which no figure can show (they have no numbers to draw); nothing when all are ok. */
    public static void notShown(Page doc, String file) {
        CsvFile c = doc.run.get(file);
        if (c != null && !c.notOk().isEmpty()) {
            List<String> parts = new ArrayList<>();
            for (TextLine r : c.notOk()) {
                parts.add(r.describe(RunData.KEYS.get(file)) + ": " + r.status());
            }
            doc.p(TEXT.fill("detail.not-shown").with("parts", String.join("; ", parts)).text());
        }
    }
}
