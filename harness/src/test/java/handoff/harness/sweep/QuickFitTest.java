package handoff.harness.sweep;

import handoff.harness.suites.Suites;
import handoff.harness.trial.Profile;
import handoff.harness.trial.SweepPlan;
import handoff.harness.trial.TrialSpec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Quick planned for boxes of 2 to 64 CPUs (the CPU count injected through the plan's CPU list, as {@code --cpus} or
 * the machine's online CPUs set it), by the uncalibrated model (the most pessimistic estimate it can have): its
 * estimate fits the budget and every headline configuration is in the plan with its forks.
 */
class QuickFitTest {
    private static final Calibration MODEL = Calibration.model("a test");

    static SweepPlan quick(int cpus) {
        return SweepPlan.builder(Profile.QUICK).suites(Suites.names()).cpus(IntStream.range(0, cpus).boxed().toList(), false)
                .budgetSeconds(Profile.QUICK.budgetSeconds()).build();
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 4, 8, 16, 32, 64})
    void quickFitsEighteenMinutesWithEveryHeadlineConfiguration(int cpus) {
        SweepPlan plan = quick(cpus);
        Sweep.Planned planned = Sweep.planned(plan, MODEL);
        assertThat(planned.seconds()).as("estimate on %d CPUs", cpus).isLessThanOrEqualTo(18 * 60);
        assertThat(planned.summary().get(planned.summary().size() - 1)).contains("about").contains("not calibrated");
        Map<String, List<TrialSpec>> byConfig = planned.trials().stream().collect(Collectors.groupingBy(TrialSpec::configKey,
                LinkedHashMap::new, Collectors.toList()));
        List<TrialSpec> unfitted = Sweep.trials(plan);

        // (a) the decision table: every transport and wait at P = 1, one worker per stage, 3 forks at least
        Set<String> decision = unfitted.stream().filter(t -> t.suite().equals("pipeline") && "1".equals(t.get("producers"))
                && "1".equals(t.get("workers")) && !t.sizing().containsKey("variant")).map(TrialSpec::configKey).collect(Collectors.toSet());
        assertThat(decision).as("the decision table's rows").hasSizeGreaterThan(10);
        decision.forEach(k -> assertThat(byConfig.getOrDefault(k, List.of())).as(k).hasSizeGreaterThanOrEqualTo(3));
        if (cpus >= 5) { // spin fits one producer and three stages (and JMH's thread)
            assertThat(decision).anyMatch(k -> k.contains("_spin_"));
        }

        // (b) ours vs LMAX in every topology whose threads fit, 4 pairs at least
        List<TrialSpec> topologies = unfitted.stream().filter(t -> t.suite().equals("disruptor")
                && !t.get("benchmark").contains("_unpadded") && !t.get("benchmark").contains("_batch")
                && Suites.get("disruptor").threads(t) <= cpus).toList();
        assertThat(topologies).isNotEmpty();
        for (TrialSpec t : topologies) {
            int pairs = byConfig.getOrDefault(t.configKey(), List.of()).stream().mapToInt(x -> x.getInt("pairs")).sum();
            assertThat(pairs).as(t.configKey()).isGreaterThanOrEqualTo(4);
        }

        // (c) RTT at P = 1..3 × burst 1 and 100 for every transport, the baseline included, 3 forks, where it can run at all
        Map<String, Set<String>> runnable = new LinkedHashMap<>();
        for (TrialSpec t : unfitted) {
            if (t.suite().equals("rtt") && Sweep.precheck(plan, t) == null) {
                runnable.computeIfAbsent(t.get("transport") + " P=" + t.get("producers") + " burst=" + t.get("burst"),
                        k -> new HashSet<>()).add(t.configKey());
            }
        }
        assertThat(runnable.keySet()).contains("baseline P=1 burst=1", "baseline P=1 burst=100"); // the baseline takes one producer
        if (cpus >= 6) { // quick plans P = 2 and 3 where a pipeline of them fits (Profile#defaultProducers)
            assertThat(runnable.keySet()).contains("abq P=3 burst=1", "abq P=3 burst=100");
        }
        runnable.forEach((cell, configs) -> assertThat(configs.stream().anyMatch(k -> byConfig.getOrDefault(k, List.of()).stream()
                .filter(t -> Sweep.precheck(plan, t) == null).count() >= 3)).as(cell + " on " + cpus + " CPUs").isTrue());
    }

    @ParameterizedTest
    @ValueSource(ints = {16, 64})
    void whatDoesNotFitIsNamedWithItsTrialsAndTime(int cpus) {
        SweepPlan plan = quick(cpus);
        PlanFit.Fit fit = PlanFit.of(plan, MODEL);
        int before = Sweep.trials(plan).size();
        assertThat(fit.deferred()).isNotEmpty().allSatisfy(d -> {
            assertThat(d.trials()).isPositive();
            assertThat(d.seconds()).isPositive();
        });
        // nothing dropped silently: kept + deferred = the suites' plan (the disruptor's rows split into rounds aside)
        int kept = (int) fit.plan().stream().filter(t -> !t.suite().equals("disruptor")).count();
        int deferred = fit.deferred().stream().filter(d -> !d.suite().equals("disruptor")).mapToInt(PlanFit.Deferred::trials).sum();
        int planned = (int) Sweep.trials(plan).stream().filter(t -> !t.suite().equals("disruptor")).count();
        assertThat(kept + deferred).isEqualTo(planned).isLessThanOrEqualTo(before);
        assertThat(PlanFit.summary(plan, fit, MODEL)).anyMatch(l -> l.startsWith("deferred to full: pipeline P = 2"));
    }

    @Test
    void furtherRoundsAreBlocksFixedBeforeTheRun() {
        SweepPlan plan = quick(2);
        PlanFit.Fit fit = PlanFit.of(plan, MODEL);
        PlanFit.Fit again = PlanFit.of(plan, MODEL);
        assertThat(again.all()).isEqualTo(fit.all()); // decided from the model and the budget alone
        assertThat(fit.tables()).isNotEmpty();
        for (PlanFit.TableRounds t : fit.tables()) {
            for (int k = 0; k < t.rounds(); k++) {
                List<TrialSpec> round = t.trials().get(k);
                assertThat(round).hasSize(t.configurations());
                assertThat(round.stream().map(TrialSpec::configKey).distinct()).hasSize(t.configurations());
                assertThat(fit.rounds().get(k)).containsAll(round); // round k of every table runs in block k
                for (TrialSpec r : round) { // fork index i of every configuration runs in round i
                    int planned = (int) fit.plan().stream().filter(p -> p.configKey().equals(r.configKey())).count();
                    assertThat(r.fork()).isEqualTo(planned + k);
                }
            }
        }
        double rounds = fit.rounds().stream().flatMap(List::stream).mapToDouble(t -> MODEL.seconds(plan, t)).sum();
        assertThat(fit.planSeconds() + rounds).isLessThanOrEqualTo(plan.budgetSeconds());
        assertThat(PlanFit.of(plan.toBuilder().budgetSeconds(0).build(), MODEL).rounds()).as("--budget 0: the plan only").isEmpty();
    }

    @Test
    void fullKeepsItsScaleAndSaysHowLongItTakes() {
        SweepPlan plan = SweepPlan.builder(Profile.FULL).suites(Suites.names()).cpus(IntStream.range(0, 4).boxed().toList(), false)
                .budgetSeconds(Profile.FULL.budgetSeconds()).build();
        Sweep.Planned planned = Sweep.planned(plan, MODEL);
        assertThat(planned.deferredGroups()).isZero();
        assertThat(planned.trials()).containsAll(Sweep.trials(plan));
        assertThat(planned.summary().get(planned.summary().size() - 1)).matches("\\d+ trials, about \\d+h\\d\\dm .*");
    }
}
