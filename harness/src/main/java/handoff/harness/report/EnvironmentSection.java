package handoff.harness.report;

import handoff.harness.page.CsvFile;
import handoff.harness.page.Lines;
import handoff.harness.page.Page;
import handoff.harness.page.Manifest;
import handoff.harness.page.MarkdownTable;
import handoff.harness.page.TextLine;
import handoff.harness.page.RunData;
import handoff.harness.page.Section;

import java.lang.invoke.MethodHandles;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The details appendix's environment: the manifest's facts (machine, JVM, pinning), the JVM flags, the pinning
 * each trial recorded, the preflight warnings and which rows ran more threads than CPUs.
 */
final class EnvironmentSection implements Section {
    static final List<String> MACHINE_KEYS = List.of("cpu_model", "cores", "smt", "numa_nodes", "governor", "thp", "isolcpus",
            "nohz_full", "virtualised", "hostname", "os");
    /** How many oversubscribed configurations of one thread count this section names before it only counts them. */
    static final int MAX_LISTED = 6;

    @Override
    public void write(Page doc) {
        RunData run = doc.run;
        Manifest m = run.manifest;
        doc.h2("Environment");
        MarkdownTable t = new MarkdownTable("fact", "value");
        t.row("run id", run.runId);
        t.row("status", m.status());
        t.row("date (UTC)", m.str("date_utc"));
        t.row("git commit", m.str("git_commit") + ("true".equals(m.str("git_dirty")) ? " (**dirty working tree**)" : ""));
        t.row("profile", m.str("profile"));
        for (String k : MACHINE_KEYS) {
            t.row("machine " + k, m.str("machine." + k));
        }
        for (String k : m.keys("machine")) {
            if (!MACHINE_KEYS.contains(k)) {
                t.row("machine " + k, m.str("machine." + k));
            }
        }
        t.row("JVM", m.jvmLine());
        t.row("pinning plan", m.str("pinning.plan"));
        t.row("pinning outcome", m.str("pinning.outcome"));
        t.row("suites", m.str("suites"));
        doc.table(t);
        List<String> flags = m.strings("jvm.flags");
        doc.p("JVM flags" + (flags.isEmpty() ? ": unknown (not in the manifest)." : ":"));
        if (!flags.isEmpty()) {
            doc.p("```\n" + String.join(" ", flags) + "\n```");
        }
        pinning(doc, run);
        List<String> warnings = m.strings("warnings");
        doc.p("Preflight warnings" + (warnings.isEmpty() ? (m.has("warnings") ? ": none." : ": not recorded in the manifest.")
                : " (" + warnings.size() + "):"));
        doc.list(warnings);
        oversubscribed(doc, run);
    }

    /** The pinning a trial recorded in its line of {@code rtt.csv} or {@code latency.csv}, as written. */
    private record PinningLine(String pinning) {
        static final Lines<PinningLine> RTT = Lines.of(MethodHandles.lookup(), RunData.RTT, PinningLine.class, "pinning");
        static final Lines<PinningLine> LATENCY = Lines.of(MethodHandles.lookup(), RunData.LATENCY, PinningLine.class, "pinning");
    }

    /** The pinning each trial recorded in its row, counted. */
    private static void pinning(Page doc, RunData run) {
        Map<String, Integer> pin = new TreeMap<>();
        for (Lines<PinningLine> lines : List.of(PinningLine.RTT, PinningLine.LATENCY)) {
            String f = lines.file();
            for (PinningLine r : lines.of(run.get(f) == null ? List.<TextLine>of() : run.get(f).rows())) {
                if (!r.pinning().isEmpty()) {
                    pin.merge(f + ": " + r.pinning(), 1, Integer::sum);
                }
            }
        }
        if (!pin.isEmpty()) {
            List<String> parts = new ArrayList<>();
            pin.forEach((k, v) -> parts.add(k + " ×" + v));
            doc.p("Pinning recorded per trial: " + String.join("; ", parts) + ".");
        }
    }

    /** Threads > CPUs, per file and thread count; configurations named while they are few. */
    private static void oversubscribed(Page doc, RunData run) {
        List<String> over = new ArrayList<>();
        int total = 0;
        for (String f : RunData.FILES) {
            CsvFile c = run.get(f);
            if (c == null) {
                continue;
            }
            List<TextLine> os = RunData.where(c.rows(), TextLine::oversubscribed);
            total += os.size();
            if (!os.isEmpty()) {
                Map<String, List<TextLine>> byLoad = new TreeMap<>();
                for (TextLine r : os) {
                    byLoad.computeIfAbsent(threads(r).isEmpty() ? "threads/CPUs not recorded" : threads(r), k -> new ArrayList<>()).add(r);
                }
                List<String> parts = new ArrayList<>();
                byLoad.forEach((k, rows) -> {
                    List<String> configs = rows.stream().map(r -> brief(f, r)).distinct().toList();
                    parts.add(k + " (" + rows.size() + (rows.size() == 1 ? " row" : " rows")
                            + (configs.size() <= MAX_LISTED ? ": " + String.join(", ", configs) : "") + ")");
                });
                over.add("`" + f + "`: " + os.size() + " of " + c.rows().size() + " rows — " + String.join("; ", parts));
            }
        }
        if (total == 0) {
            doc.p("Threads > CPUs: no row of this run is oversubscribed.");
        } else {
            doc.p("Threads > CPUs: " + total + " rows ran more threads than CPUs (marked **oversubscribed** wherever they appear):");
            doc.list(over);
        }
    }

    private static String threads(TextLine r) {
        return !r.threads().isEmpty() && !r.cpus().isEmpty() ? r.threads() + " threads on " + r.cpus() + " CPUs" : "";
    }

    /** A row's key columns in a few words, e.g. {@code abq P=1 B=100 spin}. */
    static String brief(String file, TextLine r) {
        return r.describe(RunData.KEYS.get(file)).replace("transport=", "").replace("producers=", "P=").replace("burst=", "B=")
                .replace("wait=", "");
    }
}
