package handoff.harness.fleet;

import handoff.harness.cli.Main;
import handoff.harness.trial.FaultInjection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code compare}'s exit codes beside the gate's own (GateWorkflowTest): runs of two boxes (another CPU count, CPU model or
 * JVM) are refused in one line naming the difference, exit 3, nothing written, unless {@code --across-boxes}; a crash
 * inside compare is an internal error, exit 70, never the 1 a gate reads as a regression.
 */
class CompareExitCodesTest {
    @TempDir
    Path tmp;

    record Result(int exit, String out, String err) {
    }

    Result compare(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = Main.commandLine();
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        String[] all = new String[args.length + 1];
        all[0] = "compare";
        System.arraycopy(args, 0, all, 1, args.length);
        int exit = cl.execute(all);
        return new Result(exit, out.toString(), err.toString());
    }

    Path run(String id, String cpu, int cpus, String jvm) throws Exception {
        return SyntheticRuns.write(tmp.resolve("runs"), id, cpu, cpus, jvm, "c0ffee" + id.substring(id.length() - 1), "2026-01-01T00:00:00Z",
                Map.of(), 5);
    }

    @Test
    void runsOfTwoBoxesAreRefusedInOneLineUnlessAcrossBoxes() throws Exception {
        Path a = run("20260101-000000-aaaaaa1", "AMD EPYC", 16, "17.0.15+6");
        Path cpus = run("20260101-000000-bbbbbb2", "AMD EPYC", 2, "17.0.15+6");
        Path model = run("20260101-000000-cccccc3", "Intel Xeon", 16, "17.0.15+6");
        Path jvm = run("20260101-000000-dddddd4", "AMD EPYC", 16, "21.0.5+11");
        Path gate = tmp.resolve("gate");
        for (Object[] c : new Object[][] {{cpus, "CPU count"}, {model, "CPU model"}, {jvm, "JVM"}}) {
            Result r = compare(a.toString(), c[0].toString(), "--fail-on", "regression", "--out", gate.toString());
            assertThat(r.exit()).as(r.err()).isEqualTo(3);
            assertThat(r.err().strip()).doesNotContain("\n").contains("different boxes").contains((String) c[1]).contains("--across-boxes");
            assertThat(gate).doesNotExist();
        }
        Result across = compare(a.toString(), cpus.toString(), "--across-boxes");
        assertThat(across.exit()).as(across.err()).isZero();
        assertThat(across.out()).contains("Regression gate");
        assertThat(compare(a.toString(), a.toString()).exit()).isZero(); // one box: compared as before
    }

    @Test
    void aCrashInsideCompareIsAnInternalErrorNotARegression() throws Exception {
        Path a = run("20260101-000000-aaaaaa1", "AMD EPYC", 16, "17.0.15+6");
        System.setProperty(FaultInjection.PROPERTY, "compare");
        try {
            Result r = compare(a.toString(), a.toString(), "--fail-on", "regression");
            assertThat(r.exit()).isEqualTo(Main.INTERNAL_ERROR).isEqualTo(70);
            assertThat(r.err()).contains("internal error in 'compare'").contains("a fault injected into compare");
        } finally {
            System.clearProperty(FaultInjection.PROPERTY);
        }
    }
}
