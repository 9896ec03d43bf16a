package handoff.harness.sweep;

import handoff.harness.results.RunFolder;
import handoff.harness.suites.Suites;
import handoff.harness.trial.Profile;
import handoff.harness.trial.SweepPlan;
import handoff.harness.trial.TrialSpec;
import handoff.queues.Transports;
import handoff.queues.Wait;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The opening estimate with made-up history: which run it learns from, what it learns, and what it says. */
class CalibrationTest {
    private static final String HERE = "AMD EPYC x 2";

    @TempDir
    Path out;

    static SweepPlan plan(Profile p) {
        return SweepPlan.builder(p).suites(List.of("rtt", "unicast")).transports(List.of(Transports.get("abq"))).producers(List.of(1))
                .bursts(List.of(1)).waits(List.of(Wait.PARK)).cpus(List.of(0, 1), false).build();
    }

    @Test
    void learnsPerSuiteFromTheMostRecentRunsOfTheSameProfileOnABoxOfTheSameSize() throws Exception {
        run("20261101-000000-aaa", "complete", "quick", timing(0.5, 2.0), "");
        run("20261102-000000-bbb", "complete", "smoke", timing(3.0, 3.0), ""); // another profile
        run("20261103-000000-ccc", "interrupted", "quick", "{\"rtt\": {\"trials\": 4, \"wall_s\": 8, \"model_s\": 10}}", ""); // what it ran
        run("20261104-000000-ddd", "running", "quick", "\"\"", ""); // the run in flight
        run("20261105-000000-sixteen", "complete", "quick", timing(1.5, 1.5), ""); // a box of another size
        SweepPlan plan = plan(Profile.QUICK);
        Calibration c = Calibration.learn(out, plan, null, HERE, null);

        assertThat(c.how()).isEqualTo("calibrated by runs of a 2-CPU box, measured ÷ model: rtt 0.80× (run 20261103-000000-ccc, 4 trials),"
                + " unicast 2.00× (run 20261101-000000-aaa, 3 trials)");
        for (TrialSpec t : Sweep.trials(plan)) {
            double model = Calibration.modelSeconds(plan, t);
            assertThat(c.seconds(plan, t)).as(t.key()).isCloseTo(model * (t.suite().equals("rtt") ? 0.8 : 2.0), within(1e-9));
        }
        assertThat(Sweep.eta(plan, c)).contains("(calibrated by runs of a 2-CPU box");
    }

    @Test
    void aSuiteNoRunTimedTakesTheModelAndTheLineSaysSo() throws Exception {
        run("20261101-000000-aaa", "complete", "quick", "{\"rtt\": {\"trials\": 10, \"wall_s\": 30, \"model_s\": 60}}", "");
        SweepPlan plan = plan(Profile.QUICK);
        Calibration c = Calibration.learn(out, plan, null, HERE, null);
        TrialSpec unicast = Sweep.trials(plan).stream().filter(t -> t.suite().equals("unicast")).findFirst().orElseThrow();
        assertThat(c.seconds(plan, unicast)).isCloseTo(Calibration.modelSeconds(plan, unicast), within(1e-9));
        assertThat(c.how()).endsWith("; not calibrated (the suites' model): unicast");
    }

    @Test
    void anInterruptedRunWithoutATimingBlockTeachesFromItsTrialFiles() throws Exception {
        Path dir = run("20261101-000000-aaa", "interrupted", "quick", "\"\"", "");
        Files.createDirectories(dir.resolve("trials"));
        Files.writeString(dir.resolve("trials/rtt_a_f0.properties"), "suite=rtt\nwall_s=1.5\nmodel_s=2\n");
        Files.writeString(dir.resolve("trials/rtt_a_f1.properties"), "suite=rtt\nwall_s=1.5\nmodel_s=2\n");
        Files.writeString(dir.resolve("trials/rtt_b_f0.properties"), "suite=rtt\nstatus=n/a:x\nwall_s=0\nmodel_s=0\n"); // did not run
        Calibration c = Calibration.learn(out, plan(Profile.QUICK), null, HERE, null);
        assertThat(c.how()).startsWith("calibrated by runs of a 2-CPU box, measured ÷ model: rtt 0.75× (run 20261101-000000-aaa, 2 trials)");
        assertThat(Calibration.fromJson(handoff.harness.results.Json.parse(handoff.harness.results.Json.write(c.toJson()))))
                .hasValueSatisfying(back -> assertThat(back.how()).isEqualTo(c.how()));
    }

