package handoff.harness.rtt;

import handoff.harness.results.TrialProperties;
import handoff.harness.testing.Samples;
import handoff.harness.testing.Trials;
import handoff.harness.trial.Forks;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * rtt.csv's fold by value on hand-made forks (docs/statistics.md §2): each percentile and the mean are the median over
 * forks of each fork's own (never the merged histogram's, which the fork with 100× the samples would set), max the
 * largest, and the per-fork cells keep fork order — position i is round i — for two configurations run interleaved.
 */
class RttFoldTest {
    @TempDir
    Path runDir;

    private static TrialProperties fork(String transport, String histogram) {
        return Trials.cells(Forks.CONFIG_KEY, "rtt_" + transport + "_p1_b1_spin", "transport", transport, "producers", "1",
                "burst", "1", "wait", "spin", "messages", "pooled", "status", "ok", "histogram", histogram).build();
    }

    @Test
    void eachFiguresIsTheMedianOfEachForksOwnInRoundOrder() {
        // abq fork 0: p50 110, p90 210, p99 1010, p99.9 1010, mean 176; fork 1 (100x the samples): 130, 230, 1030,
        // 1030, mean 196; fork 2: 120, 220, 1020, 1020, mean 186. Merged, fork 1 would set p50 at 130.
        List<TrialProperties> trials = List.of(
                fork("abq", Samples.encoded(110, 50, 210, 48, 1010, 2)), fork("lbq", Samples.encoded(400, 10)),
                fork("abq", Samples.encoded(130, 5000, 230, 4800, 1030, 200)), fork("lbq", Samples.encoded(600, 10)),
                fork("abq", Samples.encoded(120, 50, 220, 48, 1020, 2)), fork("lbq", Samples.encoded(500, 10)));
        List<Map<String, String>> rows = RttCsv.TABLE.read(new RttSuite().csv(trials, runDir));
        assertThat(rows).hasSize(2);
        Map<String, String> abq = rows.get(0);
        assertThat(abq).containsAllEntriesOf(Trials.cells(
                "transport", "abq", "forks", "3", "p50_ns", "120", "p50_fork_median_ns", "120", "p90_ns", "220",
                "p99_ns", "1020", "p999_ns", "1020", "mean_ns", "186", "max_ns", "1030", "p50_ns_forks", "110;130;120",
                "p99_ns_forks", "1010;1030;1020", "p50_lo_ns", "110", "p50_hi_ns", "130", "interval_level", "0.7500",
                "p99_fork_min_ns", "1010", "p99_fork_max_ns", "1030", "samples", "10200", "unstable", "false").build().asMap());
        Map<String, String> lbq = rows.get(1);
        assertThat(lbq).containsAllEntriesOf(Trials.cells(
                "p50_ns", "500", "p50_ns_forks", "400;600;500", "p50_lo_ns", "400", "p50_hi_ns", "600").build().asMap());
    }
}
