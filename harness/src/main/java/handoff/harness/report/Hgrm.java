package handoff.harness.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * An HdrHistogram percentile distribution in its CSV output form
 * ({@code "Value","Percentile","TotalCount","1/(1-Percentile)"}). The last line is the max, at percentile
 * 1.0 with {@code Infinity} in the 4th column; it is kept separately so plots can still show it.
 */
final class Hgrm {
    /** Finite points: x = 1/(1-p), value in ns. */
    final List<double[]> points = new ArrayList<>();
    double max = Double.NaN;
    double total = Double.NaN;

    static Hgrm read(Path f) throws IOException {
        Hgrm h = new Hgrm();
        for (String line : Files.readAllLines(f, StandardCharsets.UTF_8)) {
            List<String> c = Csv.split(line.trim());
            if (c.size() < 4) {
                continue;
            }
            double value;
            double p;
            try {
                value = Double.parseDouble(c.get(0).trim());
                p = Double.parseDouble(c.get(1).trim());
            } catch (NumberFormatException e) {
                continue; // header line, or a '#' summary line from the text form
            }
            String inv = c.get(3).trim();
            if (inv.equalsIgnoreCase("Infinity") || inv.equalsIgnoreCase("inf") || p >= 1.0) {
                h.max = Double.isNaN(h.max) ? value : Math.max(h.max, value);
                h.total = parseOr(c.get(2), h.total);
            } else {
                h.points.add(new double[] {Double.parseDouble(inv), value});
                h.total = parseOr(c.get(2), h.total);
            }
        }
        if (Double.isNaN(h.max) && !h.points.isEmpty()) {
            h.max = h.points.get(h.points.size() - 1)[1];
        }
        return h;
    }

    private static double parseOr(String s, double dflt) {
        try {
            return Double.parseDouble(s.trim());
        } catch (NumberFormatException e) {
            return dflt;
        }
    }

    /** The value at percentile p (0..100): the first point whose percentile reaches p. */
    double at(double percentile) {
        double x = 1.0 / (1.0 - percentile / 100.0);
        for (double[] pt : points) {
            if (pt[0] >= x * (1 - 1e-9)) {
                return pt[1];
            }
        }
        return max;
    }

    double lastX() {
        return points.isEmpty() ? 1 : points.get(points.size() - 1)[0];
    }
}
