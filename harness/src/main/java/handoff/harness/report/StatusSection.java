package handoff.harness.report;

import handoff.harness.page.Csv;
import handoff.harness.page.Page;
import handoff.harness.page.MarkdownTable;
import handoff.harness.page.Row;
import handoff.harness.page.RunData;
import handoff.harness.page.Section;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Rows that are not ok: counts in the report, the full matrix (file, configuration, status, reason) in an appendix. */
public final class StatusSection implements Section {
    static final String APPENDIX = "appendix-status.md";

    @Override
    public void write(Page doc) {
        RunData run = doc.run;
        Map<String, Integer> kinds = new TreeMap<>();
        MarkdownTable t = new MarkdownTable("file", "configuration", "status", "reason", "flags");
        for (Map.Entry<String, Csv> e : run.csv.entrySet()) {
            for (Row r : e.getValue().notOk()) {
                kinds.merge(r.statusKind(), 1, Integer::sum);
                List<String> key = RunData.KEYS.getOrDefault(e.getKey(), e.getValue().header);
                t.row(e.getKey(), r.describe(key), r.statusKind(), r.statusReason().isEmpty() ? "(no reason recorded)" : r.statusReason(),
                        r.flags());
            }
        }
        doc.h2("Rows without numbers");
        String deferred = deferred(run.manifest.raw("deferred"));
        if (!deferred.isEmpty()) {
            doc.p("Deferred to `full` (quick's plan did not fit them into its budget on this box; the manifest's `deferred`): "
                    + deferred + ".");
        }
        Pilot pilot = Pilot.of(run);
        if (!pilot.none()) {
            doc.p("What this run judges, " + pilot.words() + ". Rows marked \"not judged\" are in no family: their forks are shown, "
                    + "their differences are not claimed.");
        }
        if (t.isEmpty()) {
            doc.p("Every row present is ok.");
            return;
        }
        List<String> k = new ArrayList<>();
        kinds.forEach((kind, n) -> k.add(n + " " + kind));
        doc.p(String.join(", ", k) + " configuration rows (forks folded; the manifest counts trials). A failed row lost, duplicated "
                + "or corrupted an event or crashed; n/a = the transport has no such mode; skipped = busy-waiting threads would "
                + "outnumber the CPUs. Every row with its reason: " + doc.link(APPENDIX, "status matrix") + ".");
        doc.page(APPENDIX, "Rows without numbers").table(t);
    }

    /** The manifest's {@code deferred} array in words, e.g. "pipeline P = 2 (72 trials, about 245 s)"; empty where none. */
    static String deferred(Object value) {
        List<String> out = new ArrayList<>();
        if (value instanceof List<?> l) {
            for (Object o : l) {
                if (o instanceof Map<?, ?> m && m.get("what") != null) {
                    out.add(m.get("what") + " (" + number(m.get("trials")) + " trials, about " + number(m.get("seconds")) + " s)");
                }
            }
        }
        return String.join("; ", out);
    }

    private static String number(Object o) {
        return o instanceof Double d ? Long.toString(Math.round(d)) : String.valueOf(o);
    }
}
