package handoff.harness.trial;

import java.util.Objects;

/**
 * One typed value of a {@link SweepPlan}: the sweep option's row in the command line's table sets it, the code that
 * uses it reads it ({@code plan.get(SweepPlan.BURSTS)}). A key is itself and no other (identity, not name), so two
 * options cannot share a value by accident.
 *
 * @param <T> the value's type
 */
public final class PlanKey<T> {
    private final String name;
    private final T unset;

    private PlanKey(String name, T unset) {
        this.name = name;
        this.unset = unset;
    }

    /**
     * A key.
     *
     * @param name  what the manifest's {@code plan} calls the value, e.g. {@code bursts}
     * @param unset the value of a plan that was not given one (a test's builder, an option not given and without default)
     */
    public static <T> PlanKey<T> of(String name, T unset) {
        return new PlanKey<>(name, Objects.requireNonNull(unset, name));
    }

    public String name() {
        return name;
    }

    public T unset() {
        return unset;
    }

    @Override
    public String toString() {
        return name;
    }
}
