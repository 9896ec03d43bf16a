package handoff.harness.echo;

import handoff.harness.results.AtomicFiles;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static handoff.harness.echo.EchoObservations.num;

/**
 * The echo suite's figure: closed-loop round trip against client count, one series per server configuration
 * (variant/transport/wait): p50 with its interval over forks as error bars, p99 dashed in the same colour, log
 * y axis. {@link #write} puts the data into {@code <run>/plots/data/echo-clients.dat} (one {@code index} block
 * per series, microseconds) and a self-contained script into {@code <run>/plots/echo-clients.gp}, which
 * draws {@code echo-clients.svg} and {@code .png} beside itself: {@code gnuplot <run>/plots/echo-clients.gp}.
 * Only ok rows are drawn.
 */
public final class EchoFigure {
    public static final String NAME = "echo-clients";
    /** Twelve distinguishable colours (Tableau 10 plus two), so series do not share one before the 13th. */
    static final String COLOURS = "#4e79a7 #f28e2b #e15759 #76b7b2 #59a14f #edc948 #b07aa1 #ff9da7 #9c755f #bab0ac "
            + "#1f1f1f #17becf";

    /** One line of the plot: a configuration's ok closed-loop rows in client order. */
    record Series(String title, List<Map<String, String>> rows) {
    }

    private EchoFigure() {
    }

    /** Writes the data file and the script; returns the script's path. */
    public static Path write(Path runDir) throws IOException {
        List<Series> series = series(EchoCsv.read(runDir));
        AtomicFiles.write(runDir.resolve("plots/data/" + NAME + ".dat"), data(series));
        Path script = runDir.resolve("plots/" + NAME + ".gp");
        AtomicFiles.write(script, script(series, anyOversubscribed(series)));
        return script;
    }

    static List<Series> series(List<Map<String, String>> rows) {
        Map<String, List<Map<String, String>>> by = new LinkedHashMap<>();
        for (Map<String, String> r : rows) {
            if (r.get("mode").equals("closed") && "ok".equals(r.get("status"))) {
                String title = r.get("variant").equals(r.get("transport")) ? r.get("variant")
                        : r.get("variant") + "/" + r.get("transport") + "/" + r.get("wait");
                by.computeIfAbsent(title, k -> new ArrayList<>()).add(r);
            }
        }
        List<Series> out = new ArrayList<>();
        by.forEach((t, rs) -> {
            List<Map<String, String>> sorted = new ArrayList<>(rs);
            sorted.sort((a, b) -> Integer.compare(EchoObservations.clients(a), EchoObservations.clients(b)));
            out.add(new Series(t, sorted));
        });
        return out;
    }

    /** Whitespace-separated, one block per series (separated by two blank lines, for gnuplot's {@code index}). */
    static String data(List<Series> series) {
        StringBuilder sb = new StringBuilder();
        for (Series s : series) {
            sb.append("# ").append(s.title()).append(": clients p50_us p50_lo_us p50_hi_us p99_us\n");
            for (Map<String, String> r : s.rows()) {
                sb.append(String.format(Locale.ROOT, "%d %.3f %.3f %.3f %.3f%n", EchoObservations.clients(r),
                        num(r, "p50_ns") / 1000, num(r, "p50_lo_ns") / 1000, num(r, "p50_hi_ns") / 1000,
                        num(r, "p99_ns") / 1000));
            }
            sb.append("\n\n");
        }
        return sb.toString();
    }

    static boolean anyOversubscribed(List<Series> series) {
        return series.stream().flatMap(s -> s.rows().stream()).anyMatch(r -> "true".equals(r.get("oversubscribed")));
    }

    static String script(List<Series> series, boolean oversubscribed) {
        StringBuilder titles = new StringBuilder();
        series.forEach(s -> titles.append(titles.length() == 0 ? "" : " ").append(s.title()));
        List<Integer> clients = series.stream().flatMap(s -> s.rows().stream()).map(EchoObservations::clients)
                .distinct().sorted().toList();
        StringBuilder tics = new StringBuilder();
        clients.forEach(c -> tics.append(tics.length() == 0 ? "" : ", ").append(c));
        String note = oversubscribed ? "\\n(rows with threads > CPUs ran oversubscribed)" : "";
        return "# echo suite: closed-loop round trip vs client count, per server configuration.\n"
                + "# p50 with its interval over forks (error bars), p99 dashed; written by handoff.harness.echo.EchoFigure.\n"
                + "#   gnuplot <run>/plots/" + NAME + ".gp    (draws " + NAME + ".svg and .png beside this script)\n"
                + "dir = system(\"dirname '\".ARG0.\"'\")\n"
                + "data = dir.'/data/" + NAME + ".dat'\n"
                + "n = " + series.size() + "\n"
                + "if (n == 0) { print 'echo: no ok closed-loop rows to draw'; exit }\n"
                + "titles = \"" + titles + "\"\n"
                + "colours = \"" + COLOURS + "\"\n"
                + "colour(i) = word(colours, i % words(colours) + 1)\n"
                + "set title \"echo: round trip vs closed-loop clients (p50 with interval, p99 dashed)" + note + "\"\n"
                + "set xlabel 'client threads (closed loop)'\n"
                + "set ylabel 'round trip (µs)'\n"
                + "set logscale x 2\nset logscale y\n"
                + "set xtics (" + tics + ")\n"
                + "set xrange [" + (clients.isEmpty() ? 1 : clients.get(0)) * 0.8 + ":"
                + (clients.isEmpty() ? 8 : clients.get(clients.size() - 1)) * 1.25 + "]\n"
                + "set grid ytics lc rgb '#dddddd'\n"
                + "set key outside right top font ',9'\n"
                + "do for [fmt in 'svg png'] {\n"
                + "    if (fmt eq 'svg') { set terminal svg size 1000,600 dynamic } else { set terminal png size 1000,600 }\n"
                + "    set output dir.'/" + NAME + ".'.fmt\n"
                + "    plot for [i=0:n-1] data index i using 1:2:3:4 with yerrorlines lw 2 lc rgb colour(i) title word(titles, i+1), \\\n"
                + "         for [i=0:n-1] data index i using 1:5 with linespoints dt 2 lc rgb colour(i) notitle\n"
                + "    set output\n"
                + "}\n";
    }
}
