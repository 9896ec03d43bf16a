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
            "--producers|0|--producers 0 must be >= 1",
            "--producers|-3|--producers -3 must be >= 1",
            "--producers|two|--producers 'two' is not a number",
            "--bursts|0|--bursts 0 must be >= 1",
            "--capacity|1000|--capacity 1000 is not a power of two",
            "--capacity|1|--capacity 1 is not a power of two",
            "--rate|0|--rate 0 must be a positive number",
            "--rate|-5|--rate -5 must be a positive number",
            "--rate|fast|--rate fast must be a positive number",
            "--work|0|--work 0 must be >= 1",
            "--workers|0|'0' is not a workers spec; allowed: N or A:B:C",
            "--workers|4:4|'4:4' is not a workers spec",
            "--workers|4:x:2|'4:x:2' is not a workers spec",
            "--workers|1,,2|has an empty entry",
            "--forks|x|--forks 'x' is not a number",
            "--cpus|''|empty CPU list",
            "--cpus|1-a|malformed CPU list '1-a'",
            "--cpus|3-1|malformed CPU list '3-1'",
            "--cpus|0-4096|names CPU",
            "--trial-timeout|0|--trial-timeout 0 must be >= 1",
            "--rtt-messages|boxed|unknown --rtt-messages 'boxed'; allowed: pooled, allocated",
            "--resume|/|is not a run folder",
    })
    void rejected(String option, String value, String message) throws Exception {
        Result r = run(option, value);
        assertThat(r.code).isEqualTo(2);
        assertThat(r.err.strip()).startsWith("handoff: ").contains(message).doesNotContain("\n").doesNotContain("Exception");
        try (var s = Files.list(out)) {
            assertThat(s).as("no results folder is created").isEmpty();
        }
    }

    @org.junit.jupiter.api.Test
    void unwritableOutputFolder() throws Exception {
        Path file = Files.writeString(out.resolve("a-file"), "x");
        Result r = runWithOut(file.resolve("sub"));
        assertThat(r.code).isEqualTo(2);
        assertThat(r.err).contains("--out").contains("cannot be written");
    }

    /** A place whose permission bits say "writable" to root but which refuses a new folder all the same. */
    @org.junit.jupiter.api.Test
    void outputFolderThatRefusesCreationIsBadInputToo() {
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isDirectory(Path.of("/proc/self")), "Linux /proc");
        Result r = runWithOut(Path.of("/proc/handoff-results"));
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
        return runWithOut(out, args);
    }

    private Result runWithOut(Path outDir, String... args) {
        List<String> all = new ArrayList<>(List.of("sweep", "--dry-run", "--out", outDir.toString()));
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
