package handoff.harness.versus;

import handoff.harness.jmhsuite.JmhRunner;
import handoff.harness.jmhsuite.JmhSuite;
import handoff.harness.results.Schema;
import handoff.harness.results.TrialProperties;
import handoff.harness.trial.Forks;
import handoff.harness.trial.PlannedComparisons;
import handoff.harness.trial.Profile;
import handoff.harness.trial.RoundMerge;
import handoff.harness.trial.Status;
import handoff.harness.trial.SweepPlan;
import handoff.harness.trial.TrialContext;
import handoff.harness.trial.TrialSpec;
import handoff.queues.Wait;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * The hand-rolled Disruptor against LMAX Disruptor 4 ({@link DisruptorVsLmax}), in every {@link Topology},
 * by a protocol a noisy box cannot fool: one trial per topology × wait runs JMH forks of the two rings
 * <em>interleaved</em> (ours, LMAX, LMAX, ours, ours, LMAX …: one fork per JVM, the pair order alternating so
 * neither side always goes second), and the figure is ours ÷ LMAX per adjacent pair, median over the pairs
 * with a distribution-free 95 % interval ({@link handoff.harness.stats.Stats#pairedRatio}). Drift of the box
 * over minutes hits both members of a pair alike and cancels in their ratio; a difference is called only where
 * the interval excludes 1 ({@link VersusCsv}).
 *
 * <p>Ours slips behind a streaming producer ({@code handoff.queues.disruptor.Slip}); LMAX's consumer does not. So a
 * plain row this box judges rotates three sides instead of two ({@link #triple}): ours, ours with the slip off
 * ({@code disruptor-noslip}) and LMAX, giving ours ÷ LMAX, the ring against the ring (slip off ÷ LMAX) and the slip's
 * own effect (ours ÷ slip off) from the same rotations, each with its paired verdict.
 *
 * <p>Waits by default: {@code yield} only in {@code quick} ({@code spin} would measure the scheduler on a
 * shared 2-CPU box, the others the wake-up); {@code full} adds {@code spin} where a topology's threads fit the
 * CPUs, {@code park}, {@code block}, and a {@link Policy#LIKE_OURS} row for each wait whose LMAX namesake idles
 * differently ({@link Policy#differs}: {@code park}, {@code block}). {@code --wait} picks the waits; their
 * {@code -likeours} rows follow.
 * A trial busy-waits with more threads than CPUs under {@code yield} by design, on both sides alike (the
 * {@code yield} lets the other threads in); its rows say {@code oversubscribed}.
 *
 * <p>Beside the plain 1P→1C row, at the same waits and sizing, every profile runs its {@link Bench} variants: batch
 * publishing at {@link Bench#BATCH_SIZES} slots per claim (ours vs LMAX; full only), and the false-sharing control
 * (the same minimal ring with its sequences unpadded vs padded, {@link PairRig}; quick too). In {@code quick} the
 * control is its own family of one and gets 6 pairs (the fewest whose exact signed-rank test reaches p = 2/64 &lt;
 * 0.05) of 6.5 s forks, about 1 min 20 s on the 2-CPU reference box.
 */
public final class DisruptorSuite extends JmhSuite {
    /** What JMH's error says when another JMH run holds {@code /tmp/jmh.lock}. */
    static final String JMH_LOCKED = "Another JMH instance might be running";
    /** How long a fork waits for that lock before the trial fails. */
    static final int LOCK_WAIT_S = 300;

    @Override
    public String name() {
        return "disruptor";
    }

    @Override
    public String csvFile() {
        return VersusCsv.SCORES;
    }

    @Override
    public Schema schema() {
        // a judged row's triple gives three ratios per benchmark × wait: its sides tell them apart; the false-sharing
        // control's scores are a file of their own, whose per-fork scores its verdict reads as ours ÷ LMAX reads disruptor.csv's
        return Schema.of(VersusCsv.SCORES_TABLE.schema(), VersusCsv.RATIOS_TABLE.schema(), VersusCsv.CONTROL_TABLE.schema());
    }


    @Override
    public List<TrialSpec> plan(SweepPlan plan) {
        List<TrialSpec> out = new ArrayList<>();
        for (Topology t : Topology.values()) {
            List<Bench> benches = new ArrayList<>(List.of(new Bench(t, 1, false)));
            if (t == Topology.UNICAST_1P1C) {
                benches.addAll(plan.profile() == Profile.QUICK ? Bench.extras(List.of()) : Bench.extras());
            }
            for (Bench b : benches) {
                for (Policy p : policies(plan, t)) {
                    if (b.falseSharing() && p.likeOurs()) {
                        continue; // one ring, one policy: no LMAX side to give ours
                    }
                    TrialProperties.Builder sizing = PairSizing.sizing(plan, t);
                    if (triple(plan, b, p)) {
                        sizing.put(SIDES, String.join(";", TRIPLE));
                        sizing.put("jmh_forks", Integer.toString(TRIPLE.size() * Integer.parseInt(sizing.get(PairSizing.PAIRS))));
                    }
                    if (!b.plain() && plan.profile() == Profile.QUICK && plan.forksOption() == 0) {
                        // a variant is its own family of one: 6 pairs reach p = 2/64; the plain row keeps its 8
                        sizing.put(PairSizing.PAIRS, Integer.toString(PairSizing.VARIANT_PAIRS));
                        sizing.put("jmh_forks", Integer.toString(2 * PairSizing.VARIANT_PAIRS));
                    }
                    TrialProperties.Builder config = TrialProperties.builder();
                    VersusTrial.Config.CODEC.write(new VersusTrial.Config(b.id(), p.id()), config);
                    out.add(new TrialSpec(name(), config, sizing));
                }
            }
        }
        return out;
    }

    /** The sizing key naming the sides a trial's forks rotate through, where not its bench's two. */
    static final String SIDES = "sides";
    /** The key of a fork's side ({@code disruptor}, {@code lmax}, ...): in its configuration, and its JMH parameter. */
    static final String IMPL = "impl";
    /** A triple's sides in their first rotation's order. */
    static final List<String> TRIPLE = List.of(VersusCsv.OURS, VersusCsv.NO_SLIP, VersusCsv.LMAX);

    /**
     * Whether a row's forks rotate through ours, ours with temporal slipping off and LMAX (issue 40) instead of the
     * pair: a plain row that this box judges ({@link PairSizing#sound}) whose LMAX side idles as ours do (a wait whose policies
     * agree, or a {@code -likeours} row), so that ours-slip-off ÷ LMAX is the ring against the ring and ours ÷
     * ours-slip-off the slip's own effect, in the same rotations as ours ÷ LMAX: a third more forks for those rows,
     * no new trial. An oversubscribed row keeps its short pair. In {@code quick} only 1P→1C rotates three sides (the
     * topology where the slip was found and where its effect is largest; a third more forks for every topology did not
     * fit quick's 18 minutes beside the RTT headline on 64 CPUs); {@code full} rotates three wherever it can.
     */
    static boolean triple(SweepPlan plan, Bench b, Policy p) {
        boolean here = plan.profile() != Profile.QUICK || b.topology() == Topology.UNICAST_1P1C;
        return here && b.plain() && PairSizing.sound(plan, b.topology()) && (p.likeOurs() || !Policy.differs(p.idle()));
    }

    /** The bench of a trial's configuration. */
    private static Bench bench(TrialSpec spec) {
        return Bench.parse(VersusTrial.Config.of(spec.config()).benchmark());
    }

    /** The sides a trial's forks run, ratio numerators first: its sizing's {@value #SIDES}, else its bench's two. */
    static List<String> sides(TrialSpec spec) {
        String s = spec.sizing().getOrDefault(SIDES, "");
        return s.isEmpty() ? bench(spec).sides() : List.of(s.split(";"));
    }

    /** The waits of a topology's rows, each followed by its like-for-like row where the policies differ. */
    static List<Policy> policies(SweepPlan plan, Topology t) {
        List<Wait> waits;
        if (!plan.waits().isEmpty()) {
            waits = plan.waits();
        } else if (plan.profile() == Profile.FULL) {
            waits = new ArrayList<>(List.of(Wait.YIELD, Wait.PARK, Wait.BLOCK));
            if (t.threads() <= plan.cpus().size()) {
                waits.add(0, Wait.SPIN);
            }
        } else {
            waits = List.of(Wait.YIELD);
        }
        List<Policy> out = new ArrayList<>();
        for (Wait w : waits) {
            out.add(new Policy(w, false));
            // the default quick plan keeps to the plain rows: its budget is the interleaved yield pairs
            if (Policy.differs(w) && (plan.profile() == Profile.FULL || !plan.waits().isEmpty())) {
                out.add(new Policy(w, true));
            }
        }
        return out;
    }

    @Override
    public int threads(TrialSpec spec) {
        return bench(spec).topology().threads();
    }

    /**
     * Forks run here one by one, interleaved: the first pair ours first, the next LMAX first, and so on; a triple's
     * rotations likewise ({@link #order(int, List)}).
     */
    @Override
    public TrialProperties run(TrialSpec spec, TrialContext context) throws Exception {
        int pairs = spec.getInt(PairSizing.PAIRS);
        List<String> sides = sides(spec);
        Map<String, List<TrialProperties>> forks = new LinkedHashMap<>();
        sides.forEach(side -> forks.put(side, new ArrayList<>()));
        for (String impl : order(pairs, sides)) {
            int pair = forks.get(impl).size();
            TrialProperties r = runFork(spec, context, impl, pair);
            if (!Status.ok(r)) {
                return VersusTrial.Outcome.CODEC.properties(new VersusTrial.Outcome(
                        Status.of(r).plus(" (" + impl + " fork " + pair + ")"), null, null));
            }
            forks.get(impl).add(r);
        }
        return VersusTrial.result(forks);
    }

    /**
     * One fork, retried while another JMH run on the box holds JMH's lock: a trial here is 2 × pairs JMH runs,
     * and on a shared box another's run starting between two of them must not fail the whole trial. The lock
     * is waited for, never ignored, so no two JMH measurements overlap.
     */
    private TrialProperties runFork(TrialSpec spec, TrialContext context, String impl, int pair) throws Exception {
        TrialProperties r = JmhRunner.run(forkSpec(spec, impl, pair), context, benchmark(spec), params(spec, impl), false);
        for (int wait = 0; Status.of(r).reason().contains(JMH_LOCKED) && wait < LOCK_WAIT_S; wait++) {
            Thread.sleep(1000);
            r = JmhRunner.run(forkSpec(spec, impl, pair), context, benchmark(spec), params(spec, impl), false);
        }
        return r;
    }

    /** The sides in the order their forks run: ours, LMAX, then LMAX, ours, and so on, pair after pair. */
    static List<String> order(int pairs) {
        return order(pairs, VersusCsv.OURS, VersusCsv.LMAX);
    }

    /** Sides {@code a} and {@code b} in the order their forks run: a, b, then b, a, and so on, pair after pair. */
    static List<String> order(int pairs, String a, String b) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < pairs; i++) {
            out.addAll(i % 2 == 0 ? List.of(a, b) : List.of(b, a));
        }
        return out;
    }

    /**
     * The forks' order for two or three sides, one rotation per pair: two sides as {@link #order(int, String, String)};
     * three in the cycle abc, cba, bca, acb, cab, bac, in which each two consecutive rotations run every two sides once
     * in each order, so that no side of any of the three ratios always goes first.
     */
    static List<String> order(int rotations, List<String> sides) {
        if (sides.size() == 2) {
            return order(rotations, sides.get(0), sides.get(1));
        }
        if (sides.size() != 3) {
            throw new IllegalArgumentException("sides " + sides + ": two or three");
        }
        int[][] cycle = {{0, 1, 2}, {2, 1, 0}, {1, 2, 0}, {0, 2, 1}, {2, 0, 1}, {1, 0, 2}};
        List<String> out = new ArrayList<>();
        for (int i = 0; i < rotations; i++) {
            for (int k : cycle[i % cycle.length]) {
                out.add(sides.get(k));
            }
        }
        return out;
    }

    /**
     * One fork of one side: its own key (JMH JSON, GC log and failure file per fork), which names the trial's round
     * beyond the first, so that a further round's forks never overwrite an earlier round's in {@code jmh/}
     * ({@link KeptForks} reads them back).
     */
    static TrialSpec forkSpec(TrialSpec spec, String impl, int pair) {
        TrialProperties.Builder config = spec.config().toBuilder();
        config.put(IMPL, impl);
        if (spec.fork() > 0) {
            config.put("round", Integer.toString(spec.fork()));
        }
        TrialProperties.Builder sizing = spec.sizing().toBuilder();
        sizing.put("fork", Integer.toString(pair));
        sizing.put("jmh_forks", "1");
        return new TrialSpec(spec.suite(), config, sizing);
    }

    @Override
    protected String benchmark(TrialSpec spec) {
        return DisruptorVsLmax.class.getName() + "." + bench(spec).topology().method();
    }

    @Override
    protected TrialProperties params(TrialSpec spec) {
        return params(spec, spec.get(IMPL));
    }

    private static TrialProperties params(TrialSpec spec, String impl) {
        // the benchmark's own ring size (64 Ki, as in LMAX's performance tests), the same for both
        return config(IMPL, impl, "wait", VersusTrial.Config.of(spec.config()).waitStrategy(), "publishBatch",
                bench(spec).publishBatch()).build();
    }

    @Override
    protected Map<String, Function<TrialProperties, String>> measures() {
        return Map.of(); // rows() below reads the per-fork lists itself
    }

    /**
     * Ours against LMAX in every row this protocol judges ({@link PairSizing#sound}), paired: where a row's verdict is still open
     * after its pairs, the sweep adds rounds of {@value PairSizing#ROUND_PAIRS} pairs (both orders) within its budget; {@link #csv}
     * folds a row's rounds into one.
     */
    @Override
    public PlannedComparisons judged(SweepPlan plan, List<TrialSpec> planned) {
        List<TrialSpec> judged = planned.stream().map(t -> Map.entry(t, bench(t)))
                .filter(e -> e.getValue().plain() && PairSizing.sound(plan, e.getValue().topology())).map(Map.Entry::getKey).toList();
        return PlannedComparisons.pairedWithin(judged, VersusCsv.OURS, VersusCsv.LMAX,
                (trial, side) -> VersusTrial.SideForks.of(trial, side).score(), (last, fork) -> {
            TrialSpec next = PlannedComparisons.nextFork(last, fork);
            TrialProperties.Builder sizing = next.sizing().toBuilder();
            sizing.put(PairSizing.PAIRS, Integer.toString(PairSizing.ROUND_PAIRS));
            sizing.put("jmh_forks", Integer.toString(sides(next).size() * PairSizing.ROUND_PAIRS));
            return new TrialSpec(next.suite(), next.config(), sizing.build());
        });
    }

    /**
     * Its typed score rows ({@link VersusCsv#write}, which writes {@value VersusCsv#RATIOS} and
     * {@value VersusCsv#CONTROL_SCORES} beside them) written by {@link VersusCsv#SCORES_TABLE}.
     */
    @Override
    public String csv(List<TrialProperties> trials, Path runDir) {
        return VersusCsv.SCORES_TABLE.render(fold(trials, runDir));
    }

    /**
     * A configuration's further rounds joined into one trial ({@link RoundMerge}), each trial parsed once, then folded;
     * after them, each configuration with no finished trial whose pairs the run keeps in {@code jmh/} ({@link KeptForks}:
     * its trial stopped, or the run keeps no trials), as a row of those pairs.
     */
    private static List<ScoreRow> fold(List<TrialProperties> trials, Path runDir) {
        List<TrialProperties> all = new ArrayList<>(RoundMerge.merge(trials, VersusTrial::listed));
        all.addAll(KeptForks.trials(runDir, configs(trials), new ArrayList<>()));
        return VersusCsv.write(all.stream().map(VersusTrial::read).toList(), runDir);
    }

    @Override
    public boolean foldsKeptForks() {
        return true;
    }

    /** The files that are not results and the pairs a side lacks, among the forks of the configurations without a trial. */
    @Override
    public List<String> keptForksLeftOut(List<TrialProperties> trials, Path runDir) {
        List<String> notes = new ArrayList<>();
        KeptForks.trials(runDir, configs(trials), notes);
        return notes;
    }

    private static Set<String> configs(List<TrialProperties> trials) {
        Set<String> out = new HashSet<>();
        trials.forEach(t -> out.add(t.get(Forks.CONFIG_KEY)));
        return out;
    }
}
