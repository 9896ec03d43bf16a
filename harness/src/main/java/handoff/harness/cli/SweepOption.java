package handoff.harness.cli;

import handoff.harness.trial.PlanKey;
import handoff.harness.trial.Profile;
import handoff.harness.trial.SweepPlan;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * One option of {@code sweep}, written once: its name, what it takes, its help, its default per profile, how its
 * value enters the plan, how the plan describes it in the manifest, and where it belongs on {@code --resume}. The
 * table of them ({@link SweepOptions#ALL}) makes the picocli options and {@code sweep --help}, the checks of the values
 * as typed, the plan, {@code sweep.properties} (what a resume re-plans from) and the manifest's {@code plan}.
 *
 * @param name     e.g. {@code --producers}
 * @param label    what it takes, e.g. {@code LIST}; null for a flag (no value; given = {@code true})
 * @param help     what it does, the first help line; {@code (hidden) } first where {@code --help} leaves it out
 * @param value    what its value may be, checked before the plan reads it ({@link OptionValue#FLAG} for a flag)
 * @param defaults what it is when not given, in words; null where not given means "none"
 * @param scope    which of a run's lives it belongs to
 * @param key      its key in {@code sweep.properties}; null where it is not kept
 * @param preset   its default for a profile (a value as typed, entered as if given); null: none ("not given" enters)
 * @param unsaved  on {@code --resume} of a run whose {@code sweep.properties} lacks the key (a run older than the
 *                 option): the value that keeps that run as it was planned; null: the default
 * @param enter    sets the value on the plan being built (a null value: not given and no default); throws
 *                 {@link Main.BadInput} or {@link IllegalArgumentException} naming the value and what is allowed
 * @param describe puts what the plan made of it into the manifest's {@code plan}; null where the option is not a plan's
 */
record SweepOption(String name, String label, String help, OptionValue value, String defaults, Scope scope, String key, Function<Profile, String> preset,
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

    SweepOption {
        if (label == null ? value != OptionValue.FLAG : value == null || value == OptionValue.FLAG) {
            throw new IllegalArgumentException(name + ": an option with a value says what it may be; a flag has none");
        }
    }

    /** The help as {@code --help} prints it: what it does, what is allowed, the default. */
    String[] helpLines() {
        List<String> lines = new ArrayList<>(List.of(description()));
        if (!flag()) {
            lines.add("  allowed: " + value.allowed());
        }
        if (defaults != null) {
            lines.add("  default: " + defaults);
        }
        return lines.toArray(String[]::new);
    }

    /** Refuses a value as typed that the row's {@link #value} does not allow ({@link Main.BadInput}). */
    void check(String v) {
        if (!flag()) {
            value.check(name, v);
        }
    }

    /**
     * A plan option, the common way: its value is of a {@link OptionKind} (what is allowed, the parse and check, the
     * value where not given, how the manifest shows it) and goes to the plan under {@code to}, whose name is its
     * entry in the manifest's {@code plan}; its key in {@code sweep.properties} is its name ({@link #keyOf}). Adding
     * such an option is this row and nothing else but the code that reads {@code plan.get(to)}.
     */
    static <T> SweepOption option(String name, String label, String help, OptionKind<T> kind, String defaults, PlanKey<T> to) {
        return new SweepOption(name, label, help, OptionValue.of(kind.allowed()), defaults, Scope.PLAN, keyOf(name), null, null,
                (in, v) -> kind.enter(name, v, in, to), (p, m) -> m.put(to.name(), kind.show(p.get(to))));
    }

    /** A plan option without a value: {@code true} where given, else {@code false}. */
    static SweepOption flag(String name, String help, String defaults, PlanKey<Boolean> to) {
        return new SweepOption(name, null, help, OptionValue.FLAG, defaults, Scope.PLAN, keyOf(name), null, null,
                (in, v) -> in.plan().set(to, "true".equals(v)), (p, m) -> m.put(to.name(), p.get(to)));
    }

    /**
     * A plan option that enters the plan its own way ({@code --profile} starts it, {@code --cpus} asks the machine,
     * {@code --threads} reads {@code --jdk}, {@code --gc} and {@code --wait}) with neither preset nor a value for older runs.
     */
    static SweepOption custom(String name, String label, String help, OptionValue value, String defaults,
                              BiConsumer<PlanInput, String> enter, BiConsumer<SweepPlan, Map<String, Object>> describe) {
        return new SweepOption(name, label, help, value, defaults, Scope.PLAN, keyOf(name), null, null, enter, describe);
    }

    /** An option's key in {@code sweep.properties}: its name without the dashes in front, the others as '_' ({@code hlog_interval_ms}). */
    static String keyOf(String name) {
        return name.substring(2).replace('-', '_');
    }

    /** The same option, described in the manifest's {@code plan} its own way (more than its value, or another form of it). */
    SweepOption manifest(BiConsumer<SweepPlan, Map<String, Object>> d) {
        return new SweepOption(name, label, help, value, defaults, scope, key, preset, unsaved, enter, d);
    }

    /** The same option, not in the manifest's {@code plan}. */
    SweepOption unlisted() {
        return manifest(null);
    }

    /** The same option with a default per profile. */
    SweepOption preset(Function<Profile, String> p) {
        return new SweepOption(name, label, help, value, defaults, scope, key, p, unsaved, enter, describe);
    }

    /** The same option with the value an older run that did not have it is resumed with. */
    SweepOption unsaved(String v) {
        return new SweepOption(name, label, help, value, defaults, scope, key, preset, v, enter, describe);
    }

    /** An option of the invocation or of the place, entering nothing into the plan. */
    static SweepOption other(String name, String label, String help, OptionValue value, String defaults, Scope scope,
                             BiConsumer<PlanInput, String> enter) {
        return new SweepOption(name, label, help, value, defaults, scope, null, null, null, enter, null);
    }
}
