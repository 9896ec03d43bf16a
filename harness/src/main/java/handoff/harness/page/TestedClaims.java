package handoff.harness.page;

import handoff.harness.stats.Comparison;
import handoff.harness.stats.RankTest;
import handoff.harness.stats.Ranking;
import handoff.harness.stats.Stats;

import java.util.List;
import java.util.Locale;

/**
 * The report's words for tested claims: every "faster", "slower", "differs" and "no significant difference" comes
 * from here with its test and level, and a comparison the forks cannot resolve says so in those words. Rows are
 * tested on their per-fork values ({@link TextLine#forks}); rows without them are "untested", never "no difference".
 */
public final class TestedClaims {
    private static final Prose TEXT = Prose.of("page");
    private TestedClaims() {
    }

    /** Unpaired test of a against b on a measure's per-fork values; null where either row has none. */
    public static Comparison compare(TextLine a, TextLine b, String col) {
        double[] x = a == null ? null : a.forks(col);
        double[] y = b == null ? null : b.forks(col);
        if (x == null || y == null) {
            return null;
        }
        return Stats.shiftTest(x, y);
    }

    /** The words of a comparison with no test: its rows carry no per-fork values. */
    public static String untested() {
        return TEXT.get("untested.no-forks");
    }

    /** A single comparison's verdict in words with its test and level ({@link Comparison#verdict}). */
    public static String verdict(Comparison c, String higher, String lower) {
        if (c == null) {
            return untested();
        }
        return c.verdict(c.p(), 1, higher, lower);
    }

    /** Why a table's rows were not ranked when they carry no per-fork values, with what their fork counts could reach. */
    public static String untestedTable(List<TextLine> rows) {
        int forks = (int) rows.stream().mapToDouble(TextLine::forks).filter(d -> !Double.isNaN(d)).min().orElse(1);
        if (forks < 2) {
            return TEXT.get("untested.one-fork");
        }
        String minP = Stats.formatP(RankTest.minP(forks, forks));
        return RankTest.minP(forks, forks) <= Stats.ALPHA
                ? TEXT.fill("untested.reach.could").with("forks", forks).with("minP", minP).with("alpha", Stats.formatP(Stats.ALPHA)).text()
                : TEXT.fill("untested.reach.could-not").with("forks", forks).with("minP", minP).with("alpha", Stats.formatP(Stats.ALPHA)).text();
    }

    /**
     * The compact letter of a row in a ranking, as appended to a table cell: " (a)"; "" where untested or where the
     * table cannot be resolved at all (one shared letter would read as "alike", which the forks cannot show either).
     */
    public static String letter(Ranking r, int i) {
        return r == null || r.letters(i).isEmpty() || !r.unresolvable().isEmpty() ? "" : " (" + r.letters(i) + ")";
    }
}
