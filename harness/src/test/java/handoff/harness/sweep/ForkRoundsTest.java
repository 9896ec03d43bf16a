package handoff.harness.sweep;

import handoff.harness.results.RunFolder;
import handoff.harness.trial.Forks;
import handoff.harness.trial.ForkPlanner;
import handoff.harness.trial.Judged;
import handoff.harness.trial.TrialSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The adaptive-fork loop against a made-up suite whose trials return canned per-fork values (no JVM is started): it
 * stops once a comparison is resolved, stops at the budget when one never is, and the manifest's record says what
 * each configuration received and why.
 */
class ForkRoundsTest {
    private static final double TRIAL_S = 10;

    @TempDir
    Path dir;

    /** A fake suite's trials: configurations a and b, 3 forks each, interleaved. */
    private static List<TrialSpec> plan() {
        List<TrialSpec> out = new ArrayList<>();
        for (int f = 0; f < 3; f++) {
            for (String c : List.of("a", "b")) {
                out.add(new TrialSpec("fake", Map.of("transport", c), Map.of("fork", Integer.toString(f))));
            }
        }
        return out;
    }

    /** Runs a trial: its canned value for this configuration and fork, 10 s of wall time. */
    private boolean run(RunFolder run, TrialSpec t, ToDoubleFunction<TrialSpec> value) {
        Map<String, String> r = new LinkedHashMap<>();
        r.put(Forks.CONFIG_KEY, t.configKey());
        r.put("suite", t.suite());
        r.putAll(t.config());
        r.putAll(t.sizing());
        r.put("status", "ok");
        r.put("score", Double.toString(value.applyAsDouble(t)));
        r.put(Timing.WALL_S, Double.toString(TRIAL_S));
        run.writeTrial(t.key(), r);
        return true;
    }

    private record Outcome(List<TrialSpec> all, int extra, Map<String, Object> saved) {
        @SuppressWarnings("unchecked")
        List<String> why(String config) {
            Map<String, Object> configs = (Map<String, Object>) saved.get("configurations");
            return (List<String>) ((Map<String, Object>) configs.get(config)).get("why");
        }

        long forks(String config) {
            return all.stream().filter(t -> t.configKey().equals(config)).count();
        }
    }

    private Outcome loop(ToDoubleFunction<TrialSpec> value, double budgetSeconds) {
        RunFolder run = new RunFolder(dir);
        List<TrialSpec> all = new ArrayList<>(plan());
        all.forEach(t -> run(run, t, value));
        Judged judged = Judged.allPairs(all, t -> "one table", "score");
        List<Map<String, Object>> saved = new ArrayList<>();
        int[] extra = {0};
        ForkRounds rounds = new ForkRounds(run, Map.of("fake", judged), t -> TRIAL_S, budgetSeconds, new ForkGrants(), saved::add);
        rounds.run(all, t -> {
            extra[0]++;
            return run(run, t, value);
        });
        return new Outcome(all, extra[0], saved.get(saved.size() - 1));
    }

    @Test
    void aDifferenceResolvedAfterFourForksEachStopsThere() {
        // a is twice b, with a little spread: 3 vs 3 forks cannot reach p ≤ 0.05 (smallest p 0.1), 4 vs 4 can (0.029)
        Outcome o = loop(t -> (t.config().get("transport").equals("a") ? 2.0 : 1.0) * (1 + 0.01 * t.fork()), 3600);
        assertThat(o.extra).isEqualTo(2);
        assertThat(o.forks("fake_a")).isEqualTo(4);
        assertThat(o.forks("fake_b")).isEqualTo(4);
        assertThat(o.why("fake_a")).first().isEqualTo("minimum: 3 (the plan's)");
        assertThat(o.why("fake_a")).anySatisfy(w -> assertThat(w).startsWith("+1 round: fake_a vs fake_b unresolved"));
        assertThat(o.why("fake_a")).noneSatisfy(w -> assertThat(w).contains("budget"));
        @SuppressWarnings("unchecked")
        Map<String, Object> suite = (Map<String, Object>) ((Map<String, Object>) o.saved.get("suites")).get("fake");
        assertThat(suite).containsEntry("comparisons", 1.0).containsEntry("resolved_before", 0.0).containsEntry("resolved_after", 1.0)
                .containsEntry("forks_added", 2.0);
    }

