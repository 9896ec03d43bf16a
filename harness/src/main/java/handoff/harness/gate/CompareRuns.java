package handoff.harness.gate;

import handoff.harness.page.RunData;
import handoff.harness.results.AtomicFiles;
import handoff.harness.stats.Stats;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code compare A B [C ...]}: each later run against run A ({@link Comparer}) with its regression gate
 * ({@link Gate}), as text, as a figure ({@link CompareFigure}), as the machine-readable verdict ({@link GateFiles})
 * and, on request, as Markdown with the figure embedded. Runs that share no row with A are refused before anything
 * is written.
 */
final class CompareRuns {
    final List<Comparer> comparers = new ArrayList<>();
    final List<Gate> gates = new ArrayList<>();

    CompareRuns(List<RunData> runs, double threshold) {
        for (RunData other : runs.subList(1, runs.size())) {
            Comparer c = new Comparer(runs.get(0), other);
            comparers.add(c);
            gates.add(new Gate(c, threshold));
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

    /** Whether the gate could fail against every later run ({@link Gate#canFail}). */
    boolean canFail() {
        return gates.stream().allMatch(Gate::canFail);
    }

    /** Whether some later run has a regression against run A by the gate's test. */
    boolean regression() {
        return gates.stream().anyMatch(Gate::failed);
    }

    /**
     * Prints the text, draws the figure to {@code png}, writes the verdict beside it and {@code markdown} (may be
     * null) embedding the figure. A missing gnuplot costs the figure, not the comparison or its verdict.
     */
    void write(PrintWriter out, Path png, Path markdown, String failOn) {
        for (int i = 0; i < comparers.size(); i++) {
            out.print(comparers.get(i).text(gates.get(i)));
            out.println();
        }
        if (png == null) {
            out.println("compare: no files written (give --out DIR, --markdown FILE or --figure FILE.png for the figure, "
                    + "verdict JSON and JUnit XML)");
            return;
        }
        CompareFigure figure = new CompareFigure(comparers);
        String why = figure.draw(png);
        out.println(why == null ? "compare: drew " + png : "compare: no figure: " + why);
        Path[] verdict = GateFiles.paths(png);
        GateFiles.write(comparers, gates, failOn, verdict[0], verdict[1]);
        out.println("compare: wrote " + verdict[0] + " and " + verdict[1]);
        if (markdown != null) {
            StringBuilder md = new StringBuilder();
            if (why == null) {
                Path rel = markdown.toAbsolutePath().getParent().relativize(png.toAbsolutePath());
                md.append("![Ratio of each run to run A, per shared row](").append(rel.toString().replace('\\', '/'))
                        .append(")\n\n*Each row: the run's ratio to run A with its 95 % t-interval where both runs kept per-fork "
                                + "values (else the interval the two runs' spreads allow); filled = differs by the two-sided ")
                        .append(Comparer.TEST).append(" test (Holm, α = ").append(Stats.formatP(Stats.ALPHA))
                        .append("), open = no significant difference or not resolvable with its forks, x = untested.*\n\n");
            } else {
                md.append("> No figure: ").append(why).append("\n\n");
            }
            Path rel = markdown.toAbsolutePath().getParent();
            md.append("Machine-readable verdict: `").append(rel.relativize(verdict[0].toAbsolutePath())).append("` (JSON), `")
                    .append(rel.relativize(verdict[1].toAbsolutePath())).append("` (JUnit XML).\n\n");
            for (int i = 0; i < comparers.size(); i++) {
                md.append(comparers.get(i).markdown(gates.get(i))).append('\n');
            }
            AtomicFiles.write(markdown, md.toString());
            out.println("compare: wrote " + markdown);
        }
    }
}
