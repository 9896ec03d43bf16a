package handoff.harness.echo;

import handoff.harness.testing.Trials;

import handoff.harness.results.Histograms;
import handoff.harness.results.TrialProperties;
import handoff.harness.trial.Forks;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Folding forks into echo.csv rows: medians and intervals over forks, paired ratios to inline, failed parts. */
class EchoRowsTest {
    @TempDir
    Path run;

    /** A finished trial whose closed-loop part at 1 client recorded 100 round trips of {@code ns}. */
    private static TrialProperties trial(String transport, String wait, int fork, long ns, String status) {
        TrialProperties.Builder t = Trials.cells(Forks.CONFIG_KEY, "echo_" + transport + "_" + wait,
                "transport", transport, "wait", wait, "fork", Integer.toString(fork), "cpus", "2", "clients", "1",
                "loads", "", "status", status, "c1.status", status);
        if (status.equals("ok")) {
            Histogram h = Histograms.newNanos();
            h.recordValueWithCount(ns, 100);
            t.put("c1.histogram", Histograms.encode(h));
            t.put("c1.throughput_rps", Long.toString(1_000_000_000L / ns));
        } else {
            t.put("c1.lost", "1");
        }
        return t.build();
    }

    @Test
    void forksFoldIntoMedianIntervalAndPairedRatioToInline() throws Exception {
        List<TrialProperties> trials = new ArrayList<>();
        long[] inline = {10_000, 12_000, 11_000};
        long[] rings = {20_000, 25_000, 21_000}; // every pair about 2x inline
        for (int f = 0; f < 3; f++) {
            trials.add(trial("inline", "n/a", f, inline[f], "ok"));
            trials.add(trial("disruptor", "park", f, rings[f], "ok"));
            trials.add(trial("lmax", "park", f, 30_000, f == 1 ? "failed:N=1: 1 lost, 0 duplicated, 0 corrupted, 0 misrouted replies" : "ok"));
        }
        List<EchoRow> typed = EchoRows.fold(trials, run);
        List<Map<String, String>> rows = EchoCsv.TABLE.cells(typed);
        assertThat(rows).hasSize(3);
        Map<String, String> r = rows.get(1);
        assertThat(r.get("variant")).isEqualTo("rings");
        assertThat(Double.parseDouble(r.get("p50_ns"))).isBetween(20_900.0, 21_100.0);
        assertThat(Double.parseDouble(r.get("p50_lo_ns"))).isBetween(19_900.0, 20_100.0);
        assertThat(Double.parseDouble(r.get("p50_hi_ns"))).isBetween(24_900.0, 25_100.0);
        assertThat(Double.parseDouble(r.get("interval_level"))).isEqualTo(0.75);
        assertThat(r.get("forks")).isEqualTo("3");
        assertThat(r.get("samples")).isEqualTo("300");
        assertThat(r.get("threads")).isEqualTo("4");
        assertThat(r.get("oversubscribed")).isEqualTo("true");
        // every pair about 2x inline: the paired t-test on the per-round log-ratios reaches it with 3 pairs
        assertThat(r.get("vs_inline")).startsWith("slower (p = ").contains("paired t on per-round log-ratios, 3 pairs");
        assertThat(r.get("p50_ns_forks")).isNotEmpty();
        assertThat(Double.parseDouble(r.get("p50_ratio_inline_lo"))).isGreaterThan(1.5);
        assertThat(Files.exists(run.resolve(r.get("hgrm")))).isTrue();
        Map<String, String> failed = rows.get(2);
        assertThat(failed.get("status")).startsWith("failed:N=1: 1 lost");
        assertThat(failed.get("lost")).isEqualTo("1");
        assertThat(failed.get("p50_ns")).as("a failed row carries no numbers").isEmpty();
        assertThat(typed.get(2).figures()).isNull();
        assertThat(rows.get(0).get("vs_inline")).as("inline is not compared with itself").isEmpty();
        assertThat(typed.get(0).vsInline()).isNull();
    }

    @Test
    void aTrialThatNeverRanGivesItsStatusToEveryPart() {
        TrialProperties skipped = trial("disruptor", "spin", 0, 0, "skipped:5 busy-waiting threads on 2 CPUs").toBuilder()
                .remove("c1.status")
                .put("clients", "1,4")
                .put("loads", "50")
                .build();
        List<Map<String, String>> rows = EchoCsv.TABLE.cells(EchoRows.fold(List.of(skipped), run));
        assertThat(rows).extracting(m -> m.get("mode") + m.get("clients") + m.get("load_pct"))
                .containsExactly("closed1", "closed4", "open150");
        assertThat(rows).allMatch(m -> m.get("status").startsWith("skipped:"));
    }
}
