package handoff.harness.gate;

import handoff.harness.results.RunFolder;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

import java.io.File;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code compare <run-a> <run-b> [--fail-on regression [--threshold X%]]}: for every row both runs have, the ratio
 * b/a of each metric the suites declare, whether b differs by a stated test, and the regression gate.
 */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = {"Compare run folders: for every row a later run shares with RUN_A",
                "(matched on the columns its suite declares; every suite's files), per",
                "declared metric the ratio b/a and whether b differs by the two-sided Welch",
                "t-test on log per-fork values (Holm, alpha 0.05); and a regression gate on the",
                "declared headline rows: the one-sided test that b is worse than a by more",
                "than --threshold, with its power (the smallest regression each row would find).",
                "Files (figure, <figure>.verdict.json, <figure>.junit.xml, Markdown) are written",
                "only where --out, --markdown or --figure says; never into the current folder.",
                "Runs of different boxes (CPU model or count, or JVM) are refused unless",
                "--across-boxes says so: a change under review is measured with 'ab' instead.",
                "Exit: 0 compared (no --fail-on; or no regression and the gate could fail);",
                "1 --fail-on regression and a regression found; 2 bad input; 3 runs of",
                "different boxes without --across-boxes, or --fail-on regression and the gate",
                "cannot fail with these forks (no headline row tested, or none could find a",
                "regression of twice the threshold); 70 internal error."})
public final class CompareCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "RUN_A", description = "the reference (base) run folder")
    File runA;

    @Parameters(index = "1", paramLabel = "RUN_B", description = "the run compared with it")
    File runB;

    @Parameters(index = "2..*", paramLabel = "RUN_C", description = "more runs, each compared with RUN_A")
    List<File> more = new ArrayList<>();

    @Option(names = "--markdown", paramLabel = "FILE", description = "also write the comparison as Markdown to FILE, the figure embedded")
    File markdown;

    @Option(names = "--out", paramLabel = "DIR", description = "write the figure, verdict JSON, JUnit XML and Markdown into DIR (created)")
    File out;

    @Option(names = "--figure", paramLabel = "FILE.png", description = "where to draw the figure (default: beside --markdown, else "
            + "compare-<B>-vs-<A>.png in --out; none without either); the verdict files go beside it")
    File figure;

    @picocli.CommandLine.Mixin
    GateOptions gate = new GateOptions();

    @Option(names = "--across-boxes", description = "compare runs of different boxes (CPU model or count, or JVM) all the same: "
            + "their ratios then mix the machines with the code")
    boolean acrossBoxes;

    @Spec
    CommandSpec spec;

    public CompareCommand() {
    }

    public static void main(String[] args) {
        System.exit(new CommandLine(new CompareCommand()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        String bad = gate.bad();
        for (File f : new File[] {runA, runB}) {
            String why = !f.exists() ? "does not exist" : !f.isDirectory() ? "is not a folder"
                    : !Files.isRegularFile(f.toPath().resolve(RunFolder.MANIFEST)) ? "is not a run folder (no manifest.json)" : null;
            if (bad == null && why != null) {
                bad = f + " " + why + "; give two run folders, e.g. results/<run-id>";
            }
        }
        if (bad != null) { // bad input: one line, exit 2, nothing written, like every other command
            spec.commandLine().getErr().println("handoff: compare: " + bad);
            spec.commandLine().getErr().flush();
            return 2;
        }
        CompareOutcome.Request request = new CompareOutcome.Request(runA, runB, more, markdown, this.out, figure,
                gate.failOnRegression(), acrossBoxes);
        return CompareOutcome.run(request, out, spec.commandLine().getErr(), gate.threshold());
    }
}
