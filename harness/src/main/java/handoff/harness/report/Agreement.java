package handoff.harness.report;

import handoff.harness.page.NumberText;
import handoff.harness.page.Prose;
import handoff.harness.page.TestedClaims;
import handoff.harness.page.TextLine;
import handoff.harness.stats.Comparison;

/**
 * Whether this run's ratio agrees with a published one (issue 40). A fixed tolerance ("within 2× agrees") says
 * nothing: a band must come from what varies. The band here is this run's own interval for its ratio (the
 * geometric-mean ratio of the two sides' per-fork values with its 95 % t-interval, {@link
 * handoff.harness.stats.Stats#shiftTest}), and the published figure's own spread
 * where the source gives the same ratio on several machines ({@link Spread}: the comparisons that share this one's
 * two run selectors, e.g. B.1's Sandy Bridge and Nehalem columns). The published ratio (or its range) inside or
 * overlapping this run's interval agrees, clear of it differs; with a published range and no interval, this run's
 * ratio inside the range agrees. Without either there is no band and no verdict word, only the ratio of ratios; a
 * flagged side (oversubscribed, unstable, single-fork) is not judged.
 */
final class Agreement {
    private static final Prose TEXT = Prose.of("agreement");

    /** What the verdict is, for tallies. */
    enum Kind {
        INSIDE, OUTSIDE, NO_BAND, FLAGGED, UNMEASURED
    }

    /** The published ratio of this comparison and the range over the source's machines for the same ratio. */
    record Spread(double published, double lo, double hi, int figures) {
        boolean range() {
            return figures > 1 && hi > lo;
        }

        String text() {
            return TEXT.fill("spread").with("lo", NumberText.sig3(lo)).with("hi", NumberText.sig3(hi)).with("figures", figures).text();
        }
    }

    /** The published ratios of every comparison with this one's run selectors (its machines), with {@code pr} its own. */
    static Spread spread(Published pub, Published.Comparison c, double pr) {
        double lo = pr;
        double hi = pr;
        int n = Double.isFinite(pr) ? 1 : 0;
        for (Published.Comparison o : pub.comparisons) {
            if (o == c || !c.measurable() || !o.runNum.equals(c.runNum) || !o.runDen.equals(c.runDen) || !o.table.equals(c.table)) {
                continue;
            }
            Published.Table t = pub.tables.get(o.table);
            double r = t == null ? Double.NaN : NumberText.div(Published.number(t.cell(o.pubNum)), Published.number(t.cell(o.pubDen)));
            if (r > 0 && Double.isFinite(r)) {
                lo = Math.min(lo, r);
                hi = Math.max(hi, r);
                n++;
            }
        }
        return new Spread(pr, lo, hi, n);
    }

    /** This run's interval for its ratio and the coverage it really has; null where there is none. */
    record Band(double lo, double hi, double level) {
        String text() {
            return TEXT.fill("band").with("lo", NumberText.sig3(lo)).with("hi", NumberText.sig3(hi)).with("level", NumberText.sig3(100 * level)).text();
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
    static Band band(TextLine num, TextLine den, String column) {
        Comparison c = num == null || den == null || column == null ? null : TestedClaims.compare(num, den, column);
        if (c == null || !Double.isFinite(c.lo()) || !Double.isFinite(c.hi()) || !(c.lo() > 0) || c.nA() < 2 || c.nB() < 2) {
            return null;
        }
        return new Band(c.lo(), c.hi(), c.level());
    }

    /**
     * @param spread    the published ratio and its range over the source's machines (null: the ratio alone, unknown)
     * @param measured  this run's ratio (medians)
     * @param band      this run's band for it, or null
     * @param flagged   a measured side is oversubscribed, unstable or single-fork
     */
    static Agreement of(Spread spread, double measured, Band band, boolean flagged) {
        double published = spread == null ? Double.NaN : spread.published();
        if (!(published > 0) || !(measured > 0) || !Double.isFinite(published) || !Double.isFinite(measured)) {
            return new Agreement(Kind.UNMEASURED, NumberText.NONE, null);
        }
        if (flagged) {
            return new Agreement(Kind.FLAGGED, TEXT.get("flagged"), band);
        }
        boolean range = spread.range();
        if (band == null && !range) {
            return new Agreement(Kind.NO_BAND, TEXT.get("no-band"), null);
        }
        double lo = range ? spread.lo() : published;
        double hi = range ? spread.hi() : published;
        if (band == null) { // the published spread is the band: this run's ratio inside it or not
            return measured >= lo && measured <= hi
                    ? new Agreement(Kind.INSIDE, TEXT.fill("inside.spread").with("spread", spread.text()).text(), null)
                    : new Agreement(Kind.OUTSIDE, TEXT.fill("outside.spread").with("times", NumberText.sig3(measured > hi ? measured / hi : lo / measured))
                    .with("way", (measured > hi ? TEXT.get("above") : TEXT.get("below"))).with("spread", spread.text()).text(), null);
        }
        String what = range ? spread.text() : TEXT.get("published");
        if (hi >= band.lo() && lo <= band.hi()) {
            return new Agreement(Kind.INSIDE, TEXT.fill("inside.band").with("what", what).with("how", (range ? TEXT.get("overlaps") : TEXT.get("inside")))
                    .with("band", band.text()).text(), band);
        }
        double off = lo > band.hi() ? lo / band.hi() : band.lo() / hi;
        return new Agreement(Kind.OUTSIDE, TEXT.fill("outside.band").with("what", what).with("times", NumberText.sig3(off))
                .with("way", lo > band.hi() ? TEXT.get("above") : TEXT.get("below")).with("band", band.text()).text(), band);
    }
}
