package handoff.harness.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Renders REPORT.md from one run folder. Every number comes from the run's CSVs (or its .hgrm files);
 * each figure section shows the table of the very rows its image was drawn from.
 */
final class ReportWriter {
    private final RunData run;
    private final Figures figures;
    private final Path out;
    private final Plotter.Result plots;
    private final StringBuilder b = new StringBuilder();
    private final Manifest m;

    ReportWriter(RunData run, Figures figures, Path out, Plotter.Result plots) {
        this.run = run;
        this.figures = figures;
        this.out = out;
        this.plots = plots;
        this.m = run.manifest;
    }

    String render() throws IOException {
        top();
        headline();
        environment();
        methodology();
        figuresSection();
        published();
        failures();
        reproduce();
        return b.toString();
    }

    // ---------------------------------------------------------------------------------------------------

    private void p(String s) {
        b.append(s).append("\n\n");
    }

    private void h(int level, String s) {
        b.append("#".repeat(level)).append(' ').append(s).append("\n\n");
    }

    private void top() {
        h(1, "handoff — inter-thread hand-off benchmark report, run " + run.runId);
        if (!m.complete()) {
            p("> **PARTIAL RUN.** The manifest status is `" + m.status() + "`, not `complete`: trials that had not "
                    + "finished are absent, so a missing row below means \"not run\", not \"not applicable\". "
                    + "Resume the run (`--resume`) and regenerate this report before citing it.");
        }
        if (m.problem() != null) {
            p("> **Manifest problem:** " + m.problem() + ". Environment facts below read \"unknown\".");
        }
        p("Generated " + Instant.now().truncatedTo(ChronoUnit.SECONDS) + " from `" + run.dir.toAbsolutePath().normalize().getFileName()
                + "/` (" + String.join(", ", presentFiles()) + "). Machine: " + m.machineLine() + "; JVM: " + m.jvmLine() + ".");
        p("Flags used in every table: **oversubscribed** = the trial ran more threads than the machine has CPUs (it measures "
                + "the scheduler as much as the transport); **unstable** = its forks disagree by more than 2×. In figures the "
                + "same rows carry `*` (oversubscribed) and `!` (unstable).");
    }

    private List<String> presentFiles() {
        List<String> out = new ArrayList<>();
        for (String f : RunData.FILES) {
            out.add(run.has(f) ? f : f + " (absent)");
        }
        return out;
    }

    // ---------------------------------------------------------------------------------------------------
    // 1. Headline

    private void headline() {
        h(2, "1. Headline");
        Md t = new Md("where", "ranked by", "winner", "value", "÷ abq", "÷ baseline", "flags");
        // RTT: lowest p99 per burst and producer count
        List<Row> rtt = RunData.where(run.rttTransports(), r -> !r.get("transport").equals("baseline"));
        for (String burst : RunData.distinct(rtt, "burst")) {
            for (String p : RunData.distinct(RunData.eq(rtt, "burst", burst), "producers")) {
                List<Row> g = RunData.eq(RunData.eq(rtt, "burst", burst), "producers", p);
                Row w = best(g, "p99_ns", false);
                if (w == null) {
                    continue;
                }
                Row abq = sameWait(RunData.eq(g, "transport", "abq"), w);
                Row base = sameWait(RunData.eq(RunData.eq(run.rttTransports(), "transport", "baseline"), "burst", burst), w);
                t.row("RTT, P=" + p + ", burst " + burst, "p99 (lowest)", w.get("transport") + "/" + w.get("wait"),
                        "p99 " + Fmt.ns(w.num("p99_ns")) + " (p50 " + Fmt.ns(w.num("p50_ns")) + ")",
                        ratioTo(w, abq, "p99_ns"), ratioTo(w, base, "p99_ns"), w.flags());
            }
        }
        List<Row> pipe = run.ok(RunData.PIPELINE);
        for (String p : RunData.distinct(pipe, "producers")) {
            for (String work : RunData.distinct(RunData.eq(pipe, "producers", p), "work")) {
                List<Row> pw = RunData.eq(RunData.eq(pipe, "producers", p), "work", work);
                boolean pools = RunData.distinct(pw, "workers").size() > 1;
                for (String k : RunData.distinct(pw, "workers")) {
                    List<Row> g = RunData.eq(pw, "workers", k);
                    Row w = best(g, "throughput_eps", true);
                    if (w == null) {
                        continue;
                    }
                    Row abq = sameWait(RunData.eq(g, "transport", "abq"), w);
                    t.row("pipeline throughput, P=" + p + ", work=" + work + (pools ? ", workers=" + k : ""), "events/s (highest)",
                            w.get("transport") + "/" + w.get("wait"), Fmt.epsErr(w.num("throughput_eps"), w.num("throughput_err")),
                            ratioTo(w, abq, "throughput_eps"), "n/a (baseline is RTT only)", w.flags());
                }
            }
        }
        List<Row> lat = run.ok(RunData.LATENCY);
        for (String p : RunData.distinct(lat, "producers")) {
            for (String work : RunData.distinct(RunData.eq(lat, "producers", p), "work")) {
                List<Row> pw = RunData.eq(RunData.eq(lat, "producers", p), "work", work);
                List<String> loads = Figures.loadLevels(pw);
                List<String> pick = loads.size() <= 1 ? loads : List.of(loads.get(0), loads.get(loads.size() - 1));
                for (String load : pick) {
                    List<Row> g = RunData.where(pw, r -> Figures.loadOf(r).equals(load));
                    Row w = best(g, "p99_ns", false);
                    if (w == null) {
                        continue;
                    }
                    Row abq = sameWait(RunData.eq(g, "transport", "abq"), w);
                    t.row("pipeline latency, P=" + p + ", work=" + work + ", " + Figures.loadText(load), "p99 (lowest)",
                            w.get("transport") + "/" + w.get("wait"), "p99 " + Fmt.ns(w.num("p99_ns")) + " (p50 " + Fmt.ns(w.num("p50_ns")) + ")",
                            ratioTo(w, abq, "p99_ns"), "n/a", w.flags());
                }
            }
        }
        List<Row> uni = run.ok(RunData.UNICAST);
        if (!uni.isEmpty()) {
            String n = RunData.distinct(uni, "items").get(RunData.distinct(uni, "items").size() - 1);
            List<Row> g = RunData.eq(uni, "items", n);
            Row w = best(g, "time_ms", false);
            if (w != null) {
                Row abq = sameWait(RunData.eq(g, "transport", "abq"), w);
                t.row("unicast 1P→1C, N=" + Fmt.count(RunData.parse(n)), "time (lowest)", w.get("transport") + "/" + w.get("wait"),
                        Fmt.msErr(w.num("time_ms"), w.num("time_err_ms")), ratioTo(w, abq, "time_ms"), "n/a", w.flags());
            }
        }
        List<Row> dis = run.ok(RunData.DISRUPTOR);
        for (String bench : RunData.distinct(dis, "benchmark")) {
            for (String wait : RunData.distinct(RunData.eq(dis, "benchmark", bench), "wait")) {
                List<Row> g = RunData.eq(RunData.eq(dis, "benchmark", bench), "wait", wait);
                Row ours = first(RunData.eq(g, "impl", "disruptor"));
                Row lmax = first(RunData.eq(g, "impl", "lmax"));
                if (ours == null || lmax == null) {
                    continue;
                }
                boolean higherBetter = higherIsBetter(ours.get("unit"));
                Row w = (ours.num("score") >= lmax.num("score")) == higherBetter ? ours : lmax;
                t.row("disruptor.csv " + bench + ", " + wait, ours.get("unit") + (higherBetter ? " (highest)" : " (lowest)"),
                        w.get("impl"), "disruptor ÷ lmax = " + Fmt.ratio(Fmt.div(ours.num("score"), lmax.num("score"))) + " ("
                                + significance(ours, lmax) + ")", "n/a", "n/a", "");
            }
        }
        if (t.isEmpty()) {
            p("No ok rows in any CSV of this run: nothing to rank.");
            return;
        }
        p("Who wins where, among the ok rows of this run. Ratios are winner ÷ the `abq` row of the same configuration "
                + "(same wait strategy where it exists, else the one named) and ÷ the wait-free `baseline` (P=1, same burst). "
                + "Latency ratios below 1 and throughput ratios above 1 favour the winner. Flagged rows compete too: read the flags.");
        b.append(t).append('\n');
    }

