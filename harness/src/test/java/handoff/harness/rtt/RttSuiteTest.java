package handoff.harness.rtt;

import handoff.harness.results.Histograms;
import handoff.harness.results.TrialProperties;
import handoff.harness.trial.Forks;
import handoff.harness.trial.Profile;
import handoff.harness.trial.SweepPlan;
import handoff.harness.trial.TrialSpec;
import handoff.queues.Transports;
import handoff.queues.Wait;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The RTT plan (interleaved forks, a row per ring producer model) and the per-fork columns of its rows. */
class RttSuiteTest {
    @TempDir
    Path runDir;

    @Test
    void forksOfDifferentConfigurationsAreInterleaved() {
        List<TrialSpec> plan = new RttSuite().plan(plan(List.of("abq", "lmax"), List.of(1), 3, "pooled"));
        List<String> order = plan.stream().map(t -> t.get("transport") + "/" + t.get("producer_model", "")
                + "#" + t.fork()).toList();
        assertThat(order).containsExactly(
                "nanotime/#0", "abq/#0", "lmax/sp#0", "lmax/mp#0",
                "nanotime/#1", "abq/#1", "lmax/sp#1", "lmax/mp#1",
                "nanotime/#2", "abq/#2", "lmax/sp#2", "lmax/mp#2");
        assertThat(plan).extracting(TrialSpec::key).doesNotHaveDuplicates();
    }

    @Test
    void ringsRunBothProducerModelsAtOneProducerAndMultiAboveIt() {
        List<TrialSpec> plan = new RttSuite().plan(plan(List.of("disruptor", "mtoca"), List.of(1, 2), 1, "allocated"));
        List<String> configs = plan.stream().filter(t -> !t.get("transport").equals(RttSuite.CLOCK))
                .map(t -> t.get("transport") + " p" + t.get("producers") + " " + t.get("producer_model", "-")
                        + " " + t.get("messages")).toList();
        assertThat(configs).containsExactlyInAnyOrder("disruptor p1 sp allocated", "disruptor p1 mp allocated",
                "disruptor p2 mp allocated", "mtoca p1 - allocated", "mtoca p2 - allocated",
                "disruptor-noslip p1 sp allocated"); // the slip-off control beside disruptor, one producer model
    }

    @Test
    void theSlipOffControlRunsBesideDisruptorAtOneProducerEveryBurstSpinOnly() {
        List<TrialSpec> plan = new RttSuite().plan(SweepPlan.builder(Profile.QUICK).suites(List.of("rtt"))
                .transports(List.of(Transports.get("disruptor"), Transports.get("abq"))).producers(List.of(1, 2))
                .cpus(List.of(0, 1), false).forks(1).build());
        List<String> noSlip = plan.stream().filter(t -> t.get("transport").equals("disruptor-noslip"))
                .map(t -> "p" + t.get("producers") + " b" + t.get("burst") + " " + t.get("wait") + " " + t.get("producer_model", "-"))
                .toList();
        assertThat(noSlip).containsExactlyInAnyOrder("p1 b1 spin sp", "p1 b100 spin sp");
        assertThat(new RttSuite().plan(plan(List.of("abq"), List.of(1), 1, "pooled")))
                .noneMatch(t -> t.get("transport").equals("disruptor-noslip"));
        assertThat(new RttSuite().plan(plan(List.of("disruptor"), List.of(2), 1, "pooled")))
                .as("no one-producer disruptor row to set it beside").noneMatch(t -> t.get("transport").equals("disruptor-noslip"));
    }

    /** Four JVMs near 200 ns and four near 800 ns: the row says bimodal, with both centres. */
    @Test
    void perForkP50sGiveTheMedianItsIntervalAndTheModes() {
        long[] p50s = {200, 820, 210, 790, 205, 800, 198, 810};
        List<TrialProperties> trials = trials(p50s, 0);
        Map<String, String> row = row(trials);
        assertThat(row.get("forks")).isEqualTo("8");
        assertThat(row.get("bimodal")).isEqualTo("true");
        assertThat(row.get("unstable")).as("p50s 198..820 ns disagree by > 2x").isEqualTo("true");
        assertThat(Double.parseDouble(row.get("mode_low_ns"))).isBetween(198.0, 211.0);
        assertThat(Double.parseDouble(row.get("mode_high_ns"))).isBetween(789.0, 821.0);
        assertThat(Double.parseDouble(row.get("p50_lo_ns"))).isLessThanOrEqualTo(Double.parseDouble(row.get("p50_fork_median_ns")));
        assertThat(Double.parseDouble(row.get("p50_hi_ns"))).isGreaterThanOrEqualTo(Double.parseDouble(row.get("p50_fork_median_ns")));
        assertThat(Double.parseDouble(row.get("interval_level"))).isGreaterThanOrEqualTo(0.95);
        assertThat(row.get("producer_model")).as("a queue has no producer model: its cell is empty").isEmpty();
        assertThat(row.get("messages")).isEqualTo("pooled");
        assertThat(RttCsv.TABLE.header()).contains("producer_model", "messages", "p50_lo_ns", "p50_hi_ns",
                "p50_fork_median_ns", "interval_level", "bimodal", "mode_low_ns", "mode_high_ns");
    }

