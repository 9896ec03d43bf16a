package handoff.harness.cli;

import handoff.harness.trial.Profile;
import handoff.harness.trial.SweepPlan;

import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * One option of {@code sweep}, written once: its name, what it takes, its help, its default per profile, how its
 * value enters the plan, how the plan describes it in the manifest, and where it belongs on {@code --resume}. The
 * table of them ({@link SweepOptions#ALL}) makes the picocli options, the plan, {@code sweep.properties} (what a
 * resume re-plans from) and the manifest's {@code plan}.
 *
 * @param name     e.g. {@code --producers}
 * @param label    what it takes, e.g. {@code LIST}; null for a flag (no value; given = {@code true})
 * @param help     the help line
 * @param scope    which of a run's lives it belongs to
 * @param key      its key in {@code sweep.properties}; null where it is not kept
 * @param preset   its default for a profile (a value as typed, entered as if given); null: none ("not given" enters)
 * @param unsaved  on {@code --resume} of a run whose {@code sweep.properties} lacks the key (a run older than the
 *                 option): the value that keeps that run as it was planned; null: the default
 * @param enter    sets the value on the plan being built (a null value: not given and no default); throws
 *                 {@link Main.BadInput} or {@link IllegalArgumentException} naming the value and what is allowed
 * @param describe puts what the plan made of it into the manifest's {@code plan}; null where the option is not a plan's
 */
record SweepOption(String name, String label, String help, Scope scope, String key, Function<Profile, String> preset,
                   String unsaved, BiConsumer<PlanInput, String> enter, BiConsumer<SweepPlan, Map<String, Object>> describe) {
    /** Where an option belongs. */
    enum Scope {
        /** Part of the plan: kept in {@code sweep.properties}, re-planned from there on {@code --resume}, refused beside it. */
        PLAN,
        /** Where a new run goes ({@code --out}): not kept, refused beside {@code --resume}. */
        PLACE,
        /** How this invocation runs ({@code --quiet}, {@code --resume} itself): not kept, allowed beside {@code --resume}. */
        INVOCATION
    }

    boolean flag() {
        return label == null;
    }

    boolean hidden() {
        return help.startsWith("(hidden) ");
    }

    /** The help as printed: a hidden option's without its marker. */
    String description() {
        return hidden() ? help.substring("(hidden) ".length()) : help;
    }

    /** A plan option with neither preset nor a value for older runs. */
    static SweepOption option(String name, String label, String help, String key, BiConsumer<PlanInput, String> enter,
                            BiConsumer<SweepPlan, Map<String, Object>> describe) {
        return new SweepOption(name, label, help, Scope.PLAN, key, null, null, enter, describe);
    }

    /** The same option with a default per profile. */
    SweepOption preset(Function<Profile, String> p) {
        return new SweepOption(name, label, help, scope, key, p, unsaved, enter, describe);
    }

    /** The same option with the value an older run that did not have it is resumed with. */
    SweepOption unsaved(String value) {
        return new SweepOption(name, label, help, scope, key, preset, value, enter, describe);
    }

    /** An option of the invocation or of the place, entering nothing into the plan. */
    static SweepOption other(String name, String label, String help, Scope scope, BiConsumer<PlanInput, String> enter) {
        return new SweepOption(name, label, help, scope, null, null, null, enter, null);
    }
}
