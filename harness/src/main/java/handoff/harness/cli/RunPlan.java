package handoff.harness.cli;

import handoff.harness.env.Machine;
import handoff.harness.page.Manifest;
import handoff.harness.report.RecordedPlan;
import handoff.harness.page.RunData;
import handoff.harness.report.Study;
import handoff.harness.results.RunFolder;
import handoff.harness.sweep.Sweep;
import handoff.harness.trial.SweepPlan;
import handoff.harness.trial.TrialSpec;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A run folder's plan re-made the way {@code --resume} re-makes it (its {@code sweep.properties}), on the machine its
 * manifest describes rather than this one (the plan's CPU list and the oversubscription rules follow the CPUs): the
 * order {@code refold} folds kept trials in. What a study names as planned is the run's own record ({@link RecordedPlan}),
 * which uses this re-made plan only for a run from before plans were recorded, and only where it matches that run's
 * manifest.
 */
final class RunPlan {
    private RunPlan() {
    }

    /** The run's planned trials in plan order, re-made from its sweep.properties on its manifest's machine. */
    static List<TrialSpec> trials(Path run) {
        Manifest m = Manifest.read(run);
        SweepPlan plan = SweepOptions.plan(GivenOptions.read(run.resolve(RunFolder.SWEEP)), machine(m), true);
        return Sweep.trials(plan);
    }

    /**
     * The run's plan as its own record says ({@link RecordedPlan}): the configurations its manifest lists, else, for a run
     * from before they were recorded, this build's plan of its saved options where it matches the manifest's record.
     */
    static Study.Plan of(Path run, RunData data, Map<String, List<String>> suiteFiles) {
        return RecordedPlan.of(data, suiteFiles, () -> trials(run));
    }

    /** The run's machine from its manifest; what the manifest lacks stays unknown (no siblings: no SMT pairs). */
    private static Machine machine(Manifest m) {
        int cpus = number(m.str("machine.online_cpus"), number(m.str("machine.cores"), Runtime.getRuntime().availableProcessors()));
        return new Machine(m.str("machine.cpu_model"), number(m.str("machine.cores"), cpus), cpus, "true".equals(m.str("machine.smt")),
                number(m.str("machine.numa_nodes"), 1), m.str("machine.governor"), m.str("machine.thp"), m.str("machine.isolcpus"),
                m.str("machine.nohz_full"), m.str("machine.virtualised"), m.str("machine.hostname"), m.str("machine.os"), Map.of());
    }

    private static int number(String s, int fallback) {
        try {
            return Integer.parseInt(s.trim());
        } catch (NumberFormatException e) {
            return fallback;
        }
    }

}
