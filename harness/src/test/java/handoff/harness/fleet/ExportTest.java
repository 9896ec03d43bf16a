package handoff.harness.fleet;

import handoff.harness.page.CsvFile;
import handoff.harness.page.TextLine;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code export}: the long table holds each fork's value of each declared metric, with the run's facts on every line. */
class ExportTest {
    @TempDir
    Path tmp;

    static int export(StringWriter err, String... args) {
        CommandLine cl = new CommandLine(new ExportCommand());
        cl.setOut(new PrintWriter(new StringWriter()));
        cl.setErr(new PrintWriter(err));
        return cl.execute(args);
    }

    @Test
    void everyForkOfEveryDeclaredMetricIsALine() throws Exception {
        Path run = SyntheticRuns.write(tmp, "20260101-000000-aaaaaaa", "AMD EPYC", 2, "17.0.15+6", "aaaaaaa1", "2026-01-01T00:00:00Z", Map.of());
        assertThat(export(new StringWriter(), run.toString())).isZero();
        CsvFile tidy = CsvFile.read(run.resolve(TidyForks.FILE));
        assertThat(tidy.header).containsSubsequence("run_id", "file", "config", "metric", "fork", "value", "unit", "higher_is_better",
                "cpu_model", "cpus", "virtualised", "pinned", "jvm", "gc", "commit", "dirty", "profile", "flags");
        int lines = 0;
        for (String file : List.of("pipeline.csv", "rtt.csv")) {
            for (TextLine r : CsvFile.read(run.resolve(file)).ok()) {
                for (String metric : List.of("throughput_eps", "p50_ns", "p99_ns")) {
                    double[] forks = r.forks(metric);
                    for (int i = 0; forks != null && i < forks.length; i++) {
                        int fork = i;
                        List<TextLine> hit = tidy.rows().stream().filter(t -> t.get("file").equals(file) && t.get("metric").equals(metric)
                                && t.get("transport").equals(r.get("transport")) && t.get("wait").equals(r.get("wait"))
                                && t.get("fork").equals(Integer.toString(fork))).toList();
                        assertThat(hit).as("%s %s %s fork %d", file, r.label(), metric, fork).hasSize(1);
                        assertThat(hit.get(0).num("value")).isEqualTo(forks[i]);
                        assertThat(hit.get(0).get("cpu_model")).isEqualTo("AMD EPYC");
                        assertThat(hit.get(0).get("jvm")).isEqualTo("17.0.15+6");
                        lines++;
                    }
                }
            }
        }
        assertThat(tidy.rows()).hasSize(lines);
        assertThat(lines).isGreaterThan(50);
    }

    @Test
    void aDamagedFolderIsRefusedAndNothingWritten() throws Exception {
        Path run = SyntheticRuns.write(tmp, "20260101-000000-bbbbbbb", "AMD EPYC", 2, "17.0.15+6", "bbbbbbb1", "2026-01-01T00:00:00Z", Map.of());
        String p = Files.readString(run.resolve("pipeline.csv"));
        List<Map<String, String>> rows = handoff.harness.results.CsvFormat.parse(p);
        rows.get(0).put("throughput_eps_forks", "123;x;456"); // a per-fork cell that is not numbers
        Files.writeString(run.resolve("pipeline.csv"), handoff.harness.results.CsvFormat.render(handoff.harness.results.CsvFormat.header(p), rows));
        StringWriter err = new StringWriter();
        assertThat(export(err, run.toString())).isEqualTo(2);
        assertThat(err.toString().strip()).doesNotContain("\n").contains("pipeline.csv line 2").contains("not a number");
        assertThat(run.resolve(TidyForks.FILE)).doesNotExist();
    }
}
