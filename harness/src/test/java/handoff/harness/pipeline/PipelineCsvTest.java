package handoff.harness.pipeline;

import handoff.harness.results.CsvSchema;
import handoff.harness.results.Flag;
import handoff.harness.results.Metric;
import handoff.harness.results.ResultsReadme;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code pipeline.csv}'s one column table (and {@code pipeline-variants.csv}'s, the same columns): the header and
 * schema the files had before the table (so committed runs read the same), and its section of results/README.md
 * generated from it.
 */
class PipelineCsvTest {
    /** The header as PipelineSuite.columns() listed it before the table. */
    private static final List<String> HEADER = List.of("transport", "producers", "wait", "idle_policy", "work", "workers",
            "consume", "buffering", "buffer_events", "throughput_eps", "throughput_lo_eps", "throughput_hi_eps",
            "interval_level", "forks", "throughput_eps_forks", "throughput_min_eps", "throughput_max_eps",
            "alloc_bytes_per_event", "gc_count", "gc_time_ms", "cpu_ns_per_event", "mean_batch", "empty_poll_pct",
            "failed_offer_pct", "vcsw_per_op", "ivcsw_per_op", "cpu_ns_per_op_producers", "cpu_ns_per_op_consumers",
            "safepoint_ms", "perfnorm", "cycles_per_op", "instructions_per_op", "cache_misses_per_op", "status",
            "oversubscribed", "unstable", "warm_trend_p", "not_warm", "threads", "cpus");

    @Test
    void theHeaderIsTheOneCommittedRunsHave() {
        assertThat(PipelineCsv.TABLE.header()).isEqualTo(HEADER);
        assertThat(PipelineCsv.VARIANTS.header()).isEqualTo(HEADER);
        assertThat(PipelineCsv.VARIANTS.file()).isEqualTo(PipelineAxes.VARIANTS_FILE);
        assertThat(new PipelineSuite().csvFile()).as("the suite writes the file its table describes").isEqualTo(PipelineCsv.TABLE.file());
    }

    @Test
    void theVariantsFileHasNoRuntimeColumns() {
        assertThat(PipelineCsv.VARIANTS.columns()).noneMatch(c -> c.optional());
        assertThat(PipelineCsv.TABLE.columns()).anyMatch(c -> c.name().equals("java_runtime_version") && c.optional());
    }

    @Test
    void theSchemaIsTheOneTheSuiteDeclaredBeforeTheTable() {
        CsvSchema before = CsvSchema.of("pipeline.csv", "transport", "producers", "wait", "work", "workers")
                .metrics(Metric.higher("throughput_eps", "pipeline throughput", "events/s")
                        .spread("throughput_lo_eps", "throughput_hi_eps").error("throughput_err"))
                .flags(Flag.OVERSUBSCRIBED, Flag.UNSTABLE, Flag.NOT_WARM).inFormat(3);
        assertThat(new PipelineSuite().schema().files().stream().map(f -> f.withColumns(List.of())).toList()).containsExactly(before);
    }

    @Test
    void theReadmeSectionIsGeneratedFromTheTable() throws IOException {
        ResultsReadme.assertSection("### `pipeline.csv` (JMH `PipelineThroughput`; one op = one event)",
                PipelineCsv.TABLE.readme());
    }

    @Test
    void theCommittedFilesReadBackThroughTheirTables() throws IOException {
        for (var table : List.of(PipelineCsv.TABLE, PipelineCsv.VARIANTS)) {
            assertThat(ResultsReadme.committedRows("20261126-110444-566b0ac", table)).isNotEmpty();
        }
    }
}
