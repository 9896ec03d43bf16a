package handoff.harness.report;

import handoff.harness.page.Lines;
import handoff.harness.page.MarkdownTable;
import handoff.harness.page.NumberText;
import handoff.harness.page.Page;
import handoff.harness.page.Prose;
import handoff.harness.page.RunData;
import handoff.harness.page.Section;
import handoff.harness.page.TestedClaims;
import handoff.harness.page.TextLine;
import handoff.harness.stats.Comparison;
import handoff.harness.stats.Holm;
import handoff.harness.stats.Stats;

import java.lang.invoke.MethodHandles;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.DoubleFunction;
import java.util.function.Function;

/**
 * "Runtime": what a run that swept the JDK, the collector or the thread kind shows about each, by the report's
 * one rule (the study's t-test on log per-fork values, rounds as blocks, Holm over the table, {@link Stats#ALPHA}). Each question compares every
 * row with its twin that differs only in that dimension; a run that did not sweep it says so. Writes nothing
 * for a run that swept no runtime dimension.
 */
final class RuntimeSection implements Section {
    private static final Prose TEXT = Prose.of("runtime");
    /**
     * The cells of a line of {@code pipeline.csv} or {@code rtt.csv} this section reads beside its measure: the runtime
     * it ran on, as written, and what it cost (allocation and CPU per event or per message, GC), NaN where not measured.
     */
    private record RuntimeLine(String jdk, String gc, String javaRuntimeVersion, String gcMode, double allocBytes,
                               double gcCount, double gcTimeMs, double cpuNs) {
        static final Lines<RuntimeLine> PIPELINE = Lines.of(MethodHandles.lookup(), RunData.PIPELINE, RuntimeLine.class,
                "jdk", "gc", "java_runtime_version", "gc_mode", "alloc_bytes_per_event=allocBytes", "gc_count", "gc_time_ms",
                "cpu_ns_per_event=cpuNs");
        static final Lines<RuntimeLine> RTT = Lines.of(MethodHandles.lookup(), RunData.RTT, RuntimeLine.class,
                "jdk", "gc", "java_runtime_version", "gc_mode", "alloc_bytes_per_op=allocBytes", "gc_count", "gc_time_ms",
                "cpu_ns_per_op=cpuNs");
    }

    /** A measure of a file: its interval, its unit and which way is better, and the reader of the file's lines. */
    private record Measure(String file, String name, Function<TextLine, Stats.Interval> interval, DoubleFunction<String> unit,
                           boolean higherIsBetter, String perFork, Lines<RuntimeLine> lines) {
        RuntimeLine line(TextLine r) {
            return lines.of(r);
        }

        /** The columns that make a row's configuration: the file's keys and, for RTT, its producer model and messages. */
        List<String> identity() {
            List<String> k = new ArrayList<>(RunData.KEYS.get(file));
            k.addAll(List.of("producer_model", "messages"));
            return k;
        }
    }

    private static final List<Measure> MEASURES = List.of(
            new Measure(RunData.PIPELINE, "saturation", r -> r.interval("throughput_eps", "throughput_lo_eps", "throughput_hi_eps"),
                    NumberText::rate, true, "throughput_eps", RuntimeLine.PIPELINE),
            new Measure(RunData.RTT, "RTT p50", r -> r.interval("p50_fork_median_ns", "p50_lo_ns", "p50_hi_ns"), NumberText::time, false,
                    "p50_ns", RuntimeLine.RTT));

    /**
     * One row beside its twin on the dimension's first value, with the test of other against base (the study's t-test
     * on per-fork values; null where a row has none) and its p after Holm over the question's table.
     */
    private record Pair(Measure m, TextLine base, TextLine other, Comparison test, double adjusted, int family) {
        Pair(Measure m, TextLine base, TextLine other) {
            this(m, base, other, TestedClaims.compare(other, base, m.perFork()), Double.NaN, 1);
        }
        Stats.Interval a() {
            return m.interval.apply(base);
        }

        Stats.Interval b() {
            return m.interval.apply(other);
        }