    private static Row first(List<Row> rows) {
        return rows.isEmpty() ? null : rows.get(0);
    }

    static boolean higherIsBetter(String unit) {
        return unit.endsWith("/s") || unit.startsWith("ops/");
    }

    private static Row best(List<Row> rows, String col, boolean highest) {
        Row best = null;
        for (Row r : RunData.sorted(rows, "wait")) {
            double v = r.num(col);
            if (Double.isNaN(v)) {
                continue;
            }
            if (best == null || (highest ? v > best.num(col) : v < best.num(col))) {
                best = r;
            }
        }
        return best;
    }

    /** The candidate with the winner's wait strategy, else the first in wait order. */
    private static Row sameWait(List<Row> candidates, Row w) {
        if (candidates.isEmpty()) {
            return null;
        }
        for (Row c : candidates) {
            if (c.get("wait").equals(w.get("wait"))) {
                return c;
            }
        }
        return RunData.sorted(candidates, "wait").get(0);
    }

    private static String ratioTo(Row w, Row ref, String col) {
        if (ref == null) {
            return "— (no row)";
        }
        String r = Fmt.ratio(Fmt.div(w.num(col), ref.num(col)));
        String suffix = ref.get("wait").equals(w.get("wait")) ? "" : " (vs " + ref.get("transport") + "/" + ref.get("wait") + ")";
        String flags = ref.oversubscribed() || ref.unstable() ? " (the " + ref.get("transport") + " row is " + ref.flags() + ")" : "";
        return r + suffix + flags;
    }

    // ---------------------------------------------------------------------------------------------------
    // 2. Environment

    static final List<String> MACHINE_KEYS = List.of("cpu_model", "cores", "smt", "numa_nodes", "governor", "thp", "isolcpus",
            "nohz_full", "virtualised", "hostname", "os");

