package handoff.harness.fanout;

import handoff.harness.testing.Trials;

import handoff.harness.results.TrialProperties;
import handoff.harness.trial.Forks;
import handoff.harness.trial.Profile;
import handoff.harness.trial.SweepPlan;
import handoff.harness.trial.TrialContext;
import handoff.harness.trial.TrialSpec;
import handoff.harness.meters.TrialThreads;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The suite's plan, its trials end to end in this JVM (faults included), and how trials fold into rows. */
class FanoutSuiteTest {
    private static final FanoutSuite SUITE = new FanoutSuite();

    private static SweepPlan plan(Profile p) {
        return SweepPlan.builder(p).suites(List.of("fanout")).cpus(List.of(0, 1), false).build();
    }

    @Test
    void planRunsEveryPipelineTransportAndNamesTheOthersNotApplicable() {
        List<TrialSpec> smoke = SUITE.plan(plan(Profile.SMOKE));
        assertThat(smoke).extracting(t -> t.get("transport"))
                .containsExactly("abq", "lbq", "clq", "mtoca", "jctools", "flow", "disruptor", "lmax");
        assertThat(smoke.get(0).get(FanoutSuite.NOT_APPLICABLE)).isEqualTo("baseline;null;otoca;mtorb;otorb;aeron-ipc");
        List<TrialSpec> quick = SUITE.plan(plan(Profile.QUICK));
        assertThat(quick).hasSize(24);
        assertThat(quick.subList(0, 8)).allMatch(t -> t.fork() == 0); // interleaved: every config's fork 0 first
        assertThat(SUITE.threads(quick.get(0))).isEqualTo(4 + 21);
        assertThat(SUITE.threads(smoke.get(7))).isEqualTo(4 + 23);
    }

    private static TrialSpec spec(String transport) {
        Map<String, String> config = new LinkedHashMap<>();
        config.put("transport", transport);
        config.put("wait", "park");
        config.put("producers", "4");
        handoff.harness.results.TrialProperties.Builder sizing = plan(Profile.SMOKE).sizing(0);
        new Sizes(4, 1_500, 0, 0, 1, 3_000, 50, 10, 3_000, 1).into(sizing);
        sizing.put(FanoutSuite.NOT_APPLICABLE, "");
        return new TrialSpec("fanout", handoff.harness.results.TrialProperties.of(config), sizing.build());
    }

    private static Map<String, String> run(String transport, Path dir, String... faults) throws Exception {
        return SUITE.run(spec(transport), new TrialContext(dir, new TrialThreads(List.of()), 2, List.of(faults))).asMap();
    }

    @Test
    void aTrialRunsEveryPartItsTransportCanDo(@TempDir Path dir) throws Exception {
        Map<String, String> out = run("lmax", dir);
        assertThat(out.get("status")).isEqualTo("ok");
        for (String part : List.of("as-published", "direct", "per-subscriber", "multicast", "diamond")) {
            assertThat(out.get(part + ".status")).isEqualTo("ok");
            assertThat(Double.parseDouble(out.get(part + ".throughput_ops"))).isPositive();
            assertThat(out.get(part + ".run_rates")).as("each measured run's rate, for the warm-up check").isNotEmpty();
            assertThat(out.get(part + ".cpu_ns_per_op")).as("the trial threads' CPU, the rig's ring processors included")
                    .isNotEmpty();
        }
        assertThat(Long.parseLong(out.get("per-subscriber.samples"))).isPositive();
    }

    @Test
    void aLostDispatchFailsTheTrial(@TempDir Path dir) throws Exception {
        Map<String, String> out = run("abq", dir, "lose");
        assertThat(out.get("status")).startsWith("failed:").contains("lost");
        assertThat(out.get("per-subscriber.throughput_ops")).isNull();
    }

    @Test
    void aDuplicatedDispatchFailsTheTrial(@TempDir Path dir) throws Exception {
        Map<String, String> out = run("disruptor", dir, "duplicate");
        assertThat(out.get("status")).startsWith("failed:").contains("duplicated");
    }

    private static TrialProperties trial(String transport, int fork, double perSub, String status) {
        TrialProperties.Builder t = Trials.cells(Forks.CONFIG_KEY, "fanout_" + transport, "transport", transport,
                "wait", "park", "producers", "4", "fork", Integer.toString(fork), "cpus", "2", "load_pct", "50",
                FanoutSuite.NOT_APPLICABLE, "aeron-ipc", "status", status);
        for (ScenarioVariant p : ScenarioVariant.of(transport)) {
            t.put(p.key() + ".status", status);
            t.put(p.key() + ".throughput_ops", Double.toString(perSub * (fork + 1)));
            t.put(p.key() + ".run_rates", "1;2;3;4"); // every fork still speeding up: not warm
            t.put(p.key() + ".p99_ns", "1000");
            t.put(p.key() + ".max_ns", "2000");
            org.HdrHistogram.Histogram h = handoff.harness.results.Histograms.newNanos();
            h.recordValue(1000);
            t.put(p.key() + ".histogram", handoff.harness.results.Histograms.encode(h));
        }
        return t.build();
    }

    @Test
    void rowsPairEachForkWithAbqAndCarryFailuresAndNotApplicable(@TempDir Path dir) {
        List<TrialProperties> trials = new ArrayList<>();
        for (int f = 0; f < 3; f++) {
            trials.add(trial("abq", f, 1_000, "ok"));
            trials.add(trial("jctools", f, 2_000, "ok"));
            trials.add(trial("clq", f, 1_000, f == 1 ? "failed:subscriber 1.2 got 3 of 4 dispatches (lost)" : "ok"));
        }
        List<FanoutRow> typed = FanoutRows.fold(trials, dir);
        List<Map<String, String>> rows = FanoutCsv.TABLE.cells(typed);
        Map<String, String> jc = rows.stream().filter(r -> r.get("transport").equals("jctools")
                && r.get("scenario").equals("broker")).findFirst().orElseThrow();
        assertThat(jc.get("status")).isEqualTo("ok");
        assertThat(Double.parseDouble(jc.get("ratio_abq"))).isEqualTo(2.0);
        assertThat(jc.get("vs_abq")).as("3 pairs of the paired t-test").startsWith("faster (Holm-adjusted p = ").contains("3 pairs, Holm over 3");
        assertThat(jc.get("oversubscribed")).isEqualTo("true");
        assertThat(jc.get("throughput_ops")).isEqualTo("4000");
        assertThat(jc.get("not_warm")).as("3 forks, each run faster than the one before").isEqualTo("true");
        Map<String, String> clq = rows.stream().filter(r -> r.get("transport").equals("clq")
                && r.get("scenario").equals("diamond")).findFirst().orElseThrow();
        assertThat(clq.get("status")).contains("lost");
        assertThat(clq.get("throughput_ops")).isEmpty();
        assertThat(typed).filteredOn(r -> r.transport().equals("clq")).allMatch(r -> r.figures() == null && r.versus() == null);
        assertThat(rows).filteredOn(r -> r.get("transport").equals("aeron-ipc")).hasSize(3)
                .allMatch(r -> r.get("status").startsWith("n/a:aeron-ipc carries framed bytes"));
    }
}
