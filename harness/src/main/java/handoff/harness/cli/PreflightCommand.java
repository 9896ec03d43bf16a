package handoff.harness.cli;

import handoff.harness.env.Machine;
import handoff.harness.env.Preflight;
import handoff.harness.results.Json;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.IntStream;

/**
 * Prints the machine facts and what is wrong with the box for benchmarking, without running anything: advice (exit 0),
 * or with {@code --strict} a test a lab's CI can stop on (exit 1, one line per failed check).
 */
@Command(name = "preflight", mixinStandardHelpOptions = true, versionProvider = BuildInfo.Provider.class,
        description = {"Show machine facts and benchmarking warnings.",
                "Exit: 0 (the warnings are advice); with --strict 1 where a check fails (one line each on stderr:",
                "'preflight: failed <check>: <what is wrong and the fix>'); 2 bad input."})
final class PreflightCommand implements Callable<Integer> {
    @Option(names = "--cpus", description = "CPU list the run would use, e.g. 2-5")
    String cpus;

    @Option(names = "--strict", description = "a failed check is an error: one line per failed check, exit 1")
    boolean strict;

    @Option(names = "--except", paramLabel = "LIST", split = ",",
            description = "checks --strict leaves as advice, comma-separated; allowed: governor, thp, isolated, smt, vm, oversubscribed, pinned")
    List<String> except = List.of();

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        for (String c : except) {
            if (!Preflight.CHECKS.contains(c)) {
                throw new Main.BadInput("--except: unknown check '" + c + "'; allowed: " + String.join(", ", Preflight.CHECKS));
            }
        }
        Machine m = Machine.probe();
        List<Integer> list = cpus == null ? IntStream.range(0, m.onlineCpus()).boxed().toList()
                : SweepCommand.parseCpus(cpus, m);
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        out.print(Json.write(m.toJson()));
        int failed = 0;
        for (Preflight.Finding f : Preflight.findings(m, list, cpus != null, 0)) {
            if (strict && !except.contains(f.check())) {
                err.println("preflight: failed " + f.check() + ": " + f.text());
                failed++;
            } else {
                out.println("warning: " + f.text());
            }
        }
        out.flush();
        err.flush();
        return failed > 0 ? 1 : 0;
    }
}
