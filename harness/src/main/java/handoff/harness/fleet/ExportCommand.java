package handoff.harness.fleet;

import handoff.harness.page.RunData;
import handoff.harness.results.AtomicFiles;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code export RUN [--out FILE]}: the run's per-fork values as one long CSV (README "Many boxes"). */
@Command(name = "export", mixinStandardHelpOptions = true,
        description = {"Write a run's per-fork values as one tidy long CSV: one line per configuration x",
                "metric x fork, with the run's facts (CPU model, CPUs, virtualised, pinned, JVM, GC,",
                "commit, dirty, profile, JVM flags) on every line. Default: <RUN>/forks.csv.",
                "Exit: 0 written; 2 bad input (not a run folder, or a damaged one: nothing written)."})
public final class ExportCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "RUN", description = "the run folder, e.g. results/<run-id>")
    File run;

    @Option(names = "--out", paramLabel = "FILE", description = "where to write (default: <RUN>/forks.csv)")
    File out;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        Path dir = run.toPath();
        String damage = Damage.of(dir);
        if (damage != null) {
            spec.commandLine().getErr().println("handoff: export: " + damage + "; nothing written");
            spec.commandLine().getErr().flush();
            return 2;
        }
        Path target = out != null ? out.toPath() : dir.resolve(TidyForks.FILE);
        int n = write(dir, target);
        spec.commandLine().getOut().println("export: " + n + " per-fork values of " + dir + " written to " + target);
        spec.commandLine().getOut().flush();
        return 0;
    }

    /** Writes the run's long table to {@code target}; the number of values. The folder must be whole ({@link Damage}). */
    public static int write(Path dir, Path target) throws IOException {
        RunData data = RunData.load(dir);
        List<ForkValue> values = TidyForks.of(data);
        AtomicFiles.write(target, TidyForks.render(RunFacts.of(data.manifest, dir), values));
        return values.size();
    }
}
