package handoff.harness.results;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A hand-made RTT trial with one spike per cause, each planted in one interval's evidence (GC log, safepoint log,
 * scheduler lines, jitter log): the spike list must name each cause, the timeline must carry the per-interval
 * figures, and jitter.csv the trial's floor.
 */
class SpikeCausesTest {
    private static final String KEY = "rtt_abq_p1_b1_spin_f0";
    private static final long S = 1_000_000_000L;

    @TempDir
    Path run;

    @Test
    void everySpikeGetsTheCauseMeasuredInItsInterval() throws Exception {
        long origin = System.nanoTime();
        IntervalRecorder trial = new IntervalRecorder(origin, S);
        IntervalRecorder jitter = new IntervalRecorder(origin, S);
        long[] spikes = {0, 40_000_000, 2_000_000, 1_000_000, 1_000_000, 1_000_000};
        for (int i = 0; i < 6; i++) { // in time order, as a recorder is fed
            for (int k = 0; k < 1000; k++) {
                trial.record(origin + i * S + k * 100_000L, 1_000);
                jitter.record(origin + i * S + k * 100_000L, 50_000);
            }
            if (i == 4) {
                jitter.record(origin + i * S + S / 2, 900_000); // the jitter thread woke 0.85 ms above its floor
            }
            if (i > 0) {
                trial.record(origin + i * S + S / 2 + S / 4, spikes[i]);
            }
        }
        IntervalLog.write(run, KEY, List.of(trial));
        IntervalLog.write(run, KEY + Spikes.JITTER, List.of(jitter));
        List<SchedLine> sched = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            sched.add(new SchedLine(i, new RoleSched(1L, i == 3 ? 700_000L : 1_000L, null, i == 3 ? 4L : 0L, 0L),
                    new RoleSched(1L, 2_000L, null, null, null)));
        }
        SchedIntervals.write(run, KEY, sched);
        IntervalLog.Log log = IntervalLog.read(run.resolve(IntervalLog.relativePath(KEY)));
        double mid1 = uptime(log, 1) + 0.5;
        double mid2 = uptime(log, 2) + 0.5;
        Files.createDirectories(run.resolve("logs"));
        Files.writeString(run.resolve("logs/" + KEY + ".gc.log"), String.format(Locale.ROOT,
                "[%.3fs][info][gc          ] GC(0) Pause Young (Normal) (G1 Evacuation Pause) 24M->2M(256M) 35.000ms\n", mid1));
        Files.writeString(run.resolve("logs/" + KEY + SafepointLog.SUFFIX), String.format(Locale.ROOT,
                "[%.3fs][info][safepoint   ] Safepoint \"G1CollectForAllocation\", Time since last: 1 ns, Reaching safepoint: 100000 ns, "
                        + "At safepoint: 34900000 ns, Total: 35000000 ns\n"
                        + "[%.3fs][info][safepoint   ] Safepoint \"Cleanup\", Time since last: 1 ns, Reaching safepoint: 1400000 ns, "
                        + "At safepoint: 100000 ns, Total: 1500000 ns\n", mid1, mid2));
        new RunFolder(run).writeTrial(KEY, TrialProperties.of(Map.of("suite", "rtt", "transport", "abq", "producers", "1", "burst", "1",
                "wait", "spin", "fork", "0")));

        Spikes.write(run);

        List<Map<String, String>> found = CsvFormat.parse(Files.readString(run.resolve(Spikes.FILE)));
        assertThat(found).extracting(s -> s.get("t_start_s") + " " + s.get("cause"))
                .containsExactly("1.000 gc", "2.000 safepoint", "3.000 descheduled", "4.000 box-stall", "5.000 unexplained");
        assertThat(found.get(1).get("ttsp_max_ms")).isEqualTo("1.400");
        assertThat(found.get(1).get("safepoint_detail")).contains("Cleanup");
        assertThat(found.get(2).get("run_delay_role")).isEqualTo("producer");
        assertThat(found.get(2).get("involuntary")).isEqualTo("4");
        assertThat(Double.parseDouble(found.get(3).get("jitter_stall_ms"))).isBetween(0.8, 0.9);

        List<Map<String, String>> timeline = CsvFormat.parse(Files.readString(run.resolve(Spikes.TIMELINE)));
        assertThat(timeline).hasSize(6);
        assertThat(timeline.get(0).get("spike")).isEqualTo("false");
        assertThat(timeline.get(0).get("cause")).isEmpty();
        assertThat(timeline.get(0).get("safepoints")).isEqualTo("0");
        assertThat(timeline.get(3).get("producer_run_delay_ms")).isEqualTo("0.700");
        assertThat(timeline.get(3).get("consumer_involuntary")).isEmpty(); // not in the lines: unknown, not 0
        assertThat(timeline.get(3).get("cause")).isEqualTo("descheduled");

        List<Map<String, String>> floor = CsvFormat.parse(Files.readString(run.resolve(Spikes.JITTER_FILE)));
        assertThat(floor).singleElement().satisfies(j -> {
            assertThat(j.get("spikes")).isEqualTo("5");
            assertThat(j.get("spikes_explained")).isEqualTo("4");
            assertThat(Double.parseDouble(j.get("jitter_p50_ns"))).isBetween(49_000.0, 51_000.0);
            assertThat(j.get("jitter_samples")).isEqualTo("6001");
        });
    }

    @Test
    void aTrialWithoutInstrumentationHasEmptyCausesNotZeros() throws Exception {
        long origin = System.nanoTime();
        IntervalRecorder trial = new IntervalRecorder(origin, S);
        for (int k = 0; k < 1000; k++) {
            trial.record(origin + k * 100_000L, 1_000);
        }
        trial.record(origin + S / 2, 5_000_000);
        IntervalLog.write(run, KEY, List.of(trial));

        Spikes.write(run);

        List<Map<String, String>> found = CsvFormat.parse(Files.readString(run.resolve(Spikes.FILE)));
        assertThat(found).singleElement().satisfies(s -> {
            assertThat(s.get("cause")).isEqualTo("unexplained");
            assertThat(s.get("gc_pauses")).isEmpty();
            assertThat(s.get("safepoints")).isEmpty();
            assertThat(s.get("run_delay_ms")).isEmpty();
            assertThat(s.get("jitter_stall_ms")).isEmpty();
        });
        assertThat(CsvFormat.parse(Files.readString(run.resolve(Spikes.JITTER_FILE)))).singleElement()
                .satisfies(j -> assertThat(j.get("jitter_p99_ns")).isEmpty());
    }

    private static double uptime(IntervalLog.Log log, int i) {
        return (log.intervals().get(i).startEpochMs() - log.jvmStartEpochMs()) / 1000.0;
    }
}
