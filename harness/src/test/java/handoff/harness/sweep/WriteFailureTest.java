package handoff.harness.sweep;

import handoff.harness.cli.Main;
import handoff.harness.results.AtomicFiles;
import handoff.harness.results.RunFolder;
import handoff.harness.results.WriteFailed;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A full disk mid-run, injected without root or a tmpfs ({@link AtomicFiles#failFrom}: from the Nth write on, every
 * write fails with "No space left on device"): one line naming the path and the cause, exit 74 (not an interrupt's
 * 130), the run marked write-failed with the cause, its finished trials kept; once writes work again,
 * {@code --resume} completes it to the rows of an uninterrupted run, and the next run learns its timing.
 */
class WriteFailureTest {
    private static final String[] TINY = {"--profile", "smoke", "--suites", "rtt", "--transports", "abq,baseline", "--bursts", "100", "--quiet"};

    @TempDir
    Path out;

    @AfterEach
    void writesWorkAgain() {
        AtomicFiles.failFrom(0);
    }

    @Test
    void aFullDiskEndsTheRunInOneLineAndResumeCompletesIt() throws Exception {
        // writes: sweep.properties, manifest, the plan's fit in the manifest, then per trial its file and the suite's CSV:
        // the 6th is the second trial's file
        AtomicFiles.failFrom(6);
        StringWriter err = new StringWriter();
        int code = execute(err, tiny("sweep", "--out", out.toString()));
        AtomicFiles.failFrom(0);

        assertThat(code).isEqualTo(WriteFailed.EXIT_CODE).isEqualTo(74);
        Path run = onlyRun();
        String line = err.toString().strip();
        assertThat(line).doesNotContain("\n").doesNotContain("Exception").doesNotContain("\tat ")
                .startsWith("handoff: cannot write " + run + "/")
                .contains(": No space left on device; finished trials are kept in " + run + " (status write-failed)")
                .endsWith("continue with: ./run-bench.sh --resume " + run);
        // on the full disk the manifest is marked in its own blocks, on one line (ManifestWriter.writeFailed): read it as JSON
        Map<?, ?> manifest = (Map<?, ?>) handoff.harness.results.Json.parse(Files.readString(run.resolve(RunFolder.MANIFEST)));
        assertThat(manifest.get("status")).isEqualTo("write-failed");
        assertThat((String) manifest.get("write_failure")).matches(java.util.regex.Pattern.quote(run.toString()) + "/[^\"]+: No space left on device");
        assertThat(handoff.harness.page.Manifest.read(run).status()).as("report and compare name it").isEqualTo("write-failed");
        assertThat(execute(new StringWriter(), "report", run.toString(), "--no-plots")).isZero();
        assertThat(Files.readString(run.resolve("REPORT.md"))).contains("The manifest status is `write-failed`, not `complete`")
                .containsPattern("The run stopped because a file could not be written: `" + java.util.regex.Pattern.quote(run.toString())
                        + "/[^`]+: No space left on device`");
        try (Stream<Path> s = Files.list(run.resolve("trials"))) {
            assertThat(s.filter(f -> f.toString().endsWith(".properties")).count()).as("the first trial is kept").isBetween(1L, 2L);
        }

        assertThat(execute(new StringWriter(), "sweep", "--resume", run.toString(), "--quiet")).isZero();
        String text = Files.readString(run.resolve(RunFolder.MANIFEST));
        assertThat(text).contains("\"status\": \"complete\"").contains("\"write_failure\": \"\"").doesNotContain("\"trials\": 3.0");
        manifest = (Map<?, ?>) handoff.harness.results.Json.parse(text);
        assertThat(((Map<?, ?>) ((Map<?, ?>) manifest.get("timing")).get("rtt")).get("trials")).isEqualTo(3L);
        List<Map<String, String>> rows = SweepTest.csv(run.resolve("rtt.csv"));
        assertThat(rows).extracting(r -> r.get("transport")).containsExactly("nanotime", "abq", "baseline");
        assertThat(Calibration.learn(out, CalibrationTest.plan(handoff.harness.trial.Profile.SMOKE), null,
                Calibration.machineKey(handoff.harness.env.Machine.probe().toJson()), null).how())
                .as("the next smoke run's opening estimate learns from this one").contains("(run " + run.getFileName() + ", 3 trials)");
    }

    /** The very first trial's file: nothing kept, and the manifest marked in its own blocks (no temp file can be made). */
    @Test
    void aFailureOnTheFirstTrialKeepsNothingAndResumeRunsItAll() throws Exception {
        AtomicFiles.failFrom(3);
        StringWriter err = new StringWriter();
        assertThat(execute(err, tiny("sweep", "--out", out.toString()))).isEqualTo(74);
        AtomicFiles.failFrom(0);
        assertThat(err.toString().strip()).doesNotContain("\n").contains("No space left on device");
        assertThat(((Map<?, ?>) handoff.harness.results.Json.parse(Files.readString(onlyRun().resolve(RunFolder.MANIFEST)))).get("status"))
                .as(err.toString()).isEqualTo("write-failed");
        assertThat(execute(new StringWriter(), "sweep", "--resume", onlyRun().toString(), "--quiet")).isZero();
        assertThat(Files.readString(onlyRun().resolve(RunFolder.MANIFEST))).contains("\"status\": \"complete\"");
    }

    /**
     * Through run-bench.sh: its exit code is the sweep's 74, the harness's line is the last word (no "interrupted",
     * no stack trace), and nothing else is started. The fault reaches the sweep's JVM as a system property in
     * JAVA_TOOL_OPTIONS (which each JVM names on stderr; trial JVMs, each counting their own few writes, stay under it).
     */
    @Test
    void theScriptPassesTheExitCodeThroughWithTheOneLine() throws Exception {
        Path runs = out.resolve("runs");
        Path log = out.resolve("script.log");
        handoff.harness.RunBench.start(out.resolve("tools"), out.resolve("warm-up.log"), "--help").waitFor(); // the gnuplot stub
        List<String> cmd = new java.util.ArrayList<>(List.of("bash", handoff.harness.RunBench.root().resolve("run-bench.sh").toString(),
                "--no-build", "--out", runs.toString()));
        cmd.addAll(List.of(TINY));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile());
        pb.environment().put("HANDOFF_CLASSPATH", System.getProperty("java.class.path"));
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        pb.environment().put("PATH", out.resolve("tools") + ":" + pb.environment().getOrDefault("PATH", "/usr/bin:/bin"));
        pb.environment().put("JAVA_TOOL_OPTIONS", "-D" + AtomicFiles.FAULT_PROPERTY + "=6");
        Process p = pb.start();
        try {
            assertThat(p.waitFor(180, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
        } finally {
            handoff.harness.RunBench.killAll(runs);
            p.destroyForcibly();
        }
        List<String> said = Files.readAllLines(log).stream().filter(l -> !l.startsWith("Picked up JAVA_TOOL_OPTIONS")).toList();
        assertThat(p.exitValue()).as(String.join("\n", said)).isEqualTo(74);
        assertThat(said.get(said.size() - 1)).startsWith("handoff: cannot write ").contains("No space left on device")
                .contains("continue with: ./run-bench.sh --resume ");
        assertThat(String.join("\n", said)).doesNotContain("interrupted").doesNotContain("Exception").doesNotContain("\tat ");
    }

    /** The form a manifest is marked in on a full disk (one line, no indentation) is the same JSON, and shorter. */
    @Test
    void aManifestMarkedInPlaceIsTheSameJsonAndShorter() {
        Map<String, Object> m = new java.util.LinkedHashMap<>();
        m.put("run_id", "x");
        m.put("status", "write-failed");
        m.put("machine", Map.of("cores", 2L));
        m.put("warnings", List.of("a {", "b"));
        m.put("plan", Map.of("suites", List.of("rtt"), "nested", Map.of("k", "v")));
        String pretty = handoff.harness.results.Json.write(m);
        String flat = handoff.harness.results.Json.compact(m);
        assertThat(flat.length()).isLessThan(pretty.length());
        assertThat(flat.strip()).doesNotContain("\n");
        assertThat(handoff.harness.results.Json.parse(flat)).isEqualTo(handoff.harness.results.Json.parse(pretty)).isEqualTo(m);
    }

    private Path onlyRun() throws Exception {
        try (Stream<Path> s = Files.list(out)) {
            return s.filter(RunFolder::isRun).findFirst().orElseThrow();
        }
    }

    private String[] tiny(String... head) {
        return Stream.concat(Stream.of(head), Stream.of(TINY)).toArray(String[]::new);
    }

    private static int execute(StringWriter err, String... args) {
        CommandLine cl = Main.commandLine();
        cl.setErr(new PrintWriter(err, true));
        cl.setOut(new PrintWriter(new StringWriter()));
        return cl.execute(args);
    }
}
