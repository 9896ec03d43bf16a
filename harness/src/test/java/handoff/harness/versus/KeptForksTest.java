package handoff.harness.versus;

import handoff.harness.results.ResultsReadme;
import handoff.harness.results.TrialProperties;
import handoff.harness.trial.TrialSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 48, items 7 and 9: the disruptor suite's rows rest on the forks the run keeps. The 16-CPU disruptor run
 * (results/20261126-081021-7531edb) stopped during multicast_1p3c: its jmh/ keeps 5 forks of ours and 4 whole forks of
 * LMAX beside an empty fifth, which its CSVs never showed ("never ran"). Folded from what it keeps, multicast_1p3c is a row
 * of its 4 whole pairs, the empty file is named and never read, and the rows whose trials finished come out as committed.
 */
class KeptForksTest {
    private static final String RUN = "20261126-081021-7531edb";

    @TempDir
    Path tmp;

    @Test
    void aRunStoppedMidTopologyKeepsTheWholePairsAsARowAndSaysWhatItLeftOut() throws IOException {
        Path run = ResultsReadme.copyTree(ResultsReadme.folder().resolve(RUN), tmp.resolve(RUN));
        List<Map<String, String>> before = VersusCsv.RATIOS_TABLE.read(Files.readString(run.resolve(VersusCsv.RATIOS)));
        List<Map<String, String>> scoresBefore = VersusCsv.SCORES_TABLE.read(Files.readString(run.resolve(VersusCsv.SCORES)));
        DisruptorSuite suite = new DisruptorSuite();

        Files.writeString(run.resolve(VersusCsv.SCORES), suite.csv(List.of(), run), StandardCharsets.UTF_8);

        List<Map<String, String>> ratios = VersusCsv.RATIOS_TABLE.read(Files.readString(run.resolve(VersusCsv.RATIOS)));
        Map<String, String> multicast = row(ratios, "multicast_1p3c");
        assertThat(multicast.get("pairs")).isEqualTo("4");
        assertThat(multicast.get("ratio")).isEqualTo("1.057");
        assertThat(multicast.get("ratio_lo")).isEqualTo("1.032");
        assertThat(multicast.get("ratio_hi")).isEqualTo("1.081");
        assertThat(ratios).extracting(r -> r.get("benchmark")).doesNotContain("diamond_1p3c");
        // the finished topologies come out as their trials had them: same pairs, same ratio and interval
        for (Map<String, String> b : before) {
            Map<String, String> a = row(ratios, b.get("benchmark"));
            for (String c : List.of("ratio", "ratio_lo", "ratio_hi", "pairs", "p", "sides", "status")) {
                assertThat(a.get(c)).as(b.get("benchmark") + " " + c).isEqualTo(b.get(c));
            }
        }
        List<Map<String, String>> scores = VersusCsv.SCORES_TABLE.read(Files.readString(run.resolve(VersusCsv.SCORES)));
        for (Map<String, String> b : scoresBefore) {
            Map<String, String> a = scores.stream().filter(r -> r.get("benchmark").equals(b.get("benchmark")) && r.get("impl").equals(b.get("impl")))
                    .findFirst().orElseThrow();
            for (String c : List.of("score", "score_lo", "score_hi", "forks", "alloc_bytes_per_op", "cpu_ns_per_op", "threads", "cpus")) {
                assertThat(a.get(c)).as(b.get("benchmark") + "/" + b.get("impl") + " " + c).isEqualTo(b.get(c));
            }
            assertThat(a.get("score_forks").split(";")).hasSize(Integer.parseInt(b.get("forks")));
        }
        // the empty file is said, never read as a result
        assertThat(suite.keptForksLeftOut(List.of(), run)).anySatisfy(n -> assertThat(n)
                .contains("disruptor_multicast-1p3c_yield_lmax_f4.json", "0 bytes", "ignored"));
    }

    @Test
    void aFurtherRoundsForksAreKeptBesideTheFirstRounds() throws IOException {
        TrialSpec round0 = new TrialSpec("disruptor", TrialProperties.builder().put("benchmark", "unicast_1p1c").put("wait", "yield"),
                TrialProperties.builder().put("fork", "0"));
        TrialSpec round1 = round0.withSizing("fork", "1");
        Path jmh = Files.createDirectories(tmp.resolve("run").resolve("jmh"));
        Files.writeString(tmp.resolve("run").resolve("manifest.json"), "{\"plan\": {\"cpus\": [0, 1, 2, 3]}}");
        double[] ours = {100, 110, 120, 130};
        double[] lmax = {50, 50, 60, 65};
        int i = 0;
        for (TrialSpec t : List.of(round0, round1)) {
            for (int pair = 0; pair < 2; pair++, i++) {
                for (String side : List.of(VersusCsv.OURS, VersusCsv.LMAX)) {
                    String key = DisruptorSuite.forkSpec(t, side, pair).key();
                    Files.writeString(jmh.resolve(key + ".json"), result(side, side.equals(VersusCsv.OURS) ? ours[i] : lmax[i]));
                }
            }
        }
        assertThat(DisruptorSuite.forkSpec(round1, VersusCsv.LMAX, 0).key()).isNotEqualTo(DisruptorSuite.forkSpec(round0, VersusCsv.LMAX, 0).key());
        List<String> notes = new ArrayList<>();
        List<TrialProperties> kept = KeptForks.trials(tmp.resolve("run"), java.util.Set.of(), notes);
        assertThat(notes).isEmpty();
        assertThat(kept).singleElement().satisfies(t -> {
            assertThat(t.get("disruptor_score")).isEqualTo("100;110;120;130");
            assertThat(t.get("lmax_score")).isEqualTo("50;50;60;65");
            assertThat(t.get("oversubscribed")).isEqualTo("false");
        });
    }

    private static String result(String impl, double score) {
        return "[{\"benchmark\": \"handoff.harness.versus.DisruptorVsLmax.oneToOne\", \"params\": {\"impl\": \"" + impl
                + "\", \"wait\": \"yield\", \"publishBatch\": \"1\"}, \"primaryMetric\": {\"score\": " + score
                + ", \"scoreUnit\": \"ops/s\"}, \"secondaryMetrics\": {}}]";
    }

    private static Map<String, String> row(List<Map<String, String>> rows, String benchmark) {
        return rows.stream().filter(r -> r.get("benchmark").equals(benchmark)).findFirst().orElseThrow(() -> new AssertionError(benchmark));
    }
}
