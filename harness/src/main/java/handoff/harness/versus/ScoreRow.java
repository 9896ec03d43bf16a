package handoff.harness.versus;

/**
 * One row of {@code disruptor.csv} (or of {@code disruptor-falseshare.csv}), typed: one side of a trial, its
 * configuration as the trial records it and, where the trial is ok, what that side's forks measured. Built by
 * {@link VersusCsv#fold}; its cells are {@link VersusCsv#SCORES_TABLE}'s.
 *
 * @param impl   the side, e.g. {@code disruptor}, {@code lmax}, {@code unpadded}
 * @param scores null unless the trial's status is ok
 */
record ScoreRow(VersusTrial.Setup setup, String impl, Scores scores) {

    /**
     * What one side's forks measured: the median score with its distribution-free interval, the rest medians over forks.
     *
     * @param score    the median over the forks (ops/s); {@code lo}, {@code hi} its interval at {@code level}
     * @param err      the larger distance from the median to an end of its interval
     * @param forks    how many forks the side ran
     * @param unstable whether the largest score is more than {@code Forks.UNSTABLE_RATIO} times the smallest
     * @param modes    the two centres where the forks split in two, or null
     * @param perFork  each fork's score in pair order (the pairs' ratios are the two sides' values at one place)
     */
    record Scores(double score, double lo, double hi, double level, double err, double min, double max, int forks,
                  double allocBytesPerOp, double cpuNsPerOp, boolean unstable, Modes modes, double[] perFork) {
    }

    /** Two modes of per-fork values ({@code Stats.modes}): their centres, low first. */
    record Modes(double low, double high) {
        /** The modes {@code Stats.modes} found, or null where it found none. */
        static Modes of(double[] m) {
            return m == null ? null : new Modes(m[0], m[1]);
        }
    }
}
