package handoff.harness.unicast;

import handoff.harness.results.TrialProperties;
import handoff.harness.testing.Trials;
import handoff.harness.trial.Forks;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** unicast.csv folded by value from hand-made forks: medians over forks, the per-fork times per item in fork order. */
class UnicastFoldTest {
    private static TrialProperties fork(String transport, String msPerOp, String allocPerOp) {
        return Trials.cells(Forks.CONFIG_KEY, "unicast_" + transport, "transport", transport, "wait", "park", "items", "1000",
                "status", "ok", "score", msPerOp, "unit", "ms/op", "alloc_bytes_per_op", allocPerOp, "cpus", "2").build();
    }

    @Test
    void forksFoldIntoMediansWithTheirValuesInRoundOrder() {
        // abq: 0.3, 0.1, 0.2 ms per 1,000 items = 300, 100, 200 ns per item; lbq: 0.5, 0.7, 0.6 ms
        List<TrialProperties> trials = List.of(fork("abq", "0.3", "3000"), fork("lbq", "0.5", "500"),
                fork("abq", "0.1", "1000"), fork("lbq", "0.7", "700"), fork("abq", "0.2", "2000"), fork("lbq", "0.6", "600"));
        List<Map<String, String>> rows = UnicastCsv.TABLE.read(new UnicastSuite().csv(trials, Path.of(".")));
        assertThat(rows).hasSize(2);
        Map<String, String> abq = rows.get(0);
        assertThat(abq).containsAllEntriesOf(Trials.cells(
                "time_ms", "0.2000", "ns_per_item", "200", "ns_per_item_forks", "300;100;200", "ns_per_item_lo", "100",
                "ns_per_item_hi", "300", "interval_level", "0.7500", "alloc_bytes_per_item", "2", "unstable", "true").build().asMap());
        Map<String, String> lbq = rows.get(1);
        assertThat(lbq).containsAllEntriesOf(Trials.cells(
                "ns_per_item", "600", "ns_per_item_forks", "500;700;600", "unstable", "false").build().asMap());
    }
}
