package handoff.harness.sweep;

import handoff.harness.RunBench;
import handoff.harness.cli.Main;
import handoff.harness.results.RunFolder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Stop means stop: a signal to {@code run-bench.sh}'s pid alone (what kill, timeout, a CI cancel or a closed
 * terminal send) stops the whole run, keeps its finished trials and marks it interrupted; a sweep killed
 * hard takes its trial JVM along, and its folder (left 'running') reads 'incomplete' and resumes.
 */
class StopTest {
    /**
     * The bound for a stop. Stopping is a SIGKILL of the trial in flight plus one manifest write, or
     * one poll of a trial's parent (0.5 s) plus a halt: the rest of the bound is room for a loaded CI box.
     */
    private static final long STOP_S = 10;
    /** Bounded, generous waits for a tiny run to get going on a loaded 2-core box (not assertions on speed). */
    private static final long START_S = 180;
    private static final String[] TINY = {"--profile", "smoke", "--suites", "rtt", "--transports", "baseline,abq", "--quiet"};

    @TempDir
    Path tmp;

    @AfterEach
    void nothingOutlivesTheTest() {
        RunBench.killAll(tmp);
    }

    @Test
    void sigtermToTheScriptAloneStopsTheRunAndResumeCompletesIt() throws Exception {
        Path out = tmp.resolve("runs");
        Path run = stopScript(out, "TERM", 143);

        assertThat(execute("sweep", "--resume", run.toString(), "--quiet")).isZero();
        assertThat(Files.readString(run.resolve(RunFolder.MANIFEST))).contains("\"status\": \"complete\"");
        Path fresh = tmp.resolve("fresh");
        List<String> args = new ArrayList<>(List.of("sweep", "--out", fresh.toString()));
        args.addAll(List.of(TINY));
        assertThat(execute(args.toArray(String[]::new))).isZero();
        // the same rows; whether each measured 'ok' is the box's business (a 2-core box under load can fail one)
        List<Map<String, String>> resumed = SweepTest.csv(run.resolve("rtt.csv"));
        assertThat(keys(resumed)).isEqualTo(keys(SweepTest.csv(onlyRun(fresh).resolve("rtt.csv"))));
        assertThat(resumed).allSatisfy(r -> assertThat(r.get("status")).isNotBlank());
    }

    @Test
    void sighupToTheScriptAloneStopsTheRun() throws Exception {
        // four forks a row: the run is still in its trials when the signal comes, however fast the first one ended
        stopScript(tmp.resolve("runs"), "HUP", 129, "--forks", "4");
    }

    /** Starts the script, lets it finish a trial, signals its pid alone, and checks that everything stopped. */
    private Path stopScript(Path out, String signal, int exitCode, String... more) throws Exception {
        List<String> args = new ArrayList<>(List.of("--no-build", "--out", out.toString()));
        args.addAll(List.of(TINY));
        args.addAll(List.of(more));
        Process script = RunBench.start(tmp.resolve("tools"), tmp.resolve("script.log"), args.toArray(String[]::new));
        awaitOrFail(() -> trials(out) >= 1, START_S, "a finished trial");
        int before = trials(out);
        assertThat(new ProcessBuilder("kill", "-" + signal, Long.toString(script.pid())).start().waitFor()).isZero();

        assertThat(script.waitFor(STOP_S, TimeUnit.SECONDS)).as("the script ends").isTrue();
        awaitOrFail(() -> RunBench.processesNaming(out).isEmpty(), STOP_S, "no process of the run left");
        assertThat(script.exitValue()).isEqualTo(exitCode);
        Path run = onlyRun(out);
        assertThat(Files.readString(run.resolve(RunFolder.MANIFEST))).contains("\"status\": \"interrupted\"");
        assertThat(trials(out)).as("finished trials are kept").isGreaterThanOrEqualTo(before);
        assertThat(Files.readString(tmp.resolve("script.log"))).contains("--resume " + run);
        return run;
    }

    /** A trial JVM notices its sweep was SIGKILLed (it cannot be told) and ends; the run reads 'incomplete'. */
    @Test
    void aSweepKilledHardTakesItsTrialAlong() throws Exception {
        Path out = tmp.resolve("runs");
        Process sweep = startSweep(out, "--transports", "abq", "--fault", "hang", "--trial-timeout", "3600");
        awaitOrFail(() -> hangingTrialLog(out).isPresent(), START_S, "a trial JVM in its hang");
        List<ProcessHandle> trials = sweep.descendants().toList();
        assertThat(trials).isNotEmpty();

        sweep.destroyForcibly(); // SIGKILL: no shutdown hook runs, so the sweep cannot stop its trial itself
        assertThat(sweep.waitFor(STOP_S, TimeUnit.SECONDS)).isTrue();
        awaitOrFail(() -> trials.stream().noneMatch(ProcessHandle::isAlive), STOP_S, "the trial JVM ends without its sweep");
        assertThat(Files.readString(hangingTrialLog(out).orElseThrow())).contains("its sweep (pid " + sweep.pid() + ") is gone");
        Path run = onlyRun(out);
        assertThat(Files.readString(run.resolve(RunFolder.MANIFEST))).contains("\"status\": \"running\"");
        assertThat(compare(run)).contains("incomplete");
    }

