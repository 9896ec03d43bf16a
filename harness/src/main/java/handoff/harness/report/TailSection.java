package handoff.harness.report;

import handoff.harness.page.JitterLine;
import handoff.harness.page.JitterTail;
import handoff.harness.page.MarkdownTable;
import handoff.harness.page.NumberText;
import handoff.harness.page.Page;
import handoff.harness.page.Prose;
import handoff.harness.page.RunData;
import handoff.harness.results.Cells;
import handoff.harness.results.SpikeCause;
import handoff.harness.stats.Stats;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The text of the tail section, from {@code jitter.csv} and {@code spikes.csv}: the floor of this box (the jitter
 * thread's wake-ups beside every latency trial), each RTT and latency configuration's p99 beside the jitter p99 of its
 * own trials, the share of spikes each measured cause explains (with {@link SpikeCause#RULE} beside the table), the
 * unexplained spikes, and the appendix's per-spike list. Writes nothing for a run without interval logs.
 */
final class TailSection {
    static final String JITTER = "jitter.csv";
    static final String SPIKES = "spikes.csv";
    static final String APPENDIX = "appendix-spikes.md";
    private static final int UNEXPLAINED_SHOWN = 10;
    private static final Prose TEXT = Prose.of("tail");

    private TailSection() {
    }

    static void write(Page doc) {
        RunData run = doc.run;
        List<JitterLine> trials = run.has(JITTER) ? JitterLine.LINES.of(run.get(JITTER).rows) : List.of();
        MarkdownTable perRow = floor(doc, trials);
        List<SpikeLine> spikes = run.has(SPIKES) ? SpikeLine.of(run.get(SPIKES).rows) : List.of();
        if (run.has(SPIKES)) {
            causes(doc, spikes, trials);
            unexplained(doc, spikes);
        }
        if (run.has(SPIKES) || perRow != null) {
            appendix(doc, spikes, perRow, JitterTail.name(where(trials, r -> r.jitterSamples() > 0)));
        }
    }

    /** The floor in words, and each configuration's p99 beside its trials' jitter p99 (the table, for the appendix). */
    private static MarkdownTable floor(Page doc, List<JitterLine> trials) {
        List<JitterLine> measured = where(trials, r -> r.jitterSamples() > 0);
        if (measured.isEmpty()) {
            doc.p(TEXT.get("floor.unmeasured"));
            return null;
        }
        double[] p50 = measured.stream().mapToDouble(JitterLine::jitterP50Ns).toArray();
        double[] p99 = measured.stream().mapToDouble(JitterTail::value).toArray();
        String jt = JitterTail.name(measured); // "max" where trials had too few wake-ups for a p99 (issue 40)
        double[] samples = measured.stream().mapToDouble(JitterLine::jitterSamples).toArray();
        double max = measured.stream().mapToDouble(JitterLine::jitterMaxNs).max().orElse(Double.NaN);
        List<String> periods = distinct(measured.stream().map(JitterLine::jitterPeriodUs)).stream().filter(v -> !v.isEmpty())
                .map(v -> NumberText.time(Double.parseDouble(v) * 1e3)).toList();
        doc.p(TEXT.fill("floor").with("trials", measured.size())
                .with("apart", periods.isEmpty() ? TEXT.get("floor.apart-unknown")
                        : TEXT.fill("floor.apart").with("periods", String.join(" or ", periods)).text())
                .with("fewest", NumberText.count(min(samples))).with("most", NumberText.count(max(samples)))
                .with("few", jt.equals("p99") ? "" : TEXT.fill("floor.few").with("least", JitterTail.MIN_P99_SAMPLES).text())
                .with("p50", NumberText.time(Stats.median(p50))).with("jt", jt).with("p99", NumberText.time(Stats.median(p99)))
                .with("lowest", NumberText.time(min(p99))).with("highest", NumberText.time(max(p99))).with("worst", NumberText.time(max)).text());
        Map<String, List<JitterLine>> byConfig = new LinkedHashMap<>();
        for (JitterLine r : measured) {
            byConfig.computeIfAbsent(r.trialKey().replaceFirst("_f\\d+$", ""), k -> new ArrayList<>()).add(r); // the runtime too
        }
        MarkdownTable t = new MarkdownTable("suite", "configuration", "forks", "p99 (median of forks)", "jitter " + jt + " (same trials, median)", "p99 ÷ jitter " + jt,
                "spikes", "with a cause");
        Map<String, List<Double>> ratios = new LinkedHashMap<>();
        Map<String, List<double[]>> p99s = new LinkedHashMap<>(); // per suite: each configuration's p99 and jitter p99
        byConfig.values().forEach(forks -> {
            JitterLine first = forks.get(0);
            double rowP99 = Stats.median(forks.stream().mapToDouble(JitterLine::p99Ns).toArray());
            double jitterP99 = Stats.median(forks.stream().mapToDouble(JitterTail::value).toArray());
            long spikes = forks.stream().mapToLong(r -> (long) r.spikes()).sum();
            long explained = forks.stream().mapToLong(r -> (long) r.spikesExplained()).sum();
            t.row(first.suite(), label(first), Integer.toString(forks.size()), NumberText.time(rowP99), NumberText.time(jitterP99),
                    NumberText.ratio(NumberText.div(rowP99, jitterP99)), Long.toString(spikes), Long.toString(explained));
            ratios.computeIfAbsent(first.suite(), k -> new ArrayList<>()).add(NumberText.div(rowP99, jitterP99));
            p99s.computeIfAbsent(first.suite(), k -> new ArrayList<>()).add(new double[] {rowP99, jitterP99});
        });
        List<String> bySuite = new ArrayList<>();
        ratios.forEach((suite, rs) -> {
            double[] xs = rs.stream().mapToDouble(Double::doubleValue).filter(d -> !Double.isNaN(d)).toArray();
            long nearFloor = rs.stream().filter(d -> d >= 0.5).count();
            List<double[]> ps = p99s.get(suite);
            bySuite.add(TEXT.fill("floor.suite").with("suite", suite).with("configurations", rs.size())
                    .with("p99", NumberText.time(Stats.median(ps.stream().mapToDouble(p -> p[0]).filter(d -> !Double.isNaN(d)).toArray())))
                    .with("jt", jt)
                    .with("jitter", NumberText.time(Stats.median(ps.stream().mapToDouble(p -> p[1]).filter(d -> !Double.isNaN(d)).toArray())))
                    .with("ratio", NumberText.ratio(Stats.median(xs))).with("nearFloor", nearFloor).text());
        });
        doc.p(TEXT.fill("floor.by-suite").with("jt", jt).with("suites", String.join("; ", bySuite))
                .with("appendix", doc.link(APPENDIX, TEXT.get("floor.by-suite.link"))).text());
        return t;
    }

    /** {@code abq/spin P=1 B=1} or {@code abq/park P=1 w=1 load 50 %}; the trial key says the rest (e.g. a runtime). */
    static String label(JitterLine r) {
        String s = r.transport() + "/" + r.waitStrategy() + (!r.producerModel().isEmpty() ? " " + r.producerModel() : "")
                + " P=" + r.producers();
        if (!r.burst().isEmpty()) {
            s += " B=" + r.burst();
        }
        if (!r.work().isEmpty()) {
            s += " w=" + r.work();
        }
        if (!r.loadPct().isEmpty()) {
            s += " load " + r.loadPct() + " %";
        }
        return s + (!r.messages().isEmpty() && !"pooled".equals(r.messages()) ? " " + r.messages() : "");
    }

    private static void causes(Page doc, List<SpikeLine> spikes, List<JitterLine> trials) {
        if (spikes.isEmpty()) {
            doc.p(TEXT.get("causes.none"));
            return;
        }
        MarkdownTable t = new MarkdownTable("cause", "spikes", "share", "median spike max");
        for (SpikeCause c : SpikeCause.values()) {
            List<SpikeLine> mine = where(spikes, r -> c.id().equals(r.cause()));
            if (!mine.isEmpty()) {
                t.row(c.id(), Integer.toString(mine.size()), NumberText.pct(100.0 * mine.size() / spikes.size()),
                        NumberText.time(Stats.median(mine.stream().mapToDouble(SpikeLine::maxNs).toArray())));
            }
        }
        List<SpikeLine> unlabelled = where(spikes, r -> r.cause().isEmpty());
        if (!unlabelled.isEmpty()) {
            t.row(TEXT.get("causes.unlabelled"), Integer.toString(unlabelled.size()),
                    NumberText.pct(100.0 * unlabelled.size() / spikes.size()), NumberText.time(Stats.median(unlabelled.stream()
                            .mapToDouble(SpikeLine::maxNs).toArray())));
        }
        long explained = spikes.stream().filter(r -> !r.cause().isEmpty() && !SpikeCause.UNEXPLAINED.id().equals(r.cause())).count();
        doc.p(TEXT.fill("causes").with("spikes", spikes.size()).with("bySuite", bySuite(spikes, trials)).with("explained", explained)
                .with("share", NumberText.pct(100.0 * explained / spikes.size())).with("rule", SpikeCause.RULE)
                .with("list", doc.link(APPENDIX, TEXT.get("causes.link"))).text());
        doc.table(t);
    }

    private static void unexplained(Page doc, List<SpikeLine> spikes) {
        List<SpikeLine> none = where(spikes, r -> SpikeCause.UNEXPLAINED.id().equals(r.cause()));
        if (none.isEmpty()) {
            return;
        }
        MarkdownTable t = new MarkdownTable("trial", "interval (s)", "max", "× trial p99", "GC max", "safepoint max", "run delay (role)", "jitter stall");
        none.stream().sorted(Comparator.comparingDouble((SpikeLine r) -> -r.maxNs())).limit(UNEXPLAINED_SHOWN)
                .forEach(r -> t.row(trial(doc.run.dir, r, f -> doc.link(f, TEXT.get("profile.link"))), r.tStartS() + "–" + r.tEndS(), NumberText.time(r.maxNs()),
                        r.maxOverTrialP99(), ms(r.gcPauseMaxMs()), ms(r.safepointMaxMs()), runDelay(r), ms(r.jitterStallMs())));
        doc.p(TEXT.fill("unexplained").with("which", none.size() > UNEXPLAINED_SHOWN
                ? TEXT.fill("unexplained.largest").with("shown", UNEXPLAINED_SHOWN).with("all", none.size()).text()
                : TEXT.get("unexplained.all")).text());
        doc.table(t);
    }

    /**
     * Where the spikes are, per suite, against the intervals its trials had: e.g. {@code rtt: 777 of 780 intervals of
     * 195 trials; latency: 0 of 200 intervals of 40 trials} (issue 40: they were called "of every latency trial").
     */
    static String bySuite(List<SpikeLine> spikes, List<JitterLine> trials) {
        List<String> suites = new ArrayList<>(distinct(trials.stream().map(JitterLine::suite)));
        distinct(spikes.stream().map(SpikeLine::suite)).stream().filter(x -> !suites.contains(x)).forEach(suites::add);
        List<String> out = new ArrayList<>();
        for (String suite : suites) {
            List<JitterLine> mine = where(trials, r -> r.suite().equals(suite));
            long n = where(spikes, r -> r.suite().equals(suite)).size();
            double intervals = mine.stream().mapToDouble(JitterLine::intervals).filter(d -> !Double.isNaN(d)).sum();
            out.add(mine.isEmpty() ? TEXT.fill("spikes.suite-untimed").with("suite", suite).with("spikes", n).text()
                    : TEXT.fill("spikes.suite").with("suite", suite).with("spikes", n).with("intervals", NumberText.count(intervals))
                            .with("trials", mine.size()).text());
        }
        return String.join("; ", out);
    }

    private static void appendix(Page doc, List<SpikeLine> spikes, MarkdownTable perRow, String jt) {
        MarkdownTable t = new MarkdownTable("trial", "interval (s)", "max", "trial p99", "× p99", "cause", "GC pauses", "safepoints",
                "run delay (role)", "invol. switches", "migrations", "jitter stall");
        spikes.stream().sorted(Comparator.comparingDouble((SpikeLine r) -> -r.maxOverTrialP99Value())).limit(500)
                .forEach(r -> t.row(trial(doc.run.dir, r, f -> "[" + TEXT.get("profile.link") + "](" + f + ")"), r.tStartS() + "–" + r.tEndS(), NumberText.time(r.maxNs()),
                        NumberText.time(r.trialP99Ns()), r.maxOverTrialP99(), orNone(r.cause()),
                        r.gcDetail().isEmpty() ? orNone(r.gcPauses()) : r.gcDetail(),
                        r.safepointDetail().isEmpty() ? orNone(r.safepoints()) : r.safepointDetail(),
                        runDelay(r), orNone(r.involuntary()), orNone(r.migrations()), ms(r.jitterStallMs())));
        doc.appendixFile(APPENDIX, TEXT.get("appendix.title") + "\n\n"
                + (perRow == null ? "" : TEXT.fill("appendix.floor").with("jt", jt).text() + "\n\n" + perRow + "\n")
                + TEXT.fill("appendix.spikes").with("rule", SpikeCause.RULE).text() + "\n\n" + t);
    }

    /**
     * A spike's trial, with a link to the profile of its measured window where {@code --profiler} wrote one
     * ({@code profiles/<trial-key>/}: a flame graph or a JFR recording); {@code link} makes a link from a run-folder path.
     */
    private static String trial(Path runDir, SpikeLine r, Function<String, String> link) {
        String key = r.trialKey();
        for (String f : List.of("flamegraph.html", "recording.jfr")) {
            if (Files.isRegularFile(runDir.resolve("profiles").resolve(key).resolve(f))) {
                return key + " (" + link.apply("profiles/" + key + "/" + f) + ")";
            }
        }
        return key;
    }

    /** A measured duration in ms as a time; "0" where measured and nothing was there; "—" where not measured. */
    private static String ms(String cell) {
        double v = Cells.parse(cell);
        return cell.isEmpty() ? NumberText.NONE : v == 0 ? "0" : NumberText.time(v * 1e6);
    }

    /** The spike's run delay, with the role it was measured on where the line names one. */
    private static String runDelay(SpikeLine r) {
        return ms(r.runDelayMs()) + (!r.runDelayRole().isEmpty() ? " (" + r.runDelayRole() + ")" : "");
    }

    private static <L> List<L> where(List<L> lines, Predicate<L> p) {
        return lines.stream().filter(p).toList();
    }

    /** Each value once, in {@link RunData#distinct}'s order (numbers by value, else text). */
    private static List<String> distinct(Stream<String> values) {
        List<String> out = new ArrayList<>(values.collect(Collectors.toCollection(LinkedHashSet::new)));
        out.sort(RunData.numericOrText());
        return out;
    }

    private static String orNone(String s) {
        return s.isEmpty() ? NumberText.NONE : s;
    }

    private static double min(double[] xs) {
        double m = Double.NaN;
        for (double x : xs) {
            m = Double.isNaN(m) || x < m ? x : m;
        }
        return m;
    }

    private static double max(double[] xs) {
        double m = Double.NaN;
        for (double x : xs) {
            m = Double.isNaN(m) || x > m ? x : m;
        }
        return m;
    }
}
