package handoff.harness.fleet;

import handoff.harness.page.RunData;
import handoff.harness.results.AtomicFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code compare-boxes DB_OR_RUNS… --markdown FILE}: the declared questions judged per box, side by side. */
@Command(name = "compare-boxes", mixinStandardHelpOptions = true, modelTransformer = Duck.Help.class,
        description = {"For each declared question, the verdict on each box (machine = CPU model + CPUs) as",
                "that box's run made it (its report's; nothing is tested again), and whether the boxes",
                "agree on every row, on some, or reverse. Never pools absolute figures across machines.",
                "Arguments: fleet databases (*.duckdb, from collect), run folders, or folders of runs.",
                "Exit: 0 written; 2 bad input, or a damaged run folder."})
public final class CompareBoxesCommand implements Callable<Integer> {
    @Parameters(paramLabel = "DB_OR_RUNS", arity = "1..*", description = "fleet database files, run folders, or folders holding runs")
    List<File> inputs;

    @Option(names = "--markdown", required = true, paramLabel = "FILE", description = "where to write the study (Markdown)")
    File markdown;

    @Option(names = "--driver", paramLabel = "JAR", description = "DuckDB's JDBC driver jar, for a database")
    File driver;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        List<RunOutcome> runs = new ArrayList<>();
        List<Path> folders = new ArrayList<>();
        for (File f : inputs) {
            if (Files.isRegularFile(f.toPath())) {
                try (java.sql.Connection c = Duck.open(f.toPath(), driver == null ? null : driver.toPath())) {
                    runs.addAll(FleetRead.runs(c));
                }
            } else {
                folders.add(f.toPath());
            }
        }
        for (Path dir : folders.isEmpty() ? List.<Path>of() : RunFolders.expand(folders)) {
            String damage = Damage.of(dir);
            if (damage != null) {
                spec.commandLine().getErr().println("handoff: compare-boxes: refused " + damage + "; nothing written");
                spec.commandLine().getErr().flush();
                return 2;
            }
            RunData d = RunData.load(dir);
            runs.add(new RunOutcome(RunFacts.of(d.manifest, dir), RunVerdict.of(d)));
        }
        AtomicFiles.write(markdown.toPath(), AcrossBoxes.markdown(runs));
        spec.commandLine().getOut().println("compare-boxes: " + runs.size() + " runs; the study is in " + markdown);
        spec.commandLine().getOut().flush();
        return 0;
    }
}
