package handoff.harness.versus;

import handoff.harness.results.TrialProperties;
import handoff.harness.stats.ForkPlanner;
import handoff.harness.trial.SweepPlan;

import java.util.Arrays;

/**
 * How many pairs of forks a {@link DisruptorSuite} trial runs, of what JMH sizing: the pairs spent where this box can
 * give a verdict ({@link #sound}), a quick variant's own family of {@value #VARIANT_PAIRS}, and a further round's
 * {@value #ROUND_PAIRS}.
 */
final class PairSizing {
    /** The sizing key of a trial's pairs of forks (its rotations, for a triple). */
    static final String PAIRS = "pairs";

    /** Pairs of a quick variant row (batch publishing, the false-sharing control). */
    static final int VARIANT_PAIRS = 6;

    /** Pairs in a further round: two, so that each side goes first once. */
    static final int ROUND_PAIRS = 2;

    private PairSizing() {
    }

    /**
     * Pairs of forks and JMH sizing, spent where this box can give a verdict (issue 28). A topology whose threads
     * fit the CPUs ({@link #sound}) gets the long pairs: in {@code quick} the fewest pairs of forks of 2 × 1 s warm-up
     * and 3 × 1 s measurement whose exact signed-rank test can reach the first step of Holm over the topologies judged
     * (one topology, on a 2-CPU box: 6 pairs, p = 2/64; all five: 8 pairs, 2/256 &lt; 0.01), then further rounds of
     * pairs while its verdict is open and the budget lasts. Measured time per fork is what gives the protocol its
     * power: the forks of 2 × 250 ms + 3 × 250 ms that quick used before spread ours ÷ LMAX in 1P→1C over
     * [0.14, 6.50], while five plain 8-second JMH forks of each side separated 0.72× cleanly. An oversubscribed topology
     * (more threads than CPUs: 4 on this 2-CPU box) measures the scheduler as much as the ring; it gets 2 short
     * pairs, enough to show the row and its flag, too few for any verdict, and is never tuned to. {@code full}: 20
     * pairs of 3 × 1 s + 5 × 1 s for every topology; {@code smoke}: 1 pair of the profile's tiny forks (it proves
     * the flow; its ratio has no interval). {@code --forks N} sets the pairs of every topology.
     */
    static TrialProperties.Builder sizing(SweepPlan plan, Topology t) {
        TrialProperties.Builder s = plan.sizing(0);
        boolean sound = sound(plan, t);
        int pairs = switch (plan.profile()) {
            case SMOKE -> 1;
            case QUICK -> sound ? Math.max(MIN_PAIRS, ForkPlanner.forksToReach(soundTopologies(plan), true, 20)) : 2;
            case FULL -> 20;
        };
        pairs = plan.forks(pairs);
        s.put(PAIRS, Integer.toString(pairs));
        s.put("jmh_forks", Integer.toString(2 * pairs)); // what the inherited estimate counts
        switch (plan.profile()) {
            case QUICK -> {
                if (sound) {
                    put(s, "2", "1s", "3", "1s");
                } else {
                    put(s, "2", "250ms", "3", "250ms");
                }
            }
            case FULL -> put(s, "3", "1s", "5", "1s");
            case SMOKE -> { } // the profile's own JMH sizing
        }
        return s;
    }

    /** The fewest pairs a judged row gets in quick: 6 reach p = 2/64, the least a signed-rank test needs for α = 0.05. */
    static final int MIN_PAIRS = 6;

    /** How many topologies this plan judges (their threads fit its CPUs): the family Holm corrects over. */
    static int soundTopologies(SweepPlan plan) {
        return (int) Arrays.stream(Topology.values()).filter(t -> sound(plan, t)).count();
    }

    /** Whether the topology's threads fit the CPUs the run has: the only rows this protocol judges. */
    static boolean sound(SweepPlan plan, Topology t) {
        return t.threads() <= plan.cpus().size();
    }

    private static void put(TrialProperties.Builder s, String wi, String w, String i, String r) {
        s.put("jmh_wi", wi);
        s.put("jmh_w", w);
        s.put("jmh_i", i);
        s.put("jmh_r", r);
    }
}
