package handoff.harness.pipelinereport;

import handoff.harness.page.FigureData;
import handoff.harness.page.GnuplotInclude;
import handoff.harness.page.RunData;
import handoff.harness.page.TextLine;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;

import static handoff.harness.page.FigureData.max;
import static handoff.harness.page.FigureData.posMin;

/**
 * Line-and-point series on log-log axes, one {@code <figure>-sN.dat} each, coloured by transport; tracks the
 * data's range so the axes start and end on whole decades.
 */
final class LogLogSeries {
    private final RunData run;
    private final Path dataDir;
    private final String figure;
    private final List<String> titles = new ArrayList<>();
    private final List<String> colours = new ArrayList<>();
    private final List<String> points = new ArrayList<>();
    private double xlo = Double.NaN;
    private double xhi = Double.NaN;
    private double ylo = Double.NaN;
    private double yhi = Double.NaN;
    private double xmin;
    private double xmax;
    private double ymin;
    private double ymax;

    LogLogSeries(RunData run, Path dataDir, String figure) {
        this.run = run;
        this.dataDir = dataDir;
        this.figure = figure;
    }

    void extend(double x, double yLow, double yHigh) {
        xlo = posMin(xlo, x);
        xhi = max(xhi, x);
        ylo = posMin(ylo, yLow);
        yhi = max(yhi, yHigh);
    }

    /**
     * One series per transport and wait among {@code rows}, points sorted by {@code xColumn}: {@code point}
     * appends a row's data line (and extends the range); titles carry the wait when several are drawn.
     */
    void perTransportAndWait(List<TextLine> rows, String xColumn, boolean multiWait, String header,
                             BiConsumer<TextLine, StringBuilder> point) throws IOException {
        for (String t : RunData.distinct(rows, "transport")) {
            for (String w : RunData.distinct(RunData.eq(rows, "transport", t), "wait")) {
                List<TextLine> s = RunData.sorted(RunData.eq(RunData.eq(rows, "transport", t), "wait", w), xColumn);
                StringBuilder d = new StringBuilder(header).append('\n');
                for (TextLine r : s) {
                    point.accept(r, d);
                }
                add(t, t + (multiWait ? "/" + w : "") + FigureData.seriesMarks(s), d);
            }
        }
    }

    private void add(String transport, String title, CharSequence data) throws IOException {
        int n = titles.size() + 1;
        FigureData.write(dataDir, figure + "-s" + n + ".dat", data.toString());
        titles.add(title);
        colours.add(run.traits.colour(transport));
        points.add(String.valueOf(FigureData.SERIES_POINTS.get((n - 1) % FigureData.SERIES_POINTS.size())));
    }

    /** The figure's header with the series and decade-rounded ranges; yHeadroom leaves room for the key. */
    GnuplotInclude gp(GnuplotInclude header, double yHeadroom) {
        if (Double.isNaN(ylo)) {
            xlo = ylo = 1;
            xhi = yhi = 10;
        }
        ymin = GnuplotInclude.decadeBelow(ylo);
        ymax = GnuplotInclude.decadeAbove(yhi * yHeadroom);
        xmin = GnuplotInclude.decadeBelow(xlo);
        xmax = GnuplotInclude.decadeAbove(xhi * 1.2);
        return header.num("n_series", titles.size()).array("s_title", titles)
                .array("s_colour", colours).numArray("s_point", FigureData.nums(points))
                .num("xmin", xmin).num("xmax", xmax).num("ymin", ymin).num("ymax", ymax);
    }

    double xmin() {
        return xmin;
    }

    double xmax() {
        return xmax;
    }

    double ymin() {
        return ymin;
    }

    double ymax() {
        return ymax;
    }
}
