package handoff.harness.trial;

import handoff.harness.meters.TrialThreads;
import java.nio.file.Path;
import java.util.List;

/**
 * What a trial gets from the harness inside its JVM.
 *
 * @param runDir  the run folder (to read earlier results, e.g. saturation throughput for load fractions)
 * @param threads where its threads come from (pinning, allocation accounting)
 * @param cpus    CPUs this trial may use: the pinning list, or all of the box's
 * @param faults  test-only fault injection ({@code handoff.fault} system property), empty normally
 */
public record TrialContext(Path runDir, TrialThreads threads, int cpus, List<String> faults) {
    public boolean fault(String name) {
        return faults.contains(name);
    }
}