    /** A folder left 'running' by a hard kill resumes like an interrupted one, to a complete run. */
    @Test
    void aRunLeftRunningByAHardKillResumes() throws Exception {
        Path out = tmp.resolve("runs");
        Process sweep = startSweep(out, "--transports", "baseline,abq");
        awaitOrFail(() -> trials(out) >= 1, START_S, "a finished trial");
        sweep.destroyForcibly();
        assertThat(sweep.waitFor(STOP_S, TimeUnit.SECONDS)).isTrue();
        awaitOrFail(() -> RunBench.processesNaming(out).isEmpty(), STOP_S, "no process of the run left");
        Path run = onlyRun(out);
        assertThat(Files.readString(run.resolve(RunFolder.MANIFEST))).contains("\"status\": \"running\"");
        assertThat(compare(run)).contains("incomplete");

        assertThat(execute("sweep", "--resume", run.toString(), "--quiet")).isZero();
        assertThat(Files.readString(run.resolve(RunFolder.MANIFEST))).contains("\"status\": \"complete\"");
        assertThat(compare(run)).doesNotContain("incomplete");
        assertThat(keys(SweepTest.csv(run.resolve("rtt.csv"))))
                .containsExactly("nanotime/1/1/n/a", "baseline/1/1/spin", "baseline/1/100/spin", "abq/1/1/spin", "abq/1/100/spin");
    }

    private Process startSweep(Path out, String... extra) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "handoff.harness.cli.Main", "sweep", "--out", out.toString(),
                "--profile", "smoke", "--suites", "rtt", "--quiet"));
        cmd.addAll(List.of(extra));
        return new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(tmp.resolve("sweep.log").toFile()).start();
    }

    private static Optional<Path> hangingTrialLog(Path out) {
        try (Stream<Path> s = Files.walk(out)) {
            return s.filter(f -> f.toString().endsWith(".log") && f.getParent().getFileName().toString().equals("logs"))
                    .filter(f -> {
                        try {
                            return Files.readString(f).contains("fault hang");
                        } catch (java.io.IOException e) {
                            return false;
                        }
                    }).findFirst();
        } catch (java.io.IOException | java.io.UncheckedIOException e) {
            return Optional.empty();
        }
    }

    /** What compare says of a run beside itself: its rows, or (a run killed before a row was folded) its refusal. */
    private String compare(Path run) {
        CommandLine cl = Main.commandLine();
        StringWriter text = new StringWriter();
        cl.setOut(new PrintWriter(text));
        cl.setErr(new PrintWriter(text));
        int exit = cl.execute("compare", run.toString(), run.toString(), "--figure", tmp.resolve("compare.png").toString());
        assertThat(exit).as(text.toString()).isIn(0, 2);
        if (exit == 2) {
            assertThat(text.toString()).contains("share no rows");
        }
        return text.toString();
    }

    private static int execute(String... args) {
        CommandLine cl = Main.commandLine();
        cl.setOut(new PrintWriter(new StringWriter()));
        cl.setErr(new PrintWriter(new StringWriter()));
        return cl.execute(args);
    }

    private static List<String> keys(List<Map<String, String>> rows) {
        return rows.stream().map(r -> r.get("transport") + "/" + r.get("producers") + "/" + r.get("burst") + "/" + r.get("wait")).toList();
    }

    private static Path onlyRun(Path out) throws Exception {
        try (Stream<Path> s = Files.list(out)) {
            List<Path> runs = s.filter(RunFolder::isRun).toList();
            assertThat(runs).hasSize(1);
            return runs.get(0);
        }
    }

    private static int trials(Path out) {
        try (Stream<Path> s = Files.walk(out)) {
            return (int) s.filter(f -> f.toString().endsWith(".properties") && f.getParent().getFileName().toString().equals("trials")).count();
        } catch (java.io.IOException | java.io.UncheckedIOException e) {
            return 0; // not there yet, or a file renamed under the walk
        }
    }

    private static void awaitOrFail(BooleanSupplier condition, long seconds, String what) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not within " + seconds + " s: " + what);
            }
            Thread.sleep(100);
        }
    }
}
