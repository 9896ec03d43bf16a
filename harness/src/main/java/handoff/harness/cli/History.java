package handoff.harness.cli;

import handoff.harness.env.Machine;
import handoff.harness.results.RunFolder;
import handoff.harness.sweep.Calibration;
import handoff.harness.trial.SweepPlan;

import java.nio.file.Path;

/** The runs a new sweep's opening estimate learns from: the run folders beside it ({@link Calibration}). */
final class History {
    private History() {
    }

    /**
     * @param outDir where the run folders are ({@code --out}, or the folder holding a resumed run)
     * @param self   the resumed run itself, which is not its own history; null for a new run
     */
    static Calibration of(SweepPlan plan, Path outDir, Path self, Machine machine) {
        return Calibration.learn(outDir, plan, self, Calibration.machineKey(machine.toJson()), dir -> replan(dir, machine));
    }

    /** An older run's plan, re-made from its sweep.properties; null where that would start JVMs or cannot be made here. */
    private static SweepPlan replan(Path dir, Machine machine) {
        try {
            GivenOptions saved = GivenOptions.read(dir.resolve(RunFolder.SWEEP));
            if (saved.has("--jdk") || saved.has("--gc") || saved.has("--threads")) {
                return null; // each --jdk is started to be checked: not for an estimate
            }
            return SweepOptions.plan(saved, machine, true); // its --out is not checked again
        } catch (RuntimeException e) {
            return null;
        }
    }
}
