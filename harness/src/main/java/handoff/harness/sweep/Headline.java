package handoff.harness.sweep;

import handoff.harness.suites.Suites;
import handoff.harness.trial.SweepPlan;
import handoff.harness.trial.TrialSpec;

import java.util.List;

/**
 * Where a trial stands in quick's order of priority ({@link PlanFit}): the questions the study declares first, the
 * rest after. A trial's {@link Part} names the group it is kept or deferred with (a group is kept whole or deferred
 * whole), in the order the groups are taken:
 * <ol>
 *   <li>{@link Tier#DECISION}: the pipeline decision table's rows, every transport at P = 1 with one worker per stage
 *   at the waits that fit the CPUs (saturation: what the table ranks);</li>
 *   <li>{@link Tier#VERSUS}: ours against LMAX for every topology whose threads fit the CPUs ({@link PlanFit}'s
 *   minimum rounds; its further rounds to {@value PlanFit#PAIRED_WANTED_ROUNDS} come right after the RTT rows);</li>
 *   <li>{@link Tier#RTT}: RTT at P = 1..3 × burst 1 and 100 for every transport, baseline and the clock's control
 *   included, at spin where the threads fit the CPUs, else at block;</li>
 *   <li>{@link Tier#CLAIMS}: what the sources' claims need beyond those, first the latency rows the decision table
 *   prints beside saturation (P = 1: each row's sustainable-rate search and the ranking load; claim D's publish
 *   calls), then the RTT wait ladder, the false-sharing and batch-publishing rows, the 500 k-item unicast table (claim
 *   E), the UDP echo servers;</li>
 *   <li>{@link Tier#REST}: everything else, in the order the suites' parts are listed below.</li>
 * </ol>
 */
final class Headline {
    /** The order in which quick takes groups of trials. */
    enum Tier {
        DECISION("the pipeline decision table"), VERSUS("ours vs LMAX"), RTT("RTT against the baseline"),
        CLAIMS("the sources' claims"), REST("the rest");

        final String label;

        Tier(String label) {
            this.label = label;
        }

        /** Tiers whose every group must be in quick's plan on any box (checked by the plan's test). */
        boolean headline() {
            return this == DECISION || this == VERSUS || this == RTT;
        }
    }

    /**
     * A group of trials kept or deferred together, e.g. tier REST, "pipeline P = 2, one worker per stage".
     *
     * @param judged whether it holds rows the study judges (its tier is a headline one, and it is not ours vs LMAX's
     *               rounds beyond quick's minimum): once in the plan, the budget never defers it while running
     */
    record Part(Tier tier, int order, String what, boolean judged) {
        Part(Tier tier, int order, String what) {
            this(tier, order, what, tier.headline());
        }
    }

    private Headline() {
    }

    /** The group a trial belongs to, for a plan on {@code plan.cpus()} CPUs. */
    static Part of(SweepPlan plan, TrialSpec t) {
        String p = t.config().getOrDefault("producers", "1");
        return switch (t.suite()) {
            case "pipeline" -> pipeline(t, p);
            case "latency" -> latency(t, p);
            case "disruptor" -> disruptor(plan, t);
            case "rtt" -> rtt(plan, t, p);
            case "unicast" -> new Part(Tier.CLAIMS, 3, "unicast, 500 k items 1P→1C (claim E)");
            case "echo" -> new Part(Tier.CLAIMS, 4, "UDP echo servers");
            case "fanout" -> new Part(Tier.REST, 8, "fan-out");
            case "overload" -> new Part(Tier.REST, 9, "overload");
            default -> new Part(Tier.REST, 10, t.suite());
        };
    }

    private static Part pipeline(TrialSpec t, String p) {
        boolean variant = "true".equals(t.sizing().get("variant"));
        boolean one = "1".equals(t.config().getOrDefault("workers", "1"));
        if (variant) {
            return new Part(Tier.REST, 3, "pipeline batched and equal-buffering rows");
        }
        if (!one) {
            return new Part(Tier.REST, 2, "pipeline " + t.config().get("workers") + " workers per stage");
        }
        return "1".equals(p) ? new Part(Tier.DECISION, 0, "pipeline P = 1, one worker per stage")
                : new Part(Tier.REST, 1, "pipeline P = " + p + ", one worker per stage");
    }

    private static Part latency(TrialSpec t, String p) {
        String basis = t.config().getOrDefault("rate_basis", "");
        boolean ranking = "sustainable".equals(basis) || Boolean.parseBoolean(t.sizing().getOrDefault("idle", "false"));
        if ("1".equals(p) && ranking) {
            return new Part(Tier.CLAIMS, 0, "latency P = 1, sustainable rate and ranking load (the decision table's latency columns; claim D)");
        }
        return ranking ? new Part(Tier.REST, 5, "latency P = " + p + ", sustainable rate and ranking load")
                : new Part(Tier.REST, 6, "latency other loads");
    }

    private static Part disruptor(SweepPlan plan, TrialSpec t) {
        String bench = t.config().getOrDefault("benchmark", "");
        boolean fits = Suites.get(t.suite()).threads(t) <= plan.cpus().size();
        if (bench.contains("_unpadded") || bench.contains("_batch")) {
            return new Part(Tier.CLAIMS, 2, "disruptor false-sharing and batch-publishing rows");
        }
        if (!fits) {
            return new Part(Tier.REST, 4, "ours vs LMAX, topologies with more threads than CPUs");
        }
        // its rounds beyond quick's minimum come right after the RTT headline: forks before breadth
        return t.fork() < PlanFit.PAIRED_MIN_ROUNDS ? new Part(Tier.VERSUS, 0, "ours vs LMAX, topologies that fit the CPUs")
                : new Part(Tier.RTT, 1, "ours vs LMAX, round " + (t.fork() + 1) + " of every topology that fits", false);
    }

    /**
     * RTT's headline rows: each transport at each P × burst at spin where its threads fit the CPUs, else at block (and
     * a transport's own hand-off); block beside a spin that fits, and the ladder's yield and park, are extra waits.
     */
    private static Part rtt(SweepPlan plan, TrialSpec t, String p) {
        String wait = t.config().getOrDefault("wait", "");
        if (LADDER_ONLY.contains(wait) && "1".equals(p)) {
            return new Part(Tier.CLAIMS, 1, "RTT wait ladder (yield, park) at P = 1");
        }
        boolean spinFits = Suites.get(t.suite()).threads(t) <= plan.cpus().size() || plan.oversubscribe();
        boolean headline = switch (wait) {
            case "spin" -> true; // where it does not fit it is skipped and costs nothing
            case "block" -> !spinFits;
            default -> !LADDER_ONLY.contains(wait);
        };
        return headline ? new Part(Tier.RTT, 0, "RTT P = 1..3 × burst 1, 100 (spin where it fits, else block)")
                : new Part(Tier.REST, 7, "RTT extra waits (block beside spin; yield, park at P > 1)");
    }

    /** The rungs quick's RTT adds at P = 1 beside the profile's waits (spin, block). */
    private static final List<String> LADDER_ONLY = List.of("yield", "park");
}
