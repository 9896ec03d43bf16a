package handoff.harness.sweep;

import handoff.harness.results.Json;
import handoff.harness.suites.Suites;
import handoff.harness.trial.Profile;
import handoff.harness.trial.SweepPlan;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * The 2-vCPU reference box as a plan sees it: its committed quick run's calibration and pilots (the run's manifest
 * records both), and quick's plan on its two CPUs, for the tests of what {@code ab} plans there.
 */
public final class ReferenceBox {
    /** The committed quick run of the 2-vCPU reference box. */
    static final Path RUN = Path.of("../results/20261126-154957-9042223");

    private ReferenceBox() {
    }

    /** The calibration and pilots the committed run was planned with. */
    public static Calibration calibration() throws IOException {
        Map<?, ?> m = (Map<?, ?>) Json.parse(Files.readString(RUN.resolve("manifest.json")));
        return Calibration.fromJson(((Map<?, ?>) m.get("plan_fit")).get("calibration")).orElseThrow();
    }

    /** Quick's plan of every suite on {@code cpus} CPUs within {@code budgetSeconds}. */
    public static SweepPlan quick(int cpus, long budgetSeconds) {
        return SweepPlan.builder(Profile.QUICK).suites(Suites.names()).cpus(IntStream.range(0, cpus).boxed().toList(), false)
                .budgetSeconds(budgetSeconds).build();
    }
}
