package handoff.harness.echo;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import static handoff.harness.echo.EchoObservations.us;

/**
 * The echo suite's part of the report: Markdown text from a run folder's {@code echo.csv}: what was measured,
 * the closed-loop table (with the figure drawn by {@link EchoParts}), the open-loop table, and the seed's three
 * observations with this run's evidence and verdicts ({@link EchoObservations}): the echo appendix.
 */
public final class EchoSection {
    private EchoSection() {
    }

    public static String markdown(Path runDir) throws IOException {
        return markdown(EchoCsv.lines(runDir));
    }

    static String markdown(List<EchoLine> rows) {
        StringBuilder md = new StringBuilder("## A service around the hand-off: UDP echo with capitalisation\n\n");
        if (rows.isEmpty()) {
            return md.append("The `echo` suite did not run.\n").toString();
        }
        md.append("A UDP server on 127.0.0.1 upper-cases each request and replies (after the 2013 Disruptor example). "
                + "`inline`: one thread receives, upper-cases, replies (no hand-off); `blocking`: a receiving thread hands "
                + "each request to a pool of 3 handler threads; `rings` and `transport`: receiver → in-hop → upper-case "
                + "handler → out-hop → sender over a ring (pre-allocated slots) or a queue transport. Clients run in the "
                + "trial's JVM, each with its own channel: closed loop (N clients, send then wait; one sample = one round "
                + "trip) and open loop (one paced sender at a fraction of the best closed-loop throughput, latency from "
                + "the intended send time, no reply within the timeout = lost). Every reply is checked against the "
                + "upper-cased request. p50 is the median over forks with its interval" + coverage(rows) + "; `vs inline` compares p50 with "
                + "`inline`'s from interleaved forks paired by fork number. `*` = oversubscribed (threads > CPUs), "
                + "`!` = unstable (forks disagree by more than 2×).\n\n");
        md.append("![echo: round trip vs clients](plots/").append(EchoParts.NAME).append(".png)\n\n");
        md.append("| variant | transport | wait | N | p50 µs [interval] | p99 µs | p99.9 µs | max µs | req/s | CPU µs/req | lost | p50 vs inline | status |\n");
        md.append("|---|---|---|--:|--:|--:|--:|--:|--:|--:|--:|---|---|\n");
        for (EchoLine r : rows) {
            if (r.mode().equals("closed")) {
                md.append(row(r, Integer.toString(r.clients())));
            }
        }
        if (rows.stream().anyMatch(r -> r.mode().equals("open"))) {
            md.append("\nOpen loop (one paced client; load = % of the best closed-loop throughput of the same JVM, so the offered rate differs between rows and they are not set against `inline`; percentiles from the steady part only, which starts where 8 intervals show no trend, within the window's first half; req/s = requests due in it answered within the timeout ÷ those due × offered):\n\n");
            md.append("| variant | transport | wait | load % | p50 µs [interval] | p99 µs | p99.9 µs | max µs | req/s | CPU µs/req | lost | p50 vs inline | status |\n");
            md.append("|---|---|---|--:|--:|--:|--:|--:|--:|--:|--:|---|---|\n");
            for (EchoLine r : rows) {
                if (r.mode().equals("open")) {
                    md.append(row(r, r.loadPct()));
                }
            }
        }
        md.append("\n### The published observations, against this run\n\n");
        md.append("| observation | this run | verdict |\n|---|---|---|\n");
        for (EchoObservations.Observation o : EchoObservations.of(rows)) {
            md.append("| ").append(cell(o.claim())).append(" | ").append(cell(o.evidence())).append(" | **")
                    .append(o.verdict()).append("** |\n");
        }
        return md.toString();
    }

    /** e.g. " (min–max of 3 forks: 75 % coverage)", from the rows' own interval level. */
    private static String coverage(List<EchoLine> rows) {
        return rows.stream().filter(r -> r.ok() && r.p50().level() > 0).findFirst()
                .map(r -> String.format(java.util.Locale.ROOT, " (over %s forks: %.0f %% coverage)", r.forks(),
                        100 * r.p50().level())).orElse(" (one fork: no interval)");
    }

    private static String row(EchoLine r, String n) {
        String marks = r.marks();
        boolean ok = r.ok();
        String p50 = !ok ? "" : us(r.p50().centre()) + (r.p50().level() > 0
                ? " [" + us(r.p50().lo()) + "–" + us(r.p50().hi()) + "]" : "");
        String vs = r.vsInline();
        if (!vs.isEmpty()) {
            vs = String.format(java.util.Locale.ROOT, "%.2f× (%s)", r.p50RatioInline(), vs);
        }
        return "| " + String.join(" | ", r.variant(), r.transport(), r.waitStrategy(), n + marks, p50,
                ok ? us(r.p99().centre()) : "", ok ? us(r.p999Ns()) : "", ok ? us(r.maxNs()) : "",
                ok ? String.format(java.util.Locale.ROOT, "%.0f", r.throughputRps()) : "",
                ok ? us(r.cpuNsPerRequest()) : "", r.lost(), vs, cell(r.status())
                        + steadiness(r)) + " |\n";
    }

    /** An open-loop row's steady-state verdict and where its steady part began, e.g. " · steady after 150 ms (3/3)". */
    private static String steadiness(EchoLine r) {
        String steady = r.steady();
        return steady.isEmpty() ? "" : " · " + (steady.equals("steady") ? "steady" : "**not-steady**") + " after "
                + r.warmupMs() + " ms (" + r.steadyForks() + ")";
    }

    private static String cell(String s) {
        return s == null ? "" : s.replace("|", "\\|").replace("\n", " ");
    }
}
