package handoff.harness.sweep;

import handoff.harness.results.RunFolder;
import handoff.harness.results.TrialProperties;
import handoff.harness.trial.SweepPlan;
import handoff.harness.trial.TrialSpec;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import java.util.function.Predicate;

/**
 * The budget kept while the sweep runs ({@code --budget}, quick): before each trial of the plan, the run's time so far
 * plus the rest of the plan and its further rounds at this run's own pace ({@link Pace}) is set against the budget.
 * Where it would end past it, the lowest-priority groups ({@link Headline}) are deferred to {@code full} — the further
 * rounds first (they stop themselves by the clock), then the plan's groups not yet started, the rest of a started group
 * last — until it fits; a group is decided when its first trial is next (those a deferral would spare are decided
 * later, with more of the pace known), and the judged rows ({@link Headline.Part#judged}) always run. After the plan,
 * the groups the model left out run, highest priority first, each where the run is ahead enough to hold it and the
 * rounds. Every deferral is named: the progress line, the manifest's {@code deferred}, the report. Only the clock
 * decides, never a result, and never an earlier run's speed.
 */
final class BudgetKeeper {
    /** The rule in one line, for the dry run and the manifest. */
    static final String RULE = "the budget is kept while the sweep runs: before each trial, where the time so far plus the rest at this run's"
            + " own pace (measured ÷ model) would end past the budget, the lowest-priority groups not yet started are deferred to"
            + " full (the further rounds first; the judged rows always run), and after the plan the groups the model left out run,"
            + " highest priority first, where the run is ahead enough to hold them and the rounds";

    /** How far past the budget a started group the model left out may take the run before its rest is deferred. */
    static final double CUT_SHARE = 0.025;

    private final SweepPlan plan;
    private final PlanFit.Fit fit;
    /** The trials in the run folder: a resumed run's, then each one this keeper ran. */
    private final Set<TrialSpec> finished = Collections.newSetFromMap(new IdentityHashMap<>());
    private final LongSupplier nanos;
    private final Consumer<String> say;
    private final Consumer<List<TrialSpec>> trials;
    private final long start;
    private final double before;
    private final Pace pace = new Pace();
    /** Per trial (the fit's own instances: a trial's hash is its whole configuration), the model's seconds and its group. */
    private final Map<TrialSpec, Double> model = new IdentityHashMap<>();
    private final Map<TrialSpec, Group> groupOf = new IdentityHashMap<>();
    private final Map<Headline.Part, Group> groups = new LinkedHashMap<>();
    private final List<Object> deferred = new ArrayList<>();
    private final Set<TrialSpec> dropped = Collections.newSetFromMap(new IdentityHashMap<>());
    private boolean overrunSaid;

    /** One group of quick's plan: its trials, whether the model kept it, and whether it started or was deferred. */
    private static final class Group {
        final Headline.Part part;
        final List<TrialSpec> trials = new ArrayList<>();
        final boolean planned;
        boolean started;
        boolean deferred;

        Group(Headline.Part part, boolean planned) {
            this.part = part;
            this.planned = planned;
        }

        boolean judged() {
            return part.judged() && (planned || started);
        }
    }

    /**
     * @param nanos  the clock ({@link System#nanoTime} but in tests)
     * @param trials receives every trial of the run each time it changes: the plan's, the groups it runs, the rounds
     */
    BudgetKeeper(SweepPlan plan, PlanFit.Fit fit, RunFolder run, LongSupplier nanos, Consumer<String> say, Consumer<List<TrialSpec>> trials) {
        this.plan = plan;
        this.fit = fit;
        this.nanos = nanos;
        this.say = say;
        this.trials = trials;
        Set<TrialSpec> kept = new HashSet<>(fit.plan());
        for (TrialSpec t : fit.order()) {
            Group g = groups.computeIfAbsent(fit.part().apply(t), p -> new Group(p, kept.contains(t)));
            g.trials.add(t);
            groupOf.put(t, g);
        }
        double spent = 0;
        for (TrialSpec t : all()) { // a resumed run: what its earlier sessions ran is its time so far, and its pace
            Optional<TrialProperties> p = run.readTrial(t.key());
            if (p.isPresent()) {
                finished.add(t);
                double wall = number(p.get().get(Timing.WALL_S));
                pace.add(t.suite(), wall, model(t));
                spent += wall;
                Group g = groupOf.get(t);
                if (g != null) {
                    g.started = true;
                }
            }
        }
        this.before = spent;
        this.start = nanos.getAsLong();
        trials.accept(current());
    }

    /**
     * Runs the plan's trials in order, deciding each group as it comes, then the groups the model left out where the run
     * is ahead; false where {@code runOne} stopped the run.
     */
    boolean runPlan(Predicate<TrialSpec> runOne) {
        for (TrialSpec t : fit.plan()) {
            if (finished.contains(t) || !decide(groupOf.get(t))) {
                continue;
            }
            if (!timed(t, runOne)) {
                return false;
            }
        }
        return runLeftOut(runOne);
    }

