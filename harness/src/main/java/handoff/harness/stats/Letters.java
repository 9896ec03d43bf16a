package handoff.harness.stats;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * A compact-letter display from pairwise verdicts (the insert-and-absorb algorithm, Piepho 2004): two rows share
 * a letter exactly when no test separated them, so a letter group never contains a pair its own tests call
 * different, and groups are not "everything that overlaps the best". Rows are given best first; letter a is
 * the group of the best row.
 */
public final class Letters {
    private Letters() {
    }

    /**
     * @param n       rows, best first
     * @param differs {@code differs[i][j]}: rows i and j differ (after the table's correction)
     * @return each row's letters, e.g. {@code a}, {@code ab}, {@code c}
     */
    public static String[] of(int n, boolean[][] differs) {
        List<BitSet> groups = new ArrayList<>();
        BitSet all = new BitSet();
        all.set(0, n);
        groups.add(all);
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                if (!differs[i][j]) {
                    continue;
                }
                List<BitSet> next = new ArrayList<>();
                for (BitSet g : groups) {
                    if (g.get(i) && g.get(j)) {
                        BitSet a = (BitSet) g.clone();
                        a.clear(i);
                        BitSet b = (BitSet) g.clone();
                        b.clear(j);
                        next.add(a);
                        next.add(b);
                    } else {
                        next.add(g);
                    }
                }
                groups = absorb(next);
            }
        }
        groups.sort((x, y) -> Integer.compare(x.nextSetBit(0), y.nextSetBit(0)));
        String[] letters = new String[n];
        for (int r = 0; r < n; r++) {
            StringBuilder b = new StringBuilder();
            for (int g = 0; g < groups.size(); g++) {
                if (groups.get(g).get(r)) {
                    b.append(name(g));
                }
            }
            letters[r] = b.toString();
        }
        return letters;
    }

    private static String name(int g) {
        return g < 26 ? String.valueOf((char) ('a' + g)) : "(" + (g + 1) + ")";
    }

    private static List<BitSet> absorb(List<BitSet> groups) {
        List<BitSet> out = new ArrayList<>();
        for (int i = 0; i < groups.size(); i++) {
            BitSet g = groups.get(i);
            if (g.isEmpty()) {
                continue;
            }
            boolean inside = false;
            for (int j = 0; j < groups.size() && !inside; j++) {
                if (i == j) {
                    continue;
                }
                BitSet h = groups.get(j);
                BitSet and = (BitSet) g.clone();
                and.and(h);
                // g is absorbed by a strict superset, or by an equal group that comes earlier
                inside = and.equals(g) && (!h.equals(g) || j < i);
            }
            if (!inside) {
                out.add(g);
            }
        }
        return out;
    }
}
