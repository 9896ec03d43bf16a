package handoff.harness.report;

import handoff.harness.cli.ReportCommand;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

class ReportCommandTest {
    @TempDir
    Path tmp;

    private String report(Path run, String... extra) throws IOException {
        String[] args = Stream.concat(Stream.of(run.toString(), "--no-plots"), Stream.of(extra)).toArray(String[]::new);
        int exit = Fixtures.quiet(new ReportCommand()).execute(args);
        assertThat(exit).isZero();
        return Files.readString(run.resolve("REPORT.md"), StandardCharsets.UTF_8);
    }

    private static String line(String md, String prefix) {
        return md.lines().filter(l -> l.startsWith(prefix)).findFirst().orElseThrow(() -> new AssertionError("no line " + prefix));
    }

    /** The text of one "## n." section. */
    private static String section(String md, int n) {
        int from = md.indexOf("\n## " + n + ". ");
        int to = md.indexOf("\n## " + (n + 1) + ". ");
        assertThat(from).as("section %d", n).isPositive();
        return md.substring(from, to < 0 ? md.length() : to);
    }

    @Test
    void hasAllSevenSectionsInOrder() throws IOException {
        String md = report(Fixtures.copy("run-complete", tmp));
        List<String> headings = md.lines().filter(l -> l.startsWith("## ")).collect(Collectors.toList());
        assertThat(headings).containsExactly("## 1. Headline", "## 2. Environment", "## 3. Methodology", "## 4. Results by figure",
                "## 5. Against published results", "## 6. Failed, timed-out, n/a and skipped trials", "## 7. How to reproduce");
        assertThat(md).contains("### 4.1 RTT", "### 4.2 Percentile distributions", "### 4.3 Pipeline saturation throughput",
                "### 4.4 Latency vs offered load", "### 4.5 Per-stage latency breakdown", "### 4.6 Allocation per event and GC time",
                "### 4.7 Unicast publish time vs N", "### 4.8 Hand-rolled Disruptor vs LMAX Disruptor 4");
        assertThat(md).doesNotContain("PARTIAL RUN");
    }

    @Test
    void marksOversubscribedAndUnstableRowsInEveryTable() throws IOException {
        String md = report(Fixtures.copy("run-complete", tmp));
        // RTT table: P=2 on 2 CPUs is 3 threads; P=1 is not
        assertThat(line(md, "| abq | 2 | spin | 1,800 ns")).contains("**oversubscribed**").doesNotContain("**unstable**");
        assertThat(line(md, "| lbq | 2 | spin | 1,200 ns")).contains("**oversubscribed**", "**unstable**");
        assertThat(line(md, "| abq | 1 | spin | 600 ns")).doesNotContain("**oversubscribed**");
        // the same rows in the percentile table, the comparison with published figures and the headline
        assertThat(md).containsPattern("\\| lbq/spin \\|.*\\*\\*oversubscribed\\*\\* \\*\\*unstable\\*\\* \\|");
        assertThat(line(md, "| lbq ÷ abq RTT mean, P=2, burst 1")).contains("**oversubscribed** **unstable**");
        assertThat(line(section(md, 1), "| RTT, P=2, burst 1")).contains("**oversubscribed**");
        // every pipeline row ran 4 threads on 2 CPUs
        assertThat(line(md, "| disruptor | spin | 40.00 ± 5.00 M/s")).contains("**oversubscribed**");
        // environment lists threads > CPUs
        assertThat(section(md, 2)).contains("Threads > CPUs", "3 threads on 2 CPUs", "4 threads on 2 CPUs");
    }

    /** A flow trial stuck short of its goal gets the note on SubmissionPublisher's lost wake-up; other runs do not. */
    @Test
    void explainsAStrandedFlowItem() throws IOException {
        Path run = Fixtures.copy("run-complete", tmp);
        assertThat(section(report(run), 6)).doesNotContain("FlowLostWakeup");
        Files.writeString(run.resolve("unicast.csv"), "flow,native,500,,,,,failed:stuck: 1 items never arrived,false\n",
                StandardCharsets.UTF_8, java.nio.file.StandardOpenOption.APPEND);
        String failures = section(report(run), 6);
        assertThat(line(failures, "| unicast.csv | transport=flow wait=native items=500 |")).contains("stuck: 1 items never arrived");
        assertThat(failures).contains("`SubmissionPublisher`", "handoff.harness.diag.FlowLostWakeup");
    }

    @Test
    void listsFailedTimedOutNaAndSkippedTrialsWithReasons() throws IOException {
        String failures = section(report(Fixtures.copy("run-complete", tmp)), 6);
        assertThat(failures).contains("3 failed, 1 n/a, 1 skipped, 3 timeout");
        assertThat(line(failures, "| rtt.csv | transport=jctools producers=2 burst=1 wait=spin"))
                .contains("| failed | checksum mismatch, 3 events lost |");
        assertThat(line(failures, "| pipeline.csv | transport=abq producers=2"))
                .contains("verification failed: aggregated 999998 of 1000000 events");
        assertThat(line(failures, "| rtt.csv | transport=mtoca producers=2")).contains("| timeout |");
        assertThat(line(failures, "| rtt.csv | transport=flow producers=2")).contains("| n/a | flow has no shared multi-producer send path");
        assertThat(line(failures, "| unicast.csv | transport=lmax")).contains("| skipped | items above --max-items");
    }

