package handoff.harness.cli;

import handoff.harness.env.Machine;
import handoff.harness.report.Manifest;
import handoff.harness.report.Study;
import handoff.harness.results.RunFolder;
import handoff.harness.sweep.Sweep;
import handoff.harness.trial.SweepPlan;
import handoff.harness.trial.TrialSpec;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A run folder's plan re-made the way {@code --resume} re-makes it (its {@code sweep.properties}), on the machine its
 * manifest describes rather than this one (the plan's CPU list and the oversubscription rules follow the CPUs): every
 * configuration with its forks, so a study can name what an interrupted run never ran.
 */
final class RunPlan {
    private RunPlan() {
    }

    /** The run's planned trials in plan order, re-made from its sweep.properties on its manifest's machine. */
    static java.util.List<TrialSpec> trials(Path run) {
        Manifest m = Manifest.read(run);
        SweepPlan plan = SweepOptions.plan(GivenOptions.read(run.resolve(RunFolder.SWEEP)), machine(m), true);
        return Sweep.trials(plan);
    }

    static Study.Plan of(Path run) {
        try {
            Map<String, Study.Planned> byKey = new LinkedHashMap<>();
            for (TrialSpec t : trials(run)) {
                Study.Planned before = byKey.get(t.configKey());
                byKey.put(t.configKey(), new Study.Planned(t.suite(), t.configKey(),
                        t.config().keySet().stream().map(k -> new Study.Setting(k, t.config().get(k))).toList(),
                        before == null ? 1 : before.forks() + 1));
            }
            return new Study.Plan(new ArrayList<>(byKey.values()), null);
        } catch (RuntimeException e) {
            return Study.Plan.unknown("its sweep.properties could not be re-planned: " + e.getMessage());
        }
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
