package handoff.harness.overload;

import handoff.harness.results.TrialProperties;
import handoff.harness.testing.Samples;
import handoff.harness.testing.Trials;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * overload.csv folded by value from two hand-made forks of one configuration: the counts are summed over forks and the
 * shares taken of the sums, the latency percentiles are the merged histogram's (every offered event counts once), and
 * the rates and the rest are medians over forks.
 */
class OverloadFoldTest {
    private static TrialProperties fork(int fork, long offered, long completed, long rejected, String goodput, String histogram,
                                        String stallP99, long discarded, long due, long censored, String steady) {
        String p = "drop-new@200.";
        return Trials.cells("config_key", "overload_abq", "transport", "abq", "producers", "1", "wait", "park", "work", "1",
                "capacity", "8", "loads", "200", "saturation_eps", "100000", "rate_basis", "probe", "status", "ok",
                "fork", Integer.toString(fork),
                p + "status", "ok", p + "offered_eps", "200000", p + "offered_achieved_eps", "199000", p + "offered",
                Long.toString(offered), p + "completed", Long.toString(completed), p + "rejected", Long.toString(rejected),
                p + "discarded", Long.toString(discarded), p + "due", Long.toString(due), p + "goodput_eps", goodput, p + "histogram", histogram,
                p + "censored", Long.toString(censored), p + "steady", steady, p + "warmup_ms", "10", p + "stall_p99_ns", stallP99,
                p + "in_publish_pct", "5", p + "peak_backlog", "28", p + "heap_growth_bytes", "0", p + "gc_count", "1",
                p + "drain_ms", "2").build();
    }

    @Test
    void countsAreSummedPercentilesMergedAndTheRestMedians() {
        // fork 0: 100 samples at 100 ns; fork 1: 100 at 300 ns. Merged p50 = 100, p99 = 300 (a median over forks would be 200)
        List<Map<String, String>> rows = OverloadCsv.TABLE.cells(OverloadRows.fold(List.of(
                fork(0, 1000, 500, 400, "60000", Samples.encoded(100, 100), "1000", 100, 1000, 0, "steady"),
                fork(1, 3000, 2400, 600, "80000", Samples.encoded(300, 100), "2000", 0, 4000, 5, "not-steady"))));
        Map<String, String> r = rows.stream().filter(x -> x.get("policy").equals("drop-new")).findFirst().orElseThrow();
        // shares of the sums: rejected 1000 and discarded 100 of 4000 offered; 1000 due events never offered of 5000;
        // 5 censored of 200 samples (over 1 %): the p99 is a lower bound; steady in 1 fork of 2: not a majority
        assertThat(r).containsAllEntriesOf(Trials.cells(
                "status", "ok", "offered", "4000", "completed", "2900", "rejected", "1000", "discarded", "100", "rejected_pct", "25",
                "discarded_pct", "2.500", "behind_pct", "20", "goodput_eps", "70000", "stall_p99_ns", "1500", "p50_ns", "100",
                "p99_ns", "300", "p999_ns", "300", "max_ns", "300", "samples", "200", "censored", "5", "p99_censored", "true",
                "steady", "not-steady", "offered_eps", "200000", "offered_achieved_eps", "199000", "peak_backlog", "28",
                "backlog_bound", "28", "forks", "2").build().asMap());
        assertThat(rows).filteredOn(x -> x.get("policy").equals("unbounded")).singleElement()
                .satisfies(x -> assertThat(x.get("status")).startsWith("n/a:abq is bounded"));
        assertThat(rows).filteredOn(x -> x.get("policy").equals("block")).singleElement()
                .satisfies(x -> assertThat(x.get("status")).as("a run the forks do not hold").isNotEqualTo("ok"));
    }
}
