package handoff.harness.gate;

import handoff.harness.page.Prose;
import handoff.harness.page.RunData;
import handoff.harness.trial.FaultInjection;

import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The part of {@code compare} after its checks of RUN_A and RUN_B: more runs, the comparison, its figure,
 * verdict and Markdown, and the exit code ({@link GateExit}).
 */
final class CompareOutcome {
    private static final Prose TEXT = Prose.of("compare");
    /**
     * What {@code compare} was given, as its options read it.
     *
     * @param more             RUN_C …, each compared with RUN_A
     * @param markdown         {@code --markdown}; null where not given
     * @param out              {@code --out}; null where not given
     * @param figure           {@code --figure}; null where not given
     * @param failOnRegression {@code --fail-on regression}: the command is a gate
     * @param acrossBoxes      {@code --across-boxes}
     */
    record Request(File runA, File runB, List<File> more, File markdown, File out, File figure, boolean failOnRegression,
                   boolean acrossBoxes) {
    }

    private CompareOutcome() {
    }

    static int run(Request cmd, PrintWriter out, PrintWriter err, double threshold) throws IOException {
        for (File f : cmd.more()) {
            if (!Files.isDirectory(f.toPath())) {
                err.println("handoff: compare: " + f + " is not a folder; give run folders, e.g. results/<run-id>");
                err.flush();
                return 2;
            }
        }
        if (System.getProperty(FaultInjection.PROPERTY, "").contains("compare")) { // tests: a crash is not a verdict
            throw new IllegalStateException("a fault injected into compare (-D" + FaultInjection.PROPERTY + "=compare)");
        }
        List<RunData> runs = new ArrayList<>();
        runs.add(RunData.load(cmd.runA().toPath()));
        runs.add(RunData.load(cmd.runB().toPath()));
        for (File f : cmd.more()) {
            runs.add(RunData.load(f.toPath()));
        }
        for (RunData other : runs.subList(1, runs.size())) {
            String difference = cmd.acrossBoxes() ? null : SameBox.difference(runs.get(0), other);
            if (difference != null) { // one line: two boxes are not compared by accident
                err.println("compare: runs of different boxes, " + difference + ": their ratios would mix the machines with the code;"
                        + " give --across-boxes to compare them all the same, or measure a change on one box with ab");
                err.flush();
                return GateExit.CANNOT_JUDGE;
            }
        }
        CompareRuns compare = new CompareRuns(runs, threshold);
        String refusal = compare.refusal();
        if (refusal != null) {
            err.println(refusal);
            err.flush();
            return 2;
        }
        String stem = "compare-" + runs.get(1).runId + "-vs-" + runs.get(0).runId;
        Path png = cmd.figure() != null ? cmd.figure().toPath()
                : cmd.markdown() != null ? cmd.markdown().toPath().resolveSibling(cmd.markdown().getName().replaceFirst("\\.md$", "") + ".png")
                : cmd.out() != null ? cmd.out().toPath().resolve(stem + ".png") : null; // nothing lands where the user did not say
        if (png != null && png.toAbsolutePath().getParent() != null) {
            Files.createDirectories(png.toAbsolutePath().getParent());
        }
        Path md = cmd.markdown() != null ? cmd.markdown().toPath() : cmd.out() != null ? cmd.out().toPath().resolve(stem + ".md") : null;
        compare.write(out, png, md, cmd.failOnRegression() ? GateOptions.REGRESSION : null);
        int code = GateExit.of(cmd.failOnRegression(), compare.regression(), compare.canFail());
        if (code == 1) {
            out.println(TEXT.fill("out.regression").with("threshold", Gate.percent(threshold)).text());
        } else if (code == 3) {
            out.println(TEXT.get("out.cannot-fail"));
        }
        out.flush();
        return code;
    }
}
