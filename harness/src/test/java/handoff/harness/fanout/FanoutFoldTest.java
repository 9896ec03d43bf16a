package handoff.harness.fanout;

import handoff.harness.results.TrialProperties;
import handoff.harness.testing.Samples;
import handoff.harness.testing.Trials;
import handoff.harness.trial.Forks;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * fanout.csv folded by value from hand-made forks handed over out of fork order: throughput and p99 are medians over
 * forks, and the ratio to abq pairs fork i with abq's fork i. Expected from scipy 1.17.1: j = [2100, 2300, 1900],
 * a = [1000, 1200, 900]; math.exp(mean(L(j) - L(a))) = 2.040605214367858, stats.ttest_rel(L(j), L(a))
 * .confidence_interval(0.95) read back as a ratio 1.7829824539452435 .. 2.335451833354481.
 */
class FanoutFoldTest {
    @TempDir
    Path dir;

    private static TrialProperties fork(String transport, int fork, double throughput, long p99) {
        TrialProperties.Builder t = Trials.cells(Forks.CONFIG_KEY, "fanout_" + transport, "transport", transport,
                "wait", "park", "producers", "4", "fork", Integer.toString(fork), "cpus", "64", "load_pct", "50",
                FanoutSuite.NOT_APPLICABLE, "aeron-ipc", "status", "ok");
        for (ScenarioVariant p : ScenarioVariant.of(transport)) {
            t.put(p.key() + ".status", "ok");
            t.put(p.key() + ".throughput_ops", Double.toString(throughput));
            t.put(p.key() + ".run_rates", "5;5;5;5");
            t.put(p.key() + ".offered_ops", "1000"); // the open-loop run's first key (FanoutPart.OpenLoop): it ran
            t.put(p.key() + ".samples", "1");
            t.put(p.key() + ".p99_ns", Long.toString(p99));
            t.put(p.key() + ".max_ns", Long.toString(p99 + 1));
            t.put(p.key() + ".histogram", Samples.encoded(p99, 1));
        }
        return t.build();
    }

    @Test
    void medianOverForksAndTheRatioToAbqPairedByForkNumber() {
        List<TrialProperties> trials = new ArrayList<>();
        trials.add(fork("abq", 0, 1000, 500));
        trials.add(fork("jctools", 2, 1900, 300));
        trials.add(fork("abq", 1, 1200, 500));
        trials.add(fork("jctools", 0, 2100, 100));
        trials.add(fork("abq", 2, 900, 500));
        trials.add(fork("jctools", 1, 2300, 200));
        List<Map<String, String>> rows = FanoutCsv.TABLE.cells(FanoutRows.fold(trials, dir));
        Map<String, String> jc = rows.stream().filter(r -> r.get("transport").equals("jctools") && r.get("scenario").equals("broker"))
                .findFirst().orElseThrow();
        // p99 100, 200, 300 by fork: the median, its range, the largest max; forks 3x apart at p99: unstable
        assertThat(jc).containsAllEntriesOf(Trials.cells(
                "throughput_ops", "2100", "throughput_lo", "1900", "throughput_hi", "2300", "p99_ns", "200", "p99_lo_ns", "100",
                "p99_hi_ns", "300", "max_ns", "301", "samples", "3", "unstable", "true", "forks", "3").build().asMap());
        assertThat(dir.resolve(jc.get("hgrm"))).isRegularFile();
        assertThat(Double.parseDouble(jc.get("ratio_abq"))).isCloseTo(2.040605214367858, within(5e-4));
        assertThat(Double.parseDouble(jc.get("ratio_abq_lo"))).isCloseTo(1.7829824539452435, within(5e-4));
        assertThat(Double.parseDouble(jc.get("ratio_abq_hi"))).isCloseTo(2.335451833354481, within(5e-4));
        Map<String, String> abq = rows.stream().filter(r -> r.get("transport").equals("abq") && r.get("scenario").equals("broker")
                && r.get("variant").equals("per-subscriber")).findFirst().orElseThrow();
        assertThat(abq).containsAllEntriesOf(Trials.cells(
                "throughput_ops", "1000", "ratio_abq", "1", "unstable", "false", "status", "ok").build().asMap());
        // a transport that cannot run the suite: one n/a row per scenario, saying why
        assertThat(rows).filteredOn(r -> r.get("transport").equals("aeron-ipc")).hasSize(3)
                .allSatisfy(r -> assertThat(r.get("status")).startsWith("n/a:"));
    }
}
