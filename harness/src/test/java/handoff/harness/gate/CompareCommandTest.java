package handoff.harness.gate;

import handoff.harness.page.Fixtures;
import handoff.harness.page.Manifest;
import handoff.harness.page.RunData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class CompareCommandTest {
    @TempDir
    Path tmp;

    private static ComparedMetric find(Comparer c, String metric, String config) {
        return c.lines.stream().filter(l -> l.metric.label().equals(metric) && l.config.equals(config)).findFirst()
                .orElseThrow(() -> new AssertionError("no line " + metric + " " + config));
    }

    /**
     * The committed fixtures keep no per-fork values: every line is "untested", never "no difference" and never a
     * change beyond noise; ratios, spreads (for the figure) and flags are still there, and every suite's file is read.
     */
    @Test
    void rowsWithoutPerForkValuesAreUntestedNeverCalledAChange() throws IOException {
        Comparer c = new Comparer(RunData.load(Fixtures.resource("run-complete")), RunData.load(Fixtures.resource("run-b")));
        ComparedMetric abq = find(c, "RTT p99", "transport=abq producers=1 burst=1 wait=spin");
        assertThat(abq.ratio).isEqualTo(2000.0 / 1200.0);
        assertThat(abq.kind).isEqualTo(ComparedMetric.Kind.UNTESTED);
        assertThat(abq.verdict).isEqualTo("untested (no per-fork values in either run)");
        assertThat(abq.spreadA).containsExactly(1100, 1300);
        assertThat(find(c, "RTT mean", "transport=abq producers=1 burst=1 wait=spin").ratio).isEqualTo(1.5);
        assertThat(find(c, "pipeline throughput", "transport=abq producers=1 wait=block work=1 workers=1").ratio).isEqualTo(0.5);
        assertThat(find(c, "unicast time per item", "transport=abq wait=block items=5000").ratio).isEqualTo(1.5);
        assertThat(c.lines).allMatch(l -> l.kind == ComparedMetric.Kind.UNTESTED);
        assertThat(c.summary()).contains("untested (no per-fork values)", "two-sided Welch t on log per-fork values", "α = 0.05");
        // oversubscribed rows keep their flag in the comparison, and never gate
        ComparedMetric p2 = find(c, "RTT p99", "transport=abq producers=2 burst=1 wait=spin");
        assertThat(p2.flags).contains("oversubscribed");
        assertThat(new Gate(c, Gate.DEFAULT_THRESHOLD).result(p2).outcome()).as("RTT p99 at P = 2: not a declared headline")
                .isEqualTo(Gate.Outcome.NOT_GATED);
        assertThat(c.notes).contains("pipeline-latency.csv only in run a", "disruptor.csv only in run a");
    }

    @Test
    void writesMarkdownAndTheVerdictBesideTheFigure() throws IOException {
        Path md = tmp.resolve("cmp.md");
        int exit = Fixtures.quiet(new CompareCommand()).execute(Fixtures.resource("run-complete").toString(),
                Fixtures.resource("run-b").toString(), "--markdown", md.toString());
        assertThat(exit).isZero();
        String text = Files.readString(md, StandardCharsets.UTF_8);
        assertThat(text).contains("# Comparison of two runs", "| RTT p99 | transport=abq producers=1 burst=1 wait=spin | 1,200 ns | 2,000 ns | 1.67× "
                        + "| untested (no per-fork values in either run) | not a headline row: listed, never gates |",
                "| RTT p99 | transport=lbq producers=1 burst=1 wait=spin | 750 ns | 760 ns | 1.01× | untested (no per-fork values in either run) |",
                "Machine-readable verdict: `cmp.verdict.json` (JSON), `cmp.junit.xml` (JUnit XML).");
        assertThat(tmp.resolve("cmp.verdict.json")).isRegularFile();
        assertThat(Files.readString(tmp.resolve("cmp.junit.xml"))).startsWith("<?xml").contains("failures=\"0\"");
    }

    /** A missing folder, a file, a folder that is not a run: bad input, one line, exit 2, nothing printed. */
    @Test
    void refusesWhatIsNotARun() throws IOException {
        Path notRun = Files.createDirectories(tmp.resolve("not-a-run"));
        Files.writeString(notRun.resolve("notes.txt"), "x");
        Path file = Files.writeString(tmp.resolve("a-file"), "x");
        String run = Fixtures.resource("run-complete").toString();
        String[][] cases = {{tmp.resolve("missing").toString(), run, "does not exist"}, {notRun.toString(), notRun.toString(),
                "is not a run folder (no manifest.json)"}, {run, file.toString(), "is not a folder"}};
        for (String[] c : cases) {
            CommandLine cl = new CommandLine(new CompareCommand());
            java.io.StringWriter out = new java.io.StringWriter();
            java.io.StringWriter err = new java.io.StringWriter();
            cl.setOut(new java.io.PrintWriter(out));
            cl.setErr(new java.io.PrintWriter(err));
            assertThat(cl.execute(c[0], c[1])).isEqualTo(2);
            assertThat(err.toString().strip()).startsWith("handoff: compare: ").contains(c[2] + "; give two run folders")
                    .doesNotContain("\n");
            assertThat(out.toString()).isEmpty();
        }
    }

    /** A manifest left 'running' with no sweep holding the folder (a hard kill) reads 'incomplete', never whole. */
    @Test
    void aRunLeftRunningWithNoLiveSweepIsIncomplete() throws IOException {
        Path run = Fixtures.copy("run-partial", tmp);
        Path manifest = run.resolve("manifest.json");
        Files.writeString(manifest, Files.readString(manifest).replace("\"status\": \"interrupted\"", "\"status\": \"running\""));
        assertThat(Manifest.read(run).status()).isEqualTo(Manifest.INCOMPLETE);
        Comparer c = new Comparer(RunData.load(Fixtures.resource("run-complete")), RunData.load(run));
        assertThat(c.text()).startsWith("a = run-complete\nb = run-partial — incomplete: not every trial ran");
        assertThat(c.markdown()).contains("- b: `run-partial` (").contains(") — incomplete: not every trial ran");
        try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(run.resolve(handoff.harness.results.RunFolder.LOCK),
                java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.WRITE);
             java.nio.channels.FileLock held = ch.lock()) {
            assertThat(Manifest.read(run).status()).as("a live sweep holds it").isEqualTo("running");
        }
    }
}
