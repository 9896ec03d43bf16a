package handoff.harness.sweep;

import handoff.harness.results.RunFolder;
import handoff.harness.suites.Suites;
import handoff.harness.trial.BuildAxis;
import handoff.harness.trial.SweepPlan;
import handoff.harness.trial.TrialSpec;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * What {@code ab} runs, fixed before its first trial: on the 2-vCPU reference box (its committed calibration and pilots)
 * the RTT rows its pilots judge with their baselines (the pipeline's five threads do not fit two CPUs), every round each
 * row's two builds back to back in the round's drawn order, fork i in round i, each side's trials on its own jar; as many
 * rounds as the budget holds.
 */
class AbPlanTest {
    private static final BuildAxis.Side BASE = new BuildAxis.Side(BuildAxis.BASE, "/builds/base/handoff.jar");
    private static final BuildAxis.Side HEAD = new BuildAxis.Side(BuildAxis.HEAD, "/builds/head/handoff.jar");

    @Test
    void onTheReferenceBoxItRunsThePilotsRowsThatFitEachRoundBothBuildsBackToBack() throws Exception {
        SweepPlan plan = ReferenceBox.quick(2, AbPlan.DEFAULT_BUDGET_S);
        Calibration c = ReferenceBox.calibration();
        AbPlan ab = AbPlan.of(plan, c, 7);
        assertThat(ab.rows()).isNotEmpty().allSatisfy(t -> {
            assertThat(t.suite()).isEqualTo("rtt"); // P = 1 pipelines run five threads: more than two CPUs
            assertThat(t.get("producers")).isEqualTo("1");
            assertThat(Suites.get(t.suite()).threads(t)).isLessThanOrEqualTo(2);
            assertThat(AbPlan.headline(t)).isTrue();
        });
        assertThat(ab.rows()).anyMatch(t -> t.get("transport").equals("baseline")).anyMatch(t -> t.get("transport").equals("clq"))
                .noneMatch(t -> t.get("transport").equals("null") || t.get("transport").equals("nanotime"));
        assertThat(ab.rounds()).isBetween(AbPlan.MIN_ROUNDS, AbPlan.MAX_ROUNDS);
        assertThat(ab.seconds()).isLessThanOrEqualTo(plan.budgetSeconds());

        List<TrialSpec> trials = ab.trials(BASE, HEAD);
        assertThat(trials).hasSize(2 * ab.rows().size() * ab.rounds());
        assertThat(new HashSet<>(trials.stream().map(TrialSpec::key).toList())).hasSize(trials.size());
        int at = 0;
        for (int r = 0; r < ab.rounds(); r++) {
            String first = ab.headFirst().get(r) ? BuildAxis.HEAD : BuildAxis.BASE;
            for (TrialSpec row : ab.rows()) {
                TrialSpec a = trials.get(at++);
                TrialSpec b = trials.get(at++);
                assertThat(a.config().get(BuildAxis.CONFIG)).isEqualTo(first);
                assertThat(b.config().get(BuildAxis.CONFIG)).isNotEqualTo(first);
                for (TrialSpec t : List.of(a, b)) {
                    assertThat(t.fork()).isEqualTo(r);
                    assertThat(t.configKey()).startsWith(row.configKey());
                    assertThat(BuildAxis.classPath(t)).isEqualTo(t.config().get(BuildAxis.CONFIG).equals(BuildAxis.HEAD)
                            ? HEAD.classPath() : BASE.classPath());
                }
            }
        }
        assertThat(ab.headFirst()).contains(true, false); // drawn per round (20 rounds: both orders, but for 2^-19)
        assertThat(AbPlan.of(plan, c, 7).headFirst()).isEqualTo(ab.headFirst()); // the seed, recorded, draws them again
        assertThat(ab.toJson()).containsKeys("rows", "rounds", "seed", "order", "calibration");
    }

    @Test
    void eachTrialJvmRunsItsOwnBuildsJar() {
        TrialSpec t = BuildAxis.on(new TrialSpec("rtt", handoff.harness.results.TrialProperties.builder().put("transport", "abq"),
                handoff.harness.results.TrialProperties.builder().put("fork", "0")), HEAD);
        List<String> cmd = ChildJvm.command(t, List.of(), new RunFolder(Path.of("/tmp/run")), List.of(), Path.of("/tmp/r"));
        assertThat(cmd.get(cmd.indexOf("-cp") + 1)).isEqualTo(HEAD.classPath());
        assertThat(cmd).contains("build=head");
        TrialSpec own = new TrialSpec("rtt", handoff.harness.results.TrialProperties.builder().put("transport", "abq"),
                handoff.harness.results.TrialProperties.builder().put("fork", "0"));
        List<String> ownCmd = ChildJvm.command(own, List.of(), new RunFolder(Path.of("/tmp/run")), List.of(), Path.of("/tmp/r"));
        assertThat(ownCmd.get(ownCmd.indexOf("-cp") + 1)).isEqualTo(System.getProperty("java.class.path"));
    }

    @Test
    void withoutAPilotItRunsQuicksHeadlineGroupsAndABudgetTooSmallIsRefused() {
        SweepPlan plan = ReferenceBox.quick(2, AbPlan.DEFAULT_BUDGET_S);
        Calibration model = Calibration.model("a test");
        AbPlan ab = AbPlan.of(plan, model, 1);
        Set<String> waits = new HashSet<>(ab.rows().stream().map(t -> t.get("wait")).toList());
        assertThat(waits).contains("spin").isSubsetOf("spin", "native"); // RTT's headline group: spin where it fits (flow: its own)
        assertThatThrownBy(() -> AbPlan.of(plan.toBuilder().budgetSeconds(30).build(), model, 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("--budget 30s holds").hasMessageContaining("allowed");
        assertThatThrownBy(() -> AbPlan.of(plan.toBuilder().suites(List.of("echo")).build(), model, 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no declared headline row");
    }
}