    private void environment() {
        h(2, "2. Environment");
        Md t = new Md("fact", "value");
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
        b.append(t).append('\n');
        List<String> flags = m.strings("jvm.flags");
        p("JVM flags" + (flags.isEmpty() ? ": unknown (not in the manifest)." : ":"));
        if (!flags.isEmpty()) {
            b.append("```\n").append(String.join(" ", flags)).append("\n```\n\n");
        }
        // per-trial pinning, as recorded in the rows
        Map<String, Integer> pin = new TreeMap<>();
        for (String f : List.of(RunData.RTT, RunData.LATENCY)) {
            for (Row r : run.get(f) == null ? List.<Row>of() : run.get(f).rows) {
                if (r.has("pinning")) {
                    pin.merge(f + ": " + r.get("pinning"), 1, Integer::sum);
                }
            }
        }
        if (!pin.isEmpty()) {
            StringBuilder s = new StringBuilder("Pinning recorded per trial: ");
            List<String> parts = new ArrayList<>();
            pin.forEach((k, v) -> parts.add(k + " ×" + v));
            p(s.append(String.join("; ", parts)).append('.').toString());
        }
        List<String> warnings = m.strings("warnings");
        p("Preflight warnings" + (warnings.isEmpty() ? (m.has("warnings") ? ": none." : ": not recorded in the manifest.") : " (" + warnings.size() + "):"));
        for (String w : warnings) {
            b.append("- ").append(w).append('\n');
        }
        if (!warnings.isEmpty()) {
            b.append('\n');
        }
        // threads > CPUs
        List<String> over = new ArrayList<>();
        int total = 0;
        for (String f : RunData.FILES) {
            Csv c = run.get(f);
            if (c == null) {
                continue;
            }
            List<Row> os = RunData.where(c.rows, Row::oversubscribed);
            total += os.size();
            if (!os.isEmpty()) {
                Map<String, List<Row>> byLoad = new TreeMap<>();
                for (Row r : os) {
                    byLoad.computeIfAbsent(threads(r).isEmpty() ? "threads/CPUs not recorded" : threads(r), k -> new ArrayList<>()).add(r);
                }
                List<String> parts = new ArrayList<>();
                // Name the configurations only while they are few; a whole oversubscribed suite is just counted.
                byLoad.forEach((k, rows) -> {
                    List<String> configs = rows.stream().map(r -> brief(f, r)).distinct().toList();
                    parts.add(k + " (" + rows.size() + (rows.size() == 1 ? " row" : " rows")
                            + (configs.size() <= MAX_LISTED ? ": " + String.join(", ", configs) : "") + ")");
                });
                over.add("`" + f + "`: " + os.size() + " of " + c.rows.size() + " rows — " + String.join("; ", parts));
            }
        }
        if (total == 0) {
            p("Threads > CPUs: no row of this run is oversubscribed.");
        } else {
            p("Threads > CPUs: " + total + " rows ran more threads than CPUs (marked **oversubscribed** wherever they appear):");
            for (String o : over) {
                b.append("- ").append(o).append('\n');
            }
            b.append('\n');
        }
    }

    /** How many oversubscribed configurations of one thread count §2 names before it only counts them. */
    static final int MAX_LISTED = 6;

    private static String threads(Row r) {
        return r.has("threads") && r.has("cpus") ? r.get("threads") + " threads on " + r.get("cpus") + " CPUs" : "";
    }

    // ---------------------------------------------------------------------------------------------------
    // 3. Methodology (static, but must stay true to DESIGN.md §3-4)

    private void methodology() {
        h(2, "3. Methodology");
        List<String> forks = new java.util.ArrayList<>(run.has(RunData.RTT) ? RunData.distinct(run.ok(RunData.RTT), "forks") : List.of());
        forks.remove("");
        p("Profile `" + m.str("profile") + "`" + (forks.isEmpty() ? "" : "; RTT forks per configuration: " + String.join(", ", forks)) + ".");
        b.append("- **A fresh JVM per configuration** (transport × producers × burst × wait): one call site seeing several transports "
                + "would turn megamorphic and penalise whichever ran last. Fixed heap (`-Xms` = `-Xmx`), `-XX:+AlwaysPreTouch`, "
                + "and a warm-up before anything is measured; the exact flags are in §2.\n");
        b.append("- **RTT (closed loop)**, after the harness behind Thompson's 2015 queue tables: P producers each send a burst of B "
                + "messages into the send path under test; only the burst's last message carries the producer id; one consumer echoes "
                + "it through a per-producer SPSC response queue that is identical for every transport, so only the send path differs. "
                + "One sample = first send → reply. A producer waits for its reply before the next burst, so a stall delays the "
                + "samples behind it instead of being recorded by them (coordinated omission): RTT percentiles understate what an "
                + "open-loop sender would see. The cost of the two `System.nanoTime()` calls that bracket each sample is measured "
                + "separately (row `nanotime`).\n");
        b.append("- **Pipeline throughput (saturation)** is JMH: one op pushes a batch of events through parse → enrich → aggregate "
                + "and waits for the aggregate stage to drain it; reported with JMH's error and the min/max over forks. Allocation "
                + "comes from `-prof gc`; JMH 1.37's `gc.alloc.rate.norm` is JVM-wide, so it is divided per event. One worker per "
                + "stage unless a `workers` shape says otherwise (`A:B:C` = parse:enrich:aggregate workers): pools share a hop where "
                + "the transport has several consumers (`abq`, `lbq`, `clq` poll one queue; `disruptor`, `lmax` stripe the ring by "
                + "sequence) and are `n/a` where it has one (`mtoca`, `jctools`, `flow`).\n");
        b.append("- **Pipeline latency (open loop)**: producers send on a schedule at a fixed offered rate; every event carries its "
                + "*intended* send time and the aggregate stage records now − intended. Delays therefore count against every event "
                + "they hold up: free of coordinated omission by construction. Rates are swept as fractions of the measured "
                + "saturation throughput, giving the latency-vs-load curves.\n");
        b.append("- **Per-hop breakdown**: a timestamp at each stage gives one histogram per hop (publish→parse, parse→enrich, "
                + "enrich→aggregate).\n");
        b.append("- **Queues allocate, rings do not.** Queue-based pipelines (`abq`, `lbq`, `clq`, `mtoca`, `jctools`, `flow`) allocate "
                + "an event per message, as a user of a queue would; ring-based ones (`disruptor`, `lmax`) reuse pre-allocated slots. "
                + "The allocation and GC figures show this difference instead of hiding it.\n");
        b.append("- **Every trial verifies** its output: events aggregated = published, and an order-independent checksum matches. "
                + "A mismatch fails the trial (§6).\n");
        b.append("- **Wait strategy** is a swept dimension: `spin`, `yield`, `park`, `block` (lock + condition), and Flow's own "
                + "`native`. Threads that spin or yield burn a CPU each, which is why threads > CPUs is flagged.\n");
        b.append("- **Robust figures first**: on a shared or virtualised machine rare multi-millisecond deschedules dominate the mean, "
                + "so p50 and p99 stand beside every mean, the median over forks beside its min/max, never a best-of-N; a row whose "
                + "forks disagree by more than 2× is flagged **unstable**.\n\n");
    }

