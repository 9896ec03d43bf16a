package handoff.harness.page;

import handoff.harness.cli.ReportCommand;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Every figure of a committed run drawn by the real scripts (SVG, read back): its legend has one entry per series it
 * draws, each inside the canvas, none twice; its title lines fit the canvas; the labels its data names (legend titles,
 * rows) are unique; and a percentile figure's table holds its CSV's cells. Skipped where gnuplot is not installed.
 */
class FigureLegendTest {
    /** A committed quick run with a figure of every kind the suites draw (overload, fanout, unicast, load among them). */
    private static final Path COMMITTED = Path.of("../results/20261126-110444-566b0ac");
    /** Average width of a character of Sans 10 in pixels, below which a title line would not fit. */
    private static final double CHAR_PX = 5.5;
    private static final Pattern GROUP = Pattern.compile("<g id=\"gnuplot_plot_\\d+[a-z]*\" >");
    private static final Pattern TEXT = Pattern.compile(
            "<g transform=\"translate\\(([-\\d.]+),([-\\d.]+)\\)\"[^>]*text-anchor=\"(start|end)\">\\s*<text[^>]*>([^<]*)</text>");
    private static final Pattern SAMPLE = Pattern.compile("(?:[ML]|translate\\(|points\\s*=\\s*'|,\\d+\\.\\d+ )([-\\d.]+),([-\\d.]+)");

    @TempDir
    Path tmp;

    /** A legend entry: its text and where gnuplot anchored it. */
    record Entry(String text, double x, double y, boolean start) {
    }

    /**
     * The legend entries of a gnuplot SVG: in each plot's group, its first unrotated text when the group also draws a
     * sample beside it (a line, box or point within a few pixels of the text's height, next to it); a labels plot's
     * texts have no such sample.
     */
    static List<Entry> legend(String svg) {
        List<Entry> out = new ArrayList<>();
        String[] groups = GROUP.split(svg);
        for (int i = 1; i < groups.length; i++) {
            String g = groups[i];
            Matcher t = TEXT.matcher(g);
            if (!t.find() || g.substring(0, t.start()).contains("<text")) {
                continue;
            }
            double x = Double.parseDouble(t.group(1));
            double y = Double.parseDouble(t.group(2));
            boolean start = t.group(3).equals("start");
            Matcher s = SAMPLE.matcher(g.substring(t.end()));
            while (s.find()) {
                double sx = Double.parseDouble(s.group(1));
                double sy = Double.parseDouble(s.group(2));
                boolean beside = start ? sx < x && sx > x - 90 : sx > x && sx < x + 90;
                if (beside && Math.abs(sy - y) < 16) {
                    out.add(new Entry(t.group(4), x, y, start));
                    break;
                }
            }
        }
        return out;
    }

    /** The series a figure's script draws with a title, from the numbers its data file gives it. */
    private static int series(String script, Map<String, Double> gp) {
        return switch (script) {
            case "hdr", "ladder" -> (int) (gp.get("n_series") + 1);
            case "load" -> (int) (2 * gp.get("n_series") + 1);
            case "intervals", "timeline", "overload" -> gp.get("n_series").intValue();
            case "rtt-bars" -> (int) (3 + gp.get("n_ref"));
            case "hops" -> gp.get("n_hops").intValue();
            case "disruptor" -> 2;
            case "alloc" -> 0;
            default -> throw new AssertionError("a figure script this test does not know: " + script);
        };
    }

    private static final Pattern NUM = Pattern.compile("(?m)^(\\w+) = ([-\\d.e+]+)$");
    private static final Pattern STR = Pattern.compile("(?m)^(\\w+) = '((?:[^']|'')*)'$");
    private static final Pattern ARRAY = Pattern.compile("(?m)^array (s_title|row_label|ref_title|h_title)\\[\\d+\\] = \\[(.*)]$");

