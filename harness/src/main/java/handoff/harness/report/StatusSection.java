package handoff.harness.report;

import handoff.harness.page.CsvFile;
import handoff.harness.page.MarkdownTable;
import handoff.harness.page.Page;
import handoff.harness.page.Prose;
import handoff.harness.page.RunData;
import handoff.harness.page.Section;
import handoff.harness.page.TextLine;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Rows that are not ok: counts in the report, the full matrix (file, configuration, status, reason) in an appendix. */
public final class StatusSection implements Section {
    static final String APPENDIX = "appendix-status.md";
    private static final Prose TEXT = Prose.of("status");

    @Override
    public void write(Page doc) {
        RunData run = doc.run;
        Map<String, Integer> kinds = new TreeMap<>();
        MarkdownTable t = new MarkdownTable("file", "configuration", "status", "reason", "flags");
        for (Map.Entry<String, CsvFile> e : run.csv.entrySet()) {
            for (TextLine r : e.getValue().notOk()) {
                kinds.merge(r.statusKind(), 1, Integer::sum);
                List<String> key = RunData.KEYS.getOrDefault(e.getKey(), e.getValue().header);
                t.row(e.getKey(), r.describe(key), r.statusKind(), r.statusReason().isEmpty() ? TEXT.get("no-reason") : r.statusReason(),
                        r.flags());
            }
        }
        doc.h2(TEXT.get("section.title"));
        String deferred = deferred(run.manifest.raw("deferred"));
        if (!deferred.isEmpty()) {
            doc.p(TEXT.fill("deferred").with("groups", deferred).text());
        }
        Pilot pilot = Pilot.of(run);
        if (!pilot.none()) {
            doc.p(TEXT.fill("pilot").with("words", pilot.words()).text());
        }
        if (t.isEmpty()) {
            doc.p(TEXT.get("all-ok"));
            return;
        }
        List<String> k = new ArrayList<>();
        kinds.forEach((kind, n) -> k.add(n + " " + kind));
        doc.p(TEXT.fill("counts").with("kinds", String.join(", ", k)).with("matrix", doc.link(APPENDIX, TEXT.get("matrix.link"))).text());
        doc.page(APPENDIX, TEXT.get("section.title")).table(t);
    }

    /** The manifest's {@code deferred} array in words, e.g. "pipeline P = 2 (72 trials, about 245 s)"; empty where none. */
    static String deferred(Object value) {
        List<String> out = new ArrayList<>();
        for (DeferredGroup d : DeferredGroup.of(value)) {
            if (d.what() != null) {
                out.add(TEXT.fill("deferred.group").with("what", String.valueOf(d.what())).with("trials", number(d.trials()))
                        .with("seconds", number(d.seconds())).text());
            }
        }
        return String.join("; ", out);
    }

    private static String number(Object o) {
        return o instanceof Double d ? Long.toString(Math.round(d)) : String.valueOf(o);
    }
}
