package handoff.harness.cli;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Every bad option: exit 2, one line naming the value and what is allowed, no run folder. */
class BadInputTest {
    @TempDir
    Path out;

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', value = {
            "--profile|nope|unknown profile 'nope'; allowed: smoke, quick, full",
            "--suites|nope|unknown suite 'nope'; allowed: rtt, pipeline",
            "--suites|rtt,,rtt|has an empty entry",
            "--transports|nope|unknown transport 'nope'; allowed: abq",
            "--wait|sometimes|unknown wait strategy 'sometimes'; allowed: spin, yield, park, block",
            "--wait|native|'native' is Flow's own hand-off",
            "--producers|0|--producers 0 is out of range; allowed: 1..64",
            "--producers|-3|--producers -3 is out of range; allowed: 1..64",
            "--producers|two|--producers 'two' is not a whole number; allowed: 1..64",
            "--bursts|0|--bursts 0 is out of range; allowed: 1..65536",
            "--capacity|1000|--capacity 1000 is not a power of two; allowed: 2..65536",
            "--capacity|1|--capacity 1 is out of range; allowed: 2..65536",
            "--rate|0|--rate 0 is out of range for profile quick; allowed: 250..2.5e7 events/s",
            "--rate|-5|--rate -5 is out of range for profile quick; allowed: 250..2.5e7",
            "--rate|fast|--rate 'fast' is not a number; allowed: 250..2.5e7",
            "--work|0|--work 0 is out of range; allowed: 1..100",
            "--workers|0|'0' is not a workers spec; allowed: N or A:B:C",
            "--workers|4:4|'4:4' is not a workers spec",
            "--workers|4:x:2|'4:x:2' is not a workers spec",
            "--workers|1,,2|has an empty entry",
            "--forks|x|--forks 'x' is not a whole number; allowed: 1..20",
            "--cpus|''|--cpus '' is empty; allowed: CPUs of this box",
            "--cpus|1-a|malformed CPU list '1-a'",
            "--cpus|3-1|malformed CPU list '3-1'",
            "--cpus|0-4096|names CPU",
            "--trial-timeout|0|--trial-timeout 0 is out of range; allowed: 1..86400",
            "--hlog-interval-ms|0|--hlog-interval-ms 0 is out of range; allowed: 10..60000",
            "--profiler|perf|--profiler 'perf' is not known; allowed: none, async, jfr",
            "--rtt-messages|boxed|unknown --rtt-messages 'boxed'; allowed: pooled, allocated",
            "--resume|/|is not a run folder",
            // blank values, in every kind of option: each row of the table checks its own (SweepOptionsTest checks all rows)
            "--resume|''|--resume '' is empty; allowed: a run folder",
            "--profile|' '|--profile ' ' is empty; allowed: smoke, quick, full",
            "--jdk|''|--jdk '' is empty; allowed: JDK homes",
            "--run-dir-file|''|--run-dir-file '' is empty; allowed: a file that can be written",
            "--run-dir-file|/|--run-dir-file '/' is a folder, not a file; allowed: a file that can be written",
            "--command-line|''|--command-line '' is empty; allowed: the command as typed",
            // empty entries, in any list option: none may be dropped quietly (',' once ran unpinned)
            "--cpus|,|--cpus: CPU list ',' has an empty entry; expected e.g. 2,3 or 2-5",
            "--cpus|0,|--cpus: CPU list '0,' has an empty entry",
            "--producers|1,,2|--producers '1,,2' has an empty entry; allowed: each value once",
            "--transports|abq,|--transports 'abq,' has an empty entry; allowed: each value once",
            "--wait|,spin|--wait ',spin' has an empty entry; allowed: each value once",
            "--bursts|,|--bursts ',' has an empty entry; allowed: each value once",
            // duplicated entries: a configuration run twice, or two roles pinned to one CPU without a word
            "--cpus|0,0|--cpus: CPU list '0,0' names CPU 0 twice; expected e.g. 2,3 or 2-5, each CPU once",
            "--cpus|0-1,1|--cpus: CPU list '0-1,1' names CPU 1 twice",
            "--transports|abq,abq|--transports 'abq,abq' gives 'abq' twice; allowed: each value once",
            "--suites|rtt,rtt|--suites 'rtt,rtt' gives 'rtt' twice; allowed: each value once",
            "--producers|1,01|--producers '1,01' gives '01', the same as '1'; allowed: each value once",
            "--workers|1,1:1:1|--workers '1,1:1:1' gives '1:1:1', the same as '1'; allowed: each value once",
            "--wait|spin,spin|--wait 'spin,spin' gives 'spin' twice",
    })
    void rejected(String option, String value, String message) throws Exception {
        refused(message, option, value);
    }

    private void refused(String message, String... args) throws Exception {
        Result r = run(args);
        assertThat(r.code).isEqualTo(2);
        assertThat(r.err.strip()).startsWith("handoff: ").contains(message).doesNotContain("\n").doesNotContain("Exception");
        try (var s = Files.list(out)) {
            assertThat(s).as("no results folder is created").isEmpty();
        }
    }

    /** Options valid one by one that leave a named suite with no trial that would run. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "--suites pipeline --transports baseline|--suites pipeline leaves nothing to run: it takes none of --transports baseline; "
                    + "allowed there: abq, lbq, clq",
            "--suites rtt,unicast --transports baseline|--suites unicast leaves nothing to run: it takes none of --transports baseline",
            "--suites pipeline --transports mtoca,jctools --workers 2:2:1 --wait park|--suites pipeline leaves nothing to run: "
                    + "no trial of it would run; mtoca is n/a: ",
            "--suites rtt --transports abq --producers 1 --wait spin --cpus 0|--suites rtt leaves nothing to run: no trial of it would run; "
                    + "abq is skipped: 2 busy-waiting threads on 1 CPUs (pass --oversubscribe to run it anyway)",
    })
    void combinationsThatLeaveNothingToRun(String options, String message) throws Exception {
        refused(message, options.split(" "));
    }

    /** Every suite named alone, with every other option at its default, has work: the plan check refuses none of them. */
    @org.junit.jupiter.api.Test
    void everySuiteAloneHasWork() {
        for (String suite : handoff.harness.suites.Suites.names()) {
            CommandLine cl = Main.commandLine();
            StringWriter err = new StringWriter();
            cl.setErr(new PrintWriter(err));
            cl.setOut(new PrintWriter(new StringWriter()));
            assertThat(cl.execute("sweep", "--dry-run", "--profile", "smoke", "--suites", suite)).as(suite + ": " + err).isEqualTo(0);
        }
    }

    /** --resume runs the rest of a run as it was planned: a plan option beside it would be silently ignored. */
    @org.junit.jupiter.api.Test
    void resumeTakesNoPlanOptions(@TempDir Path run) throws Exception {
        Files.writeString(run.resolve("manifest.json"), "{\"status\": \"interrupted\"}\n");
        Files.writeString(run.resolve("sweep.properties"), "profile=smoke\nsuites=rtt\ncapacity=1024\nwork=1\n");
        for (String[] extra : List.of(new String[] {"--transports", "abq"}, new String[] {"--profile", "full"})) {
            CommandLine cl = Main.commandLine();
            StringWriter err = new StringWriter();
            cl.setErr(new PrintWriter(err));
            cl.setOut(new PrintWriter(new StringWriter()));
            List<String> args = new ArrayList<>(List.of("sweep", "--dry-run", "--resume", run.toString()));
            args.addAll(List.of(extra));
            assertThat(cl.execute(args.toArray(String[]::new))).isEqualTo(2);
            assertThat(err.toString().strip()).doesNotContain("\n").contains(extra[0] + " cannot be given with it (allowed with --resume: --quiet");
        }
        try (var s = Files.list(run)) {
            assertThat(s).hasSize(2);
        }
    }

    /**
     * Through run-bench.sh, whose own checks are only which options it knows and that they have values: the
     * harness's plan speaks for every value, so the script and the harness cannot disagree.
     */
    @org.junit.jupiter.api.Test
    void theScriptRefusesWhatThePlanRefuses() throws Exception {
        List<List<String>> bad = List.of(List.of("--cpus", ","), List.of("--transports", "abq,abq"), List.of("--producers", "1,,2"),
                List.of("--suites", "pipeline", "--transports", "baseline"), List.of("--capacity", "1000"), List.of("--rate", "1e-300"));
        Path runs = out.resolve("runs");
        Path tools = out.resolve("tools");
        for (List<String> options : bad) {
            List<String> args = new ArrayList<>(List.of("--no-build", "--out", runs.toString()));
            args.addAll(options);
            Path log = Files.createTempFile(out, "script", ".log");
            Process p = handoff.harness.RunBench.start(tools, log, args.toArray(String[]::new));
            try {
                assertThat(p.waitFor(120, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
            } finally {
                handoff.harness.RunBench.killAll(runs); // nothing outlives the test, whatever its outcome
                p.destroyForcibly();
            }
            String said = Files.readString(log).strip();
            assertThat(p.exitValue()).as(said).isEqualTo(2);
            assertThat(said).as(String.join(" ", options)).startsWith("handoff: ").contains(options.get(1)).doesNotContain("\n");
            assertThat(runs).as("no run folder, not even --out").doesNotExist();
        }
    }

    /** Issue 41: {@code --out ''} once started a run whose folder landed in the current directory. */
    @ParameterizedTest(name = "--out ''{0}''")
    @org.junit.jupiter.params.provider.ValueSource(strings = {"", " ", "\t"})
    void aBlankOutputFolderIsRefusedAndNothingIsWrittenHere(String blank) throws Exception {
        List<String> before = listing(Path.of(""));
        Result r = runWithOut(blank);
        assertThat(r.code).isEqualTo(2);
        assertThat(r.err.strip()).isEqualTo("handoff: --out '" + blank + "' is empty; allowed: a folder that exists or can be created,"
                + " and can be written");
        assertThat(listing(Path.of(""))).isEqualTo(before);
    }

    @org.junit.jupiter.api.Test
    void anOutputFolderThatIsAFileIsRefused() throws Exception {
        Path file = Files.writeString(out.resolve("a-file"), "x");
        Result r = runWithOut(file.toString());
        assertThat(r.code).isEqualTo(2);
        assertThat(r.err.strip()).isEqualTo("handoff: --out '" + file + "' is a file, not a folder; allowed: a folder that exists or"
                + " can be created, and can be written");
        assertThat(Files.readString(file)).isEqualTo("x");
    }

    private static List<String> listing(Path dir) throws Exception {
        try (var s = Files.list(dir.toAbsolutePath())) {
            return s.map(Path::toString).sorted().toList();
        }
    }

    @org.junit.jupiter.api.Test
    void unwritableOutputFolder() throws Exception {
        Path file = Files.writeString(out.resolve("a-file"), "x");
        Result r = runWithOut(file.resolve("sub").toString());
        assertThat(r.code).isEqualTo(2);
        assertThat(r.err).contains("--out").contains("cannot be written");
    }

    /** A place whose permission bits say "writable" to root but which refuses a new folder all the same. */
    @org.junit.jupiter.api.Test
    void outputFolderThatRefusesCreationIsBadInputToo() {
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isDirectory(Path.of("/proc/self")), "Linux /proc");
        Result r = runWithOut("/proc/handoff-results");
        assertThat(r.code).isEqualTo(2);
        assertThat(r.err.strip()).startsWith("handoff: --out /proc/handoff-results cannot be written").doesNotContain("\n")
                .doesNotContain("at java.");
    }

    @org.junit.jupiter.api.Test
    void unknownOptionIsOneLine() {
        Result r = run("--colour", "blue");
        assertThat(r.code).isEqualTo(2);
        assertThat(r.err.strip()).startsWith("handoff: Unknown option").doesNotContain("\n");
    }

    private Result run(String... args) {
        return runWithOut(out.toString(), args);
    }

    private Result runWithOut(String outDir, String... args) {
        List<String> all = new ArrayList<>(List.of("sweep", "--dry-run", "--out", outDir));
        all.addAll(List.of(args));
        CommandLine cl = Main.commandLine();
        StringWriter err = new StringWriter();
        cl.setErr(new PrintWriter(err));
        cl.setOut(new PrintWriter(new StringWriter()));
        int code = cl.execute(all.toArray(String[]::new));
        return new Result(code, err.toString());
    }

    private record Result(int code, String err) {
    }
}
