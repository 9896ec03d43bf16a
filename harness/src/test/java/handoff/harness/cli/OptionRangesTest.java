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

/**
 * Every numeric option at its boundaries, through the plan ({@code sweep --dry-run}): just inside is accepted, just
 * outside is refused with exit 2, one line naming the value and the range, and no folder.
 */
class OptionRangesTest {
    @TempDir
    Path tmp;

    @ParameterizedTest(name = "{0}: {1} and {2} in, {3} and {4} out")
    @CsvSource(delimiter = '|', value = {
            // option           | low   | high    | below | above   | allowed            | what it needs to have work
            "--producers        | 1     | 64      | 0     | 65      | allowed: 1..64              | --suites rtt --transports abq --wait park",
            "--bursts           | 1     | 65536   | 0     | 65537   | allowed: 1..65536           | --suites rtt --transports abq --wait park",
            "--capacity         | 2     | 65536   | 1     | 131072  | allowed: 2..65536           | --suites rtt --transports abq --wait park",
            "--rate             | 334   | 3.33e7  | 333.9 | 3.34e7  | allowed: 334..3.33e7 events/s | --suites latency --transports abq --wait park",
            "--work             | 1     | 100     | 0     | 101     | allowed: 1..100             | --suites pipeline --transports abq --wait park",
            "--workers          | 1     | 64      | 0     | 65      | each 1..64                  | --suites pipeline --transports abq --wait park",
            "--forks            | 1     | 20      | 0     | 21      | allowed: 1..20              | --suites rtt --transports abq --wait park",
            "--trial-timeout    | 1     | 86400   | 0     | 86401   | allowed: 1..86400           | --suites rtt --transports abq --wait park",
            "--hlog-interval-ms | 10    | 60000   | 9     | 60001   | allowed: 10..60000          | --suites rtt --transports abq --wait park",
    })
    void boundaries(String option, String low, String high, String below, String above, String allowed, String rest) throws Exception {
        for (String ok : List.of(low, high)) {
            Result r = dryRun(rest, option, ok);
            assertThat(r.code).as(option + " " + ok + ": " + r.err).isZero();
        }
        for (String bad : List.of(below, above)) {
            Result r = dryRun(rest, option, bad);
            assertThat(r.code).as(option + " " + bad).isEqualTo(2);
            assertThat(r.err.strip()).startsWith("handoff: " + option).contains(bad).contains(allowed)
                    .doesNotContain("\n").doesNotContain("Exception");
        }
        try (var s = Files.list(tmp)) {
            assertThat(s).as("nothing created").isEmpty();
        }
    }

    /** The example: a positive rate whose first event is due in 10^300 s. */
    @org.junit.jupiter.api.Test
    void anAbsurdlySmallRateIsRefused() {
        Result r = dryRun("--profile quick --suites latency", "--rate", "1e-300");
        assertThat(r.code).isEqualTo(2);
        assertThat(r.err.strip()).isEqualTo("handoff: --rate 1e-300 is out of range for profile quick; allowed: 250..2.5e7 events/s "
                + "(100 to 1e7 events in the latency suite's 0.4 s window: fewer is no percentile, more is a schedule no transport here keeps up with)");
    }

    @org.junit.jupiter.api.Test
    void aValueThatIsNoNumberNamesTheRangeToo() {
        Result r = dryRun("--suites rtt", "--forks", "many");
        assertThat(r.code).isEqualTo(2);
        assertThat(r.err.strip()).isEqualTo("handoff: --forks 'many' is not a whole number; allowed: 1..20 (JVMs per configuration)");
    }

    private Result dryRun(String rest, String option, String value) {
        List<String> all = new ArrayList<>(List.of("sweep", "--dry-run", "--out", tmp.resolve("runs").toString()));
        if (!rest.contains("--profile")) {
            all.addAll(List.of("--profile", "smoke"));
        }
        all.addAll(List.of(rest.trim().split(" +")));
        all.addAll(List.of(option.trim(), value.trim()));
        CommandLine cl = Main.commandLine();
        StringWriter err = new StringWriter();
        cl.setErr(new PrintWriter(err));
        cl.setOut(new PrintWriter(new StringWriter()));
        java.io.PrintStream stdout = System.out;
        System.setOut(new java.io.PrintStream(java.io.OutputStream.nullOutputStream()));
        try {
            return new Result(cl.execute(all.toArray(String[]::new)), err.toString());
        } finally {
            System.setOut(stdout);
        }
    }

    private record Result(int code, String err) {
    }
}
