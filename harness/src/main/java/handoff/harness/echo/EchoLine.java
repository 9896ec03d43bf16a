package handoff.harness.echo;

import handoff.harness.page.Prose;
import handoff.harness.results.CellCodec;
import handoff.harness.stats.Stats;
import handoff.harness.trial.Forks;
import handoff.harness.trial.Status;

import java.lang.invoke.MethodHandles;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * One row of {@code echo.csv} as the report part reads it back ({@link EchoCsv#lines}): its cells parsed once, at the
 * file boundary, by {@link #CODEC}, declared against the file's column table ({@link EchoCsv#TABLE}: a column renamed
 * there fails when this class loads), into what the report computes with; cells it prints as the file holds them stay
 * text. Read leniently, as the file always was: a file written before a column existed reads that column as empty
 * (NaN, null, "").
 *
 * @param status            the {@code status} cell as written ({@link #ok})
 * @param forks             the {@code forks} cell as written
 * @param p50Ns             with {@code p50LoNs}, {@code p50HiNs}, {@code intervalLevel} and the forks: {@link #p50};
 *                          like {@code p99Ns}
 * @param lost              the {@code lost} cell as written, "" where the file has none
 * @param p50NsForks        {@code p50_ns_forks}, or null where the row has none; like {@code p99NsForks},
 *                          {@code cpuPctForks}
 * @param p50RatioInlineP   the {@code p50_ratio_inline_p} cell; null where the file has no such column
 * @param vsInline          the {@code vs_inline} verdict; a file written before the paired signed-rank test (no
 *                          {@code p50_ratio_inline_p} column) carries the old rule's word, which is not shown
 * @param steady            {@code steady}, {@code not-steady}, or "" (a closed-loop row); {@code warmupMs} and
 *                          {@code steadyForks} its cells as written
 */
record EchoLine(String variant, String transport, String waitStrategy, String mode, int clients, String loadPct,
                String status, boolean oversubscribed, boolean unstable, String forks, double cpus, double p50Ns,
                double p50LoNs, double p50HiNs, double p99Ns, double p99LoNs, double p99HiNs, double intervalLevel,
                double p999Ns, double maxNs, double throughputRps, double cpuNsPerRequest, double cpuPct,
                double idleCpuPct, String lost, double[] p50NsForks, double[] p99NsForks, double[] cpuPctForks,
                double p50RatioInline, Double p50RatioInlineP, String vsInline, String steady, String warmupMs,
                String steadyForks) {
    /** A {@code <col>_forks} cell: each fork's value, or null where the row has none. */
    private static final CellCodec.Text<double[]> PER_FORK = new CellCodec.Text<>(
            Forks::joined, EchoLine::perFork);

    static final CellCodec<EchoLine> CODEC = EchoCsv.TABLE.lines(MethodHandles.lookup(), EchoLine.class, "variant",
            "transport", "wait=waitStrategy", "mode", "clients", "load_pct", "status", "oversubscribed", "unstable",
            "forks", "cpus", "p50_ns", "p50_lo_ns", "p50_hi_ns", "p99_ns", "p99_lo_ns", "p99_hi_ns", "interval_level",
            "p999_ns", "max_ns", "throughput_rps", "cpu_ns_per_request", "cpu_pct", "idle_cpu_pct", "lost",
            new CellCodec.Key<>("p50_ns_forks", PER_FORK), new CellCodec.Key<>("p99_ns_forks", PER_FORK),
            new CellCodec.Key<>("cpu_pct_forks", PER_FORK), "p50_ratio_inline", "p50_ratio_inline_p", "vs_inline",
            "steady", "warmup_ms", "steady_forks");

    /** What {@link #vsInline} says of a row of a file written before the paired test. */
    private static final Prose TEXT = Prose.of("echo");
    private static final String UNTESTED = TEXT.get("vs-inline.untested");

    EchoLine {
        lost = orEmpty(lost);
        vsInline = orEmpty(vsInline);
        vsInline = vsInline.isEmpty() || p50RatioInlineP != null ? vsInline : UNTESTED;
        steady = orEmpty(steady);
        warmupMs = orEmpty(warmupMs);
        steadyForks = orEmpty(steadyForks);
    }

    /** Each of a file's rows, in file order. */
    static List<EchoLine> of(List<Map<String, String>> rows) {
        return rows.stream().map(EchoLine::of).toList();
    }

    /** One row's cells by column name (a column the file lacks: no cell). */
    static EchoLine of(Map<String, String> r) {
        return CODEC.read(r);
    }

    /** Whether {@code status} is {@code ok}. */
    boolean ok() {
        return Status.ofCell(status).isOk();
    }

    /** {@code p50_ns} with its interval, its level and the forks. */
    Stats.Interval p50() {
        return new Stats.Interval(p50Ns, p50LoNs, p50HiNs, intervalLevel, forkCount());
    }

    /** {@code p99_ns} with its interval, its level and the forks. */
    Stats.Interval p99() {
        return new Stats.Interval(p99Ns, p99LoNs, p99HiNs, intervalLevel, forkCount());
    }

    /** Each fork's p50, or null where the row has none. */
    double[] p50Forks() {
        return p50NsForks;
    }

    /** Each fork's p99, or null where the row has none. */
    double[] p99Forks() {
        return p99NsForks;
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
        return p99().centre() / p50().centre();
    }

    /** {@link #forks} as a count: 1 where the file has none. */
    private int forkCount() {
        return forks == null || forks.isEmpty() ? 1 : Integer.parseInt(forks);
    }

    private static String orEmpty(String cell) {
        return cell == null ? "" : cell;
    }

    /** A row's per-fork values of a column ({@code <col>_forks}), or null. */
    private static double[] perFork(String v) {
        if (v == null || v.isEmpty()) {
            return null;
        }
        return Arrays.stream(v.split(";", -1)).mapToDouble(x -> x.isBlank() ? Double.NaN : Double.parseDouble(x))
                .toArray();
    }
}
