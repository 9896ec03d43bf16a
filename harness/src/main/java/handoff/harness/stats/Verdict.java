package handoff.harness.stats;

/**
 * What a declared comparison concluded (docs/statistics.md §7). "Alike" and "cannot tell" are different verdicts:
 * the first is shown by an equivalence test inside {@link Stats#MARGIN}, the second is what too few or too scattered
 * forks leave.
 */
public enum Verdict {
    /** a above b by the family's test. */
    ABOVE,
    /** a below b by the family's test. */
    BELOW,
    /** The ratio shown inside ±{@link Stats#MARGIN} by two one-sided tests at the family's level. */
    ALIKE,
    /** Neither apart nor shown alike with these forks. */
    CANNOT_TELL,
    /** Not tested: a side has fewer than {@link Stats#MIN_FORKS} forks, or no per-fork values. */
    UNTESTED;

    /** Whether the verdict says something a reader can act on (above, below or alike). */
    public boolean decided() {
        return this == ABOVE || this == BELOW || this == ALIKE;
    }

    /** The verdict in a table's words: {@code above} / {@code below} as the caller names them, then alike, cannot tell, untested. */
    public String word(String above, String below) {
        return switch (this) {
            case ABOVE -> above;
            case BELOW -> below;
            case ALIKE -> "alike";
            case CANNOT_TELL -> "cannot tell";
            case UNTESTED -> "untested";
        };
    }

    /** The verdict of one comparison at a family-corrected p and level. */
    public static Verdict of(Comparison c, double adjustedP, double familyAlpha) {
        if (LogT.refused(c)) {
            return CANNOT_TELL;
        }
        if (c == null || Double.isNaN(c.p()) || c.nA() < Stats.MIN_FORKS || c.nB() < Stats.MIN_FORKS) {
            return UNTESTED;
        }
        if (adjustedP <= Stats.ALPHA) {
            return c.ratio() > 1 ? ABOVE : BELOW;
        }
        return c.alike(familyAlpha, Stats.MARGIN) ? ALIKE : CANNOT_TELL;
    }
}
