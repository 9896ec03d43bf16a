package handoff.harness.report;

import handoff.harness.page.Page;
import handoff.harness.page.FigureSection;
import handoff.harness.page.Fmt;
import handoff.harness.page.GnuplotInclude;
import handoff.harness.page.MarkdownTable;
import handoff.harness.page.Plot;
import handoff.harness.page.Row;
import handoff.harness.page.RunData;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The tail over time, from the interval logs ({@code latency-over-time.csv}, {@code spikes.csv}): one figure of max
 * and p99 per interval for the fastest and the slowest RTT configuration at one producer (forks one after another),
 * and then {@link TailSection}: the jitter baseline beside every latency row and each spike (an interval whose max is
 * more than 10× its trial's p99) with its measured cause. Chosen from the run's own numbers.
 */
public final class TimelineParts implements FigureSection {
    static final String TIMELINE = "latency-over-time.csv";
    static final String SPIKES = "spikes.csv";
    static final String NAME = "timeline-rtt";
    /** The columns that identify an RTT configuration in both files (those the timeline has). */
    private static final List<String> KEY = List.of("transport", "producers", "burst", "wait", "producer_model", "messages");

    @Override
    public List<String> files() {
        return List.of();
    }

    @Override
    public int rank() {
        return 900;
    }

    @Override
    public String script() {
        return "timeline";
    }

    /** The fastest and the slowest RTT row at P=1, at the shortest burst and the first wait measured. */
    static List<Row> chosen(RunData run) {
        List<Row> rtt = RunData.where(RunData.eq(run.ok(RunData.RTT), "producers", "1"), r -> !r.transport().equals("nanotime"));
        if (rtt.isEmpty()) {
            return List.of();
        }
        String burst = RunData.distinct(rtt, "burst").stream().min(Comparator.comparingDouble(Double::parseDouble)).orElseThrow();
        List<Row> atBurst = RunData.eq(rtt, "burst", burst);
        String wait = RunData.distinct(atBurst, "wait").stream().min(Comparator.comparingInt(w -> RunData.rank(RunData.WAIT_ORDER, w)))
                .orElseThrow();
        List<Row> rows = new ArrayList<>(RunData.eq(atBurst, "wait", wait));
        rows.sort(Comparator.comparingDouble(TimelineParts::p50)); // the median over forks where the row has it
        return rows.size() == 1 ? rows : List.of(rows.get(0), rows.get(rows.size() - 1));
    }

    private static double p50(Row r) {
        return r.has("p50_fork_median_ns") && !r.get("p50_fork_median_ns").isEmpty() ? r.num("p50_fork_median_ns") : r.num("p50_ns");
    }

    private static boolean same(Row config, Row line) {
        return KEY.stream().allMatch(k -> !line.has(k) || !config.has(k) || config.get(k).equals(line.get(k)));
    }

    @Override
    public List<Plot> write(RunData run, Path dataDir) throws IOException {
        List<Row> lines = RunData.eq(run.has(TIMELINE) ? run.get(TIMELINE).rows : List.of(), "suite", "rtt");
        List<Row> configs = chosen(run);
        if (lines.isEmpty() || configs.isEmpty()) {
            return List.of();
        }
        List<String> titles = new ArrayList<>();
        List<String> colours = new ArrayList<>();
        List<String> dashes = new ArrayList<>();
        List<Double> forkStarts = new ArrayList<>();
        MarkdownTable table = new MarkdownTable("configuration", "intervals", "median p99 per interval", "worst max", "max > 10× trial p99");
        double lo = Double.MAX_VALUE;
        double hi = 0;
        double xmax = 0;
        int s = 0;
        for (Row c : configs) {
            List<Row> mine = RunData.sorted(RunData.where(lines, l -> same(c, l) && !l.get("max_ns").isEmpty()), "fork", "t_start_s");
            StringBuilder max = new StringBuilder();
            StringBuilder p99 = new StringBuilder();
            double offset = 0;
            double forkEnd = 0;
            String fork = null;
            List<Double> p99s = new ArrayList<>();
            double worst = 0;
            for (Row l : mine) {
                if (!l.get("fork").equals(fork)) {
                    offset += forkEnd;
                    forkEnd = 0;
                    fork = l.get("fork");
                    if (s == 0 && offset > 0) {
                        forkStarts.add(offset);
                    }
                }
                double x = offset + l.num("t_end_s");
                forkEnd = Math.max(forkEnd, l.num("t_end_s"));
                max.append(Fmt.dat(x)).append(' ').append(Fmt.dat(l.num("max_ns"))).append('\n');
                p99.append(Fmt.dat(x)).append(' ').append(Fmt.dat(l.num("p99_ns"))).append('\n');
                lo = Math.min(lo, l.num("p99_ns"));
                hi = Math.max(hi, l.num("max_ns"));
                worst = Math.max(worst, l.num("max_ns"));
                p99s.add(l.num("p99_ns"));
                xmax = Math.max(xmax, x);
            }
            String label = c.transport() + "/" + c.waitStrategy() + (c.producerModel().isEmpty() ? "" : " " + c.producerModel())
                    + " B=" + c.burst() + c.marks();
            for (String[] kind : new String[][] {{"max", "1", max.toString()}, {"p99", "2", p99.toString()}}) {
                s++;
                Files.writeString(dataDir.resolve(NAME + "-s" + s + ".dat"), kind[2], StandardCharsets.UTF_8);
                titles.add(label + " " + kind[0]);
                colours.add(run.traits.colour(c.transport()));
                dashes.add(kind[1]);
            }
            long spikes = run.has(SPIKES) ? RunData.where(run.get(SPIKES).rows, l -> "rtt".equals(l.get("suite")) && same(c, l)).size() : 0;
            table.row(label, Integer.toString(mine.size()), Fmt.time(handoff.harness.stats.Stats.median(p99s.stream().mapToDouble(d -> d).toArray())),
                    Fmt.time(worst), Long.toString(spikes));
        }
        if (hi <= 0 || lo <= 0) {
            return List.of();
        }
        GnuplotInclude g = new GnuplotInclude().comment("latency over time").str("fig_title", "RTT over time: max and p99 per interval, fastest and slowest at P=1")
                .str("fig_note", "").num("fig_w", 900).num("fig_h", 420).num("n_series", s).array("s_title", titles)
                .array("s_colour", colours).numArray("s_dash", dashes.stream().map(Double::parseDouble).toList())
                .numArray("fork_x", forkStarts).num("n_forks", forkStarts.size()).num("xmax", xmax * 1.02)
                .num("ymin", GnuplotInclude.decadeBelow(lo)).num("ymax", GnuplotInclude.decadeAbove(hi))
                .str("ytics", GnuplotInclude.logTimeTics("y", GnuplotInclude.decadeBelow(lo), GnuplotInclude.decadeAbove(hi)));
        Files.writeString(dataDir.resolve(NAME + ".gp"), g.toString(), StandardCharsets.UTF_8);
        return List.of(new Plot(script(), NAME, "RTT over time: max and p99 per interval, fastest and slowest at P=1",
                "From the trials' interval logs (hlog/): solid = max, dashed = p99 of each interval; forks one after another, a "
                        + "dotted line where a new JVM starts. A max that leaps while p99 stays flat is a stall of a few samples: a GC "
                        + "pause, a safepoint, a deschedule or a stall of the box: the spike list below names which.", table,
                configs.stream().anyMatch(r -> r.oversubscribed() || r.unstable())));
    }

    @Override
    public void write(Page doc) {
        List<Plot> plots = doc.plots(script());
        RunData run = doc.run;
        if (plots.isEmpty() && !run.has(SPIKES) && !run.has(TailSection.JITTER)) {
            return;
        }
        doc.h2("The tail: the floor of this box, and each spike's measured cause");
        plots.forEach(doc::figure);
        TailSection.write(doc);
    }
}
