package handoff.harness.report;

import handoff.harness.cli.ReportCommand;
import handoff.harness.page.DetailSection;
import handoff.harness.page.FigureData;
import handoff.harness.page.FigureKind;
import handoff.harness.page.Fixtures;
import handoff.harness.page.MarkdownTable;
import handoff.harness.page.PercentileChart;
import handoff.harness.page.Plot;
import handoff.harness.page.ReportParts;
import handoff.harness.page.RunData;
import handoff.harness.page.Section;
import handoff.harness.suites.Suites;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/** The details appendix as an ordered list of sections, its figures drawn through the one figure model. */
class DetailsAppendixTest {
    @TempDir
    Path tmp;

    private static String read(Path p) throws IOException {
        return Files.readString(p, StandardCharsets.UTF_8);
    }

    private Path reported(String fixture) throws IOException {
        Path run = Fixtures.copy(fixture, tmp);
        assertThat(Fixtures.quiet(new ReportCommand()).execute(run.toString(), "--no-plots")).isZero();
        return run;
    }

    @Test
    void headingsNumberConsecutively() throws IOException {
        String md = read(reported("run-complete").resolve("appendix-details.md"));
        List<Integer> top = new ArrayList<>();
        List<String> sub = new ArrayList<>();
        Matcher m = Pattern.compile("(?m)^(##|###) (\\d+)\\.(\\d*) ").matcher(md);
        while (m.find()) {
            if (m.group(1).equals("##")) {
                top.add(Integer.parseInt(m.group(2)));
            } else {
                sub.add(m.group(2) + "." + m.group(3));
            }
        }
        assertThat(top).containsExactly(1, 2, 3);
        assertThat(sub).containsExactly("3.1", "3.2", "3.3", "3.4", "3.5", "3.6", "3.7");
        assertThat(md).contains("## 1. Environment", "## 2. Methodology", "## 3. Results by figure",
                "### 3.1 RTT: mean and p99", "### 3.7 Hand-rolled Disruptor vs LMAX Disruptor 4");
        assertThat(md.lines().filter(l -> l.startsWith("## ") && !l.matches("## \\d+\\. .*"))).as("unnumbered ## headings").isEmpty();
    }

    @Test
    void everyDetailFigureStandsWithItsTable() throws IOException {
        String md = read(reported("run-complete").resolve("appendix-details.md"));
        String[] figures = md.split("\n#### ");
        assertThat(figures.length - 1).as("detail figures").isGreaterThanOrEqualTo(8);
        for (int i = 1; i < figures.length; i++) {
            String f = figures[i].split("\n##", 2)[0];
            assertThat(f).as(f.lines().findFirst().orElse("")).contains("\n|---|").contains("plots were not requested");
        }
        assertThat(md).contains("#### RTT, burst of 1: mean and p99 per transport x producers",
                "#### RTT percentile distribution, P=1, burst 1", "#### Allocation per event and GC time (saturation runs), P=1, work=1",
                "#### Hand-rolled Disruptor vs LMAX Disruptor 4 (JMH)");
    }

    @Test
    void noPlotsIsSaidOnlyWhereNoFigureWasDrawn() throws IOException {
        Path run = reported("run-complete");
        assertThat(read(run.resolve("appendix-details.md"))).contains("Figures were not drawn for this report (`--no-plots`)");
        Files.write(run.resolve("plots").resolve("rtt-bars-b1.png"), new byte[] {(byte) 0x89, 'P', 'N', 'G'});
        assertThat(Fixtures.quiet(new ReportCommand()).execute(run.toString(), "--no-plots")).isZero();
        String md = read(run.resolve("appendix-details.md"));
        assertThat(md).doesNotContain("--no-plots").contains("Figures were drawn before this report was written");
        assertThat(md).contains("![RTT, burst of 1: mean and p99 per transport x producers](plots/rtt-bars-b1.png)");
    }

