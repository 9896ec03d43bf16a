package handoff.harness.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Rows that are not ok: counts in the report, the full matrix (file, configuration, status, reason) in an appendix. */
public final class StatusSection implements Section {
    static final String APPENDIX = "appendix-status.md";

    @Override
    public void write(Doc doc) {
        RunData run = doc.run;
        Map<String, Integer> kinds = new TreeMap<>();
        Md t = new Md("file", "configuration", "status", "reason", "flags");
        for (Map.Entry<String, Csv> e : run.csv.entrySet()) {
            for (Row r : e.getValue().notOk()) {
                kinds.merge(r.statusKind(), 1, Integer::sum);
                List<String> key = RunData.KEYS.getOrDefault(e.getKey(), e.getValue().header);
                t.row(e.getKey(), r.describe(key), r.statusKind(), r.statusReason().isEmpty() ? "(no reason recorded)" : r.statusReason(),
                        r.flags());
            }
        }
        doc.h2("Rows without numbers");
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
}
