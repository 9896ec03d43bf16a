package handoff.harness.pipelinereport;

import handoff.harness.report.ReportWriter;
import handoff.harness.results.ResultsReadme;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The decision table of the committed run results/20261124-203515-472f2c7 rendered from its files (docs/statistics.md
 * §6): lbq/block, beaten by clq/park (one-sided paired t = 12.8, 2 df, p = 0.0030 below α/(k − 1) = 0.0045; the
 * refused comparisons met before it had hidden that), is "not best" and gets no "throughput matters"; lmax/block, every
 * comparison refused, is "untested", never in the best group; at p99, mtoca/park is beaten by flow/native (p = 0.0029
 * below 0.05/6) and lbq/park is untested.
 */
class DecisionVerdictsTest {
    static final String RUN = "20261124-203515-472f2c7";

    @TempDir
    Path tmp;

    @Test
    void noRowOfTheBestGroupIsBeatenOrUntested() throws IOException {
        Path run = Files.createDirectories(tmp.resolve(RUN));
        for (String f : List.of("manifest.json", "pipeline.csv", "pipeline-latency.csv", "pipeline-capacity.csv")) {
            Files.copy(ResultsReadme.committed(RUN, f), run.resolve(f));
        }
        StringWriter sink = new StringWriter();
        int exit = ReportWriter.generate(run, run.resolve("REPORT.md"), false, Path.of("plots"), List.of(new PipelineReport()), "test",
                new PrintWriter(sink), new PrintWriter(sink));
        assertThat(exit).as(sink.toString()).isZero();
        List<String> lines = Files.readAllLines(run.resolve("REPORT.md"));
        assertThat(row(lines, "lbq/block")).contains("2.28 M/s [1.49 M/s – 3.00 M/s, 75 %] (not best)")
                .doesNotContain("throughput matters").endsWith("| no measured advantage in this run |");
        assertThat(row(lines, "lmax/block")).contains("1.37 M/s [655 k/s – 3.09 M/s, 75 %] (untested)").doesNotContain("best group");
        assertThat(row(lines, "clq/park")).contains("7.14 M/s [4.40 M/s – 7.20 M/s, 75 %] (best group)");
        assertThat(row(lines, "mtoca/park")).contains("5.21 ms [3.29 ms – 5.46 ms, 75 %] (not best)");
        assertThat(row(lines, "lbq/park")).contains("2.87 ms [1.12 ms – 3.51 ms, 75 %] (untested)");
        String verdict = lines.stream().filter(l -> l.startsWith("Saturation throughput, each row against the best")).findFirst().orElseThrow();
        assertThat(verdict).contains("best group **clq/park, mtoca/park, jctools/park, disruptor/block, lmax/park**")
                .contains("not the highest (another row shown better): abq/block, lbq/block, flow/native, disruptor/park; "
                        + "untested (a comparison that could place it refused: forks spread over 2×): abq/park, lbq/park, lmax/block.")
                .contains("not the lowest (another row shown better): mtoca/park; untested (a comparison that could place it "
                        + "refused: forks spread over 2×): abq/park, lbq/park, clq/park, jctools/park, flow/native, disruptor/park.");
    }

    private static String row(List<String> lines, String label) {
        return lines.stream().filter(l -> l.startsWith("| " + label + " |")).findFirst().orElseThrow();
    }
}
