package handoff.harness.report;

import handoff.harness.stats.PredictedPower;
import handoff.harness.stats.Stats;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** What quick judges, declared from pilot runs before the run (docs/statistics.md §13). */
class PilotTest {
    private static final Path RESULTS = Path.of("../results");

    @Test
    void theCommittedPilotsOfTheTwoCpuBoxJudgeWhatTheirForksCanDecide() {
        Pilot p = Pilot.find(RESULTS, 2, 3);
        assertThat(p.none()).isFalse();
        assertThat(p.runs()).containsExactly("20261126-110444-566b0ac", "20261126-112602-566b0ac", "20261126-135909-b44ee87",
                "20261126-141728-b44ee87");
        // abq/block: 1.85–2.40 M/s against the best rows' 5–7 M/s in both pilots, forks tight
        assertThat(p.judges("pipeline.saturation.best | P=1 | abq/block")).isTrue();
        // jctools/spin at burst 1: one fork of six 3.5× slower for its life (741 ns against 200–210 ns): not judged
        assertThat(p.judges("rtt.vs-baseline | P=1 burst=1 | jctools/spinpooled")).isFalse();
        // ours ÷ LMAX at 1P→1C yield: the pilots' jmh/ files keep 2 pairs of it (their CSVs once said 6): a row of fewer
        // than Pilot.MIN_FORKS predicts nothing, so the question is no pilot's and a run judges it
        assertThat(p.questions()).doesNotContain("disruptor.ours-vs-lmax");
        assertThat(p.judges("disruptor.ours-vs-lmax | yield | unicast_1p1c")).isTrue();
        assertThat(p.judged().size()).isLessThan(p.candidates()).isPositive();
        assertThat(p.rttRounds()).isEqualTo(Pilot.RTT_ROUNDS);
    }

    /**
     * Issue 48: cpus.16 names the 16-CPU pipeline run (3 forks a row) and the interrupted RTT run, whose rows have 2 forks
     * (aeron-ipc 1): a row of fewer than 3 forks predicts nothing, and a run with no other serves as no pilot.
     */
    @Test
    void aRunWhoseRowsHaveFewerThanThreeForksServesAsNoPilot() {
        Pilot p = Pilot.find(RESULTS, 16, 3);
        assertThat(p.runs()).containsExactly("20261126-080751-7531edb");
        assertThat(p.questions()).doesNotContain(VerdictKey.RTT_VS_BASELINE);
        assertThat(p.judged()).noneMatch(k -> k.startsWith(VerdictKey.RTT_VS_BASELINE));
        assertThat(p.judged()).isNotEmpty();
    }

    @Test
    void aBoxNoPilotIsNamedForJudgesEverything() {
        Pilot p = Pilot.find(RESULTS, 7, 3);
        assertThat(p.none()).isTrue();
        assertThat(p.judges("rtt.vs-baseline | P=1 burst=1 | jctools/spinpooled")).isTrue();
        assertThat(p.words()).contains("every declared comparison judged");
    }

    @Test
    void aPilotThatCannotBeReadIsNoPilot(@org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve(Pilot.FILE), "cpus.2=no-such-run\n");
        assertThat(Pilot.find(dir, 2, 3).none()).isTrue();
    }

    @Test
    void itTravelsThroughTheManifestUnchanged() {
        Pilot p = new Pilot(List.of("a", "b"), 6, 8, Set.of("rtt.vs-baseline | P=1 burst=1 | abq/spinpooled"), 12,
                Set.of("rtt.vs-baseline", "disruptor.ours-vs-lmax"));
        assertThat(Pilot.fromJson(p.toJson())).isEqualTo(p);
        // a manifest written before ours ÷ LMAX was a pilot's question: that question judged whole
        Map<String, Object> old = new java.util.LinkedHashMap<>(p.toJson());
        old.remove("questions");
        assertThat(Pilot.fromJson(old).judges("disruptor.ours-vs-lmax | yield | unicast_1p1c")).isTrue();
        assertThat(Pilot.fromJson(old).judges("rtt.vs-baseline | P=1 burst=1 | clq/spinpooled")).isFalse();
        assertThat(Pilot.fromJson(null)).isEqualTo(Pilot.NONE);
    }

    @Test
    void predictedPowerRisesWithTheEffectAndTheRounds() {
        double[] base = {100, 103, 98, 101, 99, 102};
        double[] tenfold = {1000, 1040, 990, 1010, 985, 1020};
        double[] same = {101, 102, 99, 100, 100, 103};
        double[] fivePct = {105, 108, 103, 106, 104, 107};
        assertThat(PredictedPower.differs(tenfold, base, 3, Stats.ALPHA / 10)).isGreaterThan(0.99);
        assertThat(PredictedPower.differs(same, base, 8, Stats.ALPHA)).isLessThan(0.2);
        assertThat(PredictedPower.differs(fivePct, base, 8, Stats.ALPHA)).isGreaterThan(PredictedPower.differs(fivePct, base, 3, Stats.ALPHA));
        assertThat(PredictedPower.alike(same, base, 8, Stats.ALPHA, Stats.MARGIN)).isGreaterThan(0.9);
        assertThat(PredictedPower.alike(tenfold, base, 8, Stats.ALPHA, Stats.MARGIN)).isLessThan(0.01);
        // below 6 rounds a pilot spread over 2x would be refused by the assumption check: predicted 0
        double[] twoModes = {1000, 4000, 1000};
        assertThat(PredictedPower.differs(twoModes, new double[] {100, 100, 100}, 3, Stats.ALPHA)).isZero();
        assertThat(PredictedPower.above(tenfold, base, 3, Stats.ALPHA)).isGreaterThan(0.99);
        assertThat(PredictedPower.above(base, tenfold, 3, Stats.ALPHA)).isLessThan(0.01);
    }
}
