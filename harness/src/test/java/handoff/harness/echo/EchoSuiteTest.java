package handoff.harness.echo;

import handoff.harness.trial.Profile;
import handoff.harness.trial.SweepPlan;
import handoff.harness.trial.TrialSpec;
import handoff.queues.Transports;
import handoff.queues.Wait;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/** The plan: every variant, ≥ 3 interleaved forks in quick, and sizes that fit the profile's budget on 2 CPUs. */
class EchoSuiteTest {
    private static final EchoSuite SUITE = new EchoSuite();

    private static SweepPlan plan(Profile p, boolean oversubscribe) {
        return SweepPlan.builder(p).suites(List.of("echo")).cpus(List.of(0, 1), false).oversubscribe(oversubscribe).build();
    }

    @Test
    void quickRunsEveryVariantInThreeInterleavedForks() {
        List<TrialSpec> trials = SUITE.plan(plan(Profile.QUICK, false));
        Map<String, Long> forks = trials.stream().collect(Collectors.groupingBy(TrialSpec::configKey, Collectors.counting()));
        assertThat(forks.values()).containsOnly(3L);
        assertThat(forks).containsKeys("echo_inline_n-a", "echo_blocking_block", "echo_disruptor_park", "echo_lmax_park",
                "echo_disruptor_spin", "echo_abq_park", "echo_flow_native");
        assertThat(forks.keySet()).noneMatch(k -> k.contains("baseline"));
        int configs = forks.size();
        for (int i = 0; i < trials.size(); i++) {
            assertThat(trials.get(i).fork()).as("round robin: fork i of every configuration before fork i+1").isEqualTo(i / configs);
        }
        assertThat(trials.stream().map(t -> EchoSuite.variant(t.get("transport"))).distinct())
                .containsExactlyInAnyOrder("inline", "blocking", "rings", "transport");
    }

    @Test
    void sizesFitTheirBudgetOnTwoCpus() {
        assertThat(budget(Profile.SMOKE)).as("smoke adds <= 20 s").isLessThanOrEqualTo(20);
        assertThat(budget(Profile.QUICK)).as("quick <= 2 minutes").isLessThanOrEqualTo(120);
    }

    /** Estimated seconds of the trials the sweep would run on 2 CPUs (busy-waiting oversubscribed ones skipped). */
    private static double budget(Profile p) {
        // the sweep's rule: busy-waiting trials with more threads than CPUs are skipped without --oversubscribe
        return SUITE.plan(plan(p, false)).stream()
                .filter(t -> t.get("wait").equals("n/a") || !Wait.parse(t.get("wait")).burnsCpu() || SUITE.threads(t) <= 2)
                .mapToDouble(SUITE::estimateSeconds).sum();
    }

    @Test
    void everyRegisteredTransportThatFitsIsPlanned() {
        List<String> planned = SUITE.plan(plan(Profile.SMOKE, false)).stream().map(t -> t.get("transport")).toList();
        Transports.all().stream().filter(t -> t.pipelineCapable() && !t.control()).forEach(t -> assertThat(planned).contains(t.id()));
    }
}
