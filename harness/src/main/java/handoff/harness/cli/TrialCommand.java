package handoff.harness.cli;

import handoff.harness.env.CpuList;
import handoff.harness.meters.TrialThreads;
import handoff.harness.results.AtomicFiles;
import handoff.harness.results.RunFolder;
import handoff.harness.results.TrialProperties;
import handoff.harness.suites.Suites;
import handoff.harness.trial.FaultInjection;
import handoff.harness.trial.RuntimeAxes;
import handoff.harness.trial.Status;
import handoff.harness.trial.Suite;
import handoff.harness.trial.TrialContext;
import handoff.harness.trial.TrialFacts;
import handoff.harness.trial.TrialSpec;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * Runs one trial in this JVM and writes its result file. The sweep starts one JVM per trial with this
 * command; it is also the way to re-run one configuration by hand.
 */
@Command(name = "trial", mixinStandardHelpOptions = true, versionProvider = BuildInfo.Provider.class, description = "Run one trial in this JVM (used by sweep).")
final class TrialCommand implements Callable<Integer> {
    @Option(names = "--run", required = true, description = "run folder")
    Path runDir;

    @Option(names = "--result", required = true, description = "where to write the result properties")
    Path result;

    @Parameters(description = "trial parameters, name=value")
    List<String> params;

    @Override
    public Integer call() throws Exception {
        TrialSpec spec = TrialSpec.fromArgs(params);
        Suite suite = Suites.get(spec.suite());
        List<String> faults = Arrays.stream(System.getProperty(FaultInjection.PROPERTY, "").split(","))
                .map(String::trim).filter(s -> !s.isEmpty()).toList();
        if (faults.contains("die")) {
            Runtime.getRuntime().halt(66); // a JVM that dies without a word, as a crash would
        }
        if (faults.contains("hang")) {
            System.out.println("fault hang: this trial sleeps until it is stopped");
            System.out.flush();
            Thread.sleep(Long.MAX_VALUE);
        }
        String cpuText = spec.get("cpus", "");
        boolean pinned = Boolean.parseBoolean(spec.get("pinned", "false"));
        List<Integer> cpus = cpuText.isEmpty() ? List.of() : CpuList.parse(cpuText);
        TrialThreads threads = new TrialThreads(pinned ? cpus : List.of());
        TrialProperties.Builder out = TrialProperties.builder();
        try {
            out.putAll(suite.run(spec, new TrialContext(runDir, threads,
                    cpus.isEmpty() ? Runtime.getRuntime().availableProcessors() : cpus.size(), faults)));
        } catch (Exception e) {
            out.put("status", Status.failed(e.getClass().getSimpleName() + ": " + String.valueOf(e.getMessage()).replace('\n', ' ')).render());
        }
        TrialFacts.CODEC.write(TrialFacts.placed(threads.placement()), out);
        out.putAll(RuntimeAxes.selfReport());
        AtomicFiles.write(result, RunFolder.toProperties(out.build().asMap()));
        return 0;
    }
}
