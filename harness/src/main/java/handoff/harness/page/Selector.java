package handoff.harness.page;

import handoff.harness.results.Cells;

import java.util.ArrayList;
import java.util.List;

/**
 * Picks one row and column of a run: {@code file[col=v1|v2;col=min;...]:column}. Filters apply in order;
 * alternatives are tried left to right (the first with a matching row wins), min/max keep the rows with
 * the extreme numeric value. Only ok rows are used; when the configuration exists but is not ok, the
 * result says so instead of silently falling back.
 */
public final class Selector {
    private static final Prose TEXT = Prose.of("page");
    public static final class Pick {
        public final TextLine row;
        public final double value;
        /** Why there is no value, or null. */
        public final String missing;
        /** More than one row matched; the first in report order was used. */
        final int candidates;

        Pick(TextLine row, double value, String missing, int candidates) {
            this.row = row;
            this.value = value;
            this.missing = missing;
            this.candidates = candidates;
        }
    }

    public final String file;
    final List<String[]> filters = new ArrayList<>();
    public final String column;

    public Selector(String spec) {
        int open = spec.indexOf('[');
        int close = spec.lastIndexOf(']');
        int colon = spec.lastIndexOf(':');
        if (open < 0 || close < open || colon < close) {
            throw new IllegalArgumentException("bad run selector '" + spec + "' (want file[col=v;...]:column)");
        }
        String f = spec.substring(0, open).trim();
        file = f.endsWith(".csv") ? f : f + ".csv";
        for (String part : spec.substring(open + 1, close).split(";")) {
            if (part.isBlank()) {
                continue;
            }
            int eq = part.indexOf('=');
            filters.add(new String[] {part.substring(0, eq).trim(), part.substring(eq + 1).trim()});
        }
        column = spec.substring(colon + 1).trim();
    }

    public Pick pick(RunData run) {
        CsvFile csv = run.get(file);
        if (csv == null) {
            return new Pick(null, Double.NaN, TEXT.fill("selector.absent").with("file", file).text(), 0);
        }
        List<TextLine> ok = apply(csv.ok());
        if (ok.isEmpty()) {
            List<TextLine> any = apply(csv.rows);
            if (!any.isEmpty()) {
                TextLine r = any.get(0);
                return new Pick(r, Double.NaN, TEXT.fill("selector.not-ok").with("row", r.describe(RunData.KEYS.get(file))).with("status", r.status()).text(), any.size());
            }
            return new Pick(null, Double.NaN, TEXT.fill("selector.no-row").with("selector", describe()).text(), 0);
        }
        TextLine r = ok.get(0);
        double v = r.num(column);
        return new Pick(r, v, Double.isNaN(v) ? TEXT.fill("selector.empty").with("column", column).with("row", r.describe(RunData.KEYS.get(file))).text() : null, ok.size());
    }

    private List<TextLine> apply(List<TextLine> rows) {
        List<TextLine> cur = RunData.sorted(rows, "wait");
        for (String[] f : filters) {
            String col = f[0];
            String want = f[1];
            if (want.equals("min") || want.equals("max")) {
                double best = Double.NaN;
                for (TextLine r : cur) {
                    double v = r.num(col);
                    if (!Double.isNaN(v) && (Double.isNaN(best) || (want.equals("min") ? v < best : v > best))) {
                        best = v;
                    }
                }
                final double b = best;
                cur = RunData.where(cur, r -> r.num(col) == b || (Double.isNaN(b) && !r.has(col)));
            } else {
                List<TextLine> next = List.of();
                for (String alt : want.split("\\|")) {
                    next = RunData.where(cur, r -> r.get(col).equals(alt) || numEq(r.get(col), alt));
                    if (!next.isEmpty()) {
                        break;
                    }
                }
                cur = next;
            }
            if (cur.isEmpty()) {
                break;
            }
        }
        return cur;
    }

    private static boolean numEq(String a, String b) {
        double x = Cells.parse(a);
        double y = Cells.parse(b);
        return !Double.isNaN(x) && x == y;
    }

    String describe() {
        StringBuilder b = new StringBuilder(file.replace(".csv", ""));
        for (String[] f : filters) {
            b.append(' ').append(f[0]).append('=').append(f[1]);
        }
        return b.toString();
    }
}
