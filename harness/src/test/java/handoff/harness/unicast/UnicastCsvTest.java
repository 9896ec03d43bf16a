package handoff.harness.unicast;

import handoff.harness.results.CsvSchema;
import handoff.harness.results.Flag;
import handoff.harness.results.Metric;
import handoff.harness.results.ResultsReadme;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code unicast.csv}'s one column table: the header and schema the file had before the table (so committed runs read
 * the same), and its section of results/README.md generated from it.
 */
class UnicastCsvTest {
    /** The header as UnicastSuite.columns() listed it before the table. */
    private static final List<String> HEADER = List.of("transport", "wait", "items", "time_ms", "ns_per_item",
            "ns_per_item_forks", "ns_per_item_lo", "ns_per_item_hi", "interval_level", "forks", "ns_per_item_min",
            "ns_per_item_max", "alloc_bytes_per_item", "perfnorm", "cycles_per_op", "instructions_per_op",
            "cache_misses_per_op", "status", "oversubscribed", "unstable", "warm_trend_p", "not_warm", "threads", "cpus");

    @Test
    void theHeaderIsTheOneCommittedRunsHave() {
        assertThat(UnicastCsv.TABLE.header()).isEqualTo(HEADER);
        assertThat(new UnicastSuite().csvFile()).as("the suite writes the file its table describes").isEqualTo(UnicastCsv.TABLE.file());
    }

    @Test
    void theSchemaIsTheOneTheSuiteDeclaredBeforeTheTable() {
        CsvSchema before = CsvSchema.of("unicast.csv", "transport", "wait", "items")
                .metrics(Metric.lower("ns_per_item", "unicast time per item", "ns/item").spread("ns_per_item_lo", "ns_per_item_hi"))
                .flags(Flag.OVERSUBSCRIBED, Flag.UNSTABLE, Flag.NOT_WARM);
        assertThat(new UnicastSuite().schema().files().stream().map(f -> f.withColumns(List.of())).toList()).containsExactly(before);
    }

    @Test
    void theReadmeSectionIsGeneratedFromTheTable() throws IOException {
        ResultsReadme.assertSection("### `unicast.csv` (JMH `UnicastPublish`; one op = move N items)", UnicastCsv.TABLE.readme());
    }

    @Test
    void theCommittedFileReadsBackThroughItsTable() throws IOException {
        assertThat(ResultsReadme.committedRows("20261126-110444-566b0ac", UnicastCsv.TABLE)).hasSize(9);
    }
}
