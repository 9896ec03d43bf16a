package handoff.harness.latency;

import handoff.harness.results.CsvFormat;
import handoff.harness.results.TrialProperties;
import handoff.harness.testing.Samples;
import handoff.harness.testing.Trials;
import handoff.harness.trial.Forks;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * pipeline-latency.csv, pipeline-hops.csv and pipeline-capacity.csv folded by value from hand-made forks
 * (docs/statistics.md §2): each percentile is the median over forks of each fork's own — the latency p99 the decision
 * table ranks by included — never the merged histogram's, which the fork with 100× the samples would set; the per-fork
 * p50 and p99 cells keep fork order; the rest are medians; a search's cells are copied as the trial wrote them.
 */
class LatencyFoldTest {
    @TempDir
    Path runDir;

    private static TrialProperties fork(String transport, String histogram, String hop, String achieved, String steady) {
        return Trials.cells(Forks.CONFIG_KEY, "latency_" + transport + "_l50", "transport", transport, "producers", "1",
                "wait", "park", "work", "1", "rate_basis", "common", "load_pct", "50", "threads", "5", "cpus", "2",
                "status", "ok", "offered_eps", "10000", "pacer", "sleep", "idle_cpus", "", "gc_count", "1", "histogram", histogram, "hop0", hop, "hop1", hop,
                "hop2", hop, "publish_histogram", Samples.encoded(50, 10), "achieved_eps", achieved, "peak_backlog", "4",
                "backlog_bound", "3072", "backlog_growth_eps", "0", "steady", steady, "warmup_ms", "100",
                "alloc_bytes_per_event", achieved.equals("9990") ? "300" : "200", "saturated", "false").build();
    }

    @Test
    void percentilesAreMediansOfEachForksOwnInRoundOrder() throws Exception {
        // fork 0: p50 110, p90 210, p99 1010; fork 1 (100x the samples): 130, 230, 1030; fork 2: 120, 220, 1020
        List<TrialProperties> trials = List.of(
                fork("abq", Samples.encoded(110, 50, 210, 48, 1010, 2), Samples.encoded(20, 10), "9990", "steady"),
                fork("abq", Samples.encoded(130, 5000, 230, 4800, 1030, 200), Samples.encoded(40, 10), "9970", "not-steady"),
                fork("abq", Samples.encoded(120, 50, 220, 48, 1020, 2), Samples.encoded(30, 10), "9980", "steady"),
                fork("lbq", Samples.encoded(100, 10), Samples.encoded(20, 10), "9990", "steady"),
                Trials.cells(Forks.CONFIG_KEY, "latency_lbq_l50", "transport", "lbq", "producers", "1", "wait", "park", "work", "1",
                        "rate_basis", "common", "load_pct", "50", "status", "failed:boom", "offered_eps", "10000").build(),
                Trials.cells(Forks.CONFIG_KEY, "latency_abq_search", "transport", "abq", "producers", "1", "wait", "park",
                        "work", "1", "rate_basis", "sustainable", "status", "ok", "sustainable_eps", "123457.0",
                        "capacity_at_budget_eps", "99000", "budget_ns", "1000000", "probes", "7", "pacer", "sleep",
                        "probe_log", "100000:kept-up:900000", "generator_eps", "5000000").build());
        List<Map<String, String>> rows = LatencyCsv.LATENCY.read(new LatencySuite().csv(trials, runDir));
        assertThat(rows).hasSize(2);
        assertThat(rows.get(1)).as("a row with a failed fork carries no figures").containsEntry("status", "failed:boom")
                .containsEntry("p99_ns", "").containsEntry("forks", "2");
        Map<String, String> r = rows.get(0);
        assertThat(r).containsAllEntriesOf(Trials.cells(
                "p50_ns", "120", "p90_ns", "220", "p99_ns", "1020", "max_ns", "1030", "p50_ns_forks", "110;130;120",
                "p99_ns_forks", "1010;1030;1020", "p99_lo_ns", "1010", "p99_hi_ns", "1030", "interval_level", "0.7500",
                "achieved_eps", "9980", "alloc_bytes_per_event", "200", "steady", "steady", "steady_forks", "2/3",
                "publish_p50_ns", "50", "forks", "3", "samples", "10200",
                "peak_backlog", "4", "backlog_bound", "3072", "saturated", "false", "saturated_forks", "0/3", "overloaded", "false",
                "unstable", "false", "warmup_ms", "100").build().asMap());

        List<Map<String, String>> hops = CsvFormat.parse(Files.readString(runDir.resolve(LatencyCsv.HOPS.file()), StandardCharsets.UTF_8));
        assertThat(hops).as("the failed row has no hops").hasSize(3);
        assertThat(hops).allSatisfy(h -> assertThat(h.get("p50_ns")).as("median of the forks' 20, 40, 30").isEqualTo("30"));
        assertThat(hops).extracting(h -> h.get("hop")).containsExactly(LatencySuite.HOPS);

        List<Map<String, String>> capacity = CsvFormat.parse(Files.readString(runDir.resolve(LatencyCsv.CAPACITY.file()), StandardCharsets.UTF_8));
        assertThat(capacity).singleElement().satisfies(c -> {
            assertThat(c.get("sustainable_eps")).as("as the trial wrote it").isEqualTo("123457.0");
            assertThat(c.get("capacity_at_budget_eps")).isEqualTo("99000");
            assertThat(c.get("probes")).isEqualTo("7");
        });
    }
}
