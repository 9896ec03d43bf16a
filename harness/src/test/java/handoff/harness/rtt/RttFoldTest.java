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
        assertThat(abq.get("transport")).isEqualTo("abq");
        assertThat(abq.get("forks")).isEqualTo("3");
        assertThat(abq.get("p50_ns")).isEqualTo("120");
        assertThat(abq.get("p50_fork_median_ns")).isEqualTo("120");
        assertThat(abq.get("p90_ns")).isEqualTo("220");
        assertThat(abq.get("p99_ns")).isEqualTo("1020");
        assertThat(abq.get("p999_ns")).isEqualTo("1020");
        assertThat(abq.get("mean_ns")).isEqualTo("186");
        assertThat(abq.get("max_ns")).isEqualTo("1030");
        assertThat(abq.get("p50_ns_forks")).isEqualTo("110;130;120");
        assertThat(abq.get("p99_ns_forks")).isEqualTo("1010;1030;1020");
        assertThat(abq.get("p50_lo_ns")).isEqualTo("110");
        assertThat(abq.get("p50_hi_ns")).isEqualTo("130");
        assertThat(abq.get("interval_level")).isEqualTo("0.7500");
        assertThat(abq.get("p99_fork_min_ns")).isEqualTo("1010");
        assertThat(abq.get("p99_fork_max_ns")).isEqualTo("1030");
        assertThat(abq.get("samples")).isEqualTo("10200");
        assertThat(abq.get("unstable")).isEqualTo("false");
        Map<String, String> lbq = rows.get(1);
        assertThat(lbq.get("p50_ns")).isEqualTo("500");
        assertThat(lbq.get("p50_ns_forks")).isEqualTo("400;600;500");
        assertThat(lbq.get("p50_lo_ns")).isEqualTo("400");
        assertThat(lbq.get("p50_hi_ns")).isEqualTo("600");
    }
}