    // ---------------------------------------------------------------------------------------------------
    // 4. Figures

    private void figuresSection() throws IOException {
        h(2, "4. Results by figure");
        if (plots == null) {
            p("Figures were not drawn for this report (`--no-plots`); the plot data is in `plots/data/` — run `plots/plot-all.sh "
                    + run.dir + "` and regenerate to embed them.");
        } else if (!plots.ok()) {
            p("**Plotting failed:** " + plots.summary() + ". Figures that exist are linked; tables are complete regardless.");
        }
        rttBarsSection();
        hdrSection();
        throughputSection();
        loadSection();
        hopsSection();
        allocSection();
        unicastSection();
        disruptorSection();
    }

    /** Says why a section has nothing, or null when it has rows. */
    private String absent(String... files) {
        List<String> why = new ArrayList<>();
        for (String f : files) {
            Csv c = run.get(f);
            if (c == null) {
                why.add("`" + f + "` is not in this run folder");
            } else if (c.ok().isEmpty()) {
                why.add("`" + f + "` has no ok rows (" + c.rows.size() + " rows, see §6)");
            } else {
                return null;
            }
        }
        return "Not run: " + String.join("; ", why) + ".";
    }

    private void image(Figures.Figure f) throws IOException {
        Path png = run.dir.resolve("plots").resolve(f.name + ".png");
        if (Files.isRegularFile(png)) {
            Path base = out.toAbsolutePath().normalize().getParent();
            String rel = base.relativize(png.toAbsolutePath().normalize()).toString().replace('\\', '/');
            b.append("![").append(f.title).append("](").append(rel).append(")\n\n");
        } else {
            p("*(image `plots/" + f.name + ".png` not drawn" + (plots == null ? ": plots were not requested" : "") + ")*");
        }
        for (String n : f.notes) {
            b.append("- note: ").append(n).append('\n');
        }
        if (!f.notes.isEmpty()) {
            b.append('\n');
        }
    }

    private void figHeading(Figures.Figure f) {
        h(4, f.title + (f.oversubscribed() ? " — includes oversubscribed rows" : ""));
    }

    private void rttBarsSection() throws IOException {
        h(3, "4.1 RTT: mean and p99 per transport × producers");
        String no = absent(RunData.RTT);
        if (no != null) {
            p(no);
            return;
        }
        p("Bars: mean and p99 per transport and producer count, log scale; the error bar on p99 spans p99's min–max over forks. "
                + "Dashed lines: the wait-free `baseline` (P=1) at the same burst; dotted: the timing overhead. "
                + "Ratios are ÷ that baseline (smaller is better; 1× = as fast as the floor).");
        Row ovh = first(RunData.eq(run.ok(RunData.RTT), "transport", "nanotime"));
        if (ovh != null) {
            p("Timing overhead (two `System.nanoTime()` calls, included in every sample): mean " + Fmt.ns(ovh.num("mean_ns")) + ", p50 "
                    + Fmt.ns(ovh.num("p50_ns")) + ", p99 " + Fmt.ns(ovh.num("p99_ns")) + ".");
        } else {
            p("Timing overhead: no `nanotime` row in this run.");
        }
        for (Figures.Figure f : figures.of("rtt-bars")) {
            figHeading(f);
            image(f);
            Md t = new Md("transport", "P", "wait", "mean", "p50", "p99", "p99 over forks (min–max)", "p99.9", "max", "samples",
                    "mean ÷ baseline", "p99 ÷ baseline", "threads/CPUs", "status", "flags");
            List<Row> bases = RunData.eq(run.rttTransports(), "transport", "baseline");
            for (Row r : f.rows) {
                Row base = r.get("transport").equals("baseline") ? null : sameWait(RunData.eq(bases, "burst", r.get("burst")), r);
                t.row(r.get("transport"), r.get("producers"), r.get("wait"), Fmt.ns(r.num("mean_ns")), Fmt.ns(r.num("p50_ns")),
                        Fmt.ns(r.num("p99_ns")), range(r.num("p99_fork_min_ns"), r.num("p99_fork_max_ns")), Fmt.ns(r.num("p999_ns")),
                        Fmt.ns(r.num("max_ns")), Fmt.count(r.num("samples")),
                        base == null ? "—" : Fmt.ratio(Fmt.div(r.num("mean_ns"), base.num("mean_ns"))),
                        base == null ? "—" : Fmt.ratio(Fmt.div(r.num("p99_ns"), base.num("p99_ns"))),
                        r.get("threads") + "/" + r.get("cpus"), r.status(), r.flags());
            }
            b.append(t).append('\n');
        }
    }

    private static String range(double lo, double hi) {
        if (Double.isNaN(lo) && Double.isNaN(hi)) {
            return Fmt.NONE;
        }
        return Fmt.ns(lo).replace(" ns", "") + " – " + Fmt.ns(hi);
    }

