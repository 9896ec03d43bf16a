package handoff.harness.cli;

import handoff.harness.results.TrialProperties;

import handoff.harness.results.RunFolder;
import handoff.harness.suites.Suites;
import handoff.harness.sweep.Refold;
import handoff.harness.trial.TrialSpec;
import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code refold RUN …}: every suite's CSV of a run folded again from its kept trials ({@code trials/}) by the code that
 * runs now ({@link Refold}); nothing is measured. The trials go in the run's own plan order (re-made from its
 * {@code sweep.properties} on its manifest's machine, {@link RunPlan}), then the further rounds' trials by fork.
 */
@Command(name = "refold", mixinStandardHelpOptions = true, versionProvider = BuildInfo.Provider.class,
        description = {"Fold each suite's CSV of a run folder again from its kept trials (trials/)",
                "with the statistics of this build; nothing is measured. Then run 'report'.",
                "Exit: 0 done; 2 a folder that is no run folder or keeps no trials."})
public final class RefoldCommand implements Callable<Integer> {
    @Parameters(paramLabel = "RUN", arity = "1..*", description = "run folders, e.g. results/<run-id>")
    List<File> runs = new ArrayList<>();

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        for (File f : runs) {
            Path dir = f.toPath();
            String why = !RunFolder.isRun(dir) ? "is not a run folder (no manifest.json)"
                    : !Files.isDirectory(dir.resolve("trials")) ? "keeps no trials/ folder (a committed run keeps only its CSVs)" : null;
            if (why != null) {
                spec.commandLine().getErr().println("handoff: refold: " + f + " " + why);
                return Main.BAD_INPUT;
            }
        }
        PrintWriter out = spec.commandLine().getOut();
        for (File f : runs) {
            refold(f.toPath(), out);
        }
        out.flush();
        return 0;
    }

    private static void refold(Path dir, PrintWriter out) throws IOException {
        RunFolder run = new RunFolder(dir);
        Map<String, List<TrialProperties>> bySuite = new LinkedHashMap<>();
        Set<String> seen = new HashSet<>();
        for (TrialSpec t : RunPlan.trials(dir)) {
            run.readTrial(t.key()).ifPresent(m -> {
                bySuite.computeIfAbsent(t.suite(), s -> new ArrayList<>()).add(m);
                seen.add(t.key());
            });
        }
        List<TrialProperties> further = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir.resolve("trials"))) {
            for (Path p : files.filter(p -> p.getFileName().toString().endsWith(".properties")).sorted().toList()) {
                String key = p.getFileName().toString().replaceFirst("\\.properties$", "");
                if (!seen.contains(key)) {
                    run.readTrial(key).ifPresent(further::add);
                }
            }
        }
        further.sort(Comparator.comparingInt((TrialProperties m) -> fork(m.get("fork"))));
        for (TrialProperties m : further) {
            if (m.get("suite") != null) {
                bySuite.computeIfAbsent(m.get("suite"), s -> new ArrayList<>()).add(m);
            }
        }
        for (Map.Entry<String, List<TrialProperties>> e : bySuite.entrySet()) {
            Refold.write(dir, Suites.get(e.getKey()), e.getValue());
            out.println("refold: " + dir + ": " + e.getKey() + " from " + e.getValue().size() + " trials -> " + Suites.get(e.getKey()).csvFile());
        }
    }

    private static int fork(String s) {
        try {
            return Integer.parseInt(s == null ? "0" : s.trim());
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
