package handoff.harness.latency;

import handoff.harness.stats.Stats;
import handoff.harness.trial.Profile;
import handoff.harness.trial.RuntimeCells;
import handoff.harness.trial.Status;
import handoff.harness.stats.SteadyState;
import handoff.harness.trial.SweepPlan;
import handoff.harness.trial.TrialSpec;
import handoff.queues.Transports;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class LatencySuiteTest {
    private static final LatencySuite SUITE = new LatencySuite();

    private static SweepPlan quick() {
        return SweepPlan.builder(Profile.QUICK).suites(List.of("latency"))
                .transports(List.of(Transports.get("abq"), Transports.get("lmax"))).producers(List.of(1)).cpus(List.of(0, 1), false).build();
    }

    /**
     * Quick: each configuration's search for its sustainable rate comes first (the latency rows read it back), then
     * three common loads, the middle one with the ranking fork count (and the idle measurement), the others with one.
     */
    @Test
    void quickSearchesFirstThenThreeLoadsAtTheSameRatesForAll() {
        List<TrialSpec> plan = SUITE.plan(quick());
        assertThat(plan.subList(0, 2)).allMatch(t -> LatencySuite.SUSTAINABLE.equals(t.get("rate_basis")));
        assertThat(plan.subList(2, plan.size())).allMatch(t -> LatencySuite.COMMON.equals(t.get("rate_basis")));
        Map<String, Integer> forks = new LinkedHashMap<>();
        plan.stream().skip(2).forEach(t -> forks.merge(t.get("load_pct"), 1, Integer::sum));
        assertThat(forks).containsExactly(Map.entry("10", 2), Map.entry("50", 6), Map.entry("90", 2));
        assertThat(plan).filteredOn(t -> Boolean.parseBoolean(t.get("idle"))).allMatch(t -> t.get("load_pct").equals("50"))
                .hasSize(6);
        double seconds = plan.stream().mapToDouble(SUITE::estimateSeconds).sum();
        System.out.printf("latency suite, quick, 2 configurations: about %.0f s%n", seconds);
    }

    @Test
    void aRowIsSaturatedIfAnyForkIsAndSteadyIfMostAre() {
        assertThat(LatencyCsv.LATENCY.cells(row(1, 2, 3))).containsEntry("saturated", "true").containsEntry("saturated_forks", "1/3")
                .containsEntry("steady", SteadyState.STEADY).containsEntry("steady_forks", "2/3");
        assertThat(LatencyCsv.LATENCY.cells(row(0, 1, 3))).containsEntry("saturated", "false")
                .containsEntry("steady", SteadyState.NOT_STEADY);
    }

    @Test
    void theBudgetIsAPositiveNumberOrBadInput() {
        assertThat(SustainableProbe.budgetUs(Map.of())).isEqualTo(SustainableProbe.DEFAULT_BUDGET_US);
        assertThat(SustainableProbe.budgetUs(Map.of(SustainableProbe.BUDGET_ENV, "250"))).isEqualTo(250);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> SustainableProbe.budgetUs(Map.of(SustainableProbe.BUDGET_ENV, "-1")))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("HANDOFF_LATENCY_BUDGET_US=-1 must be a positive number of microseconds");
    }

    /** An ok row of {@code forks} forks, {@code saturated} of them saturated and {@code steady} steady. */
    private static LatencyRow row(long saturated, long steady, int forks) {
        double nan = Double.NaN;
        ForkPercentiles none = ForkPercentiles.of(List.of());
        Stats.Interval iv = Stats.medianInterval(new double[] {1, 2, 3});
        LatencyTrial.Setup setup = new LatencyTrial.Setup("abq", 1, "park", 1, LatencySuite.COMMON, 50, 4, 2, "none",
                new RuntimeCells(null, null, null, null, null, null, null), "k");
        return new LatencyRow(setup, 1000, "park", Status.ok(), forks, false, new LatencyRow.Figures(nan, none, null, iv, iv,
                false, nan, false, 0, nan, nan, saturated, nan, steady, nan, nan, nan, nan, nan, nan, nan,
                new double[] {nan, nan, nan, nan, nan}, "hgrm/k.hgrm", ""));
    }
}