    private void hdrSection() throws IOException {
        h(3, "4.2 Percentile distributions (RTT and pipeline latency)");
        String no = absent(RunData.RTT, RunData.LATENCY);
        if (no != null) {
            p(no);
            return;
        }
        p("HdrHistogram style: x = 1/(1−p) on a log axis, so the tail gets the room; all transports overlaid. The max is kept: "
                + "it is the dot in the shaded column labelled \"max\", joined by a dotted segment to the last finite percentile "
                + "(the .hgrm's last line has percentile 1.0, i.e. x = ∞). The tables are read from the same .hgrm files "
                + "(bucket values, so they can differ from the CSV's percentiles by the histogram's precision).");
        List<Figures.Figure> hdr = figures.of("hdr");
        if (hdr.isEmpty()) {
            p("No percentile distribution could be drawn: no row points at a readable .hgrm file.");
        }
        for (String problem : figures.problems) {
            b.append("- ").append(problem).append('\n');
        }
        if (!figures.problems.isEmpty()) {
            b.append('\n');
        }
        for (Figures.Figure f : hdr) {
            figHeading(f);
            image(f);
            Md t = new Md("series", "p50", "p90", "p99", "p99.9", "p99.99", "max", "count", "histogram", "flags");
            for (Figures.Series s : f.series) {
                Hgrm g = s.hgrm;
                Path file = run.hgrm(s.row);
                t.row(s.label.replaceAll("[*!]+$", "").replaceAll("[*!]+ \\(", " ("), Fmt.ns(g.at(50)), Fmt.ns(g.at(90)), Fmt.ns(g.at(99)),
                        Fmt.ns(g.at(99.9)), Fmt.ns(g.at(99.99)), Fmt.ns(g.max), Fmt.count(g.total),
                        file == null ? "—" : Md.code(run.dir.relativize(file).toString()), s.row.flags());
            }
            b.append(t).append('\n');
        }
    }

    private void throughputSection() throws IOException {
        h(3, "4.3 Pipeline saturation throughput");
        String no = absent(RunData.PIPELINE);
        if (no != null) {
            p(no);
            return;
        }
        p("JMH throughput of the three-stage pipeline, events/s, ± JMH error (bars on a log scale). ÷ abq compares with `abq` "
                + "under the same wait strategy, producers and work.");
        for (Figures.Figure f : figures.of("throughput")) {
            figHeading(f);
            image(f);
            Md t = new Md("transport", "wait", "throughput ± error", "min – max over forks", "÷ abq", "CPU ns/event", "threads/CPUs",
                    "status", "flags");
            for (Row r : f.rows) {
                Row abq = first(RunData.where(f.rows, a -> a.ok() && a.get("transport").equals("abq") && a.get("wait").equals(r.get("wait"))));
                t.row(r.get("transport"), r.get("wait"), Fmt.epsErr(r.num("throughput_eps"), r.num("throughput_err")),
                        Fmt.eps(r.num("throughput_min_eps")).replace(" M/s", "") + " – " + Fmt.eps(r.num("throughput_max_eps")),
                        abq == null || !r.ok() ? "—" : Fmt.ratio(Fmt.div(r.num("throughput_eps"), abq.num("throughput_eps"))),
                        Fmt.num(r.num("cpu_ns_per_event")), r.get("threads") + "/" + r.get("cpus"), r.status(), r.flags());
            }
            b.append(t).append('\n');
        }
    }

    private void loadSection() throws IOException {
        h(3, "4.4 Latency vs offered load");
        String no = absent(RunData.LATENCY);
        if (no != null) {
            p(no);
            return;
        }
        p("Open-loop end-to-end latency (intended send → aggregated) against the offered rate: p50 solid, p99 dashed. Ringed points "
                + "could not be sustained (achieved < 95 % of offered): past that knee latency is queueing, not hand-off. "
                + "`clq` is unbounded: its heap growth under overload is in the table.");
        for (Figures.Figure f : figures.of("load")) {
            figHeading(f);
            image(f);
            Md t = new Md("transport", "wait", "load", "offered", "achieved", "mean", "p50", "p99", "p99.9", "max", "peak backlog",
                    "heap growth", "GC time", "status", "flags");
            for (Row r : f.rows) {
                t.row(r.get("transport"), r.get("wait"), Fmt.pct(r.num("load_pct")), Fmt.eps(r.num("offered_eps")), Fmt.eps(r.num("achieved_eps")),
                        Fmt.ns(r.num("mean_ns")), Fmt.ns(r.num("p50_ns")), Fmt.ns(r.num("p99_ns")), Fmt.ns(r.num("p999_ns")),
                        Fmt.ns(r.num("max_ns")), Fmt.count(r.num("peak_backlog")), Fmt.bytes(r.num("heap_growth_bytes")),
                        Fmt.ms(r.num("gc_time_ms")), r.status(), r.flags());
            }
            b.append(t).append('\n');
        }
        notOkNote(RunData.LATENCY);
    }

    /** Lists the not-ok rows of a file that figures cannot show (they have no numbers to draw). */
    private void notOkNote(String file) {
        Csv c = run.get(file);
        if (c != null && !c.notOk().isEmpty()) {
            List<String> parts = new ArrayList<>();
            for (Row r : c.notOk()) {
                parts.add(r.describe(RunData.KEYS.get(file)) + ": " + r.status());
            }
            p("Not shown (not ok, see §6): " + String.join("; ", parts) + ".");
        }
    }

