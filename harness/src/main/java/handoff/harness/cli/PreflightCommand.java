package handoff.harness.cli;

import handoff.harness.env.Machine;
import handoff.harness.env.Preflight;
import handoff.harness.results.Json;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.util.List;
import java.util.stream.IntStream;

/** Prints the machine facts and the lint warnings, without running anything. */
@Command(name = "preflight", mixinStandardHelpOptions = true, versionProvider = BuildInfo.Provider.class, description = "Show machine facts and benchmarking warnings.")
final class PreflightCommand implements Runnable {
    @Option(names = "--cpus", description = "CPU list the run would use, e.g. 2-5")
    String cpus;

    @Override
    public void run() {
        Machine m = Machine.probe();
        List<Integer> list = cpus == null ? IntStream.range(0, m.onlineCpus()).boxed().toList()
                : SweepCommand.parseCpus(cpus, m);
        System.out.print(Json.write(m.toJson()));
        for (String w : Preflight.warnings(m, list, cpus != null, 0)) {
            System.out.println("warning: " + w);
        }
    }
}
