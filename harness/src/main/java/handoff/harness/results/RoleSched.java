package handoff.harness.results;

/**
 * What the scheduler did to the threads of one role in one interval ({@link SchedLine}): the threads read, the run
 * delay (time runnable but not running) of the most delayed one and of all together, and their involuntary switches
 * and migrations together. A null figure is unknown (not Linux, virtual threads, a kernel without {@code sched}),
 * written as the empty cell, never 0.
 *
 * @param threads        threads read; null when the roles could not be told at all
 * @param runDelayMaxNs  the most delayed thread's run delay
 * @param runDelayNs     all the role's threads' run delay together
 * @param involuntary    involuntary context switches, all together
 * @param migrations     migrations between CPUs, all together
 */
public record RoleSched(Long threads, Long runDelayMaxNs, Long runDelayNs, Long involuntary, Long migrations) {
    /** Nothing known: the roles could not be told. */
    public static final RoleSched UNKNOWN = new RoleSched(null, null, null, null, null);

    /** The run delay of the most delayed thread in ns; NaN when unknown. */
    public double runDelayMaxOrNaN() {
        return runDelayMaxNs == null ? Double.NaN : runDelayMaxNs;
    }
}
