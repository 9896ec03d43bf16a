package handoff.harness.report;

import handoff.harness.results.AtomicFiles;
import handoff.harness.results.Json;
import handoff.harness.results.RunFolder;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.File;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.util.concurrent.Callable;

/** {@code compare <run-a> <run-b>}: ratios b/a of the headline metrics for the rows both runs have. */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = {"Compare two run folders: for every row both have (matched on each CSV's key columns), the ratio b/a of",
                "RTT mean/p50/p99, pipeline throughput, pipeline-latency p99, unicast time and disruptor.csv score, and",
                "whether the change exceeds the runs' own spread (JMH error, p99 min-max over forks) or is within noise."})
public final class CompareCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "RUN_A", description = "the reference run folder")
    File runA;

    @Parameters(index = "1", paramLabel = "RUN_B", description = "the run compared with it")
    File runB;

    @Parameters(index = "2..*", paramLabel = "RUN_C", description = "more runs, each compared with RUN_A")
    java.util.List<File> more = new java.util.ArrayList<>();

    @Option(names = "--markdown", paramLabel = "FILE", description = "also write the comparison as Markdown to FILE, the figure embedded")
    File markdown;

    @Option(names = "--figure", paramLabel = "FILE.png", description = "where to draw the figure (default: beside --markdown, else compare-<B>-vs-<A>.png here)")
    File figure;

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
        for (File f : new File[] {runA, runB}) {
            String why = !f.exists() ? "does not exist" : !f.isDirectory() ? "is not a folder"
                    : !Files.isRegularFile(f.toPath().resolve(RunFolder.MANIFEST)) ? "is not a run folder (no manifest.json)" : null;
            if (why != null) { // bad input: one line, exit 2, like every other command
                spec.commandLine().getErr().println("handoff: compare: " + f + " " + why + "; give two run folders, e.g. results/<run-id>");
                spec.commandLine().getErr().flush();
                return 2;
            }
        }
        return CompareMore.run(this, out);
    }
}
