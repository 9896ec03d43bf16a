package handoff.harness.sweep;

import handoff.harness.stats.ForkPlanner;
import handoff.harness.stats.Stats;
import handoff.harness.suites.Suites;
import handoff.harness.trial.PlannedComparisons;
import handoff.harness.trial.Profile;
import handoff.harness.trial.SweepPlan;
import handoff.harness.trial.TrialSpec;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * What a sweep plans, fixed before its first trial from the suites' time model and the budget ({@code --budget}), never
 * from results (docs/statistics.md: forks added while a verdict is open would be sequential testing, and the p-values
 * fixed-sample ones) and never from how fast an earlier run happened to be: the calibration ({@link Calibration}) makes
 * the estimate, not the plan, so every run of a profile on a box of a size plans the same. While the sweep runs, its
 * {@link BudgetKeeper} keeps the budget with this run's own pace: it defers the lowest-priority groups that no longer
 * fit and runs the groups the model left out where the run is ahead of it.
 *
 * <p>In {@code quick} the suites' plan for the box is taken group by group in {@link Headline}'s order (the pipeline
 * decision table, ours vs LMAX for every topology that fits, RTT against the baseline, the sources' claims, the rest)
 * while the groups fit the budget; a group that does not fit is deferred to {@code full}, named with its trials and
 * seconds. Ours vs LMAX runs in rounds of its suite's own further trial ({@link PlannedComparisons#more}, two pairs each, both
 * orders): {@value #PAIRED_MIN_ROUNDS} rounds at least (4 pairs), {@value #PAIRED_WANTED_ROUNDS} where the time allows. {@code full} and {@code smoke} keep their scale.
 *
 * <p>Then the budget left buys further rounds ({@link RoundPlan}): a round of a declared table ({@link PlannedComparisons#families})
 * is every configuration of it once more, fork index i of each in round i, interleaved, so rounds stay blocks.
 * Ours vs LMAX first to {@value #PAIRED_WANTED_ROUNDS} rounds (6 pairs), then one round at a time to each table in
 * priority order while a round fits, at most {@value #MAX_FORKS} forks a configuration.
 */
final class PlanFit {
    /** No configuration is given more forks (or rounds) than this. */
    static final int MAX_FORKS = 20;
    /** Rounds of a paired suite's judged rows in quick's plan: 2 × 2 pairs. */
    static final int PAIRED_MIN_ROUNDS = 2;
    /** Rounds of a paired suite's judged rows where the time allows: 3 × 2 pairs. */
    static final int PAIRED_WANTED_ROUNDS = 3;

    /** A group quick does not run on this box: it is {@code full}'s. */
    record Deferred(String suite, String what, int trials, double seconds) {
    }

    /** The further rounds planned for one declared table: its configurations' trials per round, and why. */
    record TableRounds(String suite, String table, Headline.Part part, int configurations, int rounds, double secondsPerRound,
                       List<List<TrialSpec>> trials) {
    }

    /**
     * @param plan         the trials before any further round, in run order
     * @param rounds       the further rounds as blocks, in run order: block i holds round i of every table that has one
     * @param tables       per declared table, its further rounds
     * @param deferred     the groups the model leaves to {@code full}
     * @param planSeconds  the calibrated seconds of {@code plan}
     * @param roundSeconds the calibrated seconds of {@code rounds}
     * @param order        every trial quick could run, the deferred groups' included, in run order ({@code plan} where
     *                     nothing is fitted)
     * @param part         the group of each trial of {@code order}
     * @param fitted       whether the budget decides the groups (quick with a budget): then it is kept while running
     */
    record Fit(List<TrialSpec> plan, List<List<TrialSpec>> rounds, List<TableRounds> tables, List<Deferred> deferred,
               double planSeconds, double roundSeconds, List<TrialSpec> order, Function<TrialSpec, Headline.Part> part,
               boolean fitted) {
        /** Every trial, further rounds included. */
        List<TrialSpec> all() {
            List<TrialSpec> out = new ArrayList<>(plan);
            rounds.forEach(out::addAll);
            return out;
        }

        double seconds() {
            return planSeconds + roundSeconds;
        }
    }

    /**
     * A fit of trials given in their order (two builds in one run: {@link AbPlan}): no round added, nothing deferred,
     * nothing fitted, so the budget keeper runs every one of them.
     */
    static Fit given(List<TrialSpec> trials, ToDoubleFunction<TrialSpec> seconds) {
        Headline.Part part = new Headline.Part(Headline.Tier.DECISION, 0, "two builds in one run", true);
        return new Fit(trials, List.of(), List.of(), List.of(), trials.stream().mapToDouble(seconds).sum(), 0, trials, t -> part, false);
    }

    private PlanFit() {
    }

    /**
     * Quick's plan for this box within its budget by the suites' model, and the rounds its budget leaves room for; the
     * calibration gives the estimates ({@link Fit#planSeconds}, {@link Fit#roundSeconds}) and the pilot, not the plan.
     */
    static Fit of(SweepPlan plan, Calibration c) {
        Calibration model = c.modelOnly();
        List<TrialSpec> all = Sweep.trials(plan);
        double budget = plan.budgetSeconds();
        boolean fitting = plan.profile() == Profile.QUICK && budget > 0;
        Set<String> piloted = Set.of();
        if (fitting && plan.forksOption() == 0) {
            PilotRounds.Extended e = PilotRounds.extend(plan, splitPaired(plan, all), c.pilot());
            all = e.trials();
            piloted = e.configs();
        }
        List<Deferred> deferred = new ArrayList<>();
        Set<String> pilotedConfigs = piloted;
        Function<TrialSpec, Headline.Part> part = t -> pilotedConfigs.contains(t.configKey()) ? PilotRounds.part(t)
                : Headline.of(plan, t);
        List<TrialSpec> kept = fitting ? fit(plan, model, all, budget, deferred, part) : all;
        double planModel = kept.stream().mapToDouble(t -> model.seconds(plan, t)).sum();
        List<TableRounds> tables = budget > 0 ? RoundPlan.plan(plan, model, kept, budget - planModel) : List.of();
        List<List<TrialSpec>> blocks = RoundPlan.blocks(tables);
        double planSeconds = kept.stream().mapToDouble(t -> c.seconds(plan, t)).sum();
        double roundSeconds = blocks.stream().flatMap(List::stream).mapToDouble(t -> c.seconds(plan, t)).sum();
        return new Fit(kept, blocks, tables, deferred, planSeconds, roundSeconds, fitting ? all : kept, part, fitting);
    }

    /** Groups in priority order while they fit; the rest deferred. Trials keep their plan order. */
    private static List<TrialSpec> fit(SweepPlan plan, Calibration c, List<TrialSpec> all, double budget, List<Deferred> deferred,
                                       Function<TrialSpec, Headline.Part> partOf) {
        Map<Headline.Part, List<TrialSpec>> groups = new LinkedHashMap<>();
        for (TrialSpec t : all) {
            groups.computeIfAbsent(partOf.apply(t), k -> new ArrayList<>()).add(t);
        }
        List<Headline.Part> order = new ArrayList<>(groups.keySet());
        order.sort(Comparator.comparing(Headline.Part::tier).thenComparingInt(Headline.Part::order));
        Set<Headline.Part> keep = new HashSet<>();
        double used = 0;
        for (Headline.Part p : order) {
            double cost = groups.get(p).stream().mapToDouble(t -> c.seconds(plan, t)).sum();
            if (used + cost <= budget) {
                keep.add(p);
                used += cost;
            } else {
                deferred.add(new Deferred(groups.get(p).get(0).suite(), p.what(), groups.get(p).size(), cost));
            }
        }
        return all.stream().filter(t -> keep.contains(partOf.apply(t))).toList();
    }

    /**
     * A suite whose one trial holds both sides' pairs ({@link PlannedComparisons#pairedWithin}): its judged rows' trials become
     * {@value #PAIRED_WANTED_ROUNDS} rounds of its own further trial, interleaved across the rows (round 0 of every row,
     * then round 1, ...), in the place of the first; the rounds beyond {@value #PAIRED_MIN_ROUNDS} are a group of their
     * own ({@link Headline}), kept where the time allows.
     */
    private static List<TrialSpec> splitPaired(SweepPlan plan, List<TrialSpec> all) {
        List<TrialSpec> out = new ArrayList<>();
        Map<String, PlannedComparisons> judged = judged(plan, all);
        Set<String> split = new HashSet<>();
        for (TrialSpec t : all) {
            PlannedComparisons j = judged.get(t.suite());
            Set<String> rows = j == null ? Set.of() : pairedConfigs(j);
            if (!rows.contains(t.configKey())) {
                out.add(t);
                continue;
            }
            if (split.add(t.suite())) {
                List<List<TrialSpec>> perRow = new ArrayList<>();
                for (TrialSpec base : all) {
                    if (base.suite().equals(t.suite()) && rows.contains(base.configKey())) {
                        List<TrialSpec> rounds = new ArrayList<>();
                        for (int r = 0; r < PAIRED_WANTED_ROUNDS; r++) {
                            rounds.add(j.more().apply(base, r));
                        }
                        perRow.add(rounds);
                    }
                }
                out.addAll(Stats.interleave(perRow));
            }
        }
        return out;
    }

    private static Set<String> pairedConfigs(PlannedComparisons j) {
        Set<String> out = new LinkedHashSet<>();
        for (List<ForkPlanner.Pair> table : j.families()) {
            for (ForkPlanner.Pair p : table) {
                if (p.paired()) {
                    out.add(j.configOf().apply(p.a()));
                    out.add(j.configOf().apply(p.b()));
                }
            }
        }
        return out;
    }

    /** Per suite of the plan that judges from forks, what it judges among these trials. */
    static Map<String, PlannedComparisons> judged(SweepPlan plan, List<TrialSpec> trials) {
        Map<String, PlannedComparisons> out = new LinkedHashMap<>();
        for (String s : plan.suites()) {
            PlannedComparisons j = Suites.get(s).judged(plan, trials.stream().filter(t -> t.suite().equals(s)).toList());
            if (!j.none()) {
                out.put(s, j);
            }
        }
        return out;
    }

    /** The plan in a few lines: what runs, what is deferred to full, the rounds and the estimate (dry run, progress, tests). */
    static List<String> summary(SweepPlan plan, Fit fit, Calibration c) {
        List<String> out = new ArrayList<>();
        Map<String, double[]> bySuite = new LinkedHashMap<>();
        for (TrialSpec t : fit.plan()) {
            double[] s = bySuite.computeIfAbsent(t.suite(), k -> new double[2]);
            s[0]++;
            s[1] += c.seconds(plan, t);
        }
        List<String> parts = new ArrayList<>();
        bySuite.forEach((s, v) -> parts.add(String.format(Locale.ROOT, "%s %d (%s)", s, (int) v[0], ProgressText.duration(v[1]))));
        out.add("runs: " + String.join(", ", parts));
        if (plan.profile() == Profile.QUICK && plan.budgetSeconds() > 0) {
            out.add("quick's order on " + plan.cpus().size() + " CPUs: " + Arrays.stream(Headline.Tier.values())
                    .map(t -> t.label).reduce((a, b) -> a + ", " + b).orElse("") + "; within " + ProgressText.duration(plan.budgetSeconds()) + " (--budget)");
            out.add("what quick judges: " + c.pilot().words());
            if (fit.deferred().isEmpty()) {
                out.add("deferred to full: nothing");
            }
            for (Deferred d : fit.deferred()) {
                out.add(String.format(Locale.ROOT, "deferred to full: %s (%d trials, about %s by the model; run where this run's pace leaves time)",
                        d.what(), d.trials(), ProgressText.duration(d.seconds())));
            }
            out.add("kept while running: " + BudgetKeeper.RULE);
        }
        if (fit.tables().isEmpty()) {
            out.add("further rounds: none (" + (plan.budgetSeconds() <= 0 ? "--budget 0" : "no time left in the budget after the plan") + ")");
        }
        for (TableRounds t : fit.tables()) {
            out.add(String.format(Locale.ROOT, "further rounds, fixed before the run: %s %s: +%d round%s of %d configurations (%s each)",
                    t.suite(), t.table(), t.rounds(), t.rounds() == 1 ? "" : "s", t.configurations(), ProgressText.duration(t.secondsPerRound())));
        }
        int trials = fit.plan().size() + fit.rounds().stream().mapToInt(List::size).sum();
        out.add(String.format(Locale.ROOT, "%d trials, about %s (%s)", trials, ProgressText.duration(fit.seconds()), c.how()));
        return out;
    }

    /** The manifest's record of the fit: the calibration it was made with, what was deferred, the rounds planned and why. */
    static Map<String, Object> toJson(SweepPlan plan, Fit fit, Calibration c) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("budget_s", (long) plan.budgetSeconds()); // whole seconds and counts are integers in the file (results.Json)
        m.put("plan_s", Math.round(fit.planSeconds()));
        m.put("rounds_s", Math.round(fit.roundSeconds()));
        m.put("calibration", c.toJson());
        m.put("why", "fixed before the first trial from the suites' time model and the budget, never from results nor from an earlier"
                + " run's speed (the calibration makes the estimate): quick takes its groups in priority order while they fit and"
                + " defers the rest to full; the budget left buys further rounds (every configuration of a declared table once more,"
                + " as a block), ours vs LMAX first to " + 2 * PAIRED_WANTED_ROUNDS + " pairs, then one round at a time to each table"
                + " in priority order; " + BudgetKeeper.RULE);
        return m;
    }

    static List<Object> roundsJson(Fit fit, int roundsRun) {
        List<Object> out = new ArrayList<>();
        for (TableRounds t : fit.tables()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("suite", t.suite());
            m.put("table", t.table());
            m.put("configurations", (long) t.configurations());
            m.put("rounds_planned", (long) t.rounds());
            m.put("rounds_run", (long) Math.min(t.rounds(), roundsRun));
            m.put("seconds_per_round", Math.round(t.secondsPerRound()));
            out.add(m);
        }
        return out;
    }
}
