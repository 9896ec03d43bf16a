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
                                        String stallP99) {
        String p = "drop-new@200.";
        return Trials.cells("config_key", "overload_abq", "transport", "abq", "producers", "1", "wait", "park", "work", "1",
                "capacity", "8", "loads", "200", "saturation_eps", "100000", "rate_basis", "probe", "status", "ok",
                "fork", Integer.toString(fork),
                p + "status", "ok", p + "offered_eps", "200000", p + "offered_achieved_eps", "199000", p + "offered",
                Long.toString(offered), p + "completed", Long.toString(completed), p + "rejected", Long.toString(rejected),
                p + "discarded", "0", p + "due", Long.toString(offered), p + "goodput_eps", goodput, p + "histogram", histogram,
                p + "censored", "0", p + "steady", "steady", p + "warmup_ms", "10", p + "stall_p99_ns", stallP99,
                p + "in_publish_pct", "5", p + "peak_backlog", "28", p + "heap_growth_bytes", "0", p + "gc_count", "1",
                p + "drain_ms", "2").build();
    }

    @Test
    void countsAreSummedPercentilesMergedAndTheRestMedians() {
        // fork 0: 100 samples at 100 ns; fork 1: 100 at 300 ns. Merged p50 = 100, p99 = 300 (a median over forks would be 200)
        List<Map<String, String>> rows = OverloadCsv.TABLE.cells(OverloadRows.fold(List.of(
                fork(0, 1000, 600, 400, "60000", Samples.encoded(100, 100), "1000"),
                fork(1, 3000, 2400, 600, "80000", Samples.encoded(300, 100), "2000"))));
        Map<String, String> r = rows.stream().filter(x -> x.get("policy").equals("drop-new")).findFirst().orElseThrow();
        assertThat(r.get("status")).isEqualTo("ok");
        assertThat(r.get("offered")).isEqualTo("4000");
        assertThat(r.get("completed")).isEqualTo("3000");
        assertThat(r.get("rejected")).isEqualTo("1000");
        assertThat(r.get("rejected_pct")).isEqualTo("25");
        assertThat(r.get("goodput_eps")).isEqualTo("70000");
        assertThat(r.get("stall_p99_ns")).isEqualTo("1500");
        assertThat(r.get("p50_ns")).isEqualTo("100");
        assertThat(r.get("p99_ns")).isEqualTo("300");
        assertThat(r.get("samples")).isEqualTo("200");
        assertThat(r.get("forks")).isEqualTo("2");
    }
}