    @Test
    void aVerdictThatStaysOpenStopsAtTheBudget() {
        // the same values in another order, spread far wider than the equivalence margin: never resolved either way
        double[] a = {0.5, 2.0, 1.0, 1.6, 0.7, 1.3, 0.9};
        double[] b = {2.0, 0.5, 1.6, 1.0, 1.3, 0.7, 1.1};
        Outcome o = loop(t -> (t.config().get("transport").equals("a") ? a : b)[t.fork()], 6 * TRIAL_S + 45);
        assertThat(o.extra).as("60 s spent by the plan's 6 trials, 45 s left: 4 more trials of 10 s").isEqualTo(4);
        assertThat(o.why("fake_a")).last().asString().startsWith(ForkGrants.STOPPED_BUDGET + "fake_a vs fake_b unresolved");
        assertThat(o.forks("fake_a") + o.forks("fake_b")).isEqualTo(10);
    }

    /**
     * Two tables: a and b (one comparison: 4 forks a side can resolve it) and eight rows c0..c7 (28 comparisons: Holm
     * needs 7 forks a row before any pair can differ, 4 more × 8 rows × 10 s = 320 s). With 100 s left after the plan
     * the big table gets nothing and says why; the small one gets its round and is resolved.
     */
    @Test
    void theBudgetGoesToTheTableItCanBringToAVerdict() {
        RunFolder run = new RunFolder(dir);
        List<String> rows = new ArrayList<>(List.of("a", "b"));
        for (int i = 0; i < 8; i++) {
            rows.add("c" + i);
        }
        List<TrialSpec> all = new ArrayList<>();
        for (int f = 0; f < 3; f++) {
            for (String c : rows) {
                all.add(new TrialSpec("fake", Map.of("transport", c), Map.of("fork", Integer.toString(f))));
            }
        }
        // a is twice b; the c rows are all alike, spread over forks: never resolved either way
        ToDoubleFunction<TrialSpec> value = t -> switch (t.config().get("transport")) {
            case "a" -> 2.0 * (1 + 0.01 * t.fork());
            case "b" -> 1.0 * (1 + 0.01 * t.fork());
            default -> new double[] {0.5, 2.0, 1.0, 1.6, 0.7, 1.3, 0.9}[t.fork() % 7];
        };
        all.forEach(t -> run(run, t, value));
        Judged judged = Judged.allPairs(all, t -> t.config().get("transport").startsWith("c") ? "big" : "small", "score");
        List<Map<String, Object>> saved = new ArrayList<>();
        List<TrialSpec> extra = new ArrayList<>();
        new ForkRounds(run, Map.of("fake", judged), t -> TRIAL_S, all.size() * TRIAL_S + 100, new ForkGrants(), saved::add)
                .run(all, t -> extra.add(t) && run(run, t, value));
        Outcome o = new Outcome(all, extra.size(), saved.get(saved.size() - 1));
        assertThat(extra).as("two rounds of the small table: 4 vs 3 forks cannot reach 0.05, 4 vs 4 can").hasSize(2)
                .allSatisfy(t -> assertThat(t.config().get("transport")).isIn("a", "b"));
        assertThat(o.forks("fake_c0")).isEqualTo(3);
        assertThat(o.why("fake_c0")).last().asString().startsWith(ForkGrants.STOPPED_BUDGET)
                .contains("resolvable from 7 forks a row, ~320 s more; 100 s of the budget left");
        @SuppressWarnings("unchecked")
        Map<String, Object> suite = (Map<String, Object>) ((Map<String, Object>) o.saved.get("suites")).get("fake");
        assertThat(suite).containsEntry("comparisons", 29.0).containsEntry("resolved_after", 1.0);
    }

    @Test
    void forksToReachFollowsTheExactTestsSmallestP() {
        assertThat(ForkPlanner.forksToReach(1, false, 20)).isEqualTo(4); // 2 / C(8,4) = 0.029
        assertThat(ForkPlanner.forksToReach(28, false, 20)).isEqualTo(7); // α / 28 = 0.0018: 2 / C(14,7) = 0.00058
        assertThat(ForkPlanner.forksToReach(1, true, 20)).isEqualTo(6); // 2 / 2^6 = 0.031
        assertThat(ForkPlanner.forksToReach(1176, false, 8)).isEqualTo(9); // needs 9: beyond a cap of 8
    }

    @Test
    void noBudgetRunsThePlanAndSaysWhatIsLeftOpen() {
        Outcome o = loop(t -> t.config().get("transport").equals("a") ? 2.0 : 1.0, 0);
        assertThat(o.extra).isZero();
        assertThat(o.why("fake_a")).last().asString().startsWith(ForkGrants.STOPPED_NO_BUDGET);
        assertThat(o.why("fake_b")).containsExactly("minimum: 3 (the plan's)");
    }

