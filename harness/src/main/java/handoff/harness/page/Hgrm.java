package handoff.harness.page;

import handoff.harness.results.CsvFormat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An HdrHistogram percentile distribution, values in nanoseconds, in either of HdrHistogram's two output
 * forms: the default text form ({@code outputPercentileDistribution(PrintStream, 1.0)}: whitespace
 * columns Value, Percentile, TotalCount, 1/(1-Percentile), {@code #} comments, the max in the
 * {@code #[Max = ...]} footer because the last line, at percentile 1.0, has no 4th column) that runs write
 * now, and the CSV form ({@code "Value","Percentile",...}, the max on a last line with {@code Infinity})
 * of runs committed before it. The max is kept separately so plots can still show it.
 */
final class Hgrm {
    private static final Pattern FOOTER_MAX = Pattern.compile("#\\[Max\\s*=\\s*([-+0-9.eE]+)\\s*,\\s*Total count\\s*=\\s*([0-9]+)");

    /** Finite points: x = 1/(1-p), value in ns. */
    final List<double[]> points = new ArrayList<>();
    double max = Double.NaN;
    double total = Double.NaN;

    static Hgrm read(Path f) throws IOException {
        Hgrm h = new Hgrm();
        for (String raw : Files.readAllLines(f, StandardCharsets.UTF_8)) {
            String line = raw.trim();
            if (line.startsWith("#")) {
                h.footer(line);
                continue;
            }
            List<String> c = line.indexOf(',') >= 0 ? CsvFormat.split(line) : List.of(line.split("\\s+"));
            if (c.size() >= 3) {
                h.data(c);
            }
        }
        if (Double.isNaN(h.max) && !h.points.isEmpty()) {
            h.max = h.points.get(h.points.size() - 1)[1];
        }
        return h;
    }

    private void footer(String line) {
        Matcher m = FOOTER_MAX.matcher(line);
        if (m.find()) {
            max = Double.parseDouble(m.group(1));
            total = Double.parseDouble(m.group(2));
        }
    }

    /** A data line: value, percentile, count and (except on the 100 % line) 1/(1-p); headers are skipped. */
    private void data(List<String> c) {
        double value;
        double p;
        double count;
        try {
            value = Double.parseDouble(c.get(0).trim());
            p = Double.parseDouble(c.get(1).trim());
            count = Double.parseDouble(c.get(2).trim());
        } catch (NumberFormatException e) {
            return; // a header line
        }
        String inv = c.size() >= 4 ? c.get(3).trim().toLowerCase(Locale.ROOT) : "";
        if (inv.isEmpty() || inv.equals("infinity") || inv.equals("inf") || p >= 1.0) {
            // the 100 % line: the CSV form's max; in the text form the footer's exact max wins
            if (Double.isNaN(max) || max < value) {
                max = value;
            }
        } else {
            points.add(new double[] {Double.parseDouble(inv), value});
        }
        if (Double.isNaN(total) || total < count) {
            total = count;
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