    @Test
    void anOlderRunWithoutTimingGivesOneRatioFromItsWallTimeAndItsOwnPlan() throws Exception {
        SweepPlan plan = plan(Profile.QUICK);
        double model = Sweep.trials(plan).stream().mapToDouble(t -> Calibration.modelSeconds(plan, t)).sum();
        long wallMs = Math.round(model * 750);
        Path old = run("20261101-000000-aaa", "complete", "quick", null, "");
        Files.writeString(old.resolve(RunFolder.MANIFEST), Files.readString(old.resolve(RunFolder.MANIFEST))
                .replace("\"finished_utc\": \"2026-11-01T00:10:00Z\"", "\"finished_utc\": \"" + java.time.Instant.parse("2026-11-01T00:00:00Z").plusMillis(wallMs) + "\""));
        Calibration c = Calibration.learn(out, plan, null, HERE, dir -> plan);
        assertThat(c.how()).startsWith("calibrated by run 20261101-000000-aaa on this machine: its sweep took").contains("0.75× the model");
        TrialSpec t = Sweep.trials(plan).get(1);
        assertThat(c.seconds(plan, t)).isCloseTo(Calibration.modelSeconds(plan, t) * 0.75, within(1e-3));

        run("20261102-000000-bbb", "complete", "quick", null, "2026-11-02T01:00:00Z"); // resumed: its wall time has a pause in it
        assertThat(Calibration.learn(out, plan, null, HERE, dir -> plan).how()).contains("20261101-000000-aaa");
        assertThat(Calibration.learn(out, plan, null, HERE, null).how()).as("no way to plan it: the model").startsWith("the suites' model");
    }

    @Test
    void noHistoryOrANonsenseOneIsTheModelAndSaysSo() throws Exception {
        SweepPlan plan = plan(Profile.QUICK);
        assertThat(Calibration.learn(out.resolve("absent"), plan, null, HERE, null).how()).startsWith("the suites' model, not calibrated");
        run("20261101-000000-aaa", "complete", "quick", timing(50, 50), ""); // 50× the model: a broken run, not a machine
        Calibration c = Calibration.learn(out, plan, null, HERE, null);
        assertThat(c.how()).isEqualTo("the suites' model, not calibrated: no quick run of a 2-CPU box in " + out + " to learn from yet");
        TrialSpec t = Sweep.trials(plan).get(1);
        assertThat(c.seconds(plan, t)).isEqualTo(Suites.get(t.suite()).estimateSeconds(t));
    }

    @Test
    void theRunBeingResumedIsNotItsOwnHistory() throws Exception {
        Path self = run("20261101-000000-aaa", "complete", "quick", timing(0.5, 0.5), "");
        assertThat(Calibration.learn(out, plan(Profile.QUICK), self, HERE, null).how()).startsWith("the suites' model");
    }

    @Test
    void aTrialThatWillNotRunCostsNothing() {
        SweepPlan plan = SweepPlan.builder(Profile.QUICK).suites(List.of("rtt")).transports(List.of(Transports.get("baseline")))
                .producers(List.of(1, 2)).bursts(List.of(1)).waits(List.of(Wait.PARK)).cpus(List.of(0, 1), false).build(); // baseline takes one producer
        List<TrialSpec> na = Sweep.trials(plan).stream().filter(t -> Sweep.precheck(plan, t) != null).toList();
        assertThat(na).isNotEmpty().allSatisfy(t -> assertThat(Calibration.modelSeconds(plan, t)).isZero());
    }

    private static String timing(double rtt, double unicast) {
        return "{\"rtt\": {\"trials\": 10, \"wall_s\": " + 100 * rtt + ", \"model_s\": 100}, "
                + "\"unicast\": {\"trials\": 3, \"wall_s\": " + 40 * unicast + ", \"model_s\": 40}}";
    }

    private Path run(String id, String status, String profile, String timing, String resumed) throws Exception {
        Path dir = Files.createDirectories(out.resolve(id));
        Files.writeString(dir.resolve(RunFolder.SWEEP), "profile=" + profile + "\n");
        Files.writeString(dir.resolve(RunFolder.MANIFEST), "{\n  \"run_id\": \"" + id + "\",\n  \"status\": \"" + status + "\",\n"
                + "  \"finished_utc\": \"2026-11-01T00:10:00Z\",\n  \"resumed_utc\": \"" + resumed + "\",\n"
                + (timing == null ? "" : "  \"timing\": " + timing + ",\n")
                + "  \"date_utc\": \"2026-11-01T00:00:00Z\",\n  \"profile\": \"" + profile + "\",\n"
                + "  \"machine\": {\"cpu_model\": \"AMD EPYC\", \"online_cpus\": " + (id.endsWith("-sixteen") ? 16 : 2) + "}\n}\n");
        return dir;
    }
}
