package handoff.harness.trial;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Where the next forks go (the adaptive budget): every configuration first gets a minimum; after that a round of
 * forks goes to the comparisons whose verdict is still open, those furthest from being resolvable first, then the
 * widest relative interval, until each is resolved, a configuration reaches its cap, or the round's budget is
 * spent. A pure decision over the per-fork values measured so far, so a sweep can call it between rounds and the
 * manifest can record each grant's reason. Paired comparisons grant both sides alike, so forks stay in pairs.
 *
 * <p>A comparison is resolved when its test differs at {@code α / m} (Bonferroni over the m planned comparisons:
 * the report's Holm then also calls it) or when its Hodges–Lehmann interval lies within {@link #EQUIVALENT} of 1
 * (no difference of a size worth ranking).
 */
public final class ForkPlanner {
    /** A ratio interval inside [1/EQUIVALENT, EQUIVALENT] is "no difference worth ranking": resolved. */
    public static final double EQUIVALENT = 1.05;

    /** A comparison the report will make, between two configurations' keys. */
    public record Pair(String a, String b, boolean paired) {
    }

    /** One more fork for a configuration, and why. */
    public record Grant(String config, String why) {
    }

    private ForkPlanner() {
    }

    /**
     * @param values per configuration key, its per-fork values so far
     * @param pairs  the comparisons planned
     * @param min    forks every configuration gets first
     * @param max    forks no configuration goes beyond
     * @param budget forks this round may spend (the time budget left over the mean fork's time)
     * @return the grants of this round, at most {@code budget}; empty when every verdict is settled or capped
     */
    public static List<Grant> next(Map<String, double[]> values, List<Pair> pairs, int min, int max, int budget) {
        List<Grant> out = new ArrayList<>();
        Map<String, Integer> extra = new LinkedHashMap<>();
        for (Map.Entry<String, double[]> e : values.entrySet()) {
            for (int n = e.getValue().length; n < min && out.size() < budget; n++) {
                out.add(new Grant(e.getKey(), "minimum of " + min + " forks"));
            }
        }
        if (!out.isEmpty()) {
            return out;
        }
        int m = Math.max(1, pairs.size());
        List<Open> open = new ArrayList<>();
        for (Pair p : pairs) {
            double[] a = values.get(p.a());
            double[] b = values.get(p.b());
            if (a == null || b == null) {
                continue;
            }
            Comparison c = test(p, a, b);
            if (!resolved(c, m)) {
                open.add(new Open(p, c, c.minP() > Stats.ALPHA / m, c.hi() / c.lo()));
            }
        }
        // first the comparisons their forks cannot resolve at all, then the widest relative interval
        open.sort(Comparator.comparing((Open o) -> !o.unreachable).thenComparing(o -> -o.width));
        for (Open o : open) {
            List<String> sides = List.of(o.pair.a(), o.pair.b());
            boolean capped = sides.stream().anyMatch(k -> values.get(k).length + extra.getOrDefault(k, 0) >= max);
            if (capped || out.size() + (o.pair.paired() ? 2 : 1) > budget) {
                continue;
            }
            String why = o.pair.a() + " vs " + o.pair.b() + " unresolved: " + (o.unreachable
                    ? "p cannot reach " + Stats.formatP(Stats.ALPHA / m) + " with " + o.test.design()
                    : "p = " + Stats.formatP(o.test.p()) + ", ratio interval " + Stats.formatP(o.test.lo()) + "–" + Stats.formatP(o.test.hi()));
            if (o.pair.paired()) {
                for (String k : sides) {
                    out.add(new Grant(k, why));
                    extra.merge(k, 1, Integer::sum);
                }
            } else {
                // the side with fewer forks (then the wider spread) gains most from one more
                String k = values.get(o.pair.a()).length + extra.getOrDefault(o.pair.a(), 0)
                        <= values.get(o.pair.b()).length + extra.getOrDefault(o.pair.b(), 0) ? o.pair.a() : o.pair.b();
                out.add(new Grant(k, why));
                extra.merge(k, 1, Integer::sum);
            }
        }
        return out;
    }

    /**
     * The fewest forks per side (pairs, where paired) with which a table of {@code m} comparisons can resolve any of
     * them at all: the smallest n whose exact test's smallest p (2 / C(2n, n) unpaired, 2 / 2^n paired) is at most
     * {@code α / m}; {@code cap + 1} where even {@code cap} forks cannot.
     */
    public static int forksToReach(int m, boolean paired, int cap) {
        double needed = Stats.ALPHA / Math.max(1, m);
        for (int n = 1; n <= cap; n++) {
            if ((paired ? SignedRankTest.minP(n) : RankTest.minP(n, n)) <= needed) {
                return n;
            }
        }
        return cap + 1;
    }

    /** The pair's test on these per-fork values: paired where its forks are paired. */
    public static Comparison test(Pair p, double[] a, double[] b) {
        return p.paired() ? Stats.pairedTest(a, b) : Stats.shiftTest(a, b);
    }

    /**
     * Whether a comparison's verdict is settled in a family of {@code m} comparisons: it differs at {@code α / m}, or its
     * ratio interval lies within {@link #EQUIVALENT} of 1.
     */
    public static boolean resolved(Comparison c, int m) {
        boolean differs = c.differs(Stats.ALPHA / Math.max(1, m));
        boolean equivalent = c.lo() >= 1 / EQUIVALENT && c.hi() <= EQUIVALENT;
        return differs || equivalent;
    }

    private record Open(Pair pair, Comparison test, boolean unreachable, double width) {
    }
}
