package handoff.harness.sweep;

import handoff.harness.results.TrialProperties;

import handoff.harness.stats.ForkPlanner;
import handoff.harness.trial.PlannedComparisons;
import handoff.harness.stats.Stats;
import handoff.harness.trial.SweepPlan;
import handoff.harness.trial.TrialSpec;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The further rounds a budget buys, decided before the first trial ({@link PlanFit}): per declared table (a family of
 * {@link PlannedComparisons#families}), how many times every configuration of it runs once more. Only the time model and the
 * budget decide; no result is read, so the forks a configuration gets do not depend on its outcomes.
 */
final class RoundPlan {
    private RoundPlan() {
    }

    /** One declared table among the planned trials: its configurations' last planned trials and forks so far. */
    private record Table(String suite, String name, Headline.Part part, PlannedComparisons judged, List<TrialSpec> last, List<Integer> next,
                         int forks, boolean paired) {
        TrialSpec round(int config, int k) {
            return judged.more().apply(last.get(config), next.get(config) + k);
        }
    }

    /**
     * @param kept the plan's trials
     * @param left seconds of the budget the plan leaves
     */
    static List<PlanFit.TableRounds> plan(SweepPlan plan, Calibration c, List<TrialSpec> kept, double left) {
        List<Table> tables = tables(plan, kept);
        int[] rounds = new int[tables.size()];
        double[] cost = new double[tables.size()];
        for (int i = 0; i < tables.size(); i++) {
            Table t = tables.get(i);
            for (int k = 0; k < t.last().size(); k++) {
                cost[i] += c.seconds(plan, t.round(k, 0));
            }
        }
        for (int i = 0; i < tables.size(); i++) { // ours vs LMAX first to its wanted pairs
            while (tables.get(i).paired() && tables.get(i).forks() + rounds[i] < PlanFit.PAIRED_WANTED_ROUNDS && cost[i] <= left) {
                rounds[i]++;
                left -= cost[i];
            }
        }
        for (boolean added = true; added; ) { // then one round at a time to each table, in priority order
            added = false;
            for (int i = 0; i < tables.size(); i++) {
                if (tables.get(i).forks() + rounds[i] < PlanFit.MAX_FORKS && cost[i] > 0 && cost[i] <= left) {
                    rounds[i]++;
                    left -= cost[i];
                    added = true;
                }
            }
        }
        List<PlanFit.TableRounds> out = new ArrayList<>();
        for (int i = 0; i < tables.size(); i++) {
            if (rounds[i] == 0) {
                continue;
            }
            Table t = tables.get(i);
            List<List<TrialSpec>> trials = new ArrayList<>();
            for (int k = 0; k < rounds[i]; k++) {
                List<TrialSpec> round = new ArrayList<>();
                for (int config = 0; config < t.last().size(); config++) {
                    round.add(t.round(config, k));
                }
                trials.add(round);
            }
            out.add(new PlanFit.TableRounds(t.suite(), t.name(), t.part(), t.last().size(), rounds[i], cost[i], trials));
        }
        return out;
    }

    /** Block i: round i of every table that has one, the tables' trials interleaved. */
    static List<List<TrialSpec>> blocks(List<PlanFit.TableRounds> tables) {
        int most = tables.stream().mapToInt(PlanFit.TableRounds::rounds).max().orElse(0);
        List<List<TrialSpec>> out = new ArrayList<>();
        for (int k = 0; k < most; k++) {
            List<List<TrialSpec>> perTable = new ArrayList<>();
            for (PlanFit.TableRounds t : tables) {
                if (k < t.rounds()) {
                    perTable.add(t.trials().get(k));
                }
            }
            out.add(Stats.interleave(perTable));
        }
        return out;
    }

    /** The declared tables among the planned trials, in priority order; configurations that will not run left out. */
    private static List<Table> tables(SweepPlan plan, List<TrialSpec> kept) {
        List<Table> out = new ArrayList<>();
        Map<String, List<TrialSpec>> byConfig = new LinkedHashMap<>();
        kept.forEach(t -> byConfig.computeIfAbsent(t.configKey(), k -> new ArrayList<>()).add(t));
        for (Map.Entry<String, PlannedComparisons> e : PlanFit.judged(plan, kept).entrySet()) {
            PlannedComparisons j = e.getValue();
            for (List<ForkPlanner.Pair> family : j.families()) {
                Map<String, List<TrialSpec>> configs = new LinkedHashMap<>();
                boolean paired = family.stream().anyMatch(ForkPlanner.Pair::paired);
                for (ForkPlanner.Pair p : family) {
                    for (String side : List.of(p.a(), p.b())) {
                        String config = j.configOf().apply(side);
                        if (!configs.containsKey(config)) {
                            List<TrialSpec> trials = byConfig.getOrDefault(config, List.of());
                            if (!trials.isEmpty() && Sweep.precheck(plan, trials.get(trials.size() - 1)) == null) {
                                configs.put(config, trials);
                            }
                        }
                    }
                }
                if (configs.isEmpty() || (!paired && configs.size() < 2)
                        || configs.values().stream().mapToInt(List::size).distinct().count() > 1) {
                    continue; // a round is a block only where every configuration has had the same rounds (a pilot's extra RTT rounds)
                }
                List<TrialSpec> last = new ArrayList<>();
                List<Integer> next = new ArrayList<>();
                int forks = Integer.MAX_VALUE;
                for (List<TrialSpec> trials : configs.values()) {
                    last.add(trials.stream().max(Comparator.comparingInt(TrialSpec::fork)).orElseThrow());
                    next.add(trials.stream().mapToInt(TrialSpec::fork).max().orElse(-1) + 1);
                    forks = Math.min(forks, trials.size());
                }
                out.add(new Table(e.getKey(), name(last), Headline.of(plan, last.get(0)), j, last, next, forks, paired));
            }
        }
        out.sort(Comparator.comparing((Table t) -> t.part().tier()).thenComparingInt(t -> t.part().order()));
        return out;
    }

    /** What the table's configurations share, e.g. {@code producers=1 burst=1}; its first configuration's benchmark where one. */
    private static String name(List<TrialSpec> last) {
        TrialProperties first = last.get(0).config();
        StringBuilder b = new StringBuilder();
        for (String k : first.keySet()) {
            if (!List.of("messages", "work", "buffering").contains(k)
                    && last.stream().allMatch(t -> Objects.equals(t.config().get(k), first.get(k)))) {
                b.append(b.length() == 0 ? "" : " ").append(k).append('=').append(first.get(k));
            }
        }
        return b.length() == 0 ? "(" + last.size() + " rows)" : b.toString();
    }
}
