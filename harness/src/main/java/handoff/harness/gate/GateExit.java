package handoff.harness.gate;

/**
 * The exit codes of a regression gate, the same for {@code compare --fail-on regression} and {@code ab --fail-on
 * regression} (docs/running.md): 0 no regression and the gate could have found one, 1 a regression (named), 3 the gate
 * could not judge (what is missing is named); 2 is bad input and 70 an internal error, both the command line's.
 */
public final class GateExit {
    public static final int NONE = 0;
    public static final int REGRESSION = 1;
    public static final int CANNOT_JUDGE = 3;

    private GateExit() {
    }

    /** Without {@code --fail-on}, 0; with it, 1 on a regression, else 3 where the gate could not judge, else 0. */
    public static int of(boolean failOn, boolean regression, boolean judged) {
        if (!failOn) {
            return NONE;
        }
        return regression ? REGRESSION : judged ? NONE : CANNOT_JUDGE;
    }
}
