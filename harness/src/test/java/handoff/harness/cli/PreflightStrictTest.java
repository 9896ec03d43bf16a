package handoff.harness.cli;

import handoff.harness.env.Machine;
import handoff.harness.env.Preflight;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code preflight --strict}: a failed check is an error, one line each, exit 1; without it, advice and exit 0 (issue 50, item 6). */
class PreflightStrictTest {
    private record Result(int exit, String out, String err) {
    }

    private static Result preflight(String... args) {
        CommandLine cl = Main.commandLine();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        String[] all = new String[args.length + 1];
        all[0] = "preflight";
        System.arraycopy(args, 0, all, 1, args.length);
        return new Result(cl.execute(all), out.toString(), err.toString());
    }

    @Test
    void strictFailsWithOneLinePerFailedCheck() {
        Machine m = Machine.probe();
        List<Preflight.Finding> findings = Preflight.findings(m, IntStream.range(0, m.onlineCpus()).boxed().toList(), false, 0);
        assertThat(findings).extracting(Preflight.Finding::check).contains("pinned"); // no --cpus: never pinned

        Result strict = preflight("--strict");
        assertThat(strict.exit()).isEqualTo(1);
        List<String> lines = strict.err().lines().toList();
        assertThat(lines).hasSize(findings.size());
        for (int i = 0; i < findings.size(); i++) {
            assertThat(lines.get(i)).isEqualTo("preflight: failed " + findings.get(i).check() + ": " + findings.get(i).text());
        }
        assertThat(strict.out()).contains("\"online_cpus\"").doesNotContain("warning:");
    }

    @Test
    void withoutStrictItIsAdvice() {
        Result advice = preflight();
        assertThat(advice.exit()).isZero();
        assertThat(advice.err()).isEmpty();
        assertThat(advice.out()).contains("warning: threads are not pinned");
    }

    @Test
    void checksExceptedStayAdviceAndAnUnknownOneIsBadInput() {
        Result waived = preflight("--strict", "--except", String.join(",", Preflight.CHECKS));
        assertThat(waived.exit()).isZero();
        assertThat(waived.err()).isEmpty();
        assertThat(waived.out()).contains("warning: threads are not pinned");

        Result pinnedOnly = preflight("--strict", "--except", "governor,thp,isolated,smt,vm,oversubscribed");
        assertThat(pinnedOnly.exit()).isEqualTo(1);
        assertThat(pinnedOnly.err().lines()).containsExactly("preflight: failed pinned: threads are not pinned: the scheduler may "
                + "migrate them mid-trial. Fix: pass --cpus LIST (see README, 'Pinning a box')");

        Result bad = preflight("--strict", "--except", "governer");
        assertThat(bad.exit()).isEqualTo(2);
        assertThat(bad.err().strip()).isEqualTo("handoff: --except: unknown check 'governer'; allowed: governor, thp, isolated, smt, vm, "
                + "oversubscribed, pinned");
    }
}
