package handoff.harness.echo;

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
 * echo.csv folded by value from hand-made forks handed to the fold in another order than they ran: each row's forks are
 * put in fork order (the per-fork cells and the pairing with `inline` read them so), each percentile is the median
 * over forks of each fork's own, and the ratio to `inline` pairs fork i with fork i. Expected from scipy 1.17.1:
 * r = [210, 250, 200], i = [100, 120, 110]; math.exp(mean(L(r) - L(i))) = 1.9962049244678854,
 * stats.ttest_rel(L(r), L(i)).pvalue = 0.004545171754772777.
 */
class EchoFoldTest {
    @TempDir
    Path run;

    private static TrialProperties fork(String transport, int fork, String histogram) {
        return Trials.cells(Forks.CONFIG_KEY, "echo_" + transport, "transport", transport, "wait", "park",
                "fork", Integer.toString(fork), "cpus", "2", "clients", "1", "loads", "", "status", "ok", "c1.status", "ok",
                "c1.histogram", histogram, "c1.throughput_rps", Integer.toString(1000 * (fork + 1))).build();
    }

    @Test
    void forksFoldInForkOrderAndPairWithInlineByForkNumber() {
        List<TrialProperties> trials = new ArrayList<>();
        // inline in fork order; the rings' forks handed over as 2, 0, 1: p50 200, 210, 250 — fork 1 has 100x the samples
        trials.add(fork("inline", 0, Samples.encoded(100, 10, 900, 1)));
        trials.add(fork("disruptor", 2, Samples.encoded(200, 10, 1200, 1)));
        trials.add(fork("inline", 1, Samples.encoded(120, 10, 900, 1)));
        trials.add(fork("disruptor", 0, Samples.encoded(210, 10, 1100, 1)));
        trials.add(fork("inline", 2, Samples.encoded(110, 10, 900, 1)));
        trials.add(fork("disruptor", 1, Samples.encoded(250, 1000, 1300, 100)));
        List<Map<String, String>> rows = EchoCsv.TABLE.cells(EchoRows.fold(trials, run));
        assertThat(rows).hasSize(2);
        Map<String, String> r = rows.get(1);
        assertThat(r).containsAllEntriesOf(Trials.cells(
                "p50_ns_forks", "210;250;200", "p50_ns", "210", "p50_lo_ns", "200", "p50_hi_ns", "250",
                "p99_ns_forks", "1100;1300;1200", "p99_ns", "1200", "max_ns", "1300", "throughput_rps", "2000",
                "samples", "1122").build().asMap());
        assertThat(Double.parseDouble(r.get("p50_ratio_inline"))).isCloseTo(1.9962049244678854, within(5e-4));
        assertThat(Double.parseDouble(r.get("p50_ratio_inline_p"))).isCloseTo(0.004545171754772777, within(5e-6));
        assertThat(rows.get(0).get("p50_ns_forks")).isEqualTo("100;120;110");
    }
}