    /**
     * The groups the model left out of the plan, highest priority first, each where the time so far, the group and the
     * further rounds fit the budget at this run's pace; one that does not is deferred before its first trial. A group
     * that started runs whole (a judged one always), unless the run falls behind by more than {@value #CUT_SHARE} of the
     * budget: then the rest of it is deferred.
     */
    private boolean runLeftOut(Predicate<TrialSpec> runOne) {
        List<Group> leftOut = groups.values().stream().filter(g -> !g.planned && !g.deferred)
                .sorted(Comparator.comparing((Group g) -> g.part.tier()).thenComparingInt(g -> g.part.order())).toList();
        for (Group g : leftOut) {
            for (TrialSpec t : rest(g)) {
                double over = elapsed() + seconds(rest(g)) + seconds(roundsLeft()) - plan.budgetSeconds();
                if (over > (g.started ? CUT_SHARE * plan.budgetSeconds() : 0) && !g.judged()) {
                    defer(g, over);
                    break;
                }
                if (!g.started) {
                    say.accept(String.format(Locale.ROOT, "runs, the run being ahead of the model: %s (%d trials, about %s at this run's pace)",
                            g.part.what(), g.trials.size(), ProgressText.duration(seconds(g.trials))));
                    g.started = true;
                    trials.accept(current());
                }
                if (!timed(t, runOne)) {
                    return false;
                }
            }
        }
        return true;
    }

    /**
     * The further rounds, block by block, as planned before the first trial; a round is started only where the run's time
     * so far plus the round at this run's pace fits the budget, and the rounds left then are dropped whole. Returns the
     * rounds run whole.
     */
    int runRounds(Predicate<TrialSpec> runOne) {
        int roundsRun = 0;
        for (List<TrialSpec> block : fit.rounds()) {
            List<TrialSpec> left = block.stream().filter(t -> !finished.contains(t)).toList();
            double need = seconds(left);
            if (plan.budgetSeconds() > 0 && !left.isEmpty() && elapsed() + need > plan.budgetSeconds()) {
                say.accept(String.format(Locale.ROOT, "further rounds stop before round %d of %d: %s spent, the round needs %s at this run's pace,"
                        + " the budget is %s (--budget)", roundsRun + 1, fit.rounds().size(), ProgressText.duration(elapsed()),
                        ProgressText.duration(need), ProgressText.duration(plan.budgetSeconds())));
                fit.rounds().subList(roundsRun, fit.rounds().size()).forEach(r -> r.stream().filter(t -> !finished.contains(t)).forEach(dropped::add));
                trials.accept(current());
                return roundsRun;
            }
            for (TrialSpec t : left) {
                if (!timed(t, runOne)) {
                    return roundsRun;
                }
            }
            roundsRun++;
        }
        return roundsRun;
    }

    /** Seconds left at this run's pace: every trial still to run of the plan, the groups it runs and the rounds. */
    double left() {
        List<TrialSpec> todo = new ArrayList<>();
        for (Group g : groups.values()) {
            if (!g.deferred && (g.planned || g.started)) {
                todo.addAll(rest(g));
            }
        }
        todo.addAll(roundsLeft());
        return seconds(todo);
    }

    /** The manifest's {@code deferred}: the groups the model left out that did not run, and those deferred while running. */
    List<Object> deferredJson() {
        List<Object> out = new ArrayList<>();
        if (fit.fitted()) { // before their turn, the groups the model left out are deferred unless the run is ahead
            for (PlanFit.Deferred d : fit.deferred()) {
                Group g = groups.values().stream().filter(x -> x.part.what().equals(d.what())).findFirst().orElse(null);
                if (g != null && !g.started && !g.deferred) {
                    out.add(entry(d.suite(), d.what(), d.trials(), d.seconds(), "not in the model's plan: it runs after the plan where this run is"
                            + " ahead of the model"));
                }
            }
        }
        out.addAll(deferred);
        return out;
    }

    /** The run's time so far: earlier sessions' trials, then this session's clock. */
    double elapsed() {
        return before + (nanos.getAsLong() - start) / 1e9;
    }

    /** Whether the group's next trial runs: always where nothing is fitted, else as the budget allows (the class's rule). */
    private boolean decide(Group g) {
        if (!fit.fitted() || g.deferred) {
            return !g.deferred;
        }
        double over = overrun();
        List<Group> spared = over > 0 ? spared(over) : List.of(); // says so once where even all of them would not do
        if (spared.contains(g)) {
            defer(g, over);
            return false;
        }
        if (!g.started) {
            g.started = true;
            trials.accept(current());
        }
        return true;
    }

