package handoff.harness.results;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The run-level files for tools, built from a small hand-made run folder. */
class RunArtefactsTest {
    @TempDir
    Path run;

    private static String jmhResult(String benchmark, double score) {
        return "{\n  \"jmhVersion\" : \"1.37\",\n  \"benchmark\" : \"" + benchmark + "\",\n  \"mode\" : \"thrpt\",\n"
                + "  \"forks\" : 1,\n  \"primaryMetric\" : {\n    \"score\" : " + score + ",\n    \"scoreError\" : \"NaN\",\n"
                + "    \"scoreUnit\" : \"ops/s\"\n  },\n  \"secondaryMetrics\" : {}\n}";
    }

    @Test
    @SuppressWarnings("unchecked")
    void mergedJmhFileIsOneArrayOfEveryTrialsResults() throws Exception {
        Files.createDirectories(run.resolve("jmh"));
        Files.writeString(run.resolve("jmh/pipeline_abq_p1_park_f0.json"), "[\n" + jmhResult("a.B.x", 1.5) + "\n]\n");
        Files.writeString(run.resolve("jmh/unicast_abq_f0.json"), "[\n" + jmhResult("a.U.x", 2) + ",\n" + jmhResult("a.U.y", 3) + "\n]\n");
        Files.writeString(run.resolve("jmh/killed_f0.json"), "[\n{ \"benchmark\" : ");

        List<String> notes = RunArtefacts.write(run);

        Object merged = Json.parse(Files.readString(run.resolve(JmhMerge.FILE)));
        assertThat(merged).isInstanceOf(List.class);
        List<Object> all = (List<Object>) merged;
        assertThat(all).hasSize(3).allSatisfy(e -> assertThat(e).isInstanceOf(Map.class));
        assertThat(all.stream().map(e -> String.valueOf(((Map<?, ?>) e).get("benchmark"))).toList()).containsExactlyInAnyOrder("a.B.x", "a.U.x", "a.U.y");
        assertThat(notes).singleElement().asString().contains("killed_f0.json");
    }

    @Test
    @SuppressWarnings("unchecked")
    void summaryHasTypedRowsWithFlagsIntervalsAndTheManifest() throws Exception {
        Files.writeString(run.resolve(RunFolder.MANIFEST), "{\n  \"run_id\": \"r1\",\n  \"status\": \"complete\"\n}\n");
        Files.writeString(run.resolve("rtt.csv"), "transport,producers,wait,p99_ns,p99_fork_min_ns,p99_fork_max_ns,status,oversubscribed,unstable,pinning\n"
                + "abq,2,spin,900,800,1000.5,ok,true,false,\"a, b\"\n"
                + "lbq,1,block,,,,failed:lost,false,false,\n");
        RunArtefacts.write(run);
        Map<String, Object> s = (Map<String, Object>) Json.parse(Files.readString(run.resolve(Summary.FILE)));
        assertThat(s.get("schema")).isEqualTo(Summary.SCHEMA);
        assertThat(((Map<String, Object>) s.get("manifest")).get("status")).isEqualTo("complete");
        Map<String, Object> rtt = (Map<String, Object>) ((Map<String, Object>) s.get("files")).get("rtt.csv");
        assertThat((List<Object>) rtt.get("columns")).contains("transport", "pinning");
        List<Map<String, Object>> rows = (List<Map<String, Object>>) rtt.get("rows");
        assertThat(rows).hasSize(2);
        Map<String, Object> abq = rows.get(0);
        assertThat(abq.get("producers")).isEqualTo(2L); // an integer column stays an integer (results.Json)
        assertThat(abq.get("pinning")).isEqualTo("a, b");
        assertThat(abq.get("flags")).isEqualTo(List.of("oversubscribed"));
        Map<String, Object> p99 = (Map<String, Object>) ((Map<String, Object>) abq.get("intervals")).get("p99_ns");
        assertThat(p99.get("lo")).isEqualTo(800.0);
        assertThat(p99.get("hi")).isEqualTo(1000.5);
        assertThat(rows.get(1).get("p99_ns")).isNull();
        assertThat(rows.get(1).get("status")).isEqualTo("failed:lost");
    }

    @Test
    void aSpikeIsListedBesideTheGcPausesOfTheSameSeconds() throws Exception {
        long origin = System.nanoTime();
        IntervalRecorder r = new IntervalRecorder(origin, 1_000_000_000L);
        for (int i = 0; i < 1000; i++) {
            r.record(origin + i * 1_000_000L, 1_000); // second 0: 1000 samples of 1 µs
        }
        r.record(origin + 1_500_000_000L, 40_000_000); // second 1: one 40 ms sample
        IntervalLog.write(run, "rtt_abq_p1_b1_spin_f0", List.of(r));
        IntervalLog.Log log = IntervalLog.read(run.resolve("hlog/rtt_abq_p1_b1_spin_f0.hlog"));
        double spikeUptime = (log.intervals().get(1).startEpochMs() - log.jvmStartEpochMs()) / 1000.0 + 0.5;
        Files.createDirectories(run.resolve("logs"));
        Files.writeString(run.resolve("logs/rtt_abq_p1_b1_spin_f0.gc.log"), String.format(java.util.Locale.ROOT,
                "[0.010s][info][gc] Using G1\n[%.3fs][info][gc,start    ] GC(0) Pause Young (Normal) (G1 Evacuation Pause)\n"
                        + "[%1$.3fs][info][gc          ] GC(0) Pause Young (Normal) (G1 Evacuation Pause) 24M->2M(1024M) 35.000ms\n"
                        + "[%.3fs][info][gc] GC(1) Pause Young (Normal) (G1 Evacuation Pause) 24M->2M(1024M) 1.000ms\n",
                spikeUptime, spikeUptime + 30));
        new RunFolder(run).writeTrial("rtt_abq_p1_b1_spin_f0", TrialProperties.of(Map.of("suite", "rtt", "transport", "abq", "producers", "1",
                "burst", "1", "wait", "spin", "fork", "0")));

        RunArtefacts.write(run);

        List<Map<String, String>> spikes = CsvFormat.parse(Files.readString(run.resolve(Spikes.FILE)));
        assertThat(spikes).singleElement().satisfies(s -> {
            assertThat(s.get("transport")).isEqualTo("abq");
            assertThat(s.get("t_start_s")).isEqualTo("1.000");
            assertThat(s.get("gc_pauses")).isEqualTo("1");
            assertThat(s.get("gc_pause_max_ms")).isEqualTo("35.000");
            assertThat(s.get("gc_explains")).isEqualTo("true");
            assertThat(s.get("gc_detail")).contains("GC(0) Pause Young");
        });
        List<Map<String, String>> timeline = CsvFormat.parse(Files.readString(run.resolve(Spikes.TIMELINE)));
        assertThat(timeline).extracting(t -> t.get("count")).containsExactly("1000", "1");
        Histogram h = Histograms.newNanos();
        h.recordValue(40_000_000);
        assertThat(timeline.get(1).get("max_ns")).isEqualTo(Long.toString(h.getMaxValue()));
    }
}
