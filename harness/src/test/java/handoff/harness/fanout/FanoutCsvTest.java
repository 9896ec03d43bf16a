package handoff.harness.fanout;

import handoff.harness.results.CsvSchema;
import handoff.harness.results.Flag;
import handoff.harness.results.Metric;
import handoff.harness.results.ResultsReadme;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code fanout.csv}'s one column table: the header and schema the file had before the table (so committed runs read
 * the same), and its section of results/README.md generated from it.
 */
class FanoutCsvTest {
    /** The header as FanoutCsv.COLUMNS named it before the table. */
    private static final List<String> HEADER = List.of("scenario", "variant", "transport", "wait", "producers",
            "consumers", "unit", "throughput_ops", "throughput_lo", "throughput_hi", "interval_level", "ratio_abq",
            "ratio_abq_lo", "ratio_abq_hi", "ratio_abq_p", "vs_abq", "alloc_bytes_per_op", "cpu_ns_per_op", "gc_count", "gc_time_ms",
            "load_pct", "offered_ops", "p50_ns", "p99_ns", "p99_lo_ns", "p99_hi_ns", "max_ns", "samples", "status",
            "oversubscribed", "unstable", "warm_trend_p", "not_warm", "forks", "threads", "cpus", "hgrm");

    @Test
    void theHeaderIsTheOneCommittedRunsHave() {
        assertThat(FanoutCsv.TABLE.header()).isEqualTo(HEADER);
        assertThat(new FanoutSuite().csvFile()).as("the suite writes the file its table describes").isEqualTo(FanoutCsv.TABLE.file());
    }

    @Test
    void theSchemaIsTheOneTheSuiteDeclaredBeforeTheTable() {
        CsvSchema before = CsvSchema.of(FanoutCsv.FILE, "scenario", "variant", "transport", "wait")
                .metrics(Metric.higher("throughput_ops", "fan-out throughput", "ops/s").spread("throughput_lo", "throughput_hi"),
                        Metric.lower("p99_ns", "fan-out dispatch p99", "ns").spread("p99_lo_ns", "p99_hi_ns"))
                .flags(Flag.OVERSUBSCRIBED, Flag.UNSTABLE, Flag.NOT_WARM);
        assertThat(new FanoutSuite().schema().files().stream().map(f -> f.withColumns(List.of())).toList()).containsExactly(before);
    }

    @Test
    void theReadmeSectionIsGeneratedFromTheTable() throws IOException {
        ResultsReadme.assertSection("### `fanout.csv` (the `fanout` suite, `handoff.harness.fanout`)", FanoutCsv.TABLE.readme());
    }

    @Test
    void theFileReadsBackThroughItsTable() throws IOException {
        assertThat(ResultsReadme.committedRows("20261126-110444-566b0ac", FanoutCsv.TABLE)).hasSize(46);
    }

    @Test
    void theReportReadsAFileWrittenBeforeThePairedTestWithoutItsVerdict() {
        FanoutLine old = FanoutLine.of(Map.of("scenario", "broker", "variant", "per-subscriber", "transport", "jctools",
                "wait", "park", "status", "ok", "ratio_abq", "2", "ratio_abq_lo", "1.5", "ratio_abq_hi", "2.5", "vs_abq", "faster"));
        assertThat(old.ok()).isTrue();
        assertThat(old.throughputOps()).as("a missing cell").isNaN();
        assertThat(FanoutParts.ratio(old)).endsWith(": untested (file predates the paired test)");
        FanoutLine now = FanoutLine.of(Map.of("scenario", "broker", "variant", "per-subscriber", "transport", "jctools",
                "wait", "park", "status", "ok", "ratio_abq", "2", "ratio_abq_lo", "1.5", "ratio_abq_hi", "2.5",
                "ratio_abq_p", "0.01", "vs_abq", "faster"));
        assertThat(FanoutParts.ratio(now)).endsWith(": faster");
    }
}
