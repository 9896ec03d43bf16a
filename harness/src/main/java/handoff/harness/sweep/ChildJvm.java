package handoff.harness.sweep;

import handoff.harness.results.RunFolder;
import handoff.harness.results.TrialProperties;
import handoff.harness.runtime.JvmOptions;
import handoff.harness.trial.BuildAxis;
import handoff.harness.trial.RuntimeAxes;
import handoff.harness.trial.Status;
import handoff.harness.trial.TrialSpec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * One trial = one fresh JVM. Running several transports through one call site in one JVM makes it
 * megamorphic and penalises whoever runs last (docs/measurement.md §1), and a fresh heap keeps one trial's garbage out
 * of the next one's pauses.
 */
public final class ChildJvm {

    public record Outcome(TrialProperties result) {
    }

    private ChildJvm() {
    }

    public static List<String> command(TrialSpec spec, List<String> extraJvmArgs, RunFolder run, List<String> faults,
                                       Path resultFile) {
        List<String> cmd = new ArrayList<>();
        String home = spec.sizing().getOrDefault(RuntimeAxes.HOME, System.getProperty("java.home"));
        cmd.add(Path.of(home, "bin", "java").toString());
        cmd.addAll(JvmOptions.opens(Integer.parseInt(spec.sizing().getOrDefault(RuntimeAxes.FEATURE,
                Integer.toString(Runtime.version().feature())))));
        cmd.addAll(extraJvmArgs);
        cmd.addAll(RuntimeAxes.jvmFlags(spec));
        cmd.add("-Xlog:gc*:file=" + run.logFile(spec.key(), ".gc.log") + ":uptime,level,tags");
        cmd.add("-D" + ParentWatch.PROPERTY + "=" + ProcessHandle.current().pid()); // a sweep killed hard cannot stop its trial
        if (!faults.isEmpty()) {
            cmd.add("-Dhandoff.fault=" + String.join(",", faults));
        }
        cmd.add("-cp");
        cmd.add(BuildAxis.classPath(spec)); // a side's jar in a run of two builds
        cmd.add("handoff.harness.cli.Main");
        cmd.add("trial");
        cmd.add("--run");
        cmd.add(run.dir().toString());
        cmd.add("--result");
        cmd.add(resultFile.toString());
        cmd.addAll(spec.toArgs());
        return cmd;
    }

    public static Outcome run(TrialSpec spec, List<String> extraJvmArgs, RunFolder run, List<String> faults,
                              long watchdogSeconds, Consumer<Process> started) throws IOException, InterruptedException {
        Path log = run.logFile(spec.key(), ".log");
        Path resultFile = run.logFile(spec.key(), ".result");
        Files.createDirectories(log.getParent());
        Files.deleteIfExists(resultFile);
        List<String> cmd = command(spec, extraJvmArgs, run, faults, resultFile);
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        started.accept(p);
        TrialProperties.Builder result = TrialProperties.builder();
        try {
            if (!p.waitFor(watchdogSeconds, TimeUnit.SECONDS)) {
                kill(p);
                result.put("status", Status.timeout().render());
                result.put("detail", "no result within the " + watchdogSeconds + " s watchdog; stopped");
                return new Outcome(result.build());
            }
        } catch (InterruptedException e) {
            kill(p);
            throw e;
        }
        if (Files.isRegularFile(resultFile)) {
            result.putAll(RunFolder.readTrial(resultFile));
            Files.deleteIfExists(resultFile);
        } else {
            result.put("status", Status.failed("JVM exited with code " + p.exitValue() + ": " + ProgressText.tail(log)).cellSafe().render());
        }
        return new Outcome(result.build());
    }

    /** The trial JVM and anything it started (JMH forks), so nothing keeps burning CPU. */
    static void kill(Process p) throws InterruptedException {
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
        p.waitFor(10, TimeUnit.SECONDS);
    }
}
