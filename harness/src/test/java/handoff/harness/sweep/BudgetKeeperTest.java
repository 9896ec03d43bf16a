package handoff.harness.sweep;

import handoff.harness.results.RunFolder;
import handoff.harness.results.TrialProperties;
import handoff.harness.trial.SweepPlan;
import handoff.harness.trial.TrialSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Quick's budget kept while the sweep runs (issue 50, item 7), on simulated boxes: the sweep's own loops
 * ({@link BudgetKeeper#runPlan}, {@link BudgetKeeper#runRounds}) run quick's plan for a 2-CPU box against a fake clock that
 * each trial moves by the model's seconds times the box's pace, with noise. A slow box ends within its budget + 5 % and
 * names what it deferred; the judged rows always run; a fast box runs groups the model left out; and the plan does not
 * depend on how fast an earlier run was.
 */
class BudgetKeeperTest {
    private static final Calibration MODEL = Calibration.model("a test");

    @TempDir
    Path dir;
    private int runs;

    /** What one simulated run did. */
    private record Simulated(double seconds, List<TrialSpec> ran, List<Object> deferred, List<String> said, List<TrialSpec> all,
                             PlanFit.Fit fit, int roundsRun) {
    }

    /** Runs quick's plan on a box whose trials take {@code pace} × the model's seconds (± 25 %, and 0.3 s between trials). */
    private Simulated simulate(SweepPlan plan, Calibration history, double pace, long seed) {
        return simulate(plan, history, pace, 0.3, seed);
    }

    /** The same with {@code between} seconds of the harness's own work after each trial. */
    private Simulated simulate(SweepPlan plan, Calibration history, double pace, double between, long seed) {
        PlanFit.Fit fit = PlanFit.of(plan, history);
        RunFolder run = new RunFolder(dir.resolve("run-" + runs++));
        long[] now = {0};
        Random noise = new Random(seed);
        List<String> said = new ArrayList<>();
        List<TrialSpec> ran = new ArrayList<>();
        List<List<TrialSpec>> all = new ArrayList<>(List.of(List.of()));
        BudgetKeeper keeper = new BudgetKeeper(plan, fit, run, () -> now[0], said::add, t -> all.set(0, t));
        java.util.function.Predicate<TrialSpec> runOne = t -> {
            double s = Calibration.modelSeconds(plan, t) * pace * (0.75 + 0.5 * noise.nextDouble()) + between;
            now[0] += (long) (s * 1e9);
            ran.add(t);
            return true;
        };
        assertThat(keeper.runPlan(runOne)).isTrue();
        int rounds = keeper.runRounds(runOne);
        return new Simulated(now[0] / 1e9, ran, keeper.deferredJson(), said, all.get(0), fit, rounds);
    }

    @Test
    void aSlowBoxEndsWithinItsBudgetAndNamesWhatItDeferred() {
        SweepPlan plan = QuickFitTest.quick(2);
        for (long seed = 1; seed <= 3; seed++) {
            Simulated slow = simulate(plan, MODEL, 1.3, seed);
            assertThat(slow.seconds()).as("seed %d: %s", seed, slow.said()).isLessThanOrEqualTo(plan.budgetSeconds() * 1.05);
            assertThat(slow.deferred()).as("named in the manifest's deferred").isNotEmpty().allSatisfy(d -> {
                Map<?, ?> m = (Map<?, ?>) d;
                assertThat((String) m.get("what")).isNotBlank();
                assertThat(((Number) m.get("trials")).longValue()).isPositive();
            });
            assertThat(slow.said()).anyMatch(l -> l.startsWith("deferred to full while running: "));
            // the judged rows of the plan always run, every one of them
            for (TrialSpec t : slow.fit().plan()) {
                if (slow.fit().part().apply(t).judged()) {
                    assertThat(slow.ran()).as(t.key()).contains(t);
                }
            }
            // the run's trials are what ran: nothing deferred is counted as still to run
            assertThat(new HashSet<>(slow.all())).isEqualTo(new HashSet<>(slow.ran()));
        }
    }

    @Test
    void aBoxAtTheModelsPaceRunsThePlanAndAFastOneRunsWhatTheModelLeftOut() {
        SweepPlan plan = QuickFitTest.quick(2);
        Simulated even = simulate(plan, MODEL, 1.0, 0, 7);
        assertThat(even.seconds()).isLessThanOrEqualTo(plan.budgetSeconds() * 1.05);
        Set<TrialSpec> planned = new HashSet<>(even.fit().all());
        long plannedRun = even.ran().stream().filter(planned::contains).count();
        assertThat((double) plannedRun).as("almost all of the plan runs").isGreaterThan(0.9 * planned.size());

        Simulated fast = simulate(plan, MODEL, 0.75, 7);
        assertThat(fast.seconds()).isLessThanOrEqualTo(plan.budgetSeconds() * 1.05);
        assertThat(fast.ran()).containsAll(fast.fit().plan());
        assertThat(fast.ran().stream().filter(t -> !planned.contains(t))).as("groups the model left out").isNotEmpty();
        assertThat(fast.said()).anyMatch(l -> l.startsWith("runs, the run being ahead of the model: "));
        assertThat(fast.ran().size()).isGreaterThan(even.ran().size());
    }

    @Test
    void aBoxTooSlowForTheJudgedRowsRunsThemAllTheSameAndSaysSo() {
        SweepPlan plan = QuickFitTest.quick(2);
        Simulated crawl = simulate(plan, MODEL, 3.0, 11);
        for (TrialSpec t : crawl.fit().plan()) {
            if (crawl.fit().part().apply(t).judged()) {
                assertThat(crawl.ran()).as(t.key()).contains(t);
            }
        }
        long others = crawl.fit().plan().stream().filter(t -> !crawl.fit().part().apply(t).judged()).count();
        long othersRun = crawl.ran().stream().filter(t -> !crawl.fit().part().apply(t).judged()).count();
        assertThat((double) othersRun).as("little but the judged rows, the rest deferred once the pace is known").isLessThan(0.1 * others);
        assertThat(crawl.said()).filteredOn(l -> l.startsWith("the judged rows alone end about")).hasSize(1);
    }

    @Test
    void aResumedRunCountsItsEarlierSessionsAndRunsOnlyWhatIsMissing() {
        SweepPlan plan = QuickFitTest.quick(2);
        PlanFit.Fit fit = PlanFit.of(plan, MODEL);
        RunFolder run = new RunFolder(dir.resolve("resumed"));
        List<TrialSpec> earlier = fit.plan().subList(0, 100);
        double spent = 0;
        for (TrialSpec t : earlier) {
            double s = 1.2 * Calibration.modelSeconds(plan, t) + 0.3;
            run.writeTrial(t.key(), TrialProperties.builder().put("status", "ok").putNumber(Timing.WALL_S, s).build());
            spent += s;
        }
        long[] now = {5_000_000_000L};
        List<TrialSpec> ran = new ArrayList<>();
        BudgetKeeper keeper = new BudgetKeeper(plan, fit, run, () -> now[0], s -> { }, t -> { });
        assertThat(keeper.elapsed()).isCloseTo(spent, org.assertj.core.api.Assertions.within(1e-6));
        keeper.runPlan(t -> {
            now[0] += (long) ((1.2 * Calibration.modelSeconds(plan, t) + 0.3) * 1e9);
            ran.add(t);
            return true;
        });
        assertThat(ran).doesNotContainAnyElementsOf(earlier).isNotEmpty();
        assertThat(keeper.elapsed()).isLessThanOrEqualTo(plan.budgetSeconds() * 1.05);
    }

    @Test
    void thePlanDoesNotDependOnHowFastAnEarlierRunWas() {
        SweepPlan plan = QuickFitTest.quick(2);
        Calibration quiet = new Calibration(Map.of("rtt", 0.74, "pipeline", 0.77, "latency", 0.73), 0.75, "a quiet earlier run");
        Calibration loaded = new Calibration(Map.of("rtt", 1.04, "pipeline", 0.93), 1.0, "a loaded earlier run");
        PlanFit.Fit a = PlanFit.of(plan, quiet);
        PlanFit.Fit b = PlanFit.of(plan, loaded);
        assertThat(a.all()).isEqualTo(b.all()).isEqualTo(PlanFit.of(plan, MODEL).all());
        assertThat(a.order()).isEqualTo(b.order());
        assertThat(a.seconds()).as("the estimate is the calibration's").isLessThan(b.seconds());
        // and two slow runs of it defer alike where the budget forces the same
        assertThat(simulate(plan, quiet, 1.3, 5).ran()).isEqualTo(simulate(plan, loaded, 1.3, 5).ran());
    }
}