        /** +1: other better at the table's level (Holm); -1: worse; 0: not shown either way. */
        int verdict() {
            if (test == null || Double.isNaN(adjusted) || adjusted > Stats.ALPHA) {
                return 0;
            }
            return (test.ratio() > 1) == m.higherIsBetter ? 1 : -1;
        }

        /** The verdict in words with its test and level. */
        String words() {
            if (test == null) {
                return TestedClaims.untested();
            }
            return test.verdict(adjusted, family, m.higherIsBetter ? "**better**" : "**worse**", m.higherIsBetter ? "**worse**" : "**better**");
        }
    }

    /** The question's pairs with their p-values corrected together (Holm). */
    private static List<Pair> corrected(List<Pair> pairs) {
        double[] p = pairs.stream().mapToDouble(x -> x.test() == null ? Double.NaN : x.test().p()).toArray();
        double[] adj = Holm.adjust(p);
        int family = (int) Arrays.stream(p).filter(x -> !Double.isNaN(x)).count();
        List<Pair> out = new ArrayList<>();
        for (int i = 0; i < pairs.size(); i++) {
            Pair x = pairs.get(i);
            out.add(new Pair(x.m(), x.base(), x.other(), x.test(), adj[i], Math.max(1, family)));
        }
        return out;
    }

    @Override
    public void write(Page doc) {
        RunData run = doc.run;
        if (MEASURES.stream().noneMatch(m -> run.has(m.file) && swept(run.get(m.file).ok(), "jdk", "gc", "thread_kind"))) {
            return;
        }
        doc.h2(TEXT.get("title"));
        doc.p(TEXT.fill("intro").with("alpha", Stats.formatP(Stats.ALPHA)).with("versions", versions(run)).text());
        question(doc, run, "jdk", TEXT.get("question.jdk"));
        question(doc, run, "gc", TEXT.get("question.gc"));
        question(doc, run, "thread_kind", TEXT.get("question.thread-kind"));
    }

    private static void question(Page doc, RunData run, String dim, String title) {
        doc.h3(title);
        List<Pair> pairs = new ArrayList<>();
        for (Measure m : MEASURES) {
            if (run.has(m.file)) {
                pairs.addAll(pairs(m, run.get(m.file).ok(), dim));
            }
        }
        if (pairs.isEmpty()) {
            doc.p(reasonNone(run, dim));
            return;
        }
        pairs = corrected(pairs);
        boolean gc = dim.equals("gc");
        List<String> head = new ArrayList<>(List.of("measure", "row", dim + " " + valueOf(pairs.get(0).base, dim), "vs", "ratio", "verdict"));
        if (gc) {
            head.addAll(List.of("bytes/event", "GC count", "GC time ms", "CPU/event ratio"));
        }
        MarkdownTable t = new MarkdownTable(head.toArray(String[]::new));
        for (Pair p : pairs) {
            List<String> cells = new ArrayList<>(List.of(p.m.name, without(p.base, dim), NumberText.withInterval(p.a(), p.m.unit),
                    valueOf(p.other, dim) + ": " + NumberText.withInterval(p.b(), p.m.unit), NumberText.ratio(NumberText.div(p.b().centre(), p.a().centre())),
                    p.words()));
            if (gc) {
                RuntimeLine base = p.m.line(p.base);
                RuntimeLine other = p.m.line(p.other);
                cells.add(NumberText.sig3(base.allocBytes()) + " → " + NumberText.sig3(other.allocBytes()));
                cells.add(NumberText.sig3(base.gcCount()) + " → " + NumberText.sig3(other.gcCount()));
                cells.add(NumberText.sig3(base.gcTimeMs()) + " → " + NumberText.sig3(other.gcTimeMs()));
                cells.add(NumberText.ratio(NumberText.div(other.cpuNs(), base.cpuNs())));
            }
            t.row(cells);
        }
        doc.table(t);
        if (pairs.stream().anyMatch(p -> !(p.base.forks() >= 2) || !(p.other.forks() >= 2))) {
            doc.p(TEXT.get("one-fork"));
        }
        doc.p(switch (dim) {
            case "jdk" -> ranking(run);
            case "gc" -> allocation(pairs);
            default -> threads(pairs);
        });
    }