    private void hopsSection() throws IOException {
        h(3, "4.5 Per-stage latency breakdown");
        String no = absent(RunData.HOPS);
        if (no != null) {
            p(no);
            return;
        }
        p("Mean latency of each hop, stacked (means add up; percentiles would not), at each offered load. publish→parse includes "
                + "the producer's queueing. Flags come from the matching `pipeline-latency.csv` row.");
        for (Figures.Figure f : figures.of("hops")) {
            figHeading(f);
            image(f);
            Md t = new Md("transport", "wait", "hop", "mean", "p50", "p90", "p99", "p99.9", "max", "flags");
            for (Row r : f.rows) {
                if (!r.file().equals(RunData.HOPS)) {
                    continue; // the latency rows added for flags
                }
                Row l = figures.latencyRowOf(r);
                t.row(r.get("transport"), r.get("wait"), r.get("hop"), Fmt.ns(r.num("mean_ns")), Fmt.ns(r.num("p50_ns")),
                        Fmt.ns(r.num("p90_ns")), Fmt.ns(r.num("p99_ns")), Fmt.ns(r.num("p999_ns")), Fmt.ns(r.num("max_ns")),
                        l == null ? "" : l.flags());
            }
            b.append(t).append('\n');
        }
    }

    private void allocSection() throws IOException {
        h(3, "4.6 Allocation per event and GC time");
        String no = absent(RunData.PIPELINE);
        if (no != null) {
            p(no);
            return;
        }
        p("From the saturation runs: bytes allocated per event (JVM-wide allocation ÷ events) and GC time during the trial. "
                + "Queue-based pipelines allocate an event per message by design; ring-based ones reuse their slots.");
        for (Figures.Figure f : figures.of("alloc")) {
            figHeading(f);
            image(f);
            Md t = new Md("transport", "wait", "bytes/event", "GC count", "GC time", "CPU ns/event", "flags");
            for (Row r : f.rows) {
                t.row(r.get("transport"), r.get("wait"), Fmt.bytes(r.num("alloc_bytes_per_event")), Fmt.count(r.num("gc_count")),
                        Fmt.ms(r.num("gc_time_ms")), Fmt.num(r.num("cpu_ns_per_event")), r.flags());
            }
            b.append(t).append('\n');
        }
        if (run.has(RunData.LATENCY) && !run.ok(RunData.LATENCY).isEmpty()) {
            p("Open-loop runs (GC pauses that land in the latency tails):");
            Md t = new Md("transport", "wait", "P", "load", "bytes/event", "GC count", "GC time", "max GC pause", "heap growth", "flags");
            for (Row r : RunData.sorted(run.ok(RunData.LATENCY), "wait", "producers", "load_pct")) {
                t.row(r.get("transport"), r.get("wait"), r.get("producers"), Fmt.pct(r.num("load_pct")), Fmt.bytes(r.num("alloc_bytes_per_event")),
                        Fmt.count(r.num("gc_count")), Fmt.ms(r.num("gc_time_ms")), Fmt.ms(r.num("gc_max_pause_ms")),
                        Fmt.bytes(r.num("heap_growth_bytes")), r.flags());
            }
            b.append(t).append('\n');
        }
    }

    private void unicastSection() throws IOException {
        h(3, "4.7 Unicast publish time vs N");
        String no = absent(RunData.UNICAST);
        if (no != null) {
            p(no);
            return;
        }
        p("One producer, one consumer: time to move N items (JMH, ± error), log-log. A slope of 1 means a constant cost per item.");
        for (Figures.Figure f : figures.of("unicast")) {
            figHeading(f);
            image(f);
            Md t = new Md("transport", "wait", "N", "time ± error", "ns/item", "bytes/item", "÷ abq (same N)", "status", "flags");
            Csv all = run.get(RunData.UNICAST);
            for (Row r : RunData.sorted(all.rows, "wait", "items")) {
                Row abq = first(RunData.where(all.ok(), a -> a.get("transport").equals("abq") && a.get("items").equals(r.get("items"))));
                t.row(r.get("transport"), r.get("wait"), Fmt.count(r.num("items")), Fmt.msErr(r.num("time_ms"), r.num("time_err_ms")),
                        Fmt.num(r.num("ns_per_item")), Fmt.bytes(r.num("alloc_bytes_per_item")),
                        abq == null || !r.ok() ? "—" : ratioTo(r, abq, "time_ms"), r.status(), r.flags());
            }
            b.append(t).append('\n');
        }
    }

    private void disruptorSection() throws IOException {
        h(3, "4.8 Hand-rolled Disruptor vs LMAX Disruptor 4");
        String no = absent(RunData.DISRUPTOR);
        if (no != null) {
            p(no);
            return;
        }
        p("JMH, same benchmark shape for both implementations; ratio = disruptor ÷ lmax (above 1 = ours is faster for a "
                + "throughput unit). \"Within error\" means the two scores differ by less than their JMH 99.9 % error "
                + "half-widths combined (√(e₁² + e₂²)): on this run's evidence the two are equal, whatever the ratio says.");
        for (Figures.Figure f : figures.of("disruptor")) {
            figHeading(f);
            image(f);
            Md t = new Md("benchmark", "wait", "disruptor (ours)", "lmax 4", "disruptor ÷ lmax", "difference", "unit",
                    "alloc/op (ours / lmax)", "status");
            List<Row> rows = run.get(RunData.DISRUPTOR).rows;
            for (String bench : RunData.distinct(rows, "benchmark")) {
                for (String w : RunData.distinct(RunData.eq(rows, "benchmark", bench), "wait")) {
                    List<Row> g = RunData.eq(RunData.eq(rows, "benchmark", bench), "wait", w);
                    Row ours = first(RunData.eq(g, "impl", "disruptor"));
                    Row lmax = first(RunData.eq(g, "impl", "lmax"));
                    String unit = ours != null ? ours.get("unit") : lmax.get("unit");
                    boolean both = ours != null && lmax != null && ours.ok() && lmax.ok();
                    t.row(bench, w, score(ours), score(lmax), both ? Fmt.ratio(Fmt.div(ours.num("score"), lmax.num("score"))) : "—",
                            both ? significance(ours, lmax) : "—", unit, (ours == null ? "—" : Fmt.bytes(ours.num("alloc_bytes_per_op"))) + " / "
                                    + (lmax == null ? "—" : Fmt.bytes(lmax.num("alloc_bytes_per_op"))),
                            (ours == null ? "absent" : ours.status()) + " / " + (lmax == null ? "absent" : lmax.status()));
                }
            }
            b.append(t).append('\n');
        }
    }

