package handoff.harness.report;

import handoff.harness.page.FigureSection;
import handoff.harness.page.GnuplotInclude;
import handoff.harness.page.Lines;
import handoff.harness.page.MarkdownTable;
import handoff.harness.page.NumberText;
import handoff.harness.page.Page;
import handoff.harness.page.Plot;
import handoff.harness.page.Prose;
import handoff.harness.page.RunData;
import handoff.harness.page.TextLine;
import handoff.harness.results.Cells;
import handoff.harness.stats.Stats;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
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
    private static final Prose TEXT = Prose.of("tail");

    /**
     * The cells of an {@code rtt.csv} line the figure reads beside {@link TextLine}'s shared columns: the message model (part
     * of the configuration) and the p50 it orders configurations by.
     *
     * @param p50ForkMedianNs the median over forks of each fork's p50 as written ("" in files from before it)
     */
    private record RttCells(String messages, String p50ForkMedianNs, double p50Ns) {
        static final Lines<RttCells> LINES = Lines.of(MethodHandles.lookup(), RunData.RTT, RttCells.class,
                "messages", "p50_fork_median_ns", "p50_ns");
    }

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
    static List<TextLine> chosen(RunData run) {
        List<TextLine> rtt = RunData.where(RunData.eq(run.ok(RunData.RTT), "producers", "1"), r -> !r.transport().equals("nanotime"));
        if (rtt.isEmpty()) {
            return List.of();
        }
        String burst = RunData.distinct(rtt, "burst").stream().min(Comparator.comparingDouble(Double::parseDouble)).orElseThrow();
        List<TextLine> atBurst = RunData.eq(rtt, "burst", burst);
        String wait = RunData.distinct(atBurst, "wait").stream().min(Comparator.comparingInt(w -> RunData.rank(RunData.WAIT_ORDER, w)))
                .orElseThrow();
        List<TextLine> rows = new ArrayList<>(RunData.eq(atBurst, "wait", wait));
        rows.sort(Comparator.comparingDouble(TimelineParts::p50)); // the median over forks where the row has it
        return rows.size() == 1 ? rows : List.of(rows.get(0), rows.get(rows.size() - 1));
    }

    private static double p50(TextLine r) {
        RttCells c = RttCells.LINES.of(r);
        return !c.p50ForkMedianNs().isEmpty() ? Cells.parse(c.p50ForkMedianNs()) : c.p50Ns();
    }

    /**
     * The columns that identify an RTT configuration in both files (those the timeline has): transport, producers,
     * burst, wait, producer model and message model.
     */
    private static List<String> config(TextLine r) {
        return List.of(r.transport(), r.producers(), r.burst(), r.waitStrategy(), r.producerModel(),
                RttCells.LINES.of(r).messages());
    }

    /** Whether a line is of the configuration: each cell equal where both have it. */
    private static boolean same(List<String> config, List<String> line) {
        for (int k = 0; k < config.size(); k++) {
            if (!line.get(k).isEmpty() && !config.get(k).isEmpty() && !config.get(k).equals(line.get(k))) {
                return false;
            }
        }
        return true;
    }

    @Override
    public List<Plot> write(RunData run, Path dataDir) throws IOException {
        List<TextLine> lines = RunData.where(run.has(TIMELINE) ? run.get(TIMELINE).rows : List.of(),
                l -> "rtt".equals(TimelineLine.of(l).suite()));
        List<TextLine> configs = chosen(run);
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
        List<SpikeLine> spikeLines = run.has(SPIKES) ? SpikeLine.of(run.get(SPIKES).rows) : List.of();
        for (TextLine c : configs) {
            List<String> key = config(c);
            List<TextLine> mine = RunData.sorted(RunData.where(lines, l -> {
                TimelineLine t = TimelineLine.of(l);
                return same(key, t.config()) && !t.maxNs().isEmpty();
            }), "fork", "t_start_s");
            StringBuilder max = new StringBuilder();
            StringBuilder p99 = new StringBuilder();
            double offset = 0;
            double forkEnd = 0;
            String fork = null;
            List<Double> p99s = new ArrayList<>();
            double worst = 0;
            for (TextLine row : mine) {
                TimelineLine l = TimelineLine.of(row);
                if (!l.fork().equals(fork)) {
                    offset += forkEnd;
                    forkEnd = 0;
                    fork = l.fork();
                    if (s == 0 && offset > 0) {
                        forkStarts.add(offset);
                    }
                }
                double x = offset + l.tEndS();
                forkEnd = Math.max(forkEnd, l.tEndS());
                max.append(NumberText.dat(x)).append(' ').append(NumberText.dat(l.max())).append('\n');
                p99.append(NumberText.dat(x)).append(' ').append(NumberText.dat(l.p99Ns())).append('\n');
                lo = Math.min(lo, l.p99Ns());
                hi = Math.max(hi, l.max());
                worst = Math.max(worst, l.max());
                p99s.add(l.p99Ns());
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
            long spikes = spikeLines.stream().filter(l -> "rtt".equals(l.suite()) && same(key, l.config())).count();
            table.row(label, Integer.toString(mine.size()), NumberText.time(Stats.median(p99s.stream().mapToDouble(d -> d).toArray())),
                    NumberText.time(worst), Long.toString(spikes));
        }
        if (hi <= 0 || lo <= 0) {
            return List.of();
        }
        GnuplotInclude g = new GnuplotInclude().comment("latency over time").str("fig_title", TEXT.get("figure.title"))
                .str("fig_note", "").num("fig_w", 900).num("fig_h", 420).num("n_series", s).array("s_title", titles)
                .array("s_colour", colours).numArray("s_dash", dashes.stream().map(Double::parseDouble).toList())
                .numArray("fork_x", forkStarts).num("n_forks", forkStarts.size()).num("xmax", xmax * 1.02)
                .num("ymin", GnuplotInclude.decadeBelow(lo)).num("ymax", GnuplotInclude.decadeAbove(hi))
                .str("ytics", GnuplotInclude.logTimeTics("y", GnuplotInclude.decadeBelow(lo), GnuplotInclude.decadeAbove(hi)));
        Files.writeString(dataDir.resolve(NAME + ".gp"), g.toString(), StandardCharsets.UTF_8);
        return List.of(new Plot(script(), NAME, TEXT.get("figure.title"), TEXT.get("figure.caption"), table,
                configs.stream().anyMatch(r -> r.oversubscribed() || r.unstable())));
    }

    @Override
    public void write(Page doc) {
        List<Plot> plots = doc.plots(script());
        RunData run = doc.run;
        if (plots.isEmpty() && !run.has(SPIKES) && !run.has(TailSection.JITTER)) {
            return;
        }
        doc.h2(TEXT.get("title"));
        plots.forEach(doc::figure);
        TailSection.write(doc);
    }
}
