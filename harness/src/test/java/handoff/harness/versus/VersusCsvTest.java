package handoff.harness.versus;

import handoff.harness.results.CsvSchema;
import handoff.harness.results.Flag;
import handoff.harness.results.Metric;
import handoff.harness.results.ResultsReadme;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The disruptor suite's column tables: the headers and schema its files had before the tables (so committed runs read
 * the same), their sections of results/README.md generated from them, and committed files read back through them.
 */
class VersusCsvTest {
    /** disruptor.csv's and disruptor-falseshare.csv's header as VersusCsv.SCORE_COLUMNS named it before the tables. */
    private static final List<String> SCORE_HEADER = List.of("benchmark", "impl", "wait", "score", "score_lo",
            "score_hi", "interval_level", "score_err", "score_min", "score_max", "unit", "forks", "alloc_bytes_per_op",
            "cpu_ns_per_op", "status", "oversubscribed", "unstable", "modes", "threads", "cpus");
    /** disruptor-ratio.csv's header as VersusCsv.RATIO_COLUMNS named it before the table. */
    private static final List<String> RATIO_HEADER = List.of("benchmark", "wait", "sides", "ratio", "ratio_lo", "ratio_hi",
            "interval_level", "pairs", "p", "p_holm", "test", "verdict", "differs", "bimodal", "status", "oversubscribed", "unstable");

    @Test
    void theHeadersAreTheOnesCommittedRunsHave() {
        assertThat(VersusCsv.SCORES_TABLE.header()).isEqualTo(SCORE_HEADER);
        assertThat(VersusCsv.CONTROL_TABLE.header()).isEqualTo(SCORE_HEADER);
        assertThat(VersusCsv.RATIOS_TABLE.header()).isEqualTo(RATIO_HEADER);
        assertThat(new DisruptorSuite().csvFile()).as("the suite writes the file its table describes").isEqualTo(VersusCsv.SCORES_TABLE.file());
        assertThat(VersusCsv.SCORES_TABLE.file()).isEqualTo(VersusCsv.SCORES);
        assertThat(VersusCsv.CONTROL_TABLE.file()).isEqualTo(VersusCsv.CONTROL_SCORES);
        assertThat(VersusCsv.RATIOS_TABLE.file()).isEqualTo(VersusCsv.RATIOS);
    }

    @Test
    void theSchemaIsTheOneTheSuiteDeclaredBeforeTheTables() {
        CsvSchema scores = CsvSchema.of(VersusCsv.SCORES, "benchmark", "impl", "wait")
                .metrics(Metric.higher("score", "disruptor score", "ops/s").spread("score_lo", "score_hi").error("score_err"))
                .flags(Flag.OVERSUBSCRIBED, Flag.UNSTABLE);
        CsvSchema ratios = CsvSchema.of(VersusCsv.RATIOS, "benchmark", "wait", "sides")
                .metrics(Metric.higher("ratio", "ours ÷ LMAX", "×").spread("ratio_lo", "ratio_hi"))
                .flags(Flag.OVERSUBSCRIBED, Flag.UNSTABLE);
        // issue 48: the false-sharing control's scores are declared too, so that forks.csv keeps the per-fork values its verdict reads
        CsvSchema control = CsvSchema.of(VersusCsv.CONTROL_SCORES, "benchmark", "impl", "wait")
                .metrics(Metric.higher("score", "disruptor score", "ops/s").spread("score_lo", "score_hi").error("score_err"))
                .flags(Flag.OVERSUBSCRIBED, Flag.UNSTABLE);
        assertThat(new DisruptorSuite().schema().files().stream().map(f -> f.withColumns(List.of())).toList()).containsExactly(scores, ratios, control);
    }

    @Test
    void theReadmeSectionsAreGeneratedFromTheTables() throws IOException {
        ResultsReadme.assertSection("### `disruptor.csv` (JMH `DisruptorVsLmax`, suite `disruptor`)", VersusCsv.SCORES_TABLE.readme());
        ResultsReadme.assertSection("### `disruptor-ratio.csv` (suite `disruptor`)", VersusCsv.RATIOS_TABLE.readme());
        // the control's file has disruptor.csv's columns and meanings: its section names its header and refers to those
        ResultsReadme.assertSection("### `disruptor-falseshare.csv` (suite `disruptor`)", VersusCsv.CONTROL_TABLE.readme().subList(0, 1));
    }


    @Test
    void committedFilesReadBackThroughTheirTables() throws IOException {
        String run = "20261126-153132-9042223";
        assertThat(ResultsReadme.committedRows(run, VersusCsv.SCORES_TABLE)).hasSize(3);
        assertThat(ResultsReadme.committedRows(run, VersusCsv.RATIOS_TABLE)).hasSize(4);
        assertThat(ResultsReadme.committedRows(run, VersusCsv.CONTROL_TABLE)).hasSize(2);
    }
}