    /** Whether two JMH scores differ by more than their errors combined, and which way. */
    static String significance(Row ours, Row lmax) {
        double e1 = ours.num("score_err");
        double e2 = lmax.num("score_err");
        if (Double.isNaN(e1) || Double.isNaN(e2)) {
            return "no error recorded";
        }
        double diff = ours.num("score") - lmax.num("score");
        if (Math.abs(diff) <= Math.sqrt(e1 * e1 + e2 * e2)) {
            return "within error";
        }
        return (diff > 0) == higherIsBetter(ours.get("unit")) ? "ours faster, beyond error" : "**ours slower, beyond error**";
    }

    private static String score(Row r) {
        if (r == null) {
            return "not run";
        }
        if (!r.ok()) {
            return r.statusKind();
        }
        double s = r.num("score");
        double e = r.num("score_err");
        String unit = r.get("unit");
        if (unit.endsWith("/s")) {
            return Fmt.epsErr(s, e).replace("M/s", "M " + unit);
        }
        return Fmt.num(s) + (Double.isNaN(e) ? "" : " ± " + Fmt.num(e));
    }

    // ---------------------------------------------------------------------------------------------------
    // 5. Against published results

    private void published() throws IOException {
        h(2, "5. Against published results");
        Published pub = Published.load();
        p("Absolute numbers from other machines and JVMs do not transfer, so each published figure is shown as a ratio beside "
                + "this run's ratio for the same comparison, with whether the direction (which side is faster) agrees. "
                + "Direction \"≈\" means this run's ratio is within 5 % of 1. Published figures: `harness/src/main/resources/"
                + "handoff/reference/published-results.md`; the comparisons themselves: `comparisons.csv` beside it.");
        int agree = 0;
        int disagree = 0;
        int unmeasured = 0;
        Map<String, List<Published.Comparison>> byTable = new LinkedHashMap<>();
        for (Published.Comparison c : pub.comparisons) {
            byTable.computeIfAbsent(c.table, k -> new ArrayList<>()).add(c);
        }
        StringBuilder body = new StringBuilder();
        for (Published.Table table : pub.tables.values()) {
            List<Published.Comparison> cs = byTable.getOrDefault(table.id, List.of());
            String caption = table.context.isEmpty() ? table.source : table.context.get(table.context.size() - 1);
            body.append("### ").append(table.id).append(" — ").append(caption.replace("**", "")).append("\n\n");
            body.append("> Source: ").append(table.source).append(table.context.isEmpty() ? "" : ". " + pub.describe(table)).append("\n\n");
            if (cs.isEmpty()) {
                body.append("No ratio in this table maps onto a measurement of this study.\n\n");
                continue;
            }
            Md t = new Md("comparison", "published", "published ratio", "this run", "this run ratio", "direction agrees", "flags", "note");
            for (Published.Comparison c : cs) {
                double pn = Published.number(table.cell(c.pubNum));
                double pd = Published.number(table.cell(c.pubDen));
                double pr = Fmt.div(pn, pd);
                String pubCell = Double.isNaN(pn) || Double.isNaN(pd) ? "(published cell not found: " + c.pubNum + " / " + c.pubDen + ")"
                        : Fmt.num(pn) + " ÷ " + Fmt.num(pd);
                if (!c.measurable()) {
                    unmeasured++;
                    t.row(c.what, pubCell, Fmt.ratio(pr), "not measured by this study", "—", "—", "", c.note);
                    continue;
                }
                Selector sn = new Selector(c.runNum);
                Selector sd = new Selector(c.runDen);
                Selector.Pick a = sn.pick(run);
                Selector.Pick d = sd.pick(run);
                if (a.missing != null || d.missing != null) {
                    unmeasured++;
                    String why = a.missing != null ? a.missing : d.missing;
                    t.row(c.what, pubCell, Fmt.ratio(pr), "not measured in this run (" + why + ")", "—", "—", "", c.note);
                    continue;
                }
                double rr = Fmt.div(a.value, d.value);
                String dir = direction(pr, rr);
                if (dir.equals("yes")) {
                    agree++;
                } else if (dir.startsWith("**no")) {
                    disagree++;
                }
                String flags = Row.flags(a.row, d.row);
                List<String> notes = new ArrayList<>();
                if (!c.note.isEmpty()) {
                    notes.add(c.note);
                }
                String diff = keyDifference(sn.file, a.row, d.row);
                if (diff != null) {
                    notes.add(diff);
                }
                t.row(c.what, pubCell, Fmt.ratio(pr), Fmt.byColumn(sn.column, a.value) + " [" + brief(sn.file, a.row) + "] ÷ "
                        + Fmt.byColumn(sd.column, d.value) + " [" + brief(sd.file, d.row) + "]", Fmt.ratio(rr), dir, flags, String.join("; ", notes));
            }
            body.append(t).append('\n');
        }
        for (Map.Entry<String, String> s : pub.sections.entrySet()) {
            boolean hasTable = pub.tables.values().stream().anyMatch(t -> t.id.startsWith(s.getKey() + "."));
            if (!hasTable) {
                body.append("### ").append(s.getKey()).append(". ").append(s.getValue().substring(s.getValue().indexOf('.') + 1).trim()).append("\n\n");
                body.append("> ").append(String.join(" ", pub.sectionText.get(s.getKey()))).append("\n\n");
                body.append("Not compared: absolute rates of a different topology, with no counterpart measured here to form a ratio.\n\n");
            }
        }
        p("Summary: " + agree + " comparisons agree in direction, " + disagree + " disagree, " + unmeasured + " have no counterpart "
                + "in this run or study" + (disagree > 0 ? "; disagreements are in bold." : "."));
        b.append(body);
    }

