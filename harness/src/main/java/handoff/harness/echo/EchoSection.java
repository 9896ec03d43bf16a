package handoff.harness.echo;

import handoff.harness.page.Prose;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import static handoff.harness.echo.EchoObservations.us;

/**
 * The echo suite's part of the report: Markdown text from a run folder's {@code echo.csv}: what was measured,
 * the closed-loop table (with the figure drawn by {@link EchoParts}), the open-loop table, and the seed's three
 * observations with this run's evidence and verdicts ({@link EchoObservations}): the echo appendix.
 */
public final class EchoSection {
    private static final Prose TEXT = Prose.of("echo");

    private EchoSection() {
    }

    public static String markdown(Path runDir) throws IOException {
        return markdown(EchoCsv.lines(runDir));
    }

    static String markdown(List<EchoLine> rows) {
        StringBuilder md = new StringBuilder(TEXT.get("appendix.title")).append("\n\n");
        if (rows.isEmpty()) {
            return md.append(TEXT.get("not-run")).append('\n').toString();
        }
        md.append(TEXT.fill("intro").with("coverage", coverage(rows)).text()).append("\n\n");
        md.append("![").append(TEXT.get("figure.alt")).append("](plots/").append(EchoParts.NAME).append(".png)\n\n");
        md.append("| variant | transport | wait | N | p50 µs [interval] | p99 µs | p99.9 µs | max µs | req/s | CPU µs/req | lost | p50 vs inline | status |\n");
        md.append("|---|---|---|--:|--:|--:|--:|--:|--:|--:|--:|---|---|\n");
        for (EchoLine r : rows) {
            if (r.mode().equals("closed")) {
                md.append(row(r, Integer.toString(r.clients())));
            }
        }
        if (rows.stream().anyMatch(r -> r.mode().equals("open"))) {
            md.append('\n').append(TEXT.get("open-loop")).append("\n\n");
            md.append("| variant | transport | wait | load % | p50 µs [interval] | p99 µs | p99.9 µs | max µs | req/s | CPU µs/req | lost | p50 vs inline | status |\n");
            md.append("|---|---|---|--:|--:|--:|--:|--:|--:|--:|--:|---|---|\n");
            for (EchoLine r : rows) {
                if (r.mode().equals("open")) {
                    md.append(row(r, r.loadPct()));
                }
            }
        }
        md.append('\n').append(TEXT.get("observations.title")).append("\n\n");
        md.append("| observation | this run | verdict |\n|---|---|---|\n");
        for (EchoObservations.Observation o : EchoObservations.of(rows)) {
            md.append("| ").append(cell(o.claim())).append(" | ").append(cell(o.evidence())).append(" | **")
                    .append(o.verdict()).append("** |\n");
        }
        return md.toString();
    }

    /** e.g. "(over 3 forks: 75 % coverage)", from the rows' own interval level. */
    private static String coverage(List<EchoLine> rows) {
        return rows.stream().filter(r -> r.ok() && r.p50().level() > 0).findFirst()
                .map(r -> TEXT.fill("coverage").with("forks", String.valueOf(r.forks()))
                        .with("percent", String.format(Locale.ROOT, "%.0f", 100 * r.p50().level())).text())
                .orElse(TEXT.get("coverage.one-fork"));
    }

    private static String row(EchoLine r, String n) {
        String marks = r.marks();
        boolean ok = r.ok();
        String p50 = !ok ? "" : us(r.p50().centre()) + (r.p50().level() > 0
                ? " [" + us(r.p50().lo()) + "–" + us(r.p50().hi()) + "]" : "");
        String vs = r.vsInline();
        if (!vs.isEmpty()) {
            vs = Double.isNaN(r.p50RatioInline()) ? vs // a refused test has no estimate: its words say why
                    : String.format(Locale.ROOT, "%.2f× (%s)", r.p50RatioInline(), vs);
        }
        return "| " + String.join(" | ", r.variant(), r.transport(), r.waitStrategy(), n + marks, p50,
                ok ? us(r.p99().centre()) : "", ok ? us(r.p999Ns()) : "", ok ? us(r.maxNs()) : "",
                ok ? String.format(Locale.ROOT, "%.0f", r.throughputRps()) : "",
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
