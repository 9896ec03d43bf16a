package handoff.harness.sweep;

import handoff.harness.page.RunData;
import handoff.harness.page.TextLine;
import handoff.harness.report.Declared;
import handoff.harness.stats.Stats;
import handoff.harness.suites.Suites;
import handoff.harness.trial.BuildAxis;
import handoff.harness.trial.PlannedComparisons;
import handoff.harness.trial.SweepPlan;
import handoff.harness.trial.TrialSpec;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * What a run of two builds runs (docs/running.md, "Two builds in one run"; docs/statistics.md §15), fixed before its
 * first trial from the time model and the budget, never from a result:
 * <ul>
 *   <li><b>the rows</b>: the declared headline rows (docs/statistics.md §1) of the plan's suites and transports that quick
 *   judges on this box — those a pilot judges, with the references they are judged against, where the box has pilots
 *   (§13); else the headline groups of quick's order ({@link Headline}) — whose threads fit the CPUs (an oversubscribed
 *   row never gates, §11);</li>
 *   <li><b>the rounds</b>: each round runs every row once on each build, the two builds of a row back to back, in an order
 *   drawn per round from a recorded seed; as many rounds as the budget holds, {@value #MAX_ROUNDS} at most, fork i of
 *   both builds in round i.</li>
 * </ul>
 */
public final class AbPlan {
    /** Fewer rounds than this cannot be tested at all (a paired test needs two pairs). */
    public static final int MIN_ROUNDS = Stats.MIN_FORKS;
    /**
     * The most rounds a budget buys: twice the forks a configuration gets elsewhere ({@link PlanFit#MAX_FORKS}), since a
     * round here is the test's unit and a slowdown of 1.2× through this box's two-mode forks needs about 30 of them
     * (docs/statistics.md §15).
     */
    static final int MAX_ROUNDS = 2 * PlanFit.MAX_FORKS;
    /** The sweep's time when {@code --budget} is not given: with two builds on top, 15 minutes on the 2-vCPU box. */
    public static final long DEFAULT_BUDGET_S = 10 * 60;

    private final SweepPlan plan;
    private final Calibration calibration;
    private final List<TrialSpec> rows;
    private final List<Boolean> headFirst;
    private final long seed;
    private final double roundSeconds;

    private AbPlan(SweepPlan plan, Calibration c, List<TrialSpec> rows, int rounds, long seed, double roundSeconds) {
        this.plan = plan;
        this.calibration = c;
        this.rows = rows;
        this.seed = seed;
        this.roundSeconds = roundSeconds;
        SplittableRandom random = new SplittableRandom(seed);
        List<Boolean> order = new ArrayList<>();
        for (int r = 0; r < rounds; r++) {
            order.add(random.nextBoolean());
        }
        this.headFirst = List.copyOf(order);
    }

    /**
     * The plan of a run of two builds.
     *
     * @param plan quick's plan of the suites and transports given, with the budget of the run's trials
     * @param seed draws each round's order of the two builds
     * @throws IllegalArgumentException where no row is left, or the budget holds fewer than {@value #MIN_ROUNDS} rounds
     */
    public static AbPlan of(SweepPlan plan, Calibration c, long seed) {
        List<TrialSpec> rows = rows(plan, c);
        if (rows.isEmpty()) {
            throw new IllegalArgumentException("no declared headline row quick judges fits this box's " + plan.cpus().size()
                    + " CPUs among --suites " + String.join(",", plan.suites()) + " (headline rows: pipeline P = 1 one worker a"
                    + " stage, RTT P = 1; docs/statistics.md §1); allowed: suites and transports that have one, e.g. --suites rtt");
        }
        double round = rows.stream().mapToDouble(t -> 2 * c.seconds(plan, t)).sum();
        int rounds = (int) Math.min(MAX_ROUNDS, Math.floor(plan.budgetSeconds() / round));
        if (rounds < MIN_ROUNDS) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "--budget %s holds %d round%s of the %d rows (about %s a round,"
                            + " both builds); allowed: a budget of %s or more, or fewer rows (--suites, --transports)",
                    ProgressText.duration(plan.budgetSeconds()), Math.max(rounds, 0), rounds == 1 ? "" : "s", rows.size(),
                    ProgressText.duration(round), ProgressText.duration(Math.ceil(MIN_ROUNDS * round))));
        }
        return new AbPlan(plan, c, rows, rounds, seed, round);
    }

    /** The rows, each as its first trial (fork 0), in plan order. */
    static List<TrialSpec> rows(SweepPlan plan, Calibration c) {
        List<TrialSpec> all = Sweep.trials(plan);
        Set<String> judged = PilotRounds.extend(plan, all, c.pilot()).configs();
        Map<String, TrialSpec> out = new LinkedHashMap<>();
        for (TrialSpec t : all) {
            boolean quickJudges = c.pilot().none() ? Headline.of(plan, t).tier().headline() : judged.contains(t.configKey());
            if (t.fork() == 0 && quickJudges && headline(t) && Sweep.precheck(plan, t) == null
                    && Suites.get(t.suite()).threads(t) <= plan.cpus().size()) {
                out.putIfAbsent(t.configKey(), t);
            }
        }
        return List.copyOf(out.values());
    }

    /** Whether a trial is a row of a declared headline question (docs/statistics.md §1). */
    static boolean headline(TrialSpec t) {
        String file = switch (t.suite()) {
            case PilotRounds.RTT -> RunData.RTT;
            case PilotRounds.PIPELINE -> RunData.PIPELINE;
            default -> null;
        };
        if (file == null || "true".equals(t.sizing().get("variant"))) {
            return false;
        }
        TextLine r = new TextLine(file, t.config().asMap());
        return Declared.ALL.stream().anyMatch(q -> q.headline() && q.file().equals(file) && q.rows().test(r));
    }

    /** Every trial, in run order: round by round, each row's two builds back to back in the round's order, fork i in round i. */
    public List<TrialSpec> trials(BuildAxis.Side base, BuildAxis.Side head) {
        List<TrialSpec> out = new ArrayList<>();
        for (int r = 0; r < rounds(); r++) {
            for (TrialSpec row : rows) {
                TrialSpec t = PlannedComparisons.nextFork(row, r);
                out.add(BuildAxis.on(t, headFirst.get(r) ? head : base));
                out.add(BuildAxis.on(t, headFirst.get(r) ? base : head));
            }
        }
        return out;
    }

    /** The rows, each as its first trial (fork 0). */
    public List<TrialSpec> rows() {
        return rows;
    }

    public int rounds() {
        return headFirst.size();
    }

    /** Per round, whether HEAD ran first. */
    public List<Boolean> headFirst() {
        return headFirst;
    }

    public double seconds() {
        return roundSeconds * rounds();
    }

    /** The plan in a few lines: the rows, the rounds and their order, the estimate (dry run, progress). */
    public List<String> summary() {
        Map<String, Integer> bySuite = new LinkedHashMap<>();
        rows.forEach(t -> bySuite.merge(t.suite(), 1, Integer::sum));
        List<String> out = new ArrayList<>();
        out.add(String.format(Locale.ROOT, "rows: %d declared headline rows quick judges on %d CPUs (%s), threads within the CPUs: %s",
                rows.size(), plan.cpus().size(), calibration.pilot().none() ? "no pilot: quick's headline groups" : "those its pilots judge",
                bySuite.entrySet().stream().map(e -> e.getKey() + " " + e.getValue()).reduce((a, b) -> a + ", " + b).orElse("")));
        out.add(String.format(Locale.ROOT, "rounds: %d, each every row once per build, the two back to back in an order drawn per round"
                + " (seed %d); about %s a round, within %s (--budget)", rounds(), seed, ProgressText.duration(roundSeconds),
                ProgressText.duration(plan.budgetSeconds())));
        out.add(String.format(Locale.ROOT, "%d trials, about %s (%s); the two builds come on top", 2 * rows.size() * rounds(),
                ProgressText.duration(seconds()), calibration.how()));
        return out;
    }

    /** The manifest's record of the plan: rows, rounds, each round's order and the seed that drew it, the estimate. */
    public Map<String, Object> toJson() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("rows", rows.stream().map(TrialSpec::configKey).toList());
        m.put("rounds", (long) rounds());
        m.put("seed", seed);
        List<Object> order = new ArrayList<>();
        for (boolean h : headFirst) {
            order.add(h ? BuildAxis.HEAD + "," + BuildAxis.BASE : BuildAxis.BASE + "," + BuildAxis.HEAD);
        }
        m.put("order", order);
        m.put("budget_s", plan.budgetSeconds());
        m.put("estimate_s", Math.round(seconds()));
        m.put("calibration", calibration.toJson());
        m.put("why", "fixed before the first trial from the time model and the budget: every round runs each row once on each build,"
                + " back to back, in an order drawn per round; rows: the declared headline rows quick judges on this box whose threads fit");
        return m;
    }
}
