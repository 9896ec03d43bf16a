package handoff.harness.versus;

import handoff.harness.results.TrialProperties;
import handoff.harness.trial.Profile;
import handoff.harness.trial.SweepPlan;
import handoff.harness.trial.TrialSpec;
import handoff.queues.Wait;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class VersusTest {
    private static SweepPlan plan(Profile profile, List<Wait> waits, int cpus, int forks) {
        List<Integer> cpuList = new ArrayList<>();
        for (int i = 0; i < cpus; i++) {
            cpuList.add(i);
        }
        return SweepPlan.builder(profile).suites(List.of("disruptor")).waits(waits).cpus(cpuList, false).forks(forks).build();
    }

    @Test
    void policiesParseWithAndWithoutLikeOurs() {
        assertThat(Policy.parse("park")).isEqualTo(new Policy(Wait.PARK, false));
        assertThat(Policy.parse("park-likeours")).isEqualTo(new Policy(Wait.PARK, true));
        assertThat(Policy.parse("block-likeours").id()).isEqualTo("block-likeours");
        assertThatThrownBy(() -> Policy.parse("native")).hasMessageContaining("unknown wait 'native'; allowed: spin");
        assertThatThrownBy(() -> Policy.parse("nap-likeours")).hasMessageContaining("-likeours");
    }

    @Test
    void leavesAreTheHandlersNobodyWaitsFor() {
        assertThat(Topology.DIAMOND_1P3C.leaf(2)).isTrue();
        assertThat(Topology.DIAMOND_1P3C.leaf(0) || Topology.DIAMOND_1P3C.leaf(1)).isFalse();
        assertThat(Topology.MULTICAST_1P3C.leaf(0) && Topology.MULTICAST_1P3C.leaf(1)
                && Topology.MULTICAST_1P3C.leaf(2)).isTrue();
        assertThat(Topology.PIPELINE_1P3C.leaf(1)).isFalse();
        assertThat(Topology.SEQUENCER_3P1C.threads()).isEqualTo(4);
        assertThatThrownBy(() -> Topology.byId("star")).hasMessageContaining("allowed: unicast_1p1c");
    }

    @Test
    void quickRunsYieldPairsFullAddsLikeForLikeRowsAndSpinWhereItFits() {
        DisruptorSuite suite = new DisruptorSuite();
        List<TrialSpec> quick = suite.plan(plan(Profile.QUICK, List.of(), 2, 0));
        assertThat(quick).extracting(t -> t.get("benchmark") + "/" + t.get("wait") + "/" + t.get("pairs"))
                .containsExactly("unicast_1p1c/yield/6", "unicast_1p1c_unpadded/yield/6", "sequencer_3p1c/yield/2", "pipeline_1p3c/yield/2",
                        "multicast_1p3c/yield/2", "diamond_1p3c/yield/2");
        // the topology the box can judge gets forks long enough to see a 10 % difference; the others short ones
        assertThat(quick.get(0).get("jmh_i") + "x" + quick.get(0).get("jmh_r")).isEqualTo("3x1s");
        assertThat(quick.get(2).get("jmh_r")).isEqualTo("250ms");
        // judged rows get the fewest pairs that can reach Holm's first step over the topologies judged: one on 2 CPUs
        // (6 pairs, p = 2/64), all five on 8 CPUs (8 pairs, p = 2/256 < 0.05 / 5)
        assertThat(suite.plan(plan(Profile.QUICK, List.of(), 8, 0))).filteredOn(t -> t.get("wait").equals("yield"))
                .extracting(t -> t.get("benchmark") + "/" + t.get("pairs"))
                .contains("unicast_1p1c/8", "sequencer_3p1c/8", "pipeline_1p3c/8", "multicast_1p3c/8", "diamond_1p3c/8");
        List<TrialSpec> full = suite.plan(plan(Profile.FULL, List.of(), 2, 0));
        assertThat(full).filteredOn(t -> t.get("benchmark").equals("unicast_1p1c")).extracting(t -> t.get("wait"))
                .containsExactly("spin", "yield", "park", "park-likeours", "block", "block-likeours");
        assertThat(full).filteredOn(t -> t.get("benchmark").equals("pipeline_1p3c")).extracting(t -> t.get("wait"))
                .doesNotContain("spin");
        List<TrialSpec> asked = suite.plan(plan(Profile.QUICK, List.of(Wait.PARK), 2, 4));
        assertThat(asked).extracting(t -> t.get("wait") + "/" + t.get("pairs")).containsOnly("park/4", "park-likeours/4");
        // the false-sharing control has one ring and one policy: no -likeours row
        assertThat(asked).filteredOn(t -> t.get("benchmark").endsWith("_unpadded")).extracting(t -> t.get("wait"))
                .containsExactly("park");
        assertThat(suite.plan(plan(Profile.SMOKE, List.of(), 2, 0))).extracting(t -> t.get("benchmark") + "/" + t.get("pairs"))
                .contains("unicast_1p1c_batch10/1", "unicast_1p1c_batch100/1", "unicast_1p1c_unpadded/1");
        assertThat(suite.plan(plan(Profile.QUICK, List.of(Wait.YIELD, Wait.SPIN), 2, 0))).extracting(t -> t.get("wait"))
                .containsOnly("yield", "spin");
    }

    /** The judged plain rows rotate ours, ours-slip-off and LMAX; oversubscribed and variant rows keep their pair. */
    @Test
    void judgedPlainRowsRunTheSlipOffSideInTheSameRotations() {
        DisruptorSuite suite = new DisruptorSuite();
        List<TrialSpec> quick = suite.plan(plan(Profile.QUICK, List.of(), 2, 0));
        assertThat(quick).filteredOn(t -> DisruptorSuite.sides(t).size() == 3)
                .extracting(t -> t.get("benchmark") + "/" + t.get("wait") + "/" + String.join(",", DisruptorSuite.sides(t))
                        + "/" + t.get("jmh_forks"))
                .containsExactly("unicast_1p1c/yield/disruptor,disruptor-noslip,lmax/18");
        assertThat(quick).filteredOn(t -> t.get("benchmark").equals("unicast_1p1c_unpadded"))
                .extracting(DisruptorSuite::sides).containsExactly(List.of("unpadded", "padded"));
        // full: park and block's LMAX side idles otherwise; their -likeours rows are the like-for-like ones
        assertThat(suite.plan(plan(Profile.FULL, List.of(), 2, 0))).filteredOn(t -> t.get("benchmark").equals("unicast_1p1c")
                        && DisruptorSuite.sides(t).size() == 3).extracting(t -> t.get("wait"))
                .containsExactly("spin", "yield", "park-likeours", "block-likeours");
    }

    @Test
    void aTriplesRotationsRunEverySideFirstAndEachPairInBothOrders() {
        List<String> order = DisruptorSuite.order(6, List.of("a", "b", "c"));
        assertThat(String.join("", order)).isEqualTo("abccbabcaacbcabbac");
        for (List<String> pair : List.of(List.of("a", "b"), List.of("a", "c"), List.of("b", "c"))) {
            int first = 0;
            for (int r = 0; r < 6; r++) {
                List<String> rot = order.subList(3 * r, 3 * r + 3);
                first += rot.indexOf(pair.get(0)) < rot.indexOf(pair.get(1)) ? 1 : 0;
                if (r % 2 == 1) {
                    assertThat(first).as(pair + " after " + (r + 1) + " rotations").isEqualTo((r + 1) / 2);
                }
            }
        }
        assertThat(DisruptorSuite.order(2, List.of("a", "b"))).containsExactly("a", "b", "b", "a");
        assertThatThrownBy(() -> DisruptorSuite.order(1, List.of("a"))).hasMessageContaining("two or three");
    }

    /** A triple's trial gives three ratio rows, each its own Holm family, and a score row per side. */
    @Test
    void aTripleGivesOursVsLmaxRingVsRingAndTheSlipAsSeparateVerdicts(@TempDir Path dir) throws Exception {
        Map<String, String> t = trial("unicast_1p1c", "ok", "20;22;18;21;19;20;23;17", "10;10;10;10;10;10;10;10");
        t.put("disruptor-noslip_score", "10.5;9;11;9.5;12;8;10.2;11");
        t.put(VersusTrial.SIDES_RUN, "disruptor;disruptor-noslip;lmax");
        List<Map<String, String>> scores = VersusCsv.SCORES_TABLE.cells(VersusCsv.write(trials(t), dir));
        assertThat(scores).extracting(r -> r.get("impl")).containsExactly("disruptor", "disruptor-noslip", "lmax");
        List<Map<String, String>> rows = handoff.harness.results.CsvFormat.parse(Files.readString(dir.resolve(VersusCsv.RATIOS)));
        assertThat(rows).extracting(r -> r.get("sides"))
                .containsExactly("disruptor÷lmax", "disruptor-noslip÷lmax", "disruptor÷disruptor-noslip");
        assertThat(rows.get(0)).containsEntry("differs", "true");
        assertThat(rows.get(0).get("verdict")).startsWith("ours faster");
        assertThat(rows.get(1)).containsEntry("differs", "false");
        assertThat(rows.get(1).get("verdict")).startsWith("cannot tell with these forks");
        assertThat(rows.get(2)).containsEntry("differs", "true");
        assertThat(rows.get(2).get("verdict")).as("ours ÷ ours with the slip off").startsWith("ours faster");
        assertThat(Double.parseDouble(rows.get(2).get("ratio"))).isGreaterThan(1.5);
        assertThatThrownBy(() -> VersusCsv.pairs(List.of("disruptor", "lmax", "padded"))).hasMessageContaining("two, or");
    }

    @Test
    void forksAlternateWhichSideGoesFirst() {
        assertThat(DisruptorSuite.order(3)).containsExactly("disruptor", "lmax", "lmax", "disruptor", "disruptor", "lmax");
    }

    @Test
    void ratioIsJudgedByThePairedTestWithHolmAndOversubscribedRowsAreNotJudged(@TempDir Path dir) throws Exception {
        Map<String, String> faster = trial("unicast_1p1c", "ok", "20;22;18;21;19;20;23;17", "10;10;10;10;10;10;10;10");
        Map<String, String> even = trial("sequencer_3p1c", "ok", "10.5;9;11;9.5;12;8;10.2;11", "10;10;10;10;10;10;10;10");
        Map<String, String> crowded = trial("diamond_1p3c", "ok", "30;30;30;30;30;30;30;30", "10;10;10;10;10;10;10;10");
        crowded.put("oversubscribed", "true");
        Map<String, String> broken = trial("pipeline_1p3c", "failed:lost events (lmax fork 3)", "", "");
        List<Map<String, String>> scores = VersusCsv.SCORES_TABLE.cells(VersusCsv.write(trials(faster, even, crowded, broken), dir));
        List<Map<String, String>> rows = handoff.harness.results.CsvFormat.parse(Files.readString(dir.resolve(VersusCsv.RATIOS)));
        assertThat(rows.get(0)).containsEntry("benchmark", "unicast_1p1c").containsEntry("pairs", "8")
                .containsEntry("differs", "true");
        assertThat(Double.parseDouble(rows.get(0).get("p"))).isLessThan(1e-4);
        assertThat(Double.parseDouble(rows.get(0).get("ratio"))).isCloseTo(2, org.assertj.core.data.Offset.offset(0.01));
        // Holm over the two judged rows doubles the smallest p
        assertThat(Double.parseDouble(rows.get(0).get("p_holm"))).isCloseTo(2 * Double.parseDouble(rows.get(0).get("p")),
                org.assertj.core.data.Offset.offset(1e-6));
        assertThat(rows.get(0).get("verdict")).startsWith("ours faster").contains("paired t on per-round log-ratios, 8 pairs")
                .contains("Holm over 2");
        assertThat(rows.get(1)).containsEntry("differs", "false");
        assertThat(rows.get(1).get("verdict")).startsWith("cannot tell with these forks");
        assertThat(rows.get(2)).containsEntry("differs", "false");
        assertThat(Double.parseDouble(rows.get(2).get("ratio"))).isCloseTo(3, org.assertj.core.data.Offset.offset(0.01));
        assertThat(rows.get(2).get("verdict")).startsWith("not judged");
        assertThat(rows.get(3)).containsEntry("status", "failed:lost events (lmax fork 3)").containsEntry("ratio", "")
                .containsEntry("verdict", "");
        assertThat(scores).hasSize(8);
        assertThat(scores.get(0)).containsEntry("impl", "disruptor").containsEntry("score", "20")
                .containsEntry("forks", "8");
        assertThat(scores.get(1)).containsEntry("impl", "lmax").containsEntry("score", "10");
        assertThat(scores.get(7)).containsEntry("status", "failed:lost events (lmax fork 3)").containsEntry("score", "");
    }

    /** A row the run's pilot left out is shown, "not judged", and out of the Holm family of the rows judged. */
    @Test
    void aRowThePilotLeftOutIsNotJudgedAndLeavesTheFamily(@TempDir Path dir) throws Exception {
        handoff.harness.report.Pilot pilot = new handoff.harness.report.Pilot(List.of("a-pilot"), 3, 8,
                java.util.Set.of("disruptor.ours-vs-lmax | yield | unicast_1p1c"), 2, java.util.Set.of("disruptor.ours-vs-lmax"));
        Files.writeString(dir.resolve("manifest.json"), handoff.harness.results.Json.write(
                Map.of("plan_fit", Map.of("calibration", Map.of("pilot", pilot.toJson())))));
        Map<String, String> faster = trial("unicast_1p1c", "ok", "20;22;18;21;19;20;23;17", "10;10;10;10;10;10;10;10");
        Map<String, String> left = trial("sequencer_3p1c", "ok", "30;30;30;30;30;30;30;30", "10;10;10;10;10;10;10;10");
        VersusCsv.write(trials(faster, left), dir);
        List<Map<String, String>> rows = handoff.harness.results.CsvFormat.parse(Files.readString(dir.resolve(VersusCsv.RATIOS)));
        assertThat(rows.get(0).get("verdict")).startsWith("ours faster");
        assertThat(rows.get(0).get("p_holm")).as("a family of one: the row the pilot left out is not in it").isEqualTo(rows.get(0).get("p"));
        assertThat(rows.get(1)).containsEntry("differs", "false").containsEntry("verdict", VersusCsv.NOT_JUDGED_BY_PILOT);
        assertThat(Double.parseDouble(rows.get(1).get("ratio"))).isCloseTo(3, org.assertj.core.data.Offset.offset(0.01));
    }

    @Test
    void aSideWhoseForksSplitIntoTwoModesIsNamedInTheVerdict(@TempDir Path dir) throws Exception {
        Map<String, String> split = trial("unicast_1p1c", "ok", "120;125;118;121;119;124;122;120", "37;36;171;174;117;176;173;172");
        VersusCsv.write(trials(split), dir);
        Map<String, String> row = handoff.harness.results.CsvFormat.parse(Files.readString(dir.resolve(VersusCsv.RATIOS))).get(0);
        assertThat(row.get("bimodal")).startsWith("lmax ");
        assertThat(row.get("unstable")).isEqualTo("true");
        assertThat(row.get("verdict")).contains("bimodal forks (lmax");
    }

    private static Map<String, String> trial(String benchmark, String status, String ours, String lmax) {
        Map<String, String> t = new LinkedHashMap<>();
        t.put("benchmark", benchmark);
        t.put("wait", "yield");
        t.put("threads", "2");
        t.put("cpus", "2");
        t.put("oversubscribed", "false");
        t.put("status", status);
        if (status.equals("ok")) {
            t.put("disruptor_score", ours);
            t.put("lmax_score", lmax);
            t.put("disruptor_alloc_bytes_per_op", "0;0;0;0;0;0;0;0");
            t.put("lmax_alloc_bytes_per_op", "0;0;0;0;0;0;0;0");
            t.put("unit", "ops/s");
        }
        return t;
    }

    /** The trials as the fold reads them, each parsed once. */
    @SafeVarargs
    private static List<VersusTrial> trials(Map<String, String>... properties) {
        return java.util.Arrays.stream(properties).map(p -> VersusTrial.read(TrialProperties.of(p))).toList();
    }
}
