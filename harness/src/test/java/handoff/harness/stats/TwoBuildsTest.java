package handoff.harness.stats;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The mode screen and the row in modes of {@link TwoBuilds} (docs/statistics.md §15), on hand-made rounds. */
class TwoBuildsTest {
    /** Twelve rounds of a row HEAD 1.3× slower than BASE (lower is better), with a little spread; {@code far} rounds 3× apart. */
    private static TwoBuilds.Pair slower(int far) {
        double[] base = new double[12];
        double[] head = new double[12];
        for (int i = 0; i < base.length; i++) {
            base[i] = 1000 * (1 + 0.02 * (i % 3));
            head[i] = base[i] * 1.3 * (1 + 0.01 * (i % 2));
        }
        for (int i = 0; i < far; i++) {
            head[i] = base[i] * (i % 2 == 0 ? 3 : 1 / 3.0);
        }
        return new TwoBuilds.Pair(base, head, false);
    }

    @Test
    void oneRoundFarApartIsSetAsideAndTheRowIsStillJudged() {
        TwoBuilds.Judged j = TwoBuilds.judge(List.of(slower(1)), 0.10).get(0);
        assertThat(j.screened()).isEqualTo(1);
        assertThat(j.modes()).isFalse();
        assertThat(j.worseWay().nA()).isEqualTo(11);
        assertThat(j.call()).isEqualTo(TwoBuilds.Call.REGRESSED);
        assertThat(j.detectable()).isBetween(1.0, 1.3);
    }

    @Test
    void twoRoundsFarApartPutTheRowInModesWhereTheSignTestJudgesIt() {
        List<TwoBuilds.Judged> judged = TwoBuilds.judge(List.of(slower(TwoBuilds.MODE_PAIRS), slower(0)), 0.10);
        TwoBuilds.Judged modes = judged.get(0);
        assertThat(modes.screened()).isEqualTo(TwoBuilds.MODE_PAIRS);
        assertThat(modes.modes()).isTrue();
        assertThat(modes.tested()).isTrue();
        assertThat(modes.worseWay().test()).isEqualTo(TwoBuilds.SIGN_TEST);
        // 11 of 12 rounds worse: P(X >= 11 | Binomial(12, 1/2)) = 13/4096, two-sided 26/4096; Holm's second step of 2
        assertThat(modes.worseWay().p()).isCloseTo(26 / 4096.0, org.assertj.core.api.Assertions.within(1e-12));
        assertThat(modes.pHolm()).isCloseTo(13 / 4096.0, org.assertj.core.api.Assertions.within(1e-12));
        assertThat(modes.worseWay().ratio()).as("the median round").isCloseTo(1.3, org.assertj.core.api.Assertions.within(0.05));
        assertThat(modes.call()).isEqualTo(TwoBuilds.Call.REGRESSED);
        assertThat(modes.detectable()).as("no power stated for the sign test").isNaN();
        assertThat(judged.get(1).call()).isEqualTo(TwoBuilds.Call.REGRESSED);
    }

    @Test
    void aRowInModesWithRoundsLeaningBothWaysCannotBeToldAndIsNeverAlike() {
        double[] base = new double[12];
        double[] head = new double[12];
        for (int i = 0; i < base.length; i++) {
            base[i] = 1000;
            head[i] = 1000 * (i % 2 == 0 ? 1.01 : 0.99) * (i < 4 ? (i % 4 < 2 ? 3 : 1 / 3.0) : 1);
        }
        TwoBuilds.Judged j = TwoBuilds.judge(List.of(new TwoBuilds.Pair(base, head, false)), 0.10).get(0);
        assertThat(j.modes()).isTrue();
        assertThat(j.call()).isEqualTo(TwoBuilds.Call.CANNOT_TELL);
    }
}
