package handoff.harness.versus;

import handoff.harness.results.TrialProperties;
import handoff.queues.Handler;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The batch-publishing and false-sharing rows: their ids, their rigs moving every event, their own ratio family. */
class BenchTest {
    @Test
    void idsRoundTripAndVariantsStayIn1P1C() {
        for (Bench b : Bench.extras()) {
            assertThat(Bench.parse(b.id())).isEqualTo(b);
        }
        assertThat(Bench.parse("unicast_1p1c_batch100")).isEqualTo(new Bench(Topology.UNICAST_1P1C, 100, false));
        assertThat(Bench.parse("diamond_1p3c")).isEqualTo(new Bench(Topology.DIAMOND_1P3C, 1, false));
        assertThat(Bench.parse("unicast_1p1c_unpadded").sides()).containsExactly("unpadded", "padded");
        assertThat(Bench.parse("unicast_1p1c_batch10").sides()).containsExactly("disruptor", "lmax");
        assertThatThrownBy(() -> Bench.parse("pipeline_1p3c_batch10")).hasMessageContaining("unicast_1p1c only");
        assertThatThrownBy(() -> new Bench(Topology.UNICAST_1P1C, 3, false)).hasMessageContaining("must divide 10000");
    }

    @Test
    void batchPublishingMovesEveryEventOnBothRings() throws Exception {
        for (String impl : List.of("disruptor", "lmax")) {
            Sum sum = new Sum();
            RingRig rig = RingRig.of(impl, Topology.UNICAST_1P1C, List.of(sum), Policy.parse("yield"), 1024, t -> { });
            for (int i = 0; i < 100; i++) {
                rig.publishBatch(3, 10);
            }
            awaitProcessed(rig, 1000);
            rig.halt();
            assertThat(sum.sum).as(impl).isEqualTo(3000);
        }
    }

    @Test
    void bothLayoutsOfTheControlRingMoveEveryEventThroughAFullRing() throws Exception {
        for (String layout : List.of("padded", "unpadded")) {
            Sum sum = new Sum();
            RingRig rig = RingRig.of(layout, Topology.UNICAST_1P1C, List.of(sum), Policy.parse("yield"), 16, t -> { });
            for (int i = 1; i <= 10_000; i++) { // 16 slots: the producer waits for the consumer over and over
                rig.publish(i);
            }
            awaitProcessed(rig, 10_000);
            rig.halt();
            assertThat(sum.sum).as(layout).isEqualTo(10_000L * 10_001 / 2);
        }
        assertThatThrownBy(() -> RingRig.of("unpadded", Topology.PIPELINE_1P3C, List.of(new Sum(), new Sum(), new Sum()),
                Policy.parse("yield"), 16, t -> { })).hasMessageContaining("unicast_1p1c only");
        assertThat(SequencePair.padded().getClass()).isNotEqualTo(SequencePair.unpadded().getClass());
    }

    @Test
    void theFalseSharingRowIsItsOwnFamilyWithItsOwnWords(@TempDir Path dir) throws Exception {
        Map<String, String> ours = trial("unicast_1p1c", "disruptor", "lmax", "20;22;18;21;19;20;23;17", "10;10;10;10;10;10;10;10");
        Map<String, String> shared = trial("unicast_1p1c_unpadded", "unpadded", "padded", "5;5;5;5;5;5;5;5",
                "10;11;10;12;10;10;11;10");
        List<Map<String, String>> scores = VersusCsv.SCORES_TABLE.cells(VersusCsv.write(trials(ours, shared), dir));
        List<Map<String, String>> rows = handoff.harness.results.CsvFormat.parse(Files.readString(dir.resolve(VersusCsv.RATIOS)));
        assertThat(rows.get(0)).containsEntry("sides", "disruptor÷lmax");
        assertThat(rows.get(0).get("verdict")).as("two families of one row each, not one of two").startsWith("ours faster")
                .doesNotContain("Holm over 2");
        assertThat(rows.get(1)).containsEntry("sides", "unpadded÷padded");
        assertThat(Double.parseDouble(rows.get(1).get("ratio"))).isLessThan(0.6);
        assertThat(rows.get(1).get("verdict")).startsWith("padded faster").doesNotContain("Holm over 2");
        assertThat(scores).as("disruptor.csv pairs disruptor with lmax in every group").extracting(r -> r.get("impl"))
                .containsExactly("disruptor", "lmax");
        assertThat(handoff.harness.results.CsvFormat.parse(Files.readString(dir.resolve(VersusCsv.CONTROL_SCORES))))
                .extracting(r -> r.get("impl") + "/" + r.get("score")).containsExactly("unpadded/5", "padded/10");
    }

    private static Map<String, String> trial(String benchmark, String a, String b, String aScores, String bScores) {
        Map<String, String> t = new LinkedHashMap<>();
        t.put("benchmark", benchmark);
        t.put("wait", "yield");
        t.put("threads", "2");
        t.put("cpus", "2");
        t.put("oversubscribed", "false");
        t.put("status", "ok");
        t.put(a + "_score", aScores);
        t.put(b + "_score", bScores);
        t.put("unit", "ops/s");
        return t;
    }

    private static void awaitProcessed(RingRig rig, long n) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (rig.processed() < n) {
            assertThat(System.nanoTime()).as("processed %d of %d", rig.processed(), n).isLessThan(deadline);
            Thread.sleep(1);
        }
    }

    private static final class Sum implements Handler<Event> {
        long sum;

        @Override
        public void onEvent(Event e, boolean endOfBatch) {
            sum += e.value;
        }
    }

    /** The trials as the fold reads them, each parsed once. */
    @SafeVarargs
    private static List<VersusTrial> trials(Map<String, String>... properties) {
        return java.util.Arrays.stream(properties).map(p -> VersusTrial.read(TrialProperties.of(p))).toList();
    }
}
