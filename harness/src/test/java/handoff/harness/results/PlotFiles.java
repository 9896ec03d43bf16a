package handoff.harness.results;

import java.util.ArrayList;
import java.util.List;

/**
 * HdrHistogram's GoogleChartsExample/plotFiles.html reading a percentile file, line for line
 * (appendDataSeries): trim, split on runs of spaces, skip a line starting with '#', keep a line of exactly 4
 * fields whose 1st (value) and 4th (1/(1-p)) parse as numbers.
 */
public final class PlotFiles {
    private PlotFiles() {
    }

    /** The (x = 1/(1-p), y = value) points the page would plot. */
    public static List<double[]> points(String text) {
        List<double[]> pts = new ArrayList<>();
        for (String raw : text.split("\n")) {
            String line = raw.trim();
            String[] values = line.split(" +");
            if (!line.startsWith("#") && values.length == 4) {
                double y = parseFloat(values[0]);
                double x = parseFloat(values[3]);
                if (!Double.isNaN(x) && !Double.isNaN(y)) {
                    pts.add(new double[] {x, y});
                }
            }
        }
        return pts;
    }

    /** JavaScript's parseFloat on a whole token: NaN when it is not a number. */
    private static double parseFloat(String s) {
        try {
            return Double.parseDouble(s);
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }
}
