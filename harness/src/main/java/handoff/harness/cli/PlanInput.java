package handoff.harness.cli;

import handoff.harness.env.Machine;
import handoff.harness.trial.Profile;
import handoff.harness.trial.SweepPlan;

/**
 * A plan being made from options ({@link SweepOptions#plan}): the options given, the machine, whether it
 * re-plans a run folder ({@code --resume}: its {@code --out} is not checked again), and the plan's builder, which
 * the {@code --profile} row starts and every later row adds to.
 */
final class PlanInput {
    final GivenOptions given;
    final Machine machine;
    final boolean resume;
    private SweepPlan.Builder builder;

    PlanInput(GivenOptions given, Machine machine, boolean resume) {
        this.given = given;
        this.machine = machine;
        this.resume = resume;
    }

    void start(Profile profile) {
        builder = SweepPlan.builder(profile);
    }

    SweepPlan.Builder plan() {
        return builder;
    }

    Profile profile() {
        return builder.profile();
    }

    /** The value as typed of the row named {@code option} (e.g. {@code --wait}); null where it was not given. */
    String given(String option) {
        return given.text(option);
    }
}