    /** Seconds past the budget the run would end at this pace, with the plan's groups not deferred and the rounds; ≤ 0 where it fits. */
    private double overrun() {
        double rest = 0;
        for (Group g : groups.values()) {
            if (!g.deferred && (g.planned || g.started)) {
                rest += seconds(rest(g));
            }
        }
        return elapsed() + rest + seconds(roundsLeft()) - plan.budgetSeconds();
    }

    /**
     * The groups of the plan whose deferral brings the run back within its budget, in the order they go, after the further
     * rounds (counted, not deferred: they stop themselves by the clock): not started, lowest priority first; then started.
     * Judged groups are never among them.
     */
    private List<Group> spared(double over) {
        Comparator<Group> lowestFirst = Comparator.comparing((Group g) -> g.part.tier()).thenComparingInt(g -> g.part.order()).reversed();
        List<Group> out = new ArrayList<>();
        double freed = seconds(roundsLeft());
        freed = take(candidates(g -> !g.started && g.planned, lowestFirst), over, freed, out);
        freed = take(candidates(g -> g.started, Comparator.comparing((Group g) -> g.planned).thenComparing(lowestFirst)), over, freed, out);
        if (freed < over && !overrunSaid) {
            overrunSaid = true;
            say.accept(String.format(Locale.ROOT, "the judged rows alone end about %s past the budget at this run's pace: they run all the same",
                    ProgressText.duration(over - freed)));
        }
        return out;
    }

    /** The groups that may be deferred (not judged, not deferred yet) among {@code which}, in the order they would go. */
    private List<Group> candidates(Predicate<Group> which, Comparator<Group> order) {
        return groups.values().stream().filter(g -> !g.deferred && !g.judged() && which.test(g)).sorted(order).toList();
    }

    /** Adds groups in order to {@code out} while what they free falls short of {@code over}; returns the seconds freed. */
    private double take(List<Group> in, double over, double freed, List<Group> out) {
        for (Group g : in) {
            if (freed >= over) {
                break;
            }
            out.add(g);
            freed += seconds(rest(g));
        }
        return freed;
    }

    private List<TrialSpec> rest(Group g) {
        return g.trials.stream().filter(t -> !finished.contains(t)).toList();
    }

    private List<TrialSpec> roundsLeft() {
        return fit.rounds().stream().flatMap(List::stream).filter(t -> !finished.contains(t) && !dropped.contains(t)).toList();
    }

    private void defer(Group g, double over) {
        List<TrialSpec> rest = rest(g);
        double seconds = seconds(rest);
        String what = g.part.what() + (g.started ? ", its last " + rest.size() + " of " + g.trials.size() + " trials" : "");
        String why = String.format(Locale.ROOT, "at %s the rest would have ended %s past the %s budget at this run's pace (%.2f× the model)",
                ProgressText.duration(elapsed()), ProgressText.duration(over), ProgressText.duration(plan.budgetSeconds()), pace.overall());
        g.deferred = true;
        deferred.add(entry(rest.get(0).suite(), what, rest.size(), seconds, why));
        say.accept(String.format(Locale.ROOT, "deferred to full while running: %s (%d trials, about %s): %s", what, rest.size(),
                ProgressText.duration(seconds), why));
        trials.accept(current());
    }

    private static Map<String, Object> entry(String suite, String what, int trials, double seconds, String why) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("suite", suite);
        m.put("what", what);
        m.put("trials", (long) trials);
        m.put("seconds", Math.round(seconds));
        m.put("why", why);
        return m;
    }

    /** Runs one trial and adds its time, start to the next trial's, to this run's pace. */
    private boolean timed(TrialSpec t, Predicate<TrialSpec> runOne) {
        long t0 = nanos.getAsLong();
        boolean ok = runOne.test(t);
        if (ok) {
            finished.add(t);
            pace.add(t.suite(), (nanos.getAsLong() - t0) / 1e9, model(t));
        }
        return ok;
    }

    /** Every trial of the run now: the groups not deferred that the model kept or that started, then the rounds not dropped. */
    private List<TrialSpec> current() {
        List<TrialSpec> out = new ArrayList<>();
        for (TrialSpec t : fit.order()) {
            Group g = groupOf.get(t);
            if ((g.planned || g.started) && (!g.deferred || finished.contains(t))) {
                out.add(t);
            }
        }
        fit.rounds().forEach(r -> r.stream().filter(t -> !dropped.contains(t)).forEach(out::add));
        return List.copyOf(out);
    }

    private List<TrialSpec> all() {
        List<TrialSpec> out = new ArrayList<>(fit.order());
        fit.rounds().forEach(out::addAll);
        return out;
    }

    private double seconds(List<TrialSpec> ts) {
        double s = 0;
        for (TrialSpec t : ts) {
            s += model(t) * pace.of(t.suite());
        }
        return s;
    }

    private double model(TrialSpec t) {
        return model.computeIfAbsent(t, x -> Calibration.modelSeconds(plan, x));
    }

    private static double number(String s) {
        try {
            return s == null ? 0 : Double.parseDouble(s);
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
