package handoff.harness.trial;

import handoff.harness.results.Schema;
import handoff.harness.results.TrialProperties;
import handoff.harness.runtime.JvmOptions;
import handoff.harness.runtime.ThreadKind;

import java.nio.file.Path;
import java.util.List;

/**
 * One instrument of the study (RTT, pipeline throughput, ...). A suite plans its trials, runs one trial
 * inside a fresh JVM, and folds the finished trials into its CSV. The sweep does everything else:
 * forking, time-outs, resume, progress. Adding a suite = one class plus one line in {@code handoff.harness.suites.Suites}.
 */
public interface Suite {
    /** Name used by {@code --suites} and as the prefix of trial keys. */
    String name();

    /** The summary file it writes into the run folder, e.g. {@code rtt.csv}. */
    String csvFile();

    /**
     * What its files hold, declared once: key columns, metrics and which way is better, flags
     * ({@link handoff.harness.results.Schema}). The report, {@code compare} and summary.json read it through the
     * registry; none of them names a suite's file or columns.
     */
    Schema schema();

    /** Every trial of this suite for the plan, forks included, in the order they should run. */
    List<TrialSpec> plan(SweepPlan plan);

    /**
     * The comparisons this suite judges from per-fork values, so that the sweep spends further forks where a verdict
     * is still open ({@link PlannedComparisons}); by default none: the plan's forks and no more.
     *
     * @param planned the suite's planned trials, runtimes expanded (their configuration keys are the rows')
     */
    default PlannedComparisons judged(SweepPlan plan, List<TrialSpec> planned) {
        return PlannedComparisons.NONE;
    }

    /**
     * The rates of other suites this suite's trials ask for ({@link MeasuredRates}); none by default. The registry runs
     * a suite after the suites it needs when both are selected; where a needed suite is not selected, or measured nothing
     * for a configuration, the asking suite does without (it says how in its own rows), which is not an error.
     */
    default List<RateSource> needs() {
        return List.of();
    }

    /** Threads the trial keeps busy at once (producers + consumers), for the oversubscription rules. */
    int threads(TrialSpec spec);

    /** Rough wall time of one trial in seconds, JVM start included: drives the ETA. */
    double estimateSeconds(TrialSpec spec);

    /**
     * Whether its stage and consumer threads come from {@link ThreadKind} (so {@code --threads virtual} reaches
     * them); a suite that makes its threads otherwise gets {@code n/a} rows for virtual threads.
     */
    default boolean virtualThreads() {
        return false;
    }

    /** Heap and other options of the trial's JVM: by default the fixed, pre-touched measuring heap. */
    default List<String> jvmArgs(TrialSpec spec) {
        return JvmOptions.HEAP;
    }

    /**
     * Runs one trial in this JVM and returns its result, as it crosses to the sweep's JVM: at least {@code status};
     * numbers only when ok. Throwing is fine: the caller records {@code failed:<exception>}.
     */
    TrialProperties run(TrialSpec spec, TrialContext context) throws Exception;

    /**
     * Its CSV's text from finished trials (at least one, plan order), each the spec's parameters plus what {@link #run}
     * returned, or a status the sweep wrote for a trial that never finished, as read from the run folder: the suite
     * parses each once into its own trial record, folds the forks of a configuration into a typed row and writes the
     * rows through its {@link handoff.harness.results.ColumnTable}; it may write merged files (e.g. .hgrm).
     */
    String csv(List<TrialProperties> trials, Path runDir);

    /**
     * Whether its fold also reads the forks the run keeps in its own result files (the disruptor suite's per-fork JMH
     * files), so that {@link #csv} of no trials still has rows where the run keeps such forks: a run that keeps no
     * {@code trials/} (a committed run) can be folded again from them. None by default.
     */
    default boolean foldsKeptForks() {
        return false;
    }

    /** What {@link #csv} of these trials leaves out of the run's kept forks, and why, one line each; none by default. */
    default List<String> keptForksLeftOut(List<TrialProperties> trials, Path runDir) {
        return List.of();
    }
}
