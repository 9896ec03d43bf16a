package handoff.harness.fleet;

import handoff.harness.report.Declared;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code compare-boxes} over two boxes' run folders and over the same runs collected into a database. */
class CompareBoxesTest {
    @TempDir
    Path tmp;

    String study(String... args) throws Exception {
        Path md = tmp.resolve("boxes-" + args.length + ".md");
        CommandLine cl = new CommandLine(new CompareBoxesCommand());
        StringWriter err = new StringWriter();
        cl.setOut(new PrintWriter(new StringWriter()));
        cl.setErr(new PrintWriter(err));
        String[] all = java.util.stream.Stream.concat(java.util.Arrays.stream(args), java.util.stream.Stream.of("--markdown", md.toString()))
                .toArray(String[]::new);
        assertThat(cl.execute(all)).as(err.toString()).isZero();
        return Files.readString(md);
    }

    static String line(String md, String section, String config) {
        String part = md.substring(md.indexOf("## " + section + "\n"));
        part = part.substring(0, part.indexOf("\n## ") < 0 ? part.length() : part.indexOf("\n## "));
        return part.lines().filter(l -> l.startsWith("| " + config + " |")).findFirst().orElseThrow(() -> new AssertionError(config));
    }

    @Test
    void eachQuestionGetsEachBoxsVerdictAndWhetherTheyAgree() throws Exception {
        Path runs = tmp.resolve("runs");
        // two boxes; on the 16-CPU one mtoca's p50 is halved: above baseline on one box, below on the other
        Path small = SyntheticRuns.write(runs, "20260101-000000-aaaaaaa", "AMD EPYC", 2, "17.0.15+6", "aaaaaaa1", "2026-01-01T00:00:00Z", Map.of(), 10);
        Path big = SyntheticRuns.write(runs, "20260102-000000-bbbbbbb", "Intel Xeon", 16, "17.0.15+6", "bbbbbbb2", "2026-01-02T00:00:00Z",
                Map.of("mtoca", 0.5), 10);
        String md = study(small.toString(), big.toString());
        for (Declared q : Declared.ALL) {
            assertThat(md).contains("## " + q.id() + "\n");
        }
        assertThat(md).contains("AMD EPYC, 2 CPUs").contains("Intel Xeon, 16 CPUs");
        String abq = line(md, "rtt.vs-baseline", "transport=abq producers=1 burst=1 wait=spin messages=pooled");
        assertThat(abq).contains("above 1.93×").endsWith("holds on every box |");
        String mtoca = line(md, "rtt.vs-baseline", "transport=mtoca producers=1 burst=1 wait=spin messages=pooled");
        assertThat(mtoca).contains("above").contains("below").endsWith("reverses |");
        assertThat(md).contains("**Across boxes: reverses on some row**");
        // the reference is no verdict: each row names what its run compared it with
        assertThat(md).doesNotContain("| transport=baseline producers=1 burst=1 wait=spin messages=pooled |");

        // the same study from a fleet database
        Path db = tmp.resolve("fleet.duckdb");
        assertThat(FleetDbTest.collect(db, new StringWriter(), runs.toString())).isZero();
        assertThat(study(db.toString())).isEqualTo(md);
    }

    @Test
    void agreementOfCalls() {
        Call above = new Call("above", 1, "above");
        Call below = new Call("below", -1, "below");
        Call cannot = new Call("cannot tell", Call.UNDECIDED, "cannot tell");
        assertThat(AcrossBoxes.agreement(java.util.List.of(above, above))).isEqualTo(AcrossBoxes.Agreement.EVERY);
        assertThat(AcrossBoxes.agreement(java.util.List.of(above, cannot))).isEqualTo(AcrossBoxes.Agreement.SOME);
        assertThat(AcrossBoxes.agreement(java.util.List.of(above, below, cannot))).isEqualTo(AcrossBoxes.Agreement.REVERSES);
        assertThat(AcrossBoxes.agreement(java.util.List.of(cannot, cannot))).isEqualTo(AcrossBoxes.Agreement.NONE);
    }
}