    /** Every row's twin on the dimension's first value, for rows that have one. */
    private static List<Pair> pairs(Measure m, List<TextLine> rows, String dim) {
        List<String> values = RunData.distinct(rows, dim);
        if (values.size() < 2) {
            return List.of();
        }
        List<String> rest = m.identity().stream().filter(c -> !c.equals(dim)).toList();
        Map<String, TextLine> base = new LinkedHashMap<>();
        rows.stream().filter(r -> r.get(dim).equals(values.get(0))).forEach(r -> base.putIfAbsent(r.key(rest), r));
        List<Pair> out = new ArrayList<>();
        for (TextLine r : rows) {
            TextLine b = base.get(r.key(rest));
            if (b != null && !r.get(dim).equals(values.get(0)) && !Double.isNaN(m.interval.apply(r).centre()) && !Double.isNaN(m.interval.apply(b).centre())) {
                out.add(new Pair(m, b, r));
            }
        }
        return out;
    }

    /**
     * Q1: within each set of rows that differ only in transport (same JDK and everything else), does some pair of
     * transports swap order between JDKs with both orders significant?
     */
    private static String ranking(RunData run) {
        List<String> swaps = new ArrayList<>();
        int contexts = 0;
        for (Measure m : MEASURES) {
            if (!run.has(m.file)) {
                continue;
            }
            List<TextLine> rows = run.get(m.file).ok();
            List<String> jdks = RunData.distinct(rows, "jdk");
            List<String> ctx = m.identity().stream().filter(c -> !c.equals("jdk") && !c.equals("transport")).toList();
            Map<String, List<TextLine>> byContext = new LinkedHashMap<>();
            rows.forEach(r -> byContext.computeIfAbsent(r.key(ctx), k -> new ArrayList<>()).add(r));
            for (List<TextLine> set : byContext.values()) {
                contexts++;
                for (TextLine x : set) {
                    for (TextLine y : set) {
                        if (m.line(x).jdk().equals(jdks.get(0)) && m.line(y).jdk().equals(m.line(x).jdk()) && !x.transport().equals(y.transport())
                                && better(m, x, y)) {
                            for (String other : jdks.subList(1, jdks.size())) {
                                TextLine x2 = twin(m, set, x, other);
                                TextLine y2 = twin(m, set, y, other);
                                if (x2 != null && y2 != null && better(m, y2, x2)) {
                                    swaps.add(TEXT.fill("ranking.swap").with("measure", m.name).with("x", x.label()).with("y", y.label())
                                            .with("jdk", other).with("y2", y2.label()).with("x2", x2.label()).text());
                                }
                            }
                        }
                    }
                }
            }
        }
        if (swaps.isEmpty()) {
            return TEXT.fill("ranking.unchanged").with("contexts", contexts).with("alpha", Stats.formatP(Stats.ALPHA)).text();
        }
        return TEXT.fill("ranking.changes").with("swaps", swaps.size()).with("plural", swaps.size() == 1 ? "" : "s")
                .with("alpha", Stats.formatP(Stats.ALPHA)).with("list", String.join("; ", swaps)).text();
    }

    private static boolean better(Measure m, TextLine x, TextLine y) {
        Comparison c = TestedClaims.compare(x, y, m.perFork());
        return c != null && c.differs(Stats.ALPHA) && (c.ratio() > 1) == m.higherIsBetter;
    }

    private static TextLine twin(Measure m, List<TextLine> set, TextLine r, String jdk) {
        return set.stream().filter(o -> m.line(o).jdk().equals(jdk) && o.transport().equals(r.transport())
                && o.waitStrategy().equals(r.waitStrategy())).findFirst().orElse(null);
    }

    /** Q2: per-event allocation under each collector, and where the cost went: throughput, GC time or CPU. */
    private static String allocation(List<Pair> pairs) {
        List<String> out = new ArrayList<>();
        for (Pair p : pairs) {
            if (!p.m.file.equals(RunData.PIPELINE)) {
                continue;
            }
            RuntimeLine base = p.m.line(p.base);
            RuntimeLine other = p.m.line(p.other);
            double bytes = other.allocBytes();
            String v = p.test() == null ? TEXT.get("allocation.untested") : p.verdict() == 0 ? TEXT.get("allocation.alike")
                    : p.verdict() > 0 ? TEXT.get("allocation.faster") : TEXT.get("allocation.slower");
            out.add(TEXT.fill("allocation.row").with("row", without(p.other, "gc")).with("gc", valueOf(p.other, "gc"))
                    .with("bytes", NumberText.sig3(bytes)).with("verdict", v).with("base", valueOf(p.base, "gc"))
                    .with("cpu", NumberText.ratio(NumberText.div(other.cpuNs(), base.cpuNs()))).text());
        }
        if (out.isEmpty()) {
            return TEXT.get("allocation.none");
        }
        return TEXT.fill("allocation").with("rows", String.join("; ", out)).text();
    }

