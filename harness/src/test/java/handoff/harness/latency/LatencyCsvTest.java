package handoff.harness.latency;

import handoff.harness.results.CsvSchema;
import handoff.harness.results.Flag;
import handoff.harness.results.Metric;
import handoff.harness.results.ResultsReadme;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The latency suite's column tables: the headers and schemas its files had before the tables (so committed runs read
 * the same), and their sections of results/README.md generated from them.
 */
class LatencyCsvTest {
    /** pipeline-latency.csv's header as LatencySuite.columns() named it before the table. */
    private static final List<String> LATENCY_HEADER = List.of("transport", "producers", "wait", "work", "rate_basis", "load_pct",
            "offered_eps", "achieved_eps", "mean_ns", "p50_ns", "p90_ns", "p99_ns", "p999_ns", "max_ns", "p50_lo_ns",
            "p50_hi_ns", "p99_lo_ns", "p99_hi_ns", "interval_level", "forks", "p50_ns_forks", "p99_ns_forks", "samples", "peak_backlog",
            "backlog_bound", "saturated", "saturated_forks", "warmup_ms", "steady", "steady_forks", "pacer",
            "backlog_growth_eps", "overloaded", "idle_cpus", "heap_growth_bytes", "gc_count", "gc_time_ms",
            "gc_max_pause_ms", "alloc_bytes_per_event", "cpu_ns_per_event", "publish_mean_ns", "publish_p50_ns",
            "publish_p90_ns", "publish_p99_ns", "publish_p999_ns", "publish_max_ns", "publish_p50_ns_forks",
            "publish_p99_ns_forks", "vcsw_per_op", "ivcsw_per_op", "cpu_ns_per_op_producers", "cpu_ns_per_op_consumers",
            "safepoint_ms", "status", "oversubscribed", "unstable", "threads", "cpus", "pinning", "hgrm", "hlog");
    /** pipeline-capacity.csv's header as LatencyRows.CAPACITY_COLUMNS named it before the table. */
    private static final List<String> CAPACITY_HEADER = List.of("transport", "producers", "wait", "work", "sustainable_eps",
            "capacity_at_budget_eps", "budget_ns", "probes", "pacer", "probe_log", "generator_eps", "status", "threads", "cpus", "pinning");
    /** pipeline-hops.csv's header as LatencyRows.HOP_COLUMNS named it before the table. */
    private static final List<String> HOPS_HEADER = List.of("transport", "producers", "wait", "work", "offered_eps",
            "hop", "mean_ns", "p50_ns", "p90_ns", "p99_ns", "p999_ns", "max_ns", "oversubscribed", "hgrm");

    @Test
    void theHeadersAreTheOnesCommittedRunsHave() {
        assertThat(LatencyCsv.LATENCY.header()).isEqualTo(LATENCY_HEADER);
        assertThat(new LatencySuite().csvFile()).as("the suite writes the file its table describes").isEqualTo(LatencyCsv.LATENCY.file());
        assertThat(LatencyCsv.CAPACITY.header()).isEqualTo(CAPACITY_HEADER);
        assertThat(LatencyCsv.HOPS.header()).isEqualTo(HOPS_HEADER);
    }

    @Test
    void theSchemasAreTheOnesTheSuiteDeclaredBeforeTheTables() {
        List<CsvSchema> before = List.of(CsvSchema.of("pipeline-latency.csv", "transport", "producers", "wait", "work", "offered_eps")
                        .matchOn("transport", "producers", "wait", "work", "rate_basis", "load_pct")
                        .metrics(Metric.lower("p50_ns", "pipeline latency p50", "ns").spread("p50_lo_ns", "p50_hi_ns"),
                                Metric.lower("p99_ns", "pipeline latency p99", "ns").spread("p99_lo_ns", "p99_hi_ns"),
                                Metric.lower("publish_p50_ns", "publish call p50", "ns"),
                                Metric.lower("publish_p99_ns", "publish call p99", "ns"))
                        .flags(Flag.OVERSUBSCRIBED, Flag.UNSTABLE, Flag.SATURATED, Flag.NOT_STEADY).inFormat(2),
                CsvSchema.of("pipeline-hops.csv", "transport", "producers", "wait", "work", "offered_eps", "hop")
                        .flags(Flag.OVERSUBSCRIBED),
                CsvSchema.of("pipeline-capacity.csv", "transport", "producers", "wait", "work")
                        .metrics(Metric.higher("sustainable_eps", "sustainable open-loop rate", "events/s"),
                                Metric.higher("capacity_at_budget_eps", "capacity at the latency budget", "events/s"))
                        .inFormat(2));
        assertThat(new LatencySuite().schema().files().stream().map(f -> f.withColumns(List.of())).toList()).isEqualTo(before);
    }

    @Test
    void theReadmeSectionsAreGeneratedFromTheTables() throws IOException {
        ResultsReadme.assertSection("### `pipeline-latency.csv` (open loop, `OpenLoopRun`)", LatencyCsv.LATENCY.readme());
        ResultsReadme.assertSection("### `pipeline-capacity.csv` (the latency suite's first trial per configuration)",
                LatencyCsv.CAPACITY.readme());
        ResultsReadme.assertSection("### `pipeline-hops.csv`", LatencyCsv.HOPS.readme());
    }

    @Test
    void committedFilesReadBackThroughTheTables() throws IOException {
        for (String run : List.of("20261126-110444-566b0ac", "20261126-153132-9042223")) {
            for (var table : List.of(LatencyCsv.LATENCY, LatencyCsv.CAPACITY, LatencyCsv.HOPS)) {
                assertThat(ResultsReadme.committedRows(run, table)).isNotEmpty();
            }
        }
    }
}
