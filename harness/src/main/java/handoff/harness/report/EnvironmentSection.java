package handoff.harness.report;

import handoff.harness.page.CsvFile;
import handoff.harness.page.Lines;
import handoff.harness.page.Manifest;
import handoff.harness.page.MarkdownTable;
import handoff.harness.page.Page;
import handoff.harness.page.Prose;
import handoff.harness.page.RunData;
import handoff.harness.page.Section;
import handoff.harness.page.TextLine;

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
    private static final Prose TEXT = Prose.of("status");
    static final List<String> MACHINE_KEYS = List.of("cpu_model", "cores", "smt", "numa_nodes", "governor", "thp", "isolcpus",
            "nohz_full", "virtualised", "hostname", "os");
    /** How many oversubscribed configurations of one thread count this section names before it only counts them. */
    static final int MAX_LISTED = 6;

    @Override
    public void write(Page doc) {
        RunData run = doc.run;
        Manifest m = run.manifest;
        doc.h2(TEXT.get("env.title"));
        MarkdownTable t = new MarkdownTable(TEXT.get("env.column.fact"), TEXT.get("env.column.value"));
        t.row(TEXT.get("env.run-id"), run.runId);
        t.row(TEXT.get("env.status"), m.status());
        t.row(TEXT.get("env.date"), m.str("date_utc"));
        t.row(TEXT.get("env.commit"), "true".equals(m.str("git_dirty"))
                ? TEXT.fill("env.dirty").with("commit", m.str("git_commit")).text() : m.str("git_commit"));
        t.row(TEXT.get("env.profile"), m.str("profile"));
        for (String k : MACHINE_KEYS) {
            t.row(TEXT.fill("env.machine").with("key", k).text(), m.str("machine." + k));
        }
        for (String k : m.keys("machine")) {
            if (!MACHINE_KEYS.contains(k)) {
                t.row(TEXT.fill("env.machine").with("key", k).text(), m.str("machine." + k));
            }
        }
        t.row(TEXT.get("env.jvm"), m.jvmLine());
        t.row(TEXT.get("env.pinning-plan"), m.str("pinning.plan"));
        t.row(TEXT.get("env.pinning-outcome"), m.str("pinning.outcome"));
        t.row(TEXT.get("env.suites"), m.str("suites"));
        doc.table(t);
        List<String> flags = m.strings("jvm.flags");
        doc.p(flags.isEmpty() ? TEXT.get("env.flags.unknown") : TEXT.get("env.flags"));
        if (!flags.isEmpty()) {
            doc.p("```\n" + String.join(" ", flags) + "\n```");
        }
        pinning(doc, run);
        List<String> warnings = m.strings("warnings");
        if (!warnings.isEmpty()) {
            doc.p(TEXT.fill("env.warnings").with("count", warnings.size()).text());
        } else {
            doc.p(m.has("warnings") ? TEXT.get("env.warnings.none") : TEXT.get("env.warnings.unrecorded"));
        }
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
            doc.p(TEXT.fill("env.pinning").with("counts", String.join("; ", parts)).text());
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
                    byLoad.computeIfAbsent(threads(r).isEmpty() ? TEXT.get("env.threads.unrecorded") : threads(r), k -> new ArrayList<>()).add(r);
                }
                List<String> parts = new ArrayList<>();
                byLoad.forEach((k, rows) -> {
                    List<String> configs = rows.stream().map(r -> brief(f, r)).distinct().toList();
                    parts.add(load(k, rows.size(), configs.size() <= MAX_LISTED ? String.join(", ", configs) : null));
                });
                over.add(TEXT.fill("env.over.file").with("file", f).with("over", os.size()).with("rows", c.rows().size())
                        .with("loads", String.join("; ", parts)).text());
            }
        }
        if (total == 0) {
            doc.p(TEXT.get("env.over.none"));
        } else {
            doc.p(TEXT.fill("env.over").with("total", total).text());
            doc.list(over);
        }
    }

    /** One thread count's oversubscribed rows: the count, its rows, and their configurations where listed ({@code configs} null: not). */
    private static String load(String load, int rows, String configs) {
        if (configs == null) {
            return rows == 1 ? TEXT.fill("env.load.one").with("load", load).text()
                    : TEXT.fill("env.load.many").with("load", load).with("rows", rows).text();
        }
        return rows == 1 ? TEXT.fill("env.load.one.listed").with("load", load).with("configs", configs).text()
                : TEXT.fill("env.load.many.listed").with("load", load).with("rows", rows).with("configs", configs).text();
    }

    private static String threads(TextLine r) {
        return !r.threads().isEmpty() && !r.cpus().isEmpty()
                ? TEXT.fill("env.threads").with("threads", r.threads()).with("cpus", r.cpus()).text() : "";
    }

    /** A row's key columns in a few words, e.g. {@code abq P=1 B=100 spin}. */
    static String brief(String file, TextLine r) {
        return r.describe(RunData.KEYS.get(file)).replace("transport=", "").replace("producers=", "P=").replace("burst=", "B=")
                .replace("wait=", "");
    }
}