    /** Q3: virtual against platform threads, for the blocking rows that ran on both. */
    private static String threads(List<Pair> pairs) {
        long better = pairs.stream().filter(p -> p.verdict() > 0).count();
        long worse = pairs.stream().filter(p -> p.verdict() < 0).count();
        long same = pairs.size() - better - worse;
        return TEXT.fill("threads").with("kind", valueOf(pairs.get(0).base, "thread_kind")).with("alpha", Stats.formatP(Stats.ALPHA))
                .with("better", better).with("worse", worse).with("same", same)
                .with("end", better > 0 && worse == 0 ? " " + TEXT.get("threads.yes") : worse > 0 && better == 0 ? " " + TEXT.get("threads.no")
                        : TEXT.get("threads.open")).text();
    }

    private static String reasonNone(RunData run, String dim) {
        for (Measure m : MEASURES) {
            if (run.has(m.file) && RunData.distinct(run.get(m.file).ok(), dim).size() > 1) {
                return TEXT.fill("none.twin").with("dim", dim).text();
            }
        }
        return switch (dim) {
            case "jdk" -> TEXT.get("none.jdk");
            case "gc" -> TEXT.get("none.gc");
            default -> TEXT.get("none.thread-kind");
        };
    }

    private static boolean swept(List<TextLine> rows, String... dims) {
        for (String d : dims) {
            if (rows.stream().anyMatch(r -> r.has(d))) {
                return true;
            }
        }
        return false;
    }

    private static String valueOf(TextLine r, String dim) {
        return r.get(dim).isEmpty() ? "default" : r.get(dim);
    }

    /** The row's name without the compared dimension. */
    private static String without(TextLine r, String dim) {
        List<String> parts = new ArrayList<>(List.of(r.transport() + "/" + r.waitStrategy()));
        if (!r.burst().isEmpty()) {
            parts.add("B=" + r.burst());
        }
        if (!r.producerModel().isEmpty()) {
            parts.add(r.producerModel());
        }
        if (!r.workers().isEmpty() && !r.workers().equals("1")) {
            parts.add("workers " + r.workers());
        }
        for (String c : List.of("jdk", "gc", "thread_kind")) {
            if (!c.equals(dim) && r.has(c)) {
                parts.add((c.equals("jdk") ? "jdk" : "") + r.get(c));
            }
        }
        return String.join(" ", parts);
    }

    private static String versions(RunData run) {
        List<Version> v = new ArrayList<>();
        for (Measure m : MEASURES) {
            if (run.has(m.file)) {
                for (RuntimeLine r : m.lines.of(run.get(m.file).ok())) {
                    if (!r.javaRuntimeVersion().isEmpty()) {
                        Version.addFirst(v, !r.jdk().isEmpty() ? "JDK " + r.jdk() : "JDK", r.javaRuntimeVersion());
                    }
                    if (!r.gcMode().isEmpty() && r.gc().equals("zgc")) {
                        Version.addFirst(v, "zgc on JDK " + r.jdk(), r.gcMode());
                    }
                }
            }
        }
        return v.isEmpty() ? TEXT.get("versions.none") : String.join(", ", v.stream().map(x -> x.of() + " " + x.version()).toList());
    }

    /** One runtime the rows name ({@code JDK 21}, {@code zgc on JDK 21}) and its version as the first row recorded it. */
    private record Version(String of, String version) {
        static void addFirst(List<Version> vs, String of, String version) {
            if (vs.stream().noneMatch(x -> x.of().equals(of))) {
                vs.add(new Version(of, version));
            }
        }
    }
}
