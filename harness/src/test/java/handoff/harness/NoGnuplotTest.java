package handoff.harness;

import handoff.harness.results.RunFolder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A box without gnuplot, and without root's apt-get to install it, still gets its study (issue 50, item 3): the
 * trials, the CSVs and REPORT.md without figures, one warning line with the command that draws them later, exit 0.
 */
class NoGnuplotTest {
    @TempDir
    Path tmp;

    @AfterEach
    void nothingLeft() throws Exception {
        RunBench.killAll(tmp);
        try (Stream<Path> links = Files.list(tmp.resolve("path"))) { // the PATH's links, before the temp folder's clean-up warns of each
            for (Path l : links.toList()) {
                Files.delete(l);
            }
        }
    }

    @Test
    void theRunGoesOnWithoutFiguresAndSaysHowToDrawThem() throws Exception {
        Path out = tmp.resolve("runs");
        Path log = tmp.resolve("script.log");
        Process script = RunBench.startWithout(List.of("gnuplot", "apt-get"), tmp.resolve("path"), log, "--no-build", "--out",
                out.toString(), "--profile", "smoke", "--suites", "rtt", "--transports", "abq", "--bursts", "100", "--quiet");
        assertThat(script.waitFor(8, TimeUnit.MINUTES)).as("the script ends").isTrue();
        String text = Files.readString(log);
        assertThat(script.exitValue()).as(text).isZero();
        Path run;
        try (Stream<Path> s = Files.list(out)) {
            run = s.filter(RunFolder::isRun).findFirst().orElseThrow();
        }
        assertThat(Files.readString(run.resolve(RunFolder.MANIFEST))).contains("\"status\": \"complete\"");
        assertThat(run.resolve("rtt.csv")).isRegularFile();
        assertThat(Files.readString(run.resolve("REPORT.md"))).contains("Not drawn (run plots/plot-all.sh)");
        try (Stream<Path> s = Files.list(run.resolve("plots"))) {
            assertThat(s.map(p -> p.getFileName().toString())).noneMatch(n -> n.endsWith(".png"));
        }
        List<String> warnings = text.lines().filter(l -> l.contains("gnuplot")).toList();
        assertThat(warnings).as(text).hasSize(1);
        assertThat(warnings.get(0)).startsWith("run-bench: warning: gnuplot not found").endsWith("report --plots " + run);
        assertThat(text).contains("run-bench: done: " + run + "/REPORT.md");
    }
}
