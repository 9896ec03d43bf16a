package handoff.harness.page;

import handoff.harness.cli.ReportCommand;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Runs the real gnuplot scripts on the fixture; skipped where gnuplot is not installed, failed there under CI=true. */
class PlotsTest {
    @TempDir
    Path tmp;

    @Test
    void plotAllDrawsEveryFigureAndTheReportLinksThem() throws IOException {
        Gnuplot.required();
        Path plots = Fixtures.plotsDir();
        assertThat(plots).as("plots/ from " + Path.of("").toAbsolutePath()).isNotNull();
        Path run = Fixtures.copy("run-complete", tmp);
        Path out = tmp.resolve("docs").resolve("REPORT.md");
        int exit = Fixtures.quiet(new ReportCommand()).execute(run.toString(), "--plots", "--plots-dir", plots.toString(),
                "--out", out.toString());
        assertThat(exit).as("report exit (2 = plotting failed)").isZero();
        for (String name : new String[] {"rtt-bars-b1", "rtt-bars-b100", "rtt-hdr-p1-b1", "lat-hdr-p1-w1-l80", "pipeline-throughput-p1",
                "load-p1-w1-spin", "load-p1-w1-block", "hops-p1-w1-l10", "alloc-p1-w1", "unicast-per-item", "disruptor", "rtt-p1-b1", "published-ratio-of-ratios"}) {
            Path png = run.resolve("plots").resolve(name + ".png");
            assertThat(png).as(name).exists();
            try (InputStream in = Files.newInputStream(png)) {
                byte[] sig = in.readNBytes(8);
                assertThat(sig).as(name + " is a PNG").startsWith(0x89, 'P', 'N', 'G');
            }
            assertThat(Files.size(png)).as(name).isGreaterThan(5_000);
        }
        // the HdrHistogram plot keeps the max: its data carries the max point beyond the last percentile
        String max = Files.readString(run.resolve("plots/data/rtt-hdr-p1-b1-max.dat"), StandardCharsets.UTF_8);
        assertThat(max).contains(" 50000\n"); // abq P=1 B=1 max from the .hgrm's Infinity line
        String md = Files.readString(out, StandardCharsets.UTF_8);
        assertThat(md).contains("](../run-complete/plots/rtt-p1-b1.png)", "](../run-complete/plots/unicast-per-item.png)");
        assertThat(md.split("!\\[", -1).length - 1).as("images in the main report").isLessThanOrEqualTo(Page.MAX_IMAGES);
    }

    @Test
    void plotAllSkipsScriptsWithoutInputAndFailsOnlyOnGnuplotErrors() throws IOException, InterruptedException {
        Gnuplot.required();
        Path plots = Fixtures.plotsDir();
        assertThat(plots).as("plots/").isNotNull();
        Path run = Fixtures.copy("run-partial", tmp);
        assertThat(Fixtures.quiet(new ReportCommand()).execute(run.toString(), "--no-plots")).isZero();
        Process p = new ProcessBuilder("bash", plots.resolve("plot-all.sh").toString(), run.toString()).redirectErrorStream(true).start();
        String log = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as(log).isZero();
        String list = Files.readString(run.resolve("plots/data/figures.list"), StandardCharsets.UTF_8);
        assertThat(list).doesNotContain("throughput", "disruptor"); // nothing listed for files the run does not have
        assertThat(log).doesNotContain("throughput", "disruptor.gp");
        assertThat(run.resolve("plots/rtt-bars-b1.png")).exists();
    }
}
