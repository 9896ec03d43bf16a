package handoff.harness.gate;

import handoff.harness.page.Fixtures;
import handoff.harness.page.Gnuplot;
import handoff.harness.page.RunData;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** compare, drawn: one point per shared row with its interval, marked beyond noise; runs sharing nothing refused. */
class CompareFigureTest {
    @TempDir
    Path tmp;

    @Test
    void onePointPerSharedRowWithTheIntervalTheSpreadsAllowWhereUntested() throws Exception {
        Comparer c = new Comparer(RunData.load(Fixtures.resource("run-complete")), RunData.load(Fixtures.resource("run-b")));
        CompareFigure f = new CompareFigure(List.of(c));
        // abq RTT: p99 1,200 (1,100-1,300) -> 2,000 (1,900-2,100), no per-fork values: the spread's interval, marked untested
        CompareFigure.Point abq = f.points.stream().filter(p -> p.row().equals("RTT p50: abq P=1 B=1 spin")
                || p.row().equals("RTT p99: abq P=1 B=1 spin")).findFirst().orElseThrow();
        assertThat(abq.row()).as("the metric with a recorded spread").isEqualTo("RTT p99: abq P=1 B=1 spin");
        assertThat(abq.ratio()).isEqualTo(2000.0 / 1200.0);
        assertThat(abq.lo()).isEqualTo(1900.0 / 1300.0);
        assertThat(abq.hi()).isEqualTo(2100.0 / 1100.0);
        assertThat(abq.marker()).isEqualTo(2);
        assertThat(f.rows).noneMatch(r -> r.startsWith("RTT mean"));
        assertThat(f.rows).hasSameSizeAs(f.points).doesNotHaveDuplicates();
    }

    /** Where both runs kept per-fork values, the point is the tested one: its Hodges–Lehmann interval, filled when it differs. */
    @Test
    void aTestedRowShowsItsHodgesLehmannIntervalAndIsFilledWhenItDiffers() throws Exception {
        Path a = FakeRun.make(tmp.resolve("a"), java.util.Map.of("pipeline.csv", FakeRun.PIPELINE));
        Path b = FakeRun.make(tmp.resolve("b"), java.util.Map.of("pipeline.csv", FakeRun.scaled(FakeRun.PIPELINE, "lbq,", "throughput_eps", v -> v * 0.7)));
        CompareFigure f = new CompareFigure(List.of(new Comparer(RunData.load(a), RunData.load(b))));
        CompareFigure.Point lbq = f.points.stream().filter(p -> p.row().startsWith("pipeline throughput: lbq")).findFirst().orElseThrow();
        assertThat(lbq.marker()).isZero();
        assertThat(lbq.lo()).isLessThanOrEqualTo(0.7).isGreaterThan(0.6);
        assertThat(lbq.hi()).isGreaterThanOrEqualTo(0.7).isLessThan(0.8);
        CompareFigure.Point abq = f.points.stream().filter(p -> p.row().startsWith("pipeline throughput: abq")).findFirst().orElseThrow();
        assertThat(abq.marker()).as("no significant difference").isEqualTo(1);
    }

    @Test
    void drawsTheFigureAndEmbedsItInTheMarkdown() throws Exception {
        Gnuplot.required();
        Path md = tmp.resolve("cmp.md");
        int exit = Fixtures.quiet(new CompareCommand()).execute(Fixtures.resource("run-complete").toString(),
                Fixtures.resource("run-b").toString(), Fixtures.resource("run-complete").toString(), "--markdown", md.toString());
        assertThat(exit).isZero();
        assertThat(tmp.resolve("cmp.png")).isRegularFile();
        byte[] png = Files.readAllBytes(tmp.resolve("cmp.png"));
        assertThat(png).startsWith(0x89, 'P', 'N', 'G');
        assertThat(Files.readString(md, StandardCharsets.UTF_8)).startsWith("![Ratio of each run to run A, per shared row](cmp.png)")
                .contains("# Comparison of two runs");
        assertThat(Files.readString(tmp.resolve("cmp.dat"))).contains("# run run-b / run-complete", "# run run-complete / run-complete");
    }

    @Test
    void runsThatShareNoRowsAreRefusedInOneLine() throws Exception {
        Path other = tmp.resolve("other");
        Files.createDirectories(other);
        Files.copy(Fixtures.resource("run-partial").resolve("manifest.json"), other.resolve("manifest.json"));
        Files.writeString(other.resolve("rtt.csv"), "transport,producers,burst,wait,p50_ns,p99_ns,status\nnone-such,9,9,spin,1,2,ok\n");
        Path md = tmp.resolve("x.md");
        CommandLine cl = new CommandLine(new CompareCommand());
        StringWriter err = new StringWriter();
        cl.setErr(new PrintWriter(err));
        cl.setOut(new PrintWriter(new StringWriter()));
        int exit = cl.execute(Fixtures.resource("run-complete").toString(), other.toString(), "--markdown", md.toString());
        assertThat(exit).isEqualTo(2);
        assertThat(err.toString().strip()).doesNotContain("\n").contains("share no rows");
        assertThat(md).doesNotExist();
    }

}