    /** Forks that agree on p50 are stable even when one fork's tail is 50x another's (a deschedule, not the row). */
    @Test
    void unstableJudgesTheP50sTheRowRanksByNotTheForksTails() {
        List<TrialProperties> trials = trials(new long[] {200, 210, 205, 198, 202, 207}, 0);
        trials.addAll(trials(new long[] {204}, 500_000));
        Map<String, String> row = row(trials);
        assertThat(Double.parseDouble(row.get("p99_fork_max_ns")) / Double.parseDouble(row.get("p99_fork_min_ns"))).isGreaterThan(100);
        assertThat(row.get("unstable")).isEqualTo("false");
    }

    /**
     * A fast fork records far more round trips in a closed loop; merged, it would set every percentile. Folded per
     * fork, each fork weighs the same: here one fork at 100 ns with 20x the samples of five forks near 900 ns.
     */
    @Test
    void percentilesAndMeanWeighEveryForkEqually() {
        List<TrialProperties> trials = trials(new long[] {900, 880, 920, 910, 890}, 0);
        Histogram fast = Histograms.newNanos();
        fast.recordValueWithCount(100, 20_000);
        trials.add(trials.get(0).toBuilder().put("histogram", Histograms.encode(fast)).build());
        Map<String, String> row = row(trials);
        for (String col : List.of("p50_ns", "p90_ns", "p99_ns", "p999_ns", "mean_ns")) {
            assertThat(Double.parseDouble(row.get(col))).as(col + ": median over forks, not the fast fork's").isBetween(880.0, 925.0);
        }
        assertThat(row.get("p50_ns_forks").split(";")).hasSize(6);
        assertThat(row.get("bimodal")).isEqualTo("false");
        assertThat(RttCsv.TABLE.header()).contains("p50_ns_forks", "p99_ns_forks");
    }

    @Test
    void bimodalityIsUntestableWithTooFewForks() {
        Map<String, String> row = row(trials(new long[] {200, 800, 210}, 0));
        assertThat(row.get("bimodal")).isEqualTo("untestable");
    }

    /** The suite's one row of these trials, as its CSV holds it (read back through its column table). */
    private Map<String, String> row(List<TrialProperties> trials) {
        List<Map<String, String>> rows = RttCsv.TABLE.read(new RttSuite().csv(trials, runDir));
        assertThat(rows).hasSize(1);
        return rows.get(0);
    }

    /** One trial per fork: 1000 samples at its p50, plus 20 (2 %) at {@code tail} ns when tail > 0. */
    private static List<TrialProperties> trials(long[] p50s, long tail) {
        List<TrialProperties> trials = new ArrayList<>();
        for (long p50 : p50s) {
            Histogram h = Histograms.newNanos();
            h.recordValueWithCount(p50, 1000);
            if (tail > 0) {
                h.recordValueWithCount(tail, 20);
            }
            trials.add(TrialProperties.builder()
                    .put(Forks.CONFIG_KEY, "rtt_abq_p1_b1_spin_messagespooled")
                    .put("transport", "abq")
                    .put("producers", "1")
                    .put("burst", "1")
                    .put("wait", "spin")
                    .put("messages", "pooled")
                    .put("status", "ok")
                    .put("histogram", Histograms.encode(h))
                    .build());
        }
        return trials;
    }

    private static SweepPlan plan(List<String> transports, List<Integer> producers, int forks, String messages) {
        return SweepPlan.builder(Profile.QUICK).suites(List.of("rtt")).transports(transports.stream().map(Transports::get).toList())
                .producers(producers).bursts(List.of(1)).waits(List.of(Wait.SPIN)).cpus(List.of(0, 1), false).forks(forks)
                .rttMessages(messages).build();
    }
}
