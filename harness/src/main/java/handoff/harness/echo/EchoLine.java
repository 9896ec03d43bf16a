package handoff.harness.echo;

import handoff.harness.stats.Stats;
import handoff.harness.trial.Forks;
import handoff.harness.trial.Status;

import java.util.List;
import java.util.Map;

/**
 * One row of {@code echo.csv} as the report part reads it back ({@link EchoCsv#lines}): its cells parsed once, at the
 * file boundary, into what the report computes with; cells it prints as the file holds them stay text. A file written
 * before a column existed reads that column as empty (NaN, null, "").
 *
 * @param ok             whether {@code status} is {@code ok}
 * @param forks          the {@code forks} cell as written
 * @param p50            {@code p50_ns} with its interval, its level and the forks; like {@code p99}
 * @param lost           the {@code lost} cell as written
 * @param p50Forks       {@code p50_ns_forks}, or null where the row has none; like {@code p99Forks}, {@code cpuPctForks}
 * @param vsInline       the {@code vs_inline} verdict; a file written before the paired signed-rank test carries the
 *                       old rule's word, which is not shown
 * @param steady         {@code steady}, {@code not-steady}, or "" (a closed-loop row); {@code warmupMs} and
 *                       {@code steadyForks} its cells as written
 */
record EchoLine(String variant, String transport, String waitStrategy, String mode, int clients, String loadPct,
                String status, boolean ok, boolean oversubscribed, boolean unstable, String forks, double cpus,
                Stats.Interval p50, Stats.Interval p99, double p999Ns, double maxNs, double throughputRps,
                double cpuNsPerRequest, double cpuPct, double idleCpuPct, String lost, double[] p50Forks,
                double[] p99Forks, double[] cpuPctForks, double p50RatioInline, String vsInline, String steady,
                String warmupMs, String steadyForks) {

    /** Each of a file's rows, in file order. */
    static List<EchoLine> of(List<Map<String, String>> rows) {
        return rows.stream().map(EchoLine::of).toList();
    }

    /** One row's cells by column name. */
    static EchoLine of(Map<String, String> r) {
        String clients = r.getOrDefault("clients", "");
        String forks = r.getOrDefault("forks", "1");
        int n = forks.isEmpty() ? 1 : Integer.parseInt(forks);
        double level = num(r, "interval_level");
        String vs = r.getOrDefault("vs_inline", "");
        return new EchoLine(r.get("variant"), r.get("transport"), r.get("wait"), r.get("mode"),
                clients.isEmpty() ? 0 : Integer.parseInt(clients), r.get("load_pct"), r.get("status"), Status.ofCell(r.get("status")).isOk(),
                "true".equals(r.get("oversubscribed")), "true".equals(r.get("unstable")), r.get("forks"), num(r, "cpus"),
                new Stats.Interval(num(r, "p50_ns"), num(r, "p50_lo_ns"), num(r, "p50_hi_ns"), level, n),
                new Stats.Interval(num(r, "p99_ns"), num(r, "p99_lo_ns"), num(r, "p99_hi_ns"), level, n),
                num(r, "p999_ns"), num(r, "max_ns"), num(r, "throughput_rps"), num(r, "cpu_ns_per_request"),
                num(r, "cpu_pct"), num(r, "idle_cpu_pct"), r.getOrDefault("lost", ""), perFork(r, "p50_ns"),
                perFork(r, "p99_ns"), perFork(r, "cpu_pct"), num(r, "p50_ratio_inline"),
                vs.isEmpty() || r.containsKey("p50_ratio_inline_p") ? vs : "untested (file predates the paired test)",
                r.getOrDefault("steady", ""), r.getOrDefault("warmup_ms", ""), r.getOrDefault("steady_forks", ""));
    }

    /** {@code *} oversubscribed, {@code !} unstable: the flags travel with every row named in evidence. */
    String marks() {
        return (oversubscribed ? "*" : "") + (unstable ? "!" : "");
    }

    /** The server configuration, e.g. {@code disruptor/park}. */
    String label() {
        return transport + "/" + waitStrategy;
    }

    /** p99 ÷ p50. */
    double tail() {
        return p99.centre() / p50.centre();
    }

    private static double num(Map<String, String> r, String k) {
        String v = r.get(k);
        return v == null || v.isEmpty() ? Double.NaN : Double.parseDouble(v);
    }

    /** A row's per-fork values of a column ({@code <col>_forks}), or null. */
    private static double[] perFork(Map<String, String> r, String col) {
        String v = r.getOrDefault(col + Forks.FORKS_SUFFIX, "");
        if (v.isEmpty()) {
            return null;
        }
        return java.util.Arrays.stream(v.split(";", -1)).mapToDouble(x -> x.isBlank() ? Double.NaN : Double.parseDouble(x))
                .toArray();
    }
}
