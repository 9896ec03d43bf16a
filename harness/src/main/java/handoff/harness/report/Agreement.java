package handoff.harness.report;

import handoff.harness.trial.Comparison;

/**
 * Whether this run's ratio agrees with a published one (issue 40). A fixed tolerance ("within 2× agrees") says
 * nothing: a band must come from what varies. The band here is this run's own interval for its ratio (the
 * Hodges–Lehmann ratio of the two sides' per-fork values with its distribution-free interval, {@link
 * handoff.harness.trial.Stats#shiftTest}, at the coverage the forks allow): the published ratio inside it agrees,
 * outside it does not. The published sources give one figure per comparison (one machine, one run), so they add no
 * spread of their own. Without per-fork values for both sides there is no band and no verdict word, only the ratio
 * of ratios; a flagged side (oversubscribed, unstable, single-fork) is not judged.
 */
final class Agreement {
    /** What the verdict is, for tallies. */
    enum Kind {
        INSIDE, OUTSIDE, NO_BAND, FLAGGED, UNMEASURED
    }

    /** This run's interval for its ratio and the coverage it really has; null where there is none. */
    record Band(double lo, double hi, double level) {
        String text() {
            return "[" + Fmt.sig3(lo) + ", " + Fmt.sig3(hi) + "] (" + Fmt.sig3(100 * level) + " % interval of this run's ratio over forks)";
        }
    }

    private final Kind kind;
    private final String words;
    private final Band band;

    private Agreement(Kind kind, String words, Band band) {
        this.kind = kind;
        this.words = words;
        this.band = band;
    }

    Kind kind() {
        return kind;
    }

    /** The verdict cell: the band and where the published ratio lies against it, or why there is no verdict. */
    String words() {
        return words;
    }

    Band band() {
        return band;
    }

    /** The band of {@code num ÷ den} on {@code column}, from both rows' per-fork values; null without them. */
    static Band band(Row num, Row den, String column) {
        Comparison c = num == null || den == null || column == null ? null : Tested.compare(num, den, column);
        if (c == null || !Double.isFinite(c.lo()) || !Double.isFinite(c.hi()) || !(c.lo() > 0) || c.nA() < 2 || c.nB() < 2) {
            return null;
        }
        return new Band(c.lo(), c.hi(), c.level());
    }

    /**
     * @param published the published ratio
     * @param measured  this run's ratio (medians)
     * @param band      this run's band for it, or null
     * @param flagged   a measured side is oversubscribed, unstable or single-fork
     */
    static Agreement of(double published, double measured, Band band, boolean flagged) {
        if (!(published > 0) || !(measured > 0) || !Double.isFinite(published) || !Double.isFinite(measured)) {
            return new Agreement(Kind.UNMEASURED, Fmt.NONE, null);
        }
        if (flagged) {
            return new Agreement(Kind.FLAGGED, "not judged: a measured side is flagged", band);
        }
        if (band == null) {
            return new Agreement(Kind.NO_BAND, "no verdict: no band (no per-fork values for both sides)", null);
        }
        if (published >= band.lo() && published <= band.hi()) {
            return new Agreement(Kind.INSIDE, "agrees: published inside this run's band " + band.text(), band);
        }
        double off = published > band.hi() ? published / band.hi() : band.lo() / published;
        return new Agreement(Kind.OUTSIDE, "differs: published " + Fmt.sig3(off) + "× " + (published > band.hi() ? "above" : "below")
                + " this run's band " + band.text(), band);
    }
}
