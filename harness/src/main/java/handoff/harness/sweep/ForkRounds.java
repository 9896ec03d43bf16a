package handoff.harness.sweep;

import handoff.harness.results.RunFolder;
import handoff.harness.trial.Comparison;
import handoff.harness.trial.ForkPlanner;
import handoff.harness.trial.Judged;
import handoff.harness.trial.Stats;
import handoff.harness.trial.TrialSpec;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.ToDoubleFunction;

/**
 * The adaptive forks: after every configuration has its plan's forks (the minimum), rounds of further forks go to
 * the comparisons whose verdict is still open, until each is resolved or capped, or the time budget is spent.
 * Each round reads the per-fork values gathered so far ({@link Judged#values}), asks {@link ForkPlanner} which
 * comparisons of each table are open (those its forks cannot resolve at all first, then the widest relative
 * interval), spends the budget on the tables cheapest to bring within reach of a verdict (a table of many rows needs
 * many forks a row before Holm lets any pair differ: where that costs more than the budget left, it gets none and
 * says so), and runs at most one further round per configuration, tables and suites taking turns, so a round's
 * forks are interleaved across configurations and the two sides of a paired comparison run together (in one trial,
 * or one after the other). Before each trial the budget is checked against the run's time so far (the trials'
 * measured wall seconds, earlier sessions of a resumed run included) plus the trial's calibrated estimate; where it
 * does not fit, the rounds end and the configurations still open are recorded as "budget exhausted".
 * {@link ForkGrants} records every grant's reason in the manifest.
 */
final class ForkRounds {
    /** No configuration gets more forks (or rounds) than {@code --forks} allows at most. */
    static final int MAX_FORKS = 20;

    /** Runs one trial of the sweep (recorded, the suite's CSV rebuilt); false when the sweep is stopping. */
    interface Runner {
        boolean run(TrialSpec spec);
    }

    private final RunFolder run;
    private final Map<String, Judged> judged;
    private final ToDoubleFunction<TrialSpec> estimate;
    private final double budgetSeconds;
    private final ForkGrants grants;
    private final Consumer<Map<String, Object>> save;
    /** Per suite, the further trials this session ran. */
    private final Map<String, Integer> added = new LinkedHashMap<>();

    /**
     * @param judged        per suite (sweep order), what it judges; suites with {@link Judged#NONE} left out
     * @param estimate      calibrated seconds of a trial ({@link Calibration#seconds})
     * @param budgetSeconds the sweep's time budget in all; 0: the plan's forks only
     * @param save          writes the grants into the manifest
     */
    ForkRounds(RunFolder run, Map<String, Judged> judged, ToDoubleFunction<TrialSpec> estimate, double budgetSeconds,
               ForkGrants grants, Consumer<Map<String, Object>> save) {
        this.run = run;
        this.judged = judged;
        this.estimate = estimate;
        this.budgetSeconds = budgetSeconds;
        this.grants = grants;
        this.save = save;
    }

    /**
     * Adds the further rounds an earlier session of this run already ran to {@code all} (they are in the run folder;
     * the plan alone does not know them), so a resumed run folds and counts them.
     */
    void rediscover(List<TrialSpec> all) {
        for (Map.Entry<String, Judged> e : judged.entrySet()) {
            for (String config : configs(e.getValue())) {
                TrialSpec last = last(all, config);
                for (int f = nextFork(all, config); last != null && f < 10 * MAX_FORKS; f++) {
                    TrialSpec more = e.getValue().more().apply(last, f);
                    if (!run.hasTrial(more.key())) {
                        break;
                    }
                    all.add(more);
                }
            }
        }
    }

    /** Runs rounds until every open comparison is resolved or capped, the budget is spent, or the sweep stops. */
    void run(List<TrialSpec> all, Runner runner) {
        if (judged.isEmpty()) {
            return; // no suite of the plan judges from forks: the manifest's record stays empty
        }
        while (true) {
            double spent = spentSeconds(all);
            List<Grant> round = round(all, budgetSeconds <= 0 ? Double.POSITIVE_INFINITY : budgetSeconds - spent);
            save.accept(grants.toJson());
            if (round.isEmpty()) {
                return;
            }
            for (int i = 0; i < round.size(); i++) {
                Grant g = round.get(i);
                double est = estimate.applyAsDouble(g.spec);
                if (budgetSeconds <= 0 || spent + est > budgetSeconds) {
                    round.subList(i, round.size()).forEach(open -> grants.exhausted(open.config, open.why, budgetSeconds <= 0));
                    round(all, Double.POSITIVE_INFINITY); // the counts after what did run
                    save.accept(grants.toJson());
                    return;
                }
                all.add(g.spec);
                grants.granted(g.config, g.why);
                if (!runner.run(g.spec)) {
                    save.accept(grants.toJson());
                    return;
                }
                added.merge(g.suite, 1, Integer::sum);
                spent += run.readTrial(g.spec.key()).map(p -> seconds(p.get(Timing.WALL_S))).filter(x -> x > 0).orElse(est);
            }
        }
    }

    /** One trial of a further round, for a configuration, and why. */
    private record Grant(String suite, String config, TrialSpec spec, String why) {
    }

    /** A table's grants of this round, the seconds until its forks can resolve, and the forks a row that takes. */
    private record TableRound(List<Grant> grants, double toReach, int reach) {
    }