    @Test
    void aResumedRunFindsTheRoundsAnEarlierSessionRan() {
        loop(t -> (t.config().get("transport").equals("a") ? 2.0 : 1.0) * (1 + 0.01 * t.fork()), 3600);
        List<TrialSpec> again = new ArrayList<>(plan());
        RunFolder run = new RunFolder(dir);
        new ForkRounds(run, Map.of("fake", Judged.allPairs(again, t -> "one table", "score")), t -> TRIAL_S, 3600, new ForkGrants(),
                m -> { }).rediscover(again);
        assertThat(again).hasSize(8).allSatisfy(t -> assertThat(run.hasTrial(t.key())).isTrue());
    }

    @Test
    void pairedSidesOfOneTrialGrowTogether() {
        // one trial holds both sides' forks as lists, as the disruptor suite's does; further rounds add two pairs
        TrialSpec base = new TrialSpec("fake", Map.of("benchmark", "x"), Map.of("fork", "0", "pairs", "3"));
        Judged judged = Judged.pairedWithin(List.of(base), "ours", "theirs", "score", (last, fork) -> Judged.nextFork(last, fork));
        assertThat(judged.families()).containsExactly(List.of(new ForkPlanner.Pair("fake_x|ours", "fake_x|theirs", true)));
        Map<String, String> t0 = Map.of(Forks.CONFIG_KEY, "fake_x", "fork", "0", "status", "ok", "ours_score", "1;2;3", "theirs_score", "2;4;6");
        Map<String, String> t1 = Map.of(Forks.CONFIG_KEY, "fake_x", "fork", "1", "status", "ok", "ours_score", "4;5", "theirs_score", "8;10");
        Map<String, double[]> v = judged.values().apply(List.of(t1, t0));
        assertThat(v.get("fake_x|ours")).containsExactly(1, 2, 3, 4, 5);
        assertThat(v.get("fake_x|theirs")).containsExactly(2, 4, 6, 8, 10);
        assertThat(judged.configOf().apply("fake_x|ours")).isEqualTo("fake_x");
        List<Map<String, String>> merged = handoff.harness.trial.Rounds.merge(List.of(t0, t1), k -> k.endsWith("_score"));
        assertThat(merged).singleElement().satisfies(m -> {
            assertThat(m.get("ours_score")).isEqualTo("1;2;3;4;5");
            assertThat(m.get("rounds")).isEqualTo("2");
        });
    }

    /** The suites that draw verdicts from forks list them: the disruptor suite its judged rows, the pipeline suite its tables. */
    @Test
    void theSuitesListWhatTheyJudge() {
        handoff.harness.trial.SweepPlan plan = handoff.harness.trial.SweepPlan.builder(handoff.harness.trial.Profile.QUICK)
                .suites(List.of("disruptor", "pipeline")).transports(List.of(handoff.queues.Transports.get("abq"),
                        handoff.queues.Transports.get("clq"))).cpus(List.of(0, 1), false).build();
        List<TrialSpec> all = Sweep.trials(plan);
        Judged disruptor = handoff.harness.suites.Suites.get("disruptor").judged(plan, all.stream().filter(t -> t.suite().equals("disruptor")).toList());
        // on 2 CPUs only 1P→1C fits: the one row judged, ours against LMAX, paired
        assertThat(disruptor.families()).containsExactly(List.of(
                new ForkPlanner.Pair("disruptor_unicast-1p1c_yield|disruptor", "disruptor_unicast-1p1c_yield|lmax", true)));
        Judged pipeline = handoff.harness.suites.Suites.get("pipeline").judged(plan, all.stream().filter(t -> t.suite().equals("pipeline")).toList());
        // abq and clq × spin, park, block at P = 1, one table: every pair of its six rows
        assertThat(pipeline.families()).singleElement().satisfies(t -> assertThat(t).hasSize(15)
                .allSatisfy(p -> assertThat(p.paired()).isFalse()));
        handoff.harness.trial.SweepPlan rttPlan = plan.toBuilder().suites(List.of("rtt")).build();
        List<TrialSpec> rtt = Sweep.trials(rttPlan);
        Judged rttJudged = handoff.harness.suites.Suites.get("rtt").judged(rttPlan, rtt);
        // one table per burst (1 and 100), the clock's row in none
        assertThat(rttJudged.families()).hasSize(2).allSatisfy(t -> assertThat(t).isNotEmpty()
                .allSatisfy(p -> assertThat(p.a() + p.b()).doesNotContain("nanotime")));
                TrialSpec more = pipeline.more().apply(all.stream().filter(t -> t.suite().equals("pipeline")).reduce((a, b) -> b).orElseThrow(), 3);
        assertThat(more.fork()).isEqualTo(3);
        assertThat(more.sizing().get("jmh_forks")).isEqualTo("1");
    }
}