    static String direction(double published, double run) {
        if (Double.isNaN(published) || Double.isNaN(run)) {
            return "—";
        }
        if (!Double.isInfinite(run) && Math.abs(Math.log(run)) < Math.log(1.05)) {
            return "≈ (within 5 %)";
        }
        return (published > 1) == (run > 1) ? "yes" : "**no**";
    }

    private static String brief(String file, Row r) {
        return r.describe(RunData.KEYS.get(file)).replace("transport=", "").replace("producers=", "P=").replace("burst=", "B=")
                .replace("wait=", "");
    }

    /** Key columns (other than who and how it waits) in which the two rows differ, or null. */
    private static String keyDifference(String file, Row a, Row b) {
        List<String> diffs = new ArrayList<>();
        for (String k : RunData.KEYS.get(file)) {
            if (List.of("transport", "impl", "wait").contains(k)) {
                continue;
            }
            if (!a.get(k).equals(b.get(k))) {
                diffs.add(k + " " + a.get(k) + " vs " + b.get(k));
            }
        }
        return diffs.isEmpty() ? null : "the two rows differ in " + String.join(", ", diffs);
    }

    // ---------------------------------------------------------------------------------------------------
    // 6. Failures

    private void failures() {
        h(2, "6. Failed, timed-out, n/a and skipped trials");
        List<String> missing = new ArrayList<>();
        for (String f : RunData.FILES) {
            if (!run.has(f)) {
                missing.add("`" + f + "`");
            }
        }
        if (!missing.isEmpty()) {
            p("Not run (no file in the run folder): " + String.join(", ", missing) + ".");
        }
        Md t = new Md("file", "configuration", "status", "reason", "flags");
        Map<String, Integer> kinds = new TreeMap<>();
        for (String f : RunData.FILES) {
            Csv c = run.get(f);
            if (c == null) {
                continue;
            }
            for (Row r : c.notOk()) {
                kinds.merge(r.statusKind(), 1, Integer::sum);
                t.row(f, r.describe(RunData.KEYS.get(f)), r.statusKind(), r.statusReason().isEmpty() ? "(no reason recorded)" : r.statusReason(),
                        r.flags());
            }
        }
        if (t.isEmpty()) {
            p("Every row present is ok.");
        } else {
            List<String> k = new ArrayList<>();
            kinds.forEach((kind, n) -> k.add(n + " " + kind));
            p(String.join(", ", k) + ". Not-ok rows carry no numbers; a failed trial failed its verification or crashed, "
                    + "and its reason is the harness's.");
            b.append(t).append('\n');
            if (flowStranded()) {
                p("A `flow` row that failed with items that \"never arrived\" is the JDK's `SubmissionPublisher`, not the harness: "
                        + "now and then the last item of a burst stays in the subscriber's buffer (publisher lag 1) with no consumer "
                        + "task scheduled, until something else is submitted. `handoff.harness.diag.FlowLostWakeup` shows it with JDK "
                        + "classes only (`java -cp harness/target/handoff.jar handoff.harness.diag.FlowLostWakeup 60`; seen on JDK "
                        + "17.0.15 and 25.0.3). Such a trial is a failure by the study's rules: a transport that strands an event "
                        + "has not delivered it.");
            }
        }
        if (!figures.problems.isEmpty()) {
            p("Data problems met while plotting:");
            for (String pr : figures.problems) {
                b.append("- ").append(pr).append('\n');
            }
            b.append('\n');
        }
    }

    /** Whether a flow trial failed because its consumer stopped short of what was published. */
    private boolean flowStranded() {
        for (String f : RunData.FILES) {
            Csv c = run.get(f);
            if (c != null && c.notOk().stream().anyMatch(r -> "flow".equals(r.get("transport"))
                    && r.statusReason().contains("never arrived"))) {
                return true;
            }
        }
        return false;
    }

    // ---------------------------------------------------------------------------------------------------
    // 7. Reproduce

    private void reproduce() {
        h(2, "7. How to reproduce");
        String commit = m.str("git_commit");
        p("Commit `" + commit + "`" + ("true".equals(m.str("git_dirty"))
                ? " — **the working tree was dirty**: uncommitted changes took part in this run, so the commit alone does not reproduce it."
                : " (clean working tree).") + " Date: " + m.str("date_utc") + ". Exact command line, from the manifest:");
        b.append("```sh\n");
        if (!Manifest.UNKNOWN.equals(commit)) {
            b.append("git checkout ").append(commit).append('\n');
        }
        b.append(m.str("command_line")).append("\n```\n\n");
        p("Regenerate this report (and its figures) from the run folder alone:");
        b.append("```sh\njava -cp harness/target/handoff.jar handoff.harness.report.ReportCommand ").append(pathForCommand())
                .append("\n# or, through the CLI: java -jar harness/target/handoff.jar report ").append(pathForCommand()).append("\n```\n");
    }

    private String pathForCommand() {
        Path cwd = Path.of("").toAbsolutePath();
        Path abs = run.dir.toAbsolutePath().normalize();
        return abs.startsWith(cwd) ? cwd.relativize(abs).toString() : abs.toString();
    }
}