    /**
     * This round's trials, tables and suites taking turns (at most one per configuration); records each configuration's
     * forks so far (its minimum on the first look) and each suite's comparisons resolved. Tables go cheapest first
     * by the time until their forks can resolve anything at all ({@link ForkPlanner#forksToReach}, at least one more
     * round); a table whose time to get there does not fit in the {@code left} seconds beside the cheaper tables'
     * gets nothing and its configurations record why: the budget goes where a verdict can still be reached, not
     * spread over tables that need more forks than it can buy.
     */
    private List<Grant> round(List<TrialSpec> all, double left) {
        List<TableRound> tables = new ArrayList<>();
        Set<String> taken = new HashSet<>();
        for (Map.Entry<String, Judged> e : judged.entrySet()) {
            String suite = e.getKey();
            Judged j = e.getValue();
            Map<String, double[]> values = values(suite, j, all);
            int comparisons = 0;
            int resolved = 0;
            for (List<ForkPlanner.Pair> table : j.families()) {
                List<ForkPlanner.Pair> tested = table.stream().filter(p -> values.containsKey(p.a()) && values.containsKey(p.b())).toList();
                for (ForkPlanner.Pair p : tested) {
                    comparisons++;
                    Comparison c = ForkPlanner.test(p, values.get(p.a()), values.get(p.b()));
                    resolved += ForkPlanner.resolved(c, tested.size()) ? 1 : 0;
                }
                List<Grant> grantsOfTable = new ArrayList<>();
                for (ForkPlanner.Grant g : ForkPlanner.next(values, tested, 0, MAX_FORKS, Integer.MAX_VALUE)) {
                    String config = j.configOf().apply(g.config());
                    long trials = all.stream().filter(t -> t.configKey().equals(config)).count();
                    if (trials >= MAX_FORKS || !taken.add(config)) {
                        continue;
                    }
                    grantsOfTable.add(new Grant(suite, config, j.more().apply(last(all, config), nextFork(all, config)), g.why()));
                }
                if (!grantsOfTable.isEmpty()) {
                    tables.add(costed(grantsOfTable, tested, j, values));
                }
            }
            for (String config : configs(j)) {
                if (!grants.knows(config)) {
                    grants.minimum(config, forks(j, values, config));
                }
                grants.forks(config, forks(j, values, config));
            }
            grants.suite(suite, comparisons, resolved, added.getOrDefault(suite, 0));
        }
        tables.sort(Comparator.comparingDouble(TableRound::toReach));
        List<List<Grant>> perTable = new ArrayList<>();
        double booked = 0; // what the cheaper tables taken need to reach a verdict: reserved for them
        for (TableRound t : tables) {
            if (booked + t.toReach() <= left) {
                perTable.add(t.grants());
                booked += t.toReach();
                continue;
            }
            String cost = t.reach() > MAX_FORKS
                    ? "not resolvable within " + MAX_FORKS + " forks a row"
                    : String.format(Locale.ROOT, "resolvable from %d forks a row, ~%.0f s more; %.0f s of the budget left%s",
                    t.reach(), t.toReach(), Math.max(0, left), t.toReach() <= left ? " beside cheaper tables" : "");
            t.grants().forEach(g -> grants.exhausted(g.config, g.why + "; " + cost, false));
        }
        return Stats.interleave(perTable);
    }

    /** A table's round and its seconds until resolvable: per granted configuration, its forks still missing (at least one) × its estimate. */
    private TableRound costed(List<Grant> grantsOfTable, List<ForkPlanner.Pair> tested, Judged j, Map<String, double[]> values) {
        int reach = ForkPlanner.forksToReach(tested.size(), tested.stream().anyMatch(ForkPlanner.Pair::paired), MAX_FORKS);
        double toReach = 0;
        for (Grant g : grantsOfTable) {
            double est = estimate.applyAsDouble(g.spec);
            toReach += reach > MAX_FORKS ? Double.POSITIVE_INFINITY : Math.max(1, reach - forks(j, values, g.config)) * est;
        }
        return new TableRound(grantsOfTable, toReach, reach);
    }

    private Map<String, double[]> values(String suite, Judged j, List<TrialSpec> all) {
        List<Map<String, String>> trials = new ArrayList<>();
        for (TrialSpec t : all) {
            if (t.suite().equals(suite)) {
                run.readTrial(t.key()).ifPresent(trials::add);
            }
        }
        return j.values().apply(trials);
    }

    /** A configuration's forks so far: the most values any of its sides has. */
    private static int forks(Judged j, Map<String, double[]> values, String config) {
        return values.entrySet().stream().filter(e -> j.configOf().apply(e.getKey()).equals(config))
                .mapToInt(e -> e.getValue().length).max().orElse(0);
    }

    private static List<String> configs(Judged j) {
        List<String> out = new ArrayList<>();
        for (List<ForkPlanner.Pair> table : j.families()) {
            for (ForkPlanner.Pair p : table) {
                for (String side : List.of(p.a(), p.b())) {
                    String c = j.configOf().apply(side);
                    if (!out.contains(c)) {
                        out.add(c);
                    }
                }
            }
        }
        return out;
    }

    private static TrialSpec last(List<TrialSpec> all, String config) {
        TrialSpec last = null;
        for (TrialSpec t : all) {
            if (t.configKey().equals(config) && (last == null || t.fork() >= last.fork())) {
                last = t;
            }
        }
        return last;
    }

    private static int nextFork(List<TrialSpec> all, String config) {
        return all.stream().filter(t -> t.configKey().equals(config)).mapToInt(TrialSpec::fork).max().orElse(-1) + 1;
    }

    /** The run's time so far: every trial's measured wall seconds (JVM start-up included). */
    private double spentSeconds(List<TrialSpec> all) {
        double s = 0;
        for (TrialSpec t : all) {
            s += run.readTrial(t.key()).map(p -> seconds(p.get(Timing.WALL_S))).filter(x -> x > 0).orElse(0.0);
        }
        return s;
    }

    private static double seconds(String s) {
        try {
            return s == null ? 0 : Double.parseDouble(s);
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
