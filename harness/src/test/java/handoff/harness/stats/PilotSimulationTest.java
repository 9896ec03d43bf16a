package handoff.harness.stats;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Judging only what a pilot predicts decided (docs/statistics.md §13), simulated on an RTT-like family: 12 rows against
 * a reference, true ratios from alike to 10×, forks with a 10 % spread and one in five in a mode 3× slower for its life
 * (the 2-CPU box's RTT forks). A pilot of 3 rounds picks the rows; two runs of 8 rounds judge them. Checked: of the
 * verdicts the first run decides, the second makes most the same way and reverses none, where judging every row with
 * 3 rounds (quick without a pilot) does not; and the family judged still holds its level when every row is alike in
 * truth. The agreement check can fail: it fails for the design without a pilot.
 */
class PilotSimulationTest {
    private static final int TABLES = 400;
    private static final double[] EFFECTS = {1, 1, 1.02, 1.1, 1.2, 1.3, 1.5, 2, 3, 5, 10, 1.25};
    private static final DeclaredFamiliesSimulationTest.Box BOX = DeclaredFamiliesSimulationTest.Box.TWO_MODES;

    private static double[] withReference(double[] effects) {
        double[] e = new double[effects.length + 1];
        e[0] = 1;
        System.arraycopy(effects, 0, e, 1, effects.length);
        return e;
    }

    private static int[] refs(int n, Set<Integer> judged) {
        int[] r = new int[n];
        for (int i = 0; i < n; i++) {
            r[i] = i > 0 && (judged == null || judged.contains(i)) ? 0 : -1;
        }
        return r;
    }

    /** Per row its verdict, UNTESTED for the rows not judged. */
    private static Verdict[] judge(SplittableRandom rnd, double[] effects, int rounds, Set<Integer> judged) {
        List<double[]> t = BOX.table(rnd, rounds, effects, 3);
        VersusReference v = VersusReference.of(t, refs(effects.length, judged));
        Verdict[] out = new Verdict[effects.length];
        for (int i = 0; i < effects.length; i++) {
            out[i] = v.outcome(i).verdict();
        }
        return out;
    }

    /** {decided by the first, made the same way by the second, reversed}, over many tables. */
    private static int[] agreement(boolean pilot, double[] effects, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        int[] c = new int[3];
        for (int k = 0; k < TABLES; k++) {
            Set<Integer> judged = null;
            int rounds = 3;
            if (pilot) {
                judged = PredictedPower.decidedRows(BOX.table(rnd, 3, effects, 3), refs(effects.length, null), 8, handoff.harness.report.Pilot.POWER);
                rounds = 8;
            }
            Verdict[] a = judge(rnd, effects, rounds, judged);
            Verdict[] b = judge(rnd, effects, rounds, judged);
            for (int i = 1; i < effects.length; i++) {
                if (a[i].decided()) {
                    c[0]++;
                    c[1] += a[i] == b[i] ? 1 : 0;
                    c[2] += a[i] != b[i] && b[i].decided() ? 1 : 0;
                }
            }
        }
        return c;
    }

    @Test
    void aPilotMakesTheDecidedVerdictsReproduce() {
        double[] effects = withReference(EFFECTS);
        int[] with = agreement(true, effects, 41);
        int[] without = agreement(false, effects, 41);
        double shareWith = (double) with[1] / with[0];
        double shareWithout = (double) without[1] / without[0];
        System.out.printf(Locale.ROOT, "pilot + 8 rounds: %.1f decided a table, %.3f made the same way, %d reversed; "
                        + "every row at 3 rounds: %.1f decided, %.3f the same, %d reversed%n", (double) with[0] / TABLES, shareWith, with[2],
                (double) without[0] / TABLES, shareWithout, without[2]);
        assertTrue(shareWith >= 0.9, "with a pilot: " + shareWith);
        assertTrue(with[2] <= with[0] / 200, "reversed with a pilot: " + with[2]);
        assertTrue(shareWithout < 0.9, "the same check fails without a pilot: " + shareWithout);
    }

    @Test
    void theFamilyAPilotChoosesHoldsItsLevel() {
        SplittableRandom rnd = new SplittableRandom(43);
        double[] effects = new double[13];
        Arrays.fill(effects, 1);
        int any = 0;
        int runs = 2000;
        for (int k = 0; k < runs; k++) {
            Set<Integer> judged = PredictedPower.decidedRows(BOX.table(rnd, 3, effects, 3), refs(effects.length, null), 8, handoff.harness.report.Pilot.POWER);
            boolean wrong = false;
            for (Verdict v : judge(rnd, effects, 8, judged)) {
                wrong |= v == Verdict.ABOVE || v == Verdict.BELOW;
            }
            any += wrong ? 1 : 0;
        }
        double rate = (double) any / runs;
        System.out.printf(Locale.ROOT, "pilot-chosen family, all alike in truth: family-wise false-positive rate %.4f%n", rate);
        assertTrue(rate <= Stats.ALPHA + 3 * Math.sqrt(0.05 * 0.95 / runs), "level: " + rate);
    }
}
