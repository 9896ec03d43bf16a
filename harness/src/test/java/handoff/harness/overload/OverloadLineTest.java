package handoff.harness.overload;

import handoff.harness.results.CsvFormat;
import handoff.harness.results.ResultsReadme;
import handoff.harness.trial.Status;
import handoff.pipelines.overload.OverloadPolicy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@code overload.csv} read back as the report reads it ({@link OverloadCsv#read}): through its column table, each line
 * parsed once into an {@link OverloadLine}, an empty figure unknown (NaN), never 0.
 */
class OverloadLineTest {

    @Test
    void theCommittedRunReadsBackAsTypedLines() throws IOException {
        Path run = ResultsReadme.committed("20261126-110444-566b0ac", OverloadCsv.FILE).getParent();
        List<OverloadLine> lines = OverloadCsv.read(run);
        assertThat(lines).hasSize(112);
        OverloadLine first = lines.get(0);
        // abq,1,park,1,1024,block,80,pipeline,3145004.6,2516003.7,1241429.3,816570.1,496572,496572,0,0,...
        assertThat(first.label()).isEqualTo("abq/park");
        assertThat(first.policy()).isEqualTo(OverloadPolicy.BLOCK);
        assertThat(first.loadPct()).isEqualTo(80);
        assertThat(first.rateBasis()).isEqualTo(RateBasis.PIPELINE);
        assertThat(first.saturationEps()).isEqualTo(3145004.6);
        assertThat(first.oversubscribed()).isTrue();
        assertThat(first.figures().offeredEps()).isEqualTo(2516003.7);
        assertThat(first.figures().goodputEps()).isEqualTo(816570.1);
        assertThat(first.figures().samples()).isEqualTo(490621);
        assertThat(first.figures().p99Censored()).isTrue();
        assertThat(first.figures().backlogBound()).isEqualTo(3076);
        assertThat(first.figures().gcCount()).isEqualTo(16);
        // a policy abq cannot express: no load, no figures, its reason kept as written
        OverloadLine na = lines.stream().filter(l -> l.transport().equals("abq") && l.policy() == OverloadPolicy.UNBOUNDED)
                .findFirst().orElseThrow();
        assertThat(na.ok()).isFalse();
        assertThat(na.loadPct()).isNull();
        assertThat(na.figures()).isNull();
        assertThat(na.status().kind()).isEqualTo(Status.Kind.NOT_APPLICABLE);
        assertThat(na.status().render()).startsWith("n/a:abq is bounded");
    }

    @Test
    void anEmptyFigureIsUnknownNotZero(@TempDir Path run) throws IOException {
        Map<String, String> cells = okCells();
        cells.put("offered_achieved_eps", "");
        cells.put("rate_basis", "");
        cells.put("saturation_eps", "");
        write(run, OverloadCsv.TABLE.header(), cells);
        OverloadLine line = OverloadCsv.read(run).get(0);
        assertThat(line.figures().offeredAchievedEps()).isNaN();
        assertThat(line.saturationEps()).isNaN();
        assertThat(line.rateBasis()).isNull();
        assertThat(line.figures().notSteady()).isTrue();
        assertThat(line.figures().withinCapacity()).isFalse();
    }

    @Test
    void aFileWhoseHeaderIsNotTheTablesIsRefused(@TempDir Path run) throws IOException {
        Map<String, String> cells = new LinkedHashMap<>();
        okCells().forEach((k, v) -> cells.put(k.equals("drain_ms") ? "drain_s" : k, v));
        write(run, new ArrayList<>(cells.keySet()), cells);
        assertThatThrownBy(() -> OverloadCsv.read(run)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("drain_s");
    }

    @Test
    void aFileFromBeforeIssues29And40ReadsInTodaysColumns(@TempDir Path run) throws IOException {
        // before issue 29 in_publish_pct was blocked_pct; before issue 40 there was no offered_achieved_eps
        Map<String, String> cells = new LinkedHashMap<>();
        okCells().forEach((k, v) -> {
            if (!k.equals("offered_achieved_eps")) {
                cells.put(k.equals("in_publish_pct") ? "blocked_pct" : k, k.equals("in_publish_pct") ? "42.5" : v);
            }
        });
        write(run, new ArrayList<>(cells.keySet()), cells);
        OverloadLine line = OverloadCsv.read(run).get(0);
        assertThat(line.figures().inPublishPct()).isEqualTo(42.5);
        assertThat(line.figures().offeredAchievedEps()).isNaN();
        assertThat(line.policy()).isEqualTo(OverloadPolicy.DROP_NEW);
    }

    @Test
    void everyCommittedRunsFileReads() throws IOException {
        for (String id : List.of("20261125-003625-f7339ad", "20261126-110444-566b0ac")) {
            Path run = ResultsReadme.committed(id, OverloadCsv.FILE).getParent();
            assertThat(OverloadCsv.read(run)).as(id).isNotEmpty().allSatisfy(l -> assertThat(l.ok()).isEqualTo(l.figures() != null));
        }
    }

    @Test
    void noFileNoLines(@TempDir Path run) throws IOException {
        assertThat(OverloadCsv.read(run)).isEmpty();
    }

    /** An ok line of the table's columns: 0 in every figure, not steady, beyond its bound. */
    private static Map<String, String> okCells() {
        Map<String, String> cells = new LinkedHashMap<>();
        OverloadCsv.TABLE.header().forEach(h -> cells.put(h, "0"));
        cells.putAll(Map.of("transport", "lbq", "wait", "park", "policy", "drop-new", "load_pct", "150", "rate_basis", "probe",
                "p99_censored", "false", "steady", "not-steady", "within_capacity", "false", "status", "ok",
                "oversubscribed", "false"));
        return cells;
    }

    private static void write(Path run, List<String> header, Map<String, String> cells) throws IOException {
        Files.writeString(run.resolve(OverloadCsv.FILE), CsvFormat.render(header, List.of(cells)), StandardCharsets.UTF_8);
    }
}
