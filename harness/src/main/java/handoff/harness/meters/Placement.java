package handoff.harness.meters;

/**
 * Where one trial thread was placed ({@link TrialThreads}): pinned to a CPU (and, where the OS said so, the CPU it
 * was found running on instead), or left unpinned with the reason. Its {@link #text()} is how the trial's
 * {@code pinning} cell shows it.
 *
 * @param cpu        the CPU it was pinned to; null when unpinned
 * @param runningOn  the CPU it ran on right after pinning, where that is not {@code cpu}; null otherwise
 * @param unpinned   why pinning failed (the exception's simple name); null when pinned
 */
record Placement(Integer cpu, Integer runningOn, String unpinned) {
    /** Pinned to {@code cpu}, found running on {@code now} (negative: the OS cannot say). */
    static Placement pinned(int cpu, int now) {
        return new Placement(cpu, now == cpu || now < 0 ? null : now, null);
    }

    static Placement unpinned(String reason) {
        return new Placement(null, null, reason);
    }

    /** {@code cpu2}, {@code cpu2(running on 3)} or {@code unpinned(<reason>)}. */
    String text() {
        if (cpu == null) {
            return "unpinned(" + unpinned + ")";
        }
        return runningOn == null ? "cpu" + cpu : "cpu" + cpu + "(running on " + runningOn + ")";
    }
}