    @Test
    void computesRatiosExactly() throws IOException {
        String md = report(Fixtures.copy("run-complete", tmp));
        // fixture: abq P=1 B=1 mean 600 ns, baseline 150 ns -> 4.00x; Thompson: 645 / 167 = 3.86x
        assertThat(line(md, "| abq ÷ baseline RTT mean, P=1, burst 1"))
                .contains("| 645 ÷ 167 | 3.86× |", "600 ns [abq P=1 B=1 spin] ÷ 150 ns [baseline P=1 B=1 spin] | 4.00× | yes |");
        // pipeline: disruptor/spin 40 M/s vs abq/block 2 M/s -> 20.0x; LMAX paper (Sandy Bridge) 15,857,913 / 2,006,903 = 7.90x
        assertThat(line(md, "| disruptor ÷ abq throughput, pipeline 1P-3C (published: Sandy Bridge)")).contains("| 7.90× |", "| 20.0× | yes |");
        // flow 0.6 ms vs lmax 0.13 ms at N=5k -> 4.62x; blog 0.61 / 0.126 = 4.84x
        assertThat(line(md, "| flow ÷ lmax unicast time, N=5k")).contains("| 4.84× |", "| 4.62× | yes |");
        assertThat(line(md, "| abq | 1 | spin | 600 ns")).contains("| 4.00× | 6.32× |"); // ÷ baseline mean, p99 (1200/190)
    }

    @Test
    void selectorAndPublishedCellsGiveTheExactRatio() throws IOException {
        RunData run = RunData.load(Fixtures.resource("run-complete"));
        Selector.Pick num = new Selector("rtt[transport=abq;producers=1;burst=1;wait=spin|yield]:mean_ns").pick(run);
        Selector.Pick den = new Selector("rtt[transport=baseline;producers=1;burst=1;wait=spin]:mean_ns").pick(run);
        assertThat(num.value / den.value).isEqualTo(4.0);
        Published pub = Published.load();
        Published.Table a1 = pub.tables.get("A.1");
        assertThat(Published.number(a1.cell("queue=ArrayBlockingQueue;P=1:mean"))).isEqualTo(645.0);
        assertThat(Published.number(a1.cell("queue=Baseline (wait-free);P=1:99%"))).isEqualTo(189.0);
        // a configuration that exists but failed is reported as such, never silently replaced
        Selector.Pick failed = new Selector("rtt[transport=jctools;producers=2;burst=1;wait=spin]:mean_ns").pick(run);
        assertThat(failed.missing).contains("failed:checksum mismatch");
    }

    @Test
    void partialRunIsStatedAtTheTopAndMissingCsvsSayNotRun() throws IOException {
        String md = report(Fixtures.copy("run-partial", tmp));
        String top = md.substring(0, md.indexOf("## 1."));
        assertThat(top).contains("**PARTIAL RUN.**", "`interrupted`");
        assertThat(section(md, 4)).contains("Not run: `pipeline.csv` is not in this run folder.",
                "Not run: `pipeline-hops.csv` is not in this run folder.", "Not run: `unicast.csv` is not in this run folder.",
                "Not run: `disruptor.csv` is not in this run folder.");
        assertThat(section(md, 6)).contains("Not run (no file in the run folder)");
        // manifest without machine facts: tolerated, shown as unknown
        assertThat(line(section(md, 2), "| machine cpu_model")).contains("unknown");
        assertThat(section(md, 2)).contains("Preflight warnings: none.");
        assertThat(section(md, 7)).contains("**the working tree was dirty**", "./run-bench.sh --profile quick");
        assertThat(section(md, 5)).contains("not measured in this run (pipeline.csv not in this run)");
    }

    @Test
    void missingManifestStillGivesAReport() throws IOException {
        Path run = Fixtures.copy("run-partial", tmp);
        Files.delete(run.resolve("manifest.json"));
        String md = report(run);
        assertThat(md).contains("**Manifest problem:** manifest.json is missing", "**PARTIAL RUN.**");
    }

    @Test
    void writesAtomicallyToOut() throws IOException {
        Path run = Fixtures.copy("run-complete", tmp);
        Path out = tmp.resolve("elsewhere").resolve("REPORT.md");
        int exit = Fixtures.quiet(new ReportCommand()).execute(run.toString(), "--no-plots", "--out", out.toString());
        assertThat(exit).isZero();
        assertThat(out).exists();
        try (Stream<Path> files = Files.list(out.getParent())) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactly("REPORT.md"); // no temp file left behind
        }
        assertThat(run.resolve("plots/data/meta.gp")).exists(); // plot data is written even without --plots
    }

    @Test
    void notADirectoryIsAnError() {
        int exit = Fixtures.quiet(new ReportCommand()).execute(tmp.resolve("nope").toString(), "--no-plots");
        assertThat(exit).isEqualTo(1);
    }
}
