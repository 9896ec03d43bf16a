package handoff.harness.report;

import handoff.harness.results.AtomicFiles;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code compare A B [C ...]}: each later run against run A ({@link Comparer}), as text, as a figure
 * ({@link CompareFigure}) and, on request, as Markdown with the figure embedded. Runs that share no row
 * with A are refused before anything is written.
 */
final class CompareRuns {
    private final List<Comparer> comparers = new ArrayList<>();

    CompareRuns(List<RunData> runs) {
        for (RunData other : runs.subList(1, runs.size())) {
            comparers.add(new Comparer(runs.get(0), other));
        }
    }

    /** One line saying which run shares no row with run A, or null when every one shares some. */
    String refusal() {
        for (Comparer c : comparers) {
            if (c.lines.isEmpty()) {
                return "compare: " + c.runB.runId + Comparer.status(c.runB) + " and " + c.runA.runId + Comparer.status(c.runA)
                        + " share no rows (no configuration measured ok in both); nothing to compare";
            }
        }
        return null;
    }

    /**
     * Prints the text, draws the figure to {@code png} and writes {@code markdown} (may be null) embedding it.
     * A missing gnuplot costs the figure, not the comparison.
     */
    void write(PrintWriter out, Path png, Path markdown) {
        for (Comparer c : comparers) {
            out.print(c.text());
            out.println();
        }
        CompareFigure figure = new CompareFigure(comparers);
        String why = figure.draw(png);
        out.println(why == null ? "compare: drew " + png : "compare: no figure: " + why);
        if (markdown != null) {
            StringBuilder md = new StringBuilder();
            if (why == null) {
                Path rel = markdown.toAbsolutePath().getParent().relativize(png.toAbsolutePath());
                md.append("![Ratio of each run to run A, per shared row](").append(rel.toString().replace('\\', '/'))
                        .append(")\n\n*Each row: the run's ratio to run A with the interval its and A's spread allow; filled = beyond "
                                + "the runs' spread, open = within noise, x = no spread recorded.*\n\n");
            } else {
                md.append("> No figure: ").append(why).append("\n\n");
            }
            for (Comparer c : comparers) {
                md.append(c.markdown()).append('\n');
            }
            AtomicFiles.write(markdown, md.toString());
            out.println("compare: wrote " + markdown);
        }
    }
}
