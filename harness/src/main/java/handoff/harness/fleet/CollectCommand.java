package handoff.harness.fleet;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.File;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code collect RUN_OR_DIR… --into FILE.duckdb}: run folders into one DuckDB file (README "Many boxes"). */
@Command(name = "collect", mixinStandardHelpOptions = true, modelTransformer = Duck.Help.class,
        description = {"Load run folders into one DuckDB file: table runs (one row per run, its facts),",
                "table forks (every per-fork value, as forks.csv) and table verdicts (the verdicts",
                "each run made on the declared questions). A run loaded again replaces its",
                "earlier copy, in one transaction. A damaged folder (a CSV line with the wrong cell",
                "count, a per-fork cell that is not a number, a manifest that does not parse) is",
                "refused with one line and nothing of it is loaded; the others still load.",
                "Exit: 0 every run loaded; 2 bad input, or some folder refused."})
public final class CollectCommand implements Callable<Integer> {
    @Parameters(paramLabel = "RUN_OR_DIR", arity = "1..*", description = "run folders, or folders holding run folders")
    List<File> runs;

    @Option(names = "--into", required = true, paramLabel = "FILE.duckdb", description = "the database file (created where absent)")
    File into;

    @Option(names = "--driver", paramLabel = "JAR", description = "DuckDB's JDBC driver jar")
    File driver;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        List<Path> folders;
        try {
            folders = RunFolders.expand(runs.stream().map(File::toPath).toList());
        } catch (IllegalArgumentException e) {
            err.println("handoff: collect: " + e.getMessage());
            err.flush();
            return 2;
        }
        int refused = 0;
        try (FleetDb db = new FleetDb(Duck.open(into.toPath(), driver == null ? null : driver.toPath()))) {
            for (Path f : folders) {
                String damage = Damage.of(f);
                if (damage != null) {
                    err.println("handoff: collect: refused " + damage + "; nothing of it loaded");
                    refused++;
                    continue;
                }
                int n = db.load(f);
                out.println("collect: " + f + ": " + n + " per-fork values loaded into " + into);
            }
        }
        out.flush();
        err.flush();
        return refused == 0 ? 0 : 2;
    }
}