    @Test
    void everyFigureShowsEverySeriesOnceInsideItsCanvas() throws IOException {
        Gnuplot.required();
        Path plots = Fixtures.plotsDir();
        assumeTrue(plots != null, "plots/ not found from " + Path.of("").toAbsolutePath());
        Path run = tmp.resolve("run");
        copy(COMMITTED, run);
        int exit = Fixtures.quiet(new ReportCommand()).execute(run.toString(), "--plots", "--plots-dir", plots.toString(),
                "--out", tmp.resolve("REPORT.md").toString());
        assertThat(exit).as("report exit (2 = plotting failed)").isZero();
        Path data = run.resolve("plots/data");
        String caption = strings(Files.readString(data.resolve("meta.gp"))).get("caption");
        Set<String> scripts = new HashSet<>();
        int figures = 0;
        for (String line : Files.readAllLines(data.resolve("figures.list"))) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String script = line.split(" ")[0];
            String name = line.split(" ")[1];
            scripts.add(script);
            figures++;
            String gpText = Files.readString(data.resolve(name + ".gp"));
            Map<String, Double> gp = numbers(gpText);
            Map<String, String> str = strings(gpText);
            String svg = Files.readString(run.resolve("plots/" + name + ".svg"), StandardCharsets.UTF_8);
            Matcher size = Pattern.compile("width=\"(\\d+)\" height=\"(\\d+)\"").matcher(svg);
            assertThat(size.find()).as(name).isTrue();
            double w = Double.parseDouble(size.group(1));
            double h = Double.parseDouble(size.group(2));
            List<Entry> legend = legend(svg);
            assertThat(legend).as("%s: legend entries = series drawn", name).hasSize(series(script, gp));
            assertThat(legend.stream().map(Entry::text).distinct().count()).as("%s: no legend entry twice: %s", name, legend)
                    .isEqualTo(legend.size());
            for (Entry e : legend) {
                double width = e.text().length() * CHAR_PX;
                assertThat(e.y()).as("%s: %s inside the canvas", name, e.text()).isBetween(0.0, h);
                assertThat(e.start() ? e.x() + width : e.x()).as("%s: %s inside the canvas", name, e.text()).isLessThanOrEqualTo(w);
                assertThat(e.start() ? e.x() : e.x() - width).as("%s: %s inside the canvas", name, e.text()).isGreaterThanOrEqualTo(0.0);
            }
            for (String t : List.of(str.get("fig_title"), caption, str.getOrDefault("fig_note", ""))) {
                assertThat(t.length() * CHAR_PX).as("%s: title line fits its canvas: %s", name, t).isLessThanOrEqualTo(w);
            }
            Matcher arrays = ARRAY.matcher(gpText);
            while (arrays.find()) {
                List<String> labels = List.of(arrays.group(2).split("', '"));
                assertThat(new HashSet<>(labels)).as("%s: %s has no label twice", name, arrays.group(1)).hasSameSizeAs(labels);
            }
        }
        assertThat(scripts).containsExactlyInAnyOrder("hdr", "ladder", "load", "intervals", "timeline", "overload", "rtt-bars", "hops",
                "disruptor", "alloc");
        assertThat(figures).isGreaterThan(20);
    }

    @Test
    void aPercentileTableHoldsItsCsvCellsAndARingsTwoModelsApart() throws IOException {
        Path run = tmp.resolve("run");
        copy(COMMITTED, run);
        RunData data = RunData.load(run);
        Files.createDirectories(run.resolve("plots/data"));
        List<Plot> plots = new ArrayList<>();
        for (ReportParts p : handoff.harness.suites.Suites.reportParts()) {
            for (FigureKind k : p.figureKinds()) {
                if (k.script().equals(PercentileChart.SCRIPT)) {
                    plots.addAll(k.write(data, run.resolve("plots/data")));
                }
            }
        }
        Plot spin = plots.stream().filter(p -> p.name().equals("rtt-hdr-p1-b1-spin")).findFirst().orElseThrow();
        String table = spin.table().toString();
        TextLine lmaxSp = RunData.eq(RunData.eq(RunData.eq(RunData.eq(data.ok("rtt.csv"), "transport", "lmax"), "burst", "1"), "wait", "spin"),
                "producer_model", "sp").stream().filter(r -> r.get("producers").equals("1")).findFirst().orElseThrow();
        assertThat(table).contains("| lmax/spin sp | " + NumberText.ns(lmaxSp.num("p50_ns")) + " | " + NumberText.ns(lmaxSp.num("p90_ns")) + " | "
                + NumberText.ns(lmaxSp.num("p99_ns")) + " | " + NumberText.ns(lmaxSp.num("p999_ns")) + " | " + NumberText.ns(lmaxSp.num("max_ns")) + " |");
        assertThat(table).contains("| lmax/spin mp |", "| disruptor/spin sp |", "| disruptor/spin mp |");
    }

    private static Map<String, Double> numbers(String gp) {
        Map<String, Double> m = new HashMap<>();
        Matcher n = NUM.matcher(gp);
        while (n.find()) {
            m.put(n.group(1), Double.parseDouble(n.group(2)));
        }
        return m;
    }

    private static Map<String, String> strings(String gp) {
        Map<String, String> m = new HashMap<>();
        Matcher n = STR.matcher(gp);
        while (n.find()) {
            m.put(n.group(1), n.group(2).replace("''", "'"));
        }
        return m;
    }

    private static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> all = Files.walk(from)) {
            for (Path p : all.toList()) {
                Path d = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(d);
                } else if (!p.startsWith(from.resolve("plots"))) {
                    Files.copy(p, d);
                }
            }
        }
    }
}
