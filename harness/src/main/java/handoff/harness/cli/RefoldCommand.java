package handoff.harness.cli;

import handoff.harness.page.Manifest;
import handoff.harness.results.JmhMerge;
import handoff.harness.results.RunFolder;
import handoff.harness.results.Summary;
import handoff.harness.results.TrialProperties;
import handoff.harness.suites.Suites;
import handoff.harness.sweep.Refold;
import handoff.harness.trial.Suite;
import handoff.harness.trial.TrialSpec;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

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

/**
 * {@code refold RUN …}: every suite's CSV of a run folded again from its kept trials ({@code trials/}) by the code that
 * runs now ({@link Refold}); nothing is measured. A run that keeps no trials (a committed run) is folded again where a
 * suite keeps its forks in its own result files ({@link Suite#foldsKeptForks}: the disruptor suite's {@code jmh/}), so
 * that its rows and verdicts rest on what the run keeps; what such a fold leaves out (a file that is not a result, a
 * pair a side lacks) is printed. The trials go in the run's own plan order (re-made from its
 * {@code sweep.properties} on its manifest's machine, {@link RunPlan}), then the further rounds' trials by fork.
 */
@Command(name = "refold", mixinStandardHelpOptions = true, versionProvider = BuildInfo.Provider.class,
        description = {"Fold each suite's CSV of a run folder again from its kept trials (trials/)",
                "with the statistics of this build; nothing is measured. Then run 'report'. A run that",
                "keeps no trials/ is folded from the forks a suite keeps in its own result files (jmh/).",
                "Exit: 0 done; 2 a folder that is no run folder, or keeps no trials and no such forks."})
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
                    : !Files.isDirectory(dir.resolve("trials")) && keptOnly(dir).isEmpty()
                    ? "keeps no trials/ folder (a committed run keeps only its CSVs), and none of its suites folds the forks it keeps in "
                    + "its own result files" : null;
            if (why != null) {
                spec.commandLine().getErr().println("handoff: refold: " + f + " " + why);
                return Main.BAD_INPUT;
            }
        }
        PrintWriter out = spec.commandLine().getOut();
        for (File f : runs) {
            refold(f.toPath(), out);
            tools(f.toPath(), out);
        }
        out.flush();
        return 0;
    }

    /**
     * The run-level files tools read, written again from the refolded CSVs and the kept JMH files: {@code jmh-all.json}
     * (one entry per benchmark and parameters, as JMH writes a run of several forks) and {@code summary.json}. The
     * interval-log files ({@code spikes.csv}, {@code latency-over-time.csv}) are left as the sweep wrote them.
     */
    private static void tools(Path dir, PrintWriter out) throws IOException {
        JmhMerge.write(dir).forEach(n -> out.println("refold: " + dir + ": " + n));
        Summary.write(dir);
        out.println("refold: " + dir + ": jmh-all.json and summary.json written again");
    }

    /** The run's suites that fold the forks they keep in their own result files ({@link Suite#foldsKeptForks}). */
    private static List<Suite> keptOnly(Path dir) {
        return Manifest.read(dir).strings("suites").stream().filter(Suites.names()::contains).map(Suites::get)
                .filter(Suite::foldsKeptForks).toList();
    }

    private static void refold(Path dir, PrintWriter out) throws IOException {
        if (!Files.isDirectory(dir.resolve("trials"))) {
            for (Suite s : keptOnly(dir)) {
                List<String> left = Refold.writeKept(dir, s);
                out.println("refold: " + dir + ": " + s.name() + " from the forks it keeps in its own result files (no trials/) -> "
                        + s.csvFile());
                left.forEach(n -> out.println("refold: " + dir + ": " + s.name() + ": " + n));
            }
            return;
        }
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
            Suite s = Suites.get(e.getKey());
            Refold.write(dir, s, e.getValue());
            out.println("refold: " + dir + ": " + e.getKey() + " from " + e.getValue().size() + " trials -> " + s.csvFile());
            s.keptForksLeftOut(e.getValue(), dir).forEach(n -> out.println("refold: " + dir + ": " + e.getKey() + ": " + n));
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
