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

    /** The detail appendix: environment, method and every detailed figure with its table. */
    String render() throws IOException {
        h(1, "Details — run " + run.runId);
        p("Appendix of [the report](REPORT.md): the environment, the method, and every detailed figure with its full table. "
                + "Flags: **oversubscribed** = more threads than CPUs; **unstable** = forks disagree by more than 2×; in figures "
                + "`*` and `!`.");
        b.append(new DetailIntro(run).render());
        figuresSection();
        return b.toString();
    }

    // ---------------------------------------------------------------------------------------------------

    private void p(String s) {
        b.append(s).append("\n\n");
    }

    private void h(int level, String s) {
        b.append("#".repeat(level)).append(' ').append(s).append("\n\n");
    }

    private static Row first(List<Row> rows) {
        return rows.isEmpty() ? null : rows.get(0);
    }

    static boolean higherIsBetter(String unit) {
        return unit.endsWith("/s") || unit.startsWith("ops/");
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

    // ---------------------------------------------------------------------------------------------------
    // 4. Figures

    private void figuresSection() throws IOException {
        h(2, "4. Results by figure");
        if (plots == null && !anyImage()) {
            p("Figures were not drawn for this report (`--no-plots`); the plot data is in `plots/data/` — run `plots/plot-all.sh "
                    + run.dir + "` and regenerate to embed them.");
        } else if (plots == null) {
            p("Figures were drawn before this report was written (`plots/*.png` in the run folder); a figure without an image "
                    + "says so where it stands.");
        } else if (!plots.ok()) {
            p("**Plotting failed:** " + plots.summary() + ". Figures that exist are linked; tables are complete regardless.");
        }
        rttBarsSection();
        hdrSection();
        loadSection();
        hopsSection();
        allocSection();
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
                why.add("`" + f + "` has no ok rows (" + c.rows.size() + " rows, see the status appendix)");
            } else {
                return null;
            }
        }
        return "Not run: " + String.join("; ", why) + ".";
    }

    /** Whether the run folder holds any drawn figure (drawn by an earlier step, e.g. run-bench.sh before --no-plots). */
    private boolean anyImage() {
        try (java.util.stream.Stream<Path> s = Files.list(run.dir.resolve("plots"))) {
            return s.anyMatch(x -> x.getFileName().toString().endsWith(".png"));
        } catch (IOException e) {
            return false;
        }
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

    private void loadSection() throws IOException {
        h(3, "4.4 Latency vs offered load");
        String no = absent(RunData.LATENCY);
        if (no != null) {
            p(no);
            return;
        }
        p("Open-loop end-to-end latency (intended send → aggregated) against the offered rate: p50 solid, p99 dashed. Ringed points "
                + "could not be sustained (achieved < 95 % of offered, or saturated: the backlog reached half a hop's capacity): past "
                + "that knee latency is queueing, not hand-off. "
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
            p("Not shown (not ok, see the status appendix): " + String.join("; ", parts) + ".");
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
                Row l = new PipelineDetailFigures(figures).latencyRowOf(r);
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

    /**
     * Whether two JMH scores differ by more than their errors combined, and which way. JMH's error is a 99.9 %
     * t-interval over iterations, not over forks: apart is a description, not the study's test.
     */
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
        return (diff > 0) == higherIsBetter(ours.get("unit")) ? "ours higher, beyond JMH error (untested across forks)"
                : "**ours lower, beyond JMH error** (untested across forks)";
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

    /** A row's key columns in a few words, e.g. {@code abq P=1 B=100 spin}, for the against-published section. */
    static String brief(String file, Row r) {
        return r.describe(RunData.KEYS.get(file)).replace("transport=", "").replace("producers=", "P=").replace("burst=", "B=")
                .replace("wait=", "");
    }
}
