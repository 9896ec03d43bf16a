package handoff.harness.report;

import handoff.harness.results.SpikeCause;
import handoff.harness.stats.Stats;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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

    private TailSection() {
    }

    static void write(Doc doc) {
        RunData run = doc.run;
        Md perRow = floor(doc, run.has(JITTER) ? run.get(JITTER).rows : List.of());
        List<Row> spikes = run.has(SPIKES) ? run.get(SPIKES).rows : List.of();
        List<Row> trials = run.has(JITTER) ? run.get(JITTER).rows : List.of();
        if (run.has(SPIKES)) {
            causes(doc, spikes, trials);
            unexplained(doc, spikes);
        }
        if (run.has(SPIKES) || perRow != null) {
            appendix(doc, spikes, perRow, JitterTail.name(RunData.where(trials, r -> r.num("jitter_samples") > 0)));
        }
    }

    /** The floor in words, and each configuration's p99 beside its trials' jitter p99 (the table, for the appendix). */
    private static Md floor(Doc doc, List<Row> trials) {
        List<Row> measured = RunData.where(trials, r -> r.num("jitter_samples") > 0);
        if (measured.isEmpty()) {
            doc.p("No trial of this run recorded a jitter baseline (a run from before it, or one run with "
                    + "`-Dhandoff.tails=off`): the floor of this box is not measured here.");
            return null;
        }
        double[] p50 = measured.stream().mapToDouble(r -> r.num("jitter_p50_ns")).toArray();
        double[] p99 = measured.stream().mapToDouble(JitterTail::value).toArray();
        String jt = JitterTail.name(measured); // "max" where trials had too few wake-ups for a p99 (issue 40)
        double[] samples = measured.stream().mapToDouble(r -> r.num("jitter_samples")).toArray();
        double max = measured.stream().mapToDouble(r -> r.num("jitter_max_ns")).max().orElse(Double.NaN);
        List<String> periods = RunData.distinct(measured, "jitter_period_us").stream().filter(v -> !v.isEmpty())
                .map(v -> Fmt.time(Double.parseDouble(v) * 1e3)).toList();
        doc.p("**The floor of this box.** Beside every RTT and latency trial (" + measured.size() + " trials) a thread of the "
                + "trial's JVM did nothing but sleep to deadlines " + (periods.isEmpty() ? "" : String.join(" or ", periods) + " ")
                + "apart and record how late it woke, through the same "
                + "measured window (" + Fmt.count(min(samples)) + "–" + Fmt.count(max(samples)) + " wake-ups per trial"
                + (jt.equals("p99") ? "" : "; under " + JitterTail.MIN_P99_SAMPLES + " a p99 is the maximum, so a trial's tail figure here is its maximum")
                + "). Its wake-ups were late by a median p50 of " + Fmt.time(Stats.median(p50)) + " and a median "
                + "jitter " + jt + " of " + Fmt.time(Stats.median(p99)) + " (per trial, from " + Fmt.time(min(p99)) + " to "
                + Fmt.time(max(p99)) + "), and at worst " + Fmt.time(max) + ". Its p50 is its own floor (the kernel's timer "
                + "slack and wake-up path); what lies above it is what the box did to every thread alike. A transport whose "
                + "p99 sits near the jitter " + jt + " of its own trials is at the floor of this box, not above it.");
        Map<String, List<Row>> byConfig = new LinkedHashMap<>();
        for (Row r : measured) {
            byConfig.computeIfAbsent(r.get("trial_key").replaceFirst("_f\\d+$", ""), k -> new ArrayList<>()).add(r); // the runtime too
        }
        Md t = new Md("suite", "configuration", "forks", "p99 (median of forks)", "jitter " + jt + " (same trials, median)", "p99 ÷ jitter " + jt,
                "spikes", "with a cause");
        Map<String, List<Double>> ratios = new LinkedHashMap<>();
        Map<String, List<double[]>> p99s = new LinkedHashMap<>(); // per suite: each configuration's p99 and jitter p99
        byConfig.values().forEach(forks -> {
            Row first = forks.get(0);
            double rowP99 = Stats.median(forks.stream().mapToDouble(r -> r.num("p99_ns")).toArray());
            double jitterP99 = Stats.median(forks.stream().mapToDouble(JitterTail::value).toArray());
            long spikes = forks.stream().mapToLong(r -> (long) r.num("spikes")).sum();
            long explained = forks.stream().mapToLong(r -> (long) r.num("spikes_explained")).sum();
            t.row(first.get("suite"), label(first), Integer.toString(forks.size()), Fmt.time(rowP99), Fmt.time(jitterP99),
                    Fmt.ratio(Fmt.div(rowP99, jitterP99)), Long.toString(spikes), Long.toString(explained));
            ratios.computeIfAbsent(first.get("suite"), k -> new ArrayList<>()).add(Fmt.div(rowP99, jitterP99));
            p99s.computeIfAbsent(first.get("suite"), k -> new ArrayList<>()).add(new double[] {rowP99, jitterP99});
        });
        List<String> bySuite = new ArrayList<>();
        ratios.forEach((suite, rs) -> {
            double[] xs = rs.stream().mapToDouble(Double::doubleValue).filter(d -> !Double.isNaN(d)).toArray();
            long nearFloor = rs.stream().filter(d -> d >= 0.5).count();
            List<double[]> ps = p99s.get(suite);
            bySuite.add(suite + ": " + rs.size() + " configurations, median p99 "
                    + Fmt.time(Stats.median(ps.stream().mapToDouble(p -> p[0]).filter(d -> !Double.isNaN(d)).toArray()))
                    + " against a median jitter " + jt + " of "
                    + Fmt.time(Stats.median(ps.stream().mapToDouble(p -> p[1]).filter(d -> !Double.isNaN(d)).toArray()))
                    + " (p99 ÷ jitter " + jt + ", median over configurations: " + Fmt.ratio(Stats.median(xs)) + "), " + nearFloor
                    + " with a p99 of at least half the jitter " + jt);
        });
        doc.p("Each RTT and latency configuration's p99 beside the jitter " + jt + " of its own trials — " + String.join("; ", bySuite)
                + ". A p99 far below the jitter " + jt + " is a transport faster than the box's sleep-and-wake floor (the jitter thread "
                + "sleeps; the transports spin or park briefly); one near or above it shares the box's stalls. Every "
                + "configuration: " + doc.link(APPENDIX, "the spike appendix") + ".");
        return t;
    }

    /** {@code abq/spin P=1 B=1} or {@code abq/park P=1 w=1 load 50 %}; the trial key says the rest (e.g. a runtime). */
    static String label(Row r) {
        String s = r.get("transport") + "/" + r.get("wait") + (r.has("producer_model") ? " " + r.get("producer_model") : "")
                + " P=" + r.get("producers");
        if (r.has("burst")) {
            s += " B=" + r.get("burst");
        }
        if (r.has("work")) {
            s += " w=" + r.get("work");
        }
        if (r.has("load_pct")) {
            s += " load " + r.get("load_pct") + " %";
        }
        return s + (r.has("messages") && !"pooled".equals(r.get("messages")) ? " " + r.get("messages") : "");
    }

    private static void causes(Doc doc, List<Row> spikes, List<Row> trials) {
        if (spikes.isEmpty()) {
            doc.p("No measurement interval had a max above 10× its trial's p99.");
            return;
        }
        Md t = new Md("cause", "spikes", "share", "median spike max");
        for (SpikeCause c : SpikeCause.values()) {
            List<Row> mine = RunData.where(spikes, r -> c.id().equals(r.get("cause")));
            if (!mine.isEmpty()) {
                t.row(c.id(), Integer.toString(mine.size()), Fmt.pct(100.0 * mine.size() / spikes.size()),
                        Fmt.time(Stats.median(mine.stream().mapToDouble(r -> r.num("max_ns")).toArray())));
            }
        }
        List<Row> unlabelled = RunData.where(spikes, r -> !r.has("cause"));
        if (!unlabelled.isEmpty()) {
            t.row("not labelled (a run from before causes)", Integer.toString(unlabelled.size()),
                    Fmt.pct(100.0 * unlabelled.size() / spikes.size()), Fmt.time(Stats.median(unlabelled.stream()
                            .mapToDouble(r -> r.num("max_ns")).toArray())));
        }
        long explained = spikes.stream().filter(r -> r.has("cause") && !SpikeCause.UNEXPLAINED.id().equals(r.get("cause"))).count();
        doc.p(spikes.size() + " measurement intervals had a max above 10× their trial's p99 (a spike; " + bySuite(spikes, trials) + "); "
                + explained + " of them (" + Fmt.pct(100.0 * explained / spikes.size()) + ") carry a measured cause. The rule: "
                + SpikeCause.RULE + ". Run delay, switches and migrations are read from /proc and the safepoints from HotSpot's "
                + "`-Xlog:safepoint`: off Linux (or on another JVM) those cells are empty, never 0, and no spike is labelled by "
                + "them. Every spike with its evidence: " + doc.link(APPENDIX, "spike list") + ".");
        doc.table(t);
    }

    private static void unexplained(Doc doc, List<Row> spikes) {
        List<Row> none = RunData.where(spikes, r -> SpikeCause.UNEXPLAINED.id().equals(r.get("cause")));
        if (none.isEmpty()) {
            return;
        }
        Md t = new Md("trial", "interval (s)", "max", "× trial p99", "GC max", "safepoint max", "run delay (role)", "jitter stall");
        none.stream().sorted(Comparator.comparingDouble((Row r) -> -r.num("max_ns"))).limit(UNEXPLAINED_SHOWN)
                .forEach(r -> t.row(r.get("trial_key"), r.get("t_start_s") + "–" + r.get("t_end_s"), Fmt.time(r.num("max_ns")),
                        r.get("max_over_trial_p99"), ms(r, "gc_pause_max_ms"), ms(r, "safepoint_max_ms"),
                        ms(r, "run_delay_ms") + (r.has("run_delay_role") ? " (" + r.get("run_delay_role") + ")" : ""),
                        ms(r, "jitter_stall_ms")));
        doc.p("The unexplained spikes" + (none.size() > UNEXPLAINED_SHOWN ? " (the " + UNEXPLAINED_SHOWN + " largest of "
                + none.size() + ")" : "") + ", with the largest of each measured cause in their evidence window (— = not "
                + "measured for that trial, 0 = measured and none):");
        doc.table(t);
    }

    /**
     * Where the spikes are, per suite, against the intervals its trials had: e.g. {@code rtt: 777 of 780 intervals of
     * 195 trials; latency: 0 of 200 intervals of 40 trials} (issue 40: they were called "of every latency trial").
     */
    static String bySuite(List<Row> spikes, List<Row> trials) {
        List<String> suites = new ArrayList<>(RunData.distinct(trials, "suite"));
        RunData.distinct(spikes, "suite").stream().filter(x -> !suites.contains(x)).forEach(suites::add);
        List<String> out = new ArrayList<>();
        for (String suite : suites) {
            List<Row> mine = RunData.eq(trials, "suite", suite);
            long n = RunData.eq(spikes, "suite", suite).size();
            double intervals = mine.stream().mapToDouble(r -> r.num("intervals")).filter(d -> !Double.isNaN(d)).sum();
            out.add(suite + ": " + n + (mine.isEmpty() ? "" : " of " + Fmt.count(intervals) + " intervals of " + mine.size() + " trials"));
        }
        return String.join("; ", out);
    }

    private static void appendix(Doc doc, List<Row> spikes, Md perRow, String jt) {
        Md t = new Md("trial", "interval (s)", "max", "trial p99", "× p99", "cause", "GC pauses", "safepoints",
                "run delay (role)", "invol. switches", "migrations", "jitter stall");
        spikes.stream().sorted(Comparator.comparingDouble((Row r) -> -r.num("max_over_trial_p99"))).limit(500)
                .forEach(r -> t.row(r.get("trial_key"), r.get("t_start_s") + "–" + r.get("t_end_s"), Fmt.time(r.num("max_ns")),
                        Fmt.time(r.num("trial_p99_ns")), r.get("max_over_trial_p99"), r.has("cause") ? r.get("cause") : Fmt.NONE,
                        r.get("gc_detail").isEmpty() ? orNone(r.get("gc_pauses")) : r.get("gc_detail"),
                        r.get("safepoint_detail").isEmpty() ? orNone(r.get("safepoints")) : r.get("safepoint_detail"),
                        ms(r, "run_delay_ms") + (r.has("run_delay_role") ? " (" + r.get("run_delay_role") + ")" : ""),
                        orNone(r.get("involuntary")), orNone(r.get("migrations")), ms(r, "jitter_stall_ms")));
        doc.appendixFile(APPENDIX, "# Latency spikes and their causes\n\n"
                + (perRow == null ? "" : "## Each configuration's p99 beside the jitter " + jt + " of its own trials\n\n" + perRow + "\n")
                + "## The spikes\n\nIntervals whose max exceeds 10× the trial's p99 (worst "
                + "first, at most 500), with what was measured in each one's evidence window: GC pauses (GC log), safepoint "
                + "operations (safepoint log), the most delayed trial thread's run delay with its role, involuntary switches "
                + "and migrations (/proc), and the jitter thread's stall above its own floor. Rule: " + SpikeCause.RULE
                + ".\n\n" + t);
    }

    /** A measured duration in ms as a time; "0" where measured and nothing was there; "—" where not measured. */
    private static String ms(Row r, String col) {
        return !r.has(col) ? Fmt.NONE : r.num(col) == 0 ? "0" : Fmt.time(r.num(col) * 1e6);
    }

    private static String orNone(String s) {
        return s.isEmpty() ? Fmt.NONE : s;
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
