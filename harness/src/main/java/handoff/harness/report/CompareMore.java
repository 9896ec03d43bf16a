package handoff.harness.report;

import java.io.File;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The part of {@link CompareCommand} after its checks of RUN_A and RUN_B: more runs, the comparison, its figure,
 * verdict and Markdown, and the exit code: 1 where {@code --fail-on regression} was given and the gate found one, else 0.
 */
final class CompareMore {
    private CompareMore() {
    }

    static int run(CompareCommand cmd, PrintWriter out, double threshold) throws java.io.IOException {
        PrintWriter err = cmd.spec.commandLine().getErr();
        for (File f : cmd.more) {
            if (!Files.isDirectory(f.toPath())) {
                err.println("handoff: compare: " + f + " is not a folder; give run folders, e.g. results/<run-id>");
                err.flush();
                return 2;
            }
        }
        List<RunData> runs = new ArrayList<>();
        runs.add(RunData.load(cmd.runA.toPath()));
        runs.add(RunData.load(cmd.runB.toPath()));
        for (File f : cmd.more) {
            runs.add(RunData.load(f.toPath()));
        }
        CompareRuns compare = new CompareRuns(runs, threshold);
        String refusal = compare.refusal();
        if (refusal != null) {
            err.println(refusal);
            err.flush();
            return 2;
        }
        Path png = cmd.figure != null ? cmd.figure.toPath()
                : cmd.markdown != null ? cmd.markdown.toPath().resolveSibling(cmd.markdown.getName().replaceFirst("\\.md$", "") + ".png")
                : Path.of("compare-" + runs.get(1).runId + "-vs-" + runs.get(0).runId + ".png");
        compare.write(out, png, cmd.markdown == null ? null : cmd.markdown.toPath(), cmd.failOn);
        boolean fail = cmd.failOn != null && compare.regression();
        if (fail) {
            out.println("compare: regression beyond " + Gate.percent(threshold) + " (see the gate column): exit 1");
        }
        out.flush();
        return fail ? 1 : 0;
    }
}
