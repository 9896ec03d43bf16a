package handoff.harness.versus;

import handoff.harness.jmhsuite.JmhResult;
import handoff.harness.results.CellCodec;
import handoff.harness.results.TrialProperties;
import handoff.harness.trial.RuntimeCells;
import handoff.harness.trial.Status;
import handoff.harness.trial.TrialFacts;

import java.lang.invoke.MethodHandles;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * One trial of the {@code disruptor} suite as the fold reads it: its configuration ({@link Config}), what the sweep
 * recorded of it, and what its JVM returned: the trial's outcome ({@link Outcome}) and each side's forks
 * ({@link SideForks}, under the prefix {@code <side>_}), each written ({@link #result}) and read ({@link #read})
 * through its one declaration. A trial that did not finish ok carries its setup and status only (no side's forks).
 *
 * @param setup the configuration and facts every row of the trial repeats
 * @param sides the sides its forks ran, ratio numerators first
 * @param forks each side's per-fork measures, in pair order; empty unless the status is ok
 */
record VersusTrial(Setup setup, List<String> sides, Map<String, SideForks> forks) {
    /** The trial result's list of the sides its forks ran, {@code ;}-separated, where it ran other than its bench's two. */
    static final String SIDES_RUN = "sides_run";

    /**
     * A trial's configuration, as the plan writes it into the trial's spec and the trial JVM and the fold read it back
     * ({@link #CODEC}; its order is the configuration key's).
     *
     * @param benchmark    the {@link Bench} id
     * @param waitStrategy the {@link Policy} id
     */
    record Config(String benchmark, String waitStrategy) {
        static final CellCodec<Config> CODEC = CellCodec.of(MethodHandles.lookup(), Config.class, "benchmark",
                "wait=waitStrategy");

        static Config of(TrialProperties config) {
            return CODEC.read(config);
        }
    }

    /**
     * What the trial JVM returns beside its sides' forks.
     *
     * @param sidesRun the sides its forks ran, {@code ;}-separated; null where it ran its bench's two or did not finish
     * @param unit     JMH's unit of the score; null where the trial did not finish ok
     */
    record Outcome(Status status, String sidesRun, String unit) {
        static final CellCodec<Outcome> CODEC = CellCodec.of(MethodHandles.lookup(), Outcome.class, Status.KEY,
                SIDES_RUN, "unit");
    }

    /**
     * What the trial records about its configuration, as a row repeats it; a fact the trial does not carry is null.
     *
     * @param benchmark      the {@link Bench} id
     * @param policy         the {@link Policy} id (the {@code wait} column)
     * @param unit           JMH's unit of the score; null where the trial did not finish ok
     * @param oversubscribed whether its threads outnumber the CPUs
     */
    record Setup(String benchmark, String policy, String unit, Integer threads, Integer cpus, Boolean oversubscribed,
                 Status status, RuntimeCells runtime) {
        boolean ok() {
            return status.isOk();
        }
    }

    /**
     * One side's forks, in pair order, under the prefix {@code <side>_}: each array holds one value per fork, NaN where
     * a fork did not measure it.
     *
     * @param score the forks' JMH scores (ops/s)
     */
    record SideForks(double[] score, double[] allocBytesPerOp, double[] cpuNsPerOp) {
        static final CellCodec<SideForks> CODEC = CellCodec.of(MethodHandles.lookup(), SideForks.class, "score",
                "alloc_bytes_per_op", "cpu_ns_per_op");

        /** The forks of {@code side} a trial's properties carry. */
        static SideForks of(TrialProperties trial, String side) {
            return CODEC.read(trial, side + "_");
        }
    }

    /** The fork keys of a side's per-fork lists, which the sweep's further rounds join ({@link DisruptorSuite#csv}). */
    static boolean listed(String key) {
        return key.startsWith(VersusCsv.OURS + "_") || key.startsWith(VersusCsv.LMAX + "_")
                || key.startsWith(VersusCsv.NO_SLIP + "_");
    }

    /**
     * A trial's result from its forks (each side's JMH fork results in pair order, as {@code JmhRunner} returns them):
     * status ok, the sides run, each side's per-fork measures, and the score's unit.
     */
    static TrialProperties result(Map<String, List<TrialProperties>> forks) {
        TrialProperties.Builder out = TrialProperties.builder();
        String unit = null;
        for (Map.Entry<String, List<TrialProperties>> side : forks.entrySet()) {
            List<JmhResult.Measured> measured = side.getValue().stream().map(f -> JmhResult.of(f).measured()).toList();
            SideForks.CODEC.write(new SideForks(values(measured, JmhResult.Measured::score),
                    values(measured, JmhResult.Measured::allocBytesPerOp), values(measured, JmhResult.Measured::cpuNsPerOp)),
                    out, side.getKey() + "_");
            unit = measured.get(0) == null ? null : measured.get(0).unit();
        }
        Outcome.CODEC.write(new Outcome(Status.ok(), String.join(";", forks.keySet()), unit), out);
        return out.build();
    }

    private static double[] values(List<JmhResult.Measured> forks, ToDoubleFunction<JmhResult.Measured> value) {
        return forks.stream().mapToDouble(f -> f == null ? Double.NaN : value.applyAsDouble(f)).toArray();
    }

    /** The trial its properties record (the spec's parameters plus its result, or the status the sweep wrote). */
    static VersusTrial read(TrialProperties trial) {
        Config c = Config.of(trial);
        Outcome o = Outcome.CODEC.read(trial);
        TrialFacts facts = TrialFacts.of(trial);
        Setup setup = new Setup(c.benchmark(), c.waitStrategy(), o.unit(), facts.threads(), facts.cpus(),
                facts.oversubscribed(), o.status(), RuntimeCells.of(trial));
        List<String> sides = sides(o.sidesRun() == null ? "" : o.sidesRun(), c.benchmark() == null ? "" : c.benchmark());
        Map<String, SideForks> forks = new LinkedHashMap<>();
        if (o.status().isOk()) {
            for (String side : sides) {
                forks.put(side, SideForks.of(trial, side));
            }
        }
        return new VersusTrial(setup, sides, forks);
    }

    /**
     * The trial's sides: those its forks ran ({@code run}, its {@value #SIDES_RUN}), else its bench's two
     * ({@link Bench#sides()}); ours and LMAX for a benchmark id this build does not know.
     */
    static List<String> sides(String run, String benchmark) {
        if (!run.isEmpty()) {
            return List.of(run.split(";"));
        }
        try {
            return Bench.parse(benchmark).sides();
        } catch (IllegalArgumentException e) {
            return List.of(VersusCsv.OURS, VersusCsv.LMAX);
        }
    }
}
