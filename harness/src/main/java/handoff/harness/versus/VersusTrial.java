package handoff.harness.versus;

import handoff.harness.results.TrialProperties;

import handoff.harness.trial.RuntimeCells;
import handoff.harness.trial.Status;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * One trial of the {@code disruptor} suite as its properties carry it across the JVM boundary: written once by the
 * trial's JVM ({@link #result}) and parsed once by the fold ({@link #read}), the only two places its per-side keys
 * ({@code <side>_score}, {@code <side>_alloc_bytes_per_op}, {@code <side>_cpu_ns_per_op}, {@value #SIDES_RUN}) are
 * spelled. A trial that did not finish ok carries its setup and status only (no side's forks).
 *
 * @param setup the configuration and facts every row of the trial repeats
 * @param sides the sides its forks ran, ratio numerators first
 * @param forks each side's per-fork measures, in pair order; empty unless the status is ok
 */
record VersusTrial(Setup setup, List<String> sides, Map<String, SideForks> forks) {
    /** The trial result's list of the sides its forks ran, {@code ;}-separated, where it ran other than its bench's two. */
    static final String SIDES_RUN = "sides_run";

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
     * One side's forks, in pair order: each array holds one value per fork, NaN where a fork did not measure it.
     *
     * @param score the forks' JMH scores (ops/s)
     */
    record SideForks(double[] score, double[] allocBytesPerOp, double[] cpuNsPerOp) {
        /** The JMH fork results' keys, in the order a trial result lists them. */
        private static final List<String> KEYS = List.of("score", "alloc_bytes_per_op", "cpu_ns_per_op");
    }

    /** The fork keys of a side's per-fork lists, which the sweep's further rounds join ({@link DisruptorSuite#csv}). */
    static boolean listed(String key) {
        return key.startsWith(VersusCsv.OURS + "_") || key.startsWith(VersusCsv.LMAX + "_")
                || key.startsWith(VersusCsv.NO_SLIP + "_");
    }

    /**
     * A trial's result from its forks (each side's JMH fork results in pair order, as {@code JmhTrial} returns them):
     * status ok, the sides run, and each side's per-fork measures as {@code ;}-separated lists, and the score's unit.
     */
    static TrialProperties result(Map<String, List<TrialProperties>> forks) {
        TrialProperties.Builder out = TrialProperties.builder();
        out.put("status", Status.ok().render());
        out.put(SIDES_RUN, String.join(";", forks.keySet()));
        forks.forEach((impl, list) -> {
            for (String m : SideForks.KEYS) {
                out.put(impl + "_" + m, list.stream().map(f -> f.getOrDefault(m, "")).collect(Collectors.joining(";")));
            }
            out.put("unit", list.get(0).get("unit"));
        });
        return out.build();
    }

    /** The trial its properties record (the spec's parameters plus its result, or the status the sweep wrote). */
    static VersusTrial read(TrialProperties trial) {
        Status status = Status.of(trial);
        String ov = trial.get("oversubscribed");
        Setup setup = new Setup(trial.get("benchmark"), trial.get("wait"), trial.get("unit"), integer(trial.get("threads")),
                integer(trial.get("cpus")), ov == null ? null : Boolean.valueOf(ov), status, RuntimeCells.of(trial));
        List<String> sides = sides(trial.getOrDefault(SIDES_RUN, ""), trial.getOrDefault("benchmark", ""));
        Map<String, SideForks> forks = new LinkedHashMap<>();
        if (status.isOk()) {
            for (String side : sides) {
                forks.put(side, new SideForks(values(trial.get(side + "_score")), values(trial.get(side + "_alloc_bytes_per_op")),
                        values(trial.get(side + "_cpu_ns_per_op"))));
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

    private static Integer integer(String v) {
        return v == null ? null : Integer.valueOf(v);
    }

    /** A {@code ;}-separated list of per-fork values; an empty item is NaN, an absent or empty list no forks. */
    private static double[] values(String v) {
        return v == null || v.isEmpty() ? new double[0]
                : Arrays.stream(v.split(";")).mapToDouble(x -> x.isEmpty() ? Double.NaN : Double.parseDouble(x)).toArray();
    }
}
