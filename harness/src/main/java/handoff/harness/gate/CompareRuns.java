package handoff.harness.gate;

import handoff.harness.page.Prose;
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
    private static final Prose TEXT = Prose.of("compare");
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
                return TEXT.fill("refusal").with("runB", c.runB.runId + Comparer.status(c.runB))
                        .with("runA", c.runA.runId + Comparer.status(c.runA)).text();
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
            out.println(TEXT.get("out.no-files"));
            return;
        }
        CompareFigure figure = new CompareFigure(comparers);
        String why = figure.draw(png);
        out.println(why == null ? TEXT.fill("out.drew").with("png", png.toString()).text() : TEXT.fill("out.no-figure").with("why", why).text());
        Path[] verdict = GateFiles.paths(png);
        GateFiles.write(comparers, gates, failOn, verdict[0], verdict[1]);
        out.println(TEXT.fill("out.wrote-verdict").with("json", verdict[0].toString()).with("xml", verdict[1].toString()).text());
        if (markdown != null) {
            StringBuilder md = new StringBuilder();
            if (why == null) {
                Path rel = markdown.toAbsolutePath().getParent().relativize(png.toAbsolutePath());
                md.append(TEXT.fill("page.figure").with("path", rel.toString().replace('\\', '/')).with("test", Comparer.TEST)
                        .with("alpha", Stats.formatP(Stats.ALPHA)).text()).append("\n\n");
            } else {
                md.append(TEXT.fill("page.no-figure").with("why", why).text()).append("\n\n");
            }
            Path rel = markdown.toAbsolutePath().getParent();
            md.append(TEXT.fill("page.verdict").with("json", rel.relativize(verdict[0].toAbsolutePath()).toString())
                    .with("xml", rel.relativize(verdict[1].toAbsolutePath()).toString()).text()).append("\n\n");
            for (int i = 0; i < comparers.size(); i++) {
                md.append(comparers.get(i).markdown(gates.get(i))).append('\n');
            }
            AtomicFiles.write(markdown, md.toString());
            out.println(TEXT.fill("out.wrote").with("file", markdown.toString()).text());
        }
    }
}
