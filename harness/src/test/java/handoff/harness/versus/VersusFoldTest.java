package handoff.harness.versus;

import handoff.harness.results.CsvFormat;
import handoff.harness.results.TrialProperties;
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
import static org.assertj.core.api.Assertions.within;

/**
 * disruptor.csv and disruptor-ratio.csv folded by value from a configuration's two rounds of pairs (handed to the fold
 * out of order): the rounds join in round order, each side's score is the median over every fork, and ours ÷ LMAX is
 * the paired t over the pairs as they ran — expected values from scipy 1.17.1: o = [100, 120, 96, 110],
 * l = [50, 40, 60, 55]; math.exp(mean(L(o) - L(l))) = 2.0932702787842112, stats.ttest_rel(L(o), L(l)): pvalue
 * 0.011030331426361608, confidence_interval(0.95) read back as a ratio 1.379712265157132 .. 3.1758654109973423.
 */
class VersusFoldTest {
    @TempDir
    Path runDir;

    private static TrialProperties round(int fork, String ours, String lmax) {
        return Trials.cells(Forks.CONFIG_KEY, "disruptor_unicast_1p1c_yield", "benchmark", "unicast_1p1c", "wait", "yield",
                "fork", Integer.toString(fork), "status", "ok", "unit", "ops/s", "threads", "2", "cpus", "2",
                "oversubscribed", "false", VersusCsv.OURS + "_score", ours, VersusCsv.LMAX + "_score", lmax).build();
    }

    @Test
    void roundsJoinInRoundOrderAndPairAsTheyRan() throws Exception {
        List<TrialProperties> trials = List.of(round(1, "96;110", "60;55"), round(0, "100;120", "50;40"));
        List<Map<String, String>> scores = VersusCsv.SCORES_TABLE.read(new DisruptorSuite().csv(trials, runDir));
        assertThat(scores).hasSize(2);
        Map<String, String> ours = scores.get(0);
        assertThat(ours.get("impl")).isEqualTo(VersusCsv.OURS);
        assertThat(ours).containsAllEntriesOf(Trials.cells(
                "score", "105", "forks", "4", "score_min", "96", "score_max", "120").build().asMap());
        assertThat(scores.get(1).get("score")).isEqualTo("52.50");
        List<Map<String, String>> ratios = CsvFormat.parse(Files.readString(runDir.resolve(VersusCsv.RATIOS), StandardCharsets.UTF_8));
        assertThat(ratios).singleElement().satisfies(r -> {
            assertThat(r.get("pairs")).isEqualTo("4");
            assertThat(Double.parseDouble(r.get("ratio"))).isCloseTo(2.0932702787842112, within(5e-4));
            assertThat(Double.parseDouble(r.get("ratio_lo"))).isCloseTo(1.379712265157132, within(5e-4));
            assertThat(Double.parseDouble(r.get("ratio_hi"))).isCloseTo(3.1758654109973423, within(5e-4));
            assertThat(Double.parseDouble(r.get("p"))).isCloseTo(0.011030331426361608, within(5e-6));
        });
    }
}
