package handoff.harness.sweep;

import handoff.harness.report.Pilot;
import handoff.harness.trial.TrialSpec;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/** The rounds a pilot gives the RTT rows it judges, fixed before the run (docs/statistics.md §13). */
class PilotRoundsTest {
    private static final Pilot PILOT = new Pilot(List.of("a-pilot"), 6, 8, Set.of("rtt.vs-baseline | P=1 burst=1 | abq/spinpooled"), 40,
            Set.of("rtt.vs-baseline"));

    @Test
    void aJudgedRowAndItsBaselineRunEightRoundsTheOthersTheirPlan() {
        PlanFit.Fit fit = PlanFit.of(QuickFitTest.quick(16), Calibration.model("a test").piloted(PILOT));
        Map<String, List<TrialSpec>> rtt = fit.all().stream().filter(t -> t.suite().equals("rtt") && "1".equals(t.get("producers"))
                && "1".equals(t.get("burst"))).collect(Collectors.groupingBy(t -> t.get("transport") + "/" + t.get("wait")));
        assertThat(rtt.get("abq/spin")).as(rtt.keySet().toString()).hasSize(8);
        assertThat(rtt.get("baseline/spin")).as(rtt.keySet().toString()).hasSize(8);
        assertThat(rtt.get("clq/spin")).as(rtt.keySet().toString()).hasSize(3);
        assertThat(rtt.get("jctools/spin")).as(rtt.keySet().toString()).hasSize(3);
        assertThat(rtt.get("abq/spin").stream().map(TrialSpec::fork).toList()).containsExactlyInAnyOrder(0, 1, 2, 3, 4, 5, 6, 7);
    }

    @Test
    void theExtraRoundsAreBlocksAfterTheSuitesPlannedTrials() {
        List<TrialSpec> all = PlanFit.of(QuickFitTest.quick(16), Calibration.model("a test").piloted(PILOT)).all();
        List<TrialSpec> extra = all.stream().filter(t -> t.suite().equals("rtt") && t.fork() >= 3).toList();
        assertThat(extra).hasSize(10);
        // round-major: fork 3 of both configurations before fork 4 of either
        for (int i = 1; i < extra.size(); i++) {
            assertThat(extra.get(i).fork()).isGreaterThanOrEqualTo(extra.get(i - 1).fork());
        }
        int lastPlanned = -1;
        for (int i = 0; i < all.size(); i++) {
            if (all.get(i).suite().equals("rtt") && all.get(i).fork() < 3) {
                lastPlanned = i;
            }
        }
        assertThat(all.indexOf(extra.get(0))).isGreaterThan(lastPlanned);
    }

    @Test
    void withoutAPilotNothingIsAdded() {
        PlanFit.Fit fit = PlanFit.of(QuickFitTest.quick(16), Calibration.model("a test"));
        for (String burst : List.of("1", "100")) {
            Map<String, Long> forks = fit.all().stream().filter(t -> t.suite().equals("rtt") && "1".equals(t.get("producers"))
                    && burst.equals(t.get("burst")) && !t.get("transport").equals("nanotime"))
                    .collect(Collectors.groupingBy(TrialSpec::configKey, Collectors.counting()));
            assertThat(Set.copyOf(forks.values())).as("every RTT configuration at P = 1, burst " + burst + ", the same rounds").hasSize(1);
        }
        assertThat(PlanFit.summary(QuickFitTest.quick(16), fit, Calibration.model("a test")))
                .anyMatch(l -> l.contains("every declared comparison judged"));
    }

    @Test
    void thePilotIsRecordedWithTheCalibrationSoThatAResumePlansTheSame() {
        Calibration c = Calibration.model("a test").piloted(PILOT);
        assertThat(Calibration.fromJson(c.toJson()).orElseThrow().pilot()).isEqualTo(PILOT);
    }

    @Test
    void aQuickPlanReadsThePilotsAtTheRoundsItsRowsWillHave(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        // the committed pilots of the 2-CPU box: at the 3 forks quick gives a ranked row they predict no pipeline
        // comparison decided at 97.5 %, so the decision table runs 6 rounds and its comparisons are judged at 6
        Calibration c = Calibration.learn(java.nio.file.Path.of("../results"), QuickFitTest.quick(2), null, "?", p -> null);
        assertThat(c.pilot().pipelineRounds()).isEqualTo(Pilot.PIPELINE_ROUNDS);
        assertThat(c.pilot().judged()).anyMatch(k -> k.startsWith("pipeline.saturation."));
        assertThat(c.pilot().judged()).anyMatch(k -> k.startsWith("rtt.vs-baseline"));
        PlanFit.Fit fit = PlanFit.of(QuickFitTest.quick(2), c);
        Map<String, Long> table = fit.all().stream().filter(t -> t.suite().equals("pipeline") && "1".equals(t.get("producers"))
                        && "1".equals(t.config().getOrDefault("workers", "1")) && !"true".equals(t.sizing().get("variant"))
                        && !handoff.harness.report.Declared.PIPELINE_CONTROLS.contains(t.get("transport")))
                .collect(Collectors.groupingBy(TrialSpec::configKey, Collectors.counting()));
        assertThat(table).isNotEmpty();
        assertThat(Set.copyOf(table.values())).as("every row of the decision table, 6 rounds").containsExactly(6L);
    }

    @Test
    void whereThePlansRoundsDecideThePipelineItsRoundsStay() {
        // the 16-CPU pilots: rings ~10x every queue, decided at the plan's 3 rounds
        Calibration c = Calibration.learn(java.nio.file.Path.of("../results"), QuickFitTest.quick(16), null, "?", p -> null);
        assertThat(c.pilot().none()).isFalse();
        assertThat(c.pilot().pipelineRounds()).isEqualTo(3);
        assertThat(c.pilot().judged()).anyMatch(k -> k.startsWith("pipeline.saturation.best"));
    }
}
