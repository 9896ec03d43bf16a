package handoff.harness.results;

/**
 * One line of a trial's {@code hlog/<trial-key>.sched.csv} ({@link SchedIntervals}): interval {@code interval} of the
 * trial's interval log, and what the scheduler did to each role's threads in it.
 */
public record SchedLine(int interval, RoleSched producer, RoleSched consumer) {
    /** A line whose roles could not be told: every figure unknown. */
    public static SchedLine unknown(int interval) {
        return new SchedLine(interval, RoleSched.UNKNOWN, RoleSched.UNKNOWN);
    }

    /** The figures of one role. */
    public RoleSched of(SchedRole role) {
        return role == SchedRole.PRODUCER ? producer : consumer;
    }

    /** The same figures as interval {@code i}. */
    public SchedLine at(int i) {
        return new SchedLine(i, producer, consumer);
    }
}