    @Test
    void figureListNamesEveryFigureOnceWithItsData() throws IOException {
        Path data = reported("run-complete").resolve("plots").resolve("data");
        assertThat(read(data.resolve("meta.gp"))).contains("run_id = ").doesNotContain("list_");
        List<String> names = new ArrayList<>();
        for (String line : read(data.resolve(Report.FIGURE_LIST)).lines().filter(l -> !l.startsWith("#")).toList()) {
            String[] f = line.split(" ");
            assertThat(f).as(line).hasSize(2);
            assertThat(data.resolve(f[1] + ".gp")).as(line).exists();
            names.add(f[1]);
        }
        assertThat(names).doesNotHaveDuplicates().contains("rtt-bars-b1", "rtt-hdr-p1-b1", "lat-hdr-p1-w1-l80", "load-p1-w1-spin",
                "hops-p1-w1-l10", "alloc-p1-w1", "disruptor", "rtt-p1-b1", "pipeline-throughput-p1");
    }

    /** A figure whose histograms cannot be read is listed with its reason where it would stand, and never plotted. */
    @Test
    void aPercentileFigureWithoutHistogramsIsSkippedWithItsReason() throws IOException {
        Path run = Fixtures.copy("run-complete", tmp);
        try (java.util.stream.Stream<Path> files = Files.list(run.resolve("hgrm"))) {
            for (Path f : files.toList()) {
                Files.delete(f);
            }
        }
        assertThat(Fixtures.quiet(new ReportCommand()).execute(run.toString(), "--no-plots")).isZero();
        String md = read(run.resolve("appendix-details.md"));
        String rttHdr = md.substring(md.indexOf("### 3.2 RTT percentile distributions"), md.indexOf("### 3.3 "));
        assertThat(rttHdr).contains(PercentileChart.NONE, "- rtt-hdr-p1-b1: no histogram could be read, figure skipped (no histogram file for ")
                .doesNotContain("#### ");
        assertThat(read(run.resolve("plots/data/figures.list"))).doesNotContain("hdr ").contains("rtt-bars rtt-bars-b1");
        assertThat(run.resolve("plots/data/rtt-hdr-p1-b1.gp")).doesNotExist();
    }

    /** A suite's parts bring their own detail figure and section; the report finds them through the parts alone. */
    @Test
    void aNewSuitesDetailSectionJoinsTheAppendixWithoutReportCode() throws IOException {
        Path run = Fixtures.copy("run-complete", tmp);
        FigureKind kind = new FigureKind() {
            @Override
            public String script() {
                return "made-up";
            }

            @Override
            public List<Plot> write(RunData r, Path dataDir) throws IOException {
                FigureData.write(dataDir, "made-up-1.gp", FigureData.header("Made-up figure", List.of(), 900, 600).toString());
                return List.of(new Plot("made-up", "made-up-1", "Made-up figure", "", new MarkdownTable("x").row("42"), false));
            }
        };
        ReportParts madeUp = new ReportParts() {
            @Override
            public List<String> files() {
                return List.of();
            }

            @Override
            public List<FigureKind> figureKinds() {
                return List.of(kind);
            }

            @Override
            public List<Section> sections() {
                return List.of();
            }

            @Override
            public List<Section> details() {
                return List.of(new DetailSection("Made-up suite", "made-up", "What it shows.", "rtt.csv"));
            }

            @Override
            public List<String> method(RunData r) {
                return List.of("**Made-up**: measured by nothing.");
            }
        };
        List<ReportParts> parts = new ArrayList<>(Suites.reportParts());
        parts.add(madeUp);
        StringWriter sink = new StringWriter();
        int exit = ReportWriter.generate(run, run.resolve("REPORT.md"), false, Path.of("plots"), parts, "test", new PrintWriter(sink),
                new PrintWriter(sink));
        assertThat(exit).isZero();
        String md = read(run.resolve("appendix-details.md"));
        assertThat(md).contains("### 3.8 Made-up suite\n\nWhat it shows.\n\n#### Made-up figure\n", "| 42 |", "- **Made-up**: measured by nothing.");
        assertThat(md.indexOf("- **Made-up**")).isLessThan(md.indexOf("- **Every trial verifies**"));
        assertThat(read(run.resolve("plots/data/figures.list"))).contains("\nmade-up made-up-1\n");
    }
}
