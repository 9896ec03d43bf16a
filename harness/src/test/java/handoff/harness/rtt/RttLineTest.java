package handoff.harness.rtt;

import handoff.harness.page.RunData;
import handoff.harness.page.TextLine;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@code rtt.csv} read back into typed lines ({@link RttLine}): every committed run, of either format, reads; a copy of a
 * committed file with one column renamed fails the report part loudly instead of blanking a figure.
 */
class RttLineTest {
    /** Format 1 (before the idle policy and the per-fork values) and format 2. */
    private static final List<String> RUNS = List.of("20261124-034411-882f0bd", "20261126-110444-566b0ac");

    @TempDir
    Path tmp;

    @Test
    void committedRunsOfEitherFormatReadIntoLines() throws IOException {
        for (String id : RUNS) {
            RunData run = RunData.load(Path.of("../results", id));
            List<TextLine> rows = run.ok(RttParts.FILE);
            assertThat(rows).as(id).isNotEmpty();
            for (TextLine r : rows) {
                RttLine l = RttLine.of(r);
                assertThat(l.transport()).isEqualTo(r.get("transport"));
                assertThat(l.p99Ns()).isEqualTo(r.num("p99_ns"));
                assertThat(l.p50().centre()).as("the per-fork median where the file has it").isPositive();
            }
        }
        RttLine old = RttLine.of(RunData.load(Path.of("../results", RUNS.get(0))).ok(RttParts.FILE).get(0));
        assertThat(old.idlePolicy()).as("a column format 1 lacks reads empty").isEmpty();
        assertThat(old.p50Forks()).isNull();
    }

    @Test
    void aRenamedColumnFailsTheReportPartInsteadOfBlankingAFigure() throws IOException {
        Path run = tmp.resolve("run");
        Files.createDirectories(run);
        Path from = Path.of("../results", RUNS.get(1));
        Files.copy(from.resolve("manifest.json"), run.resolve("manifest.json"));
        String text = Files.readString(from.resolve(RttParts.FILE));
        int eol = text.indexOf('\n');
        Files.writeString(run.resolve(RttParts.FILE), text.substring(0, eol).replace(",p99_ns,", ",p99_nanos,") + text.substring(eol));
        RunData renamed = RunData.load(run);
        assertThat(renamed.ok(RttParts.FILE).get(0).get("p99_ns")).as("what the report read before: a blank").isEmpty();
        assertThatThrownBy(() -> new RttParts().write(renamed, tmp.resolve("data")))
                .hasMessageContaining("rtt.csv: column p99_nanos is not one of its columns");
    }
}
