package handoff.harness.fanout;

import handoff.harness.trial.Status;

import java.util.Map;

/**
 * A row of {@code fanout.csv} as the report part reads it back ({@link FanoutCsv#read}): the cells it shows, parsed
 * once. A number whose cell is empty or missing is NaN; the cells the report prints as the file has them stay text.
 *
 * @param ratioAbq    the {@code ratio_abq} cell, "" where the row has none
 * @param pairedTest  whether the file has {@code ratio_abq_p} (a file written before the paired test has not, and its
 *                    {@code vs_abq} words are then not shown)
 * @param vsAbq       the {@code vs_abq} cell, "" where the row has none
 * @param gcCount     the {@code gc_count} cell as written (null where the file has no such column), like
 *                    {@code gcTimeMs} and {@code loadPct}
 */
record FanoutLine(String scenario, String variant, String transport, String waitStrategy, Status status,
                  double throughputOps, double throughputLo, double throughputHi, String ratioAbq, double ratioAbqLo,
                  double ratioAbqHi, boolean pairedTest, String vsAbq, double allocBytesPerOp, double cpuNsPerOp,
                  String gcCount, String gcTimeMs, String loadPct, double p99Ns, boolean oversubscribed, boolean unstable) {

    /** The line of one row of the file, each cell by its column name. */
    static FanoutLine of(Map<String, String> r) {
        return new FanoutLine(r.get("scenario"), r.get("variant"), r.get("transport"), r.get("wait"), Status.ofCell(r.get("status")),
                num(r.get("throughput_ops")), num(r.get("throughput_lo")), num(r.get("throughput_hi")),
                r.getOrDefault("ratio_abq", ""), num(r.get("ratio_abq_lo")), num(r.get("ratio_abq_hi")),
                r.containsKey("ratio_abq_p"), r.getOrDefault("vs_abq", ""), num(r.get("alloc_bytes_per_op")),
                num(r.get("cpu_ns_per_op")), r.get("gc_count"), r.get("gc_time_ms"), r.get("load_pct"), num(r.get("p99_ns")),
                "true".equals(r.get("oversubscribed")), "true".equals(r.get("unstable")));
    }

    /** A number cell: NaN where it is missing or empty. */
    private static double num(String v) {
        return v == null || v.isEmpty() ? Double.NaN : Double.parseDouble(v);
    }

    boolean ok() {
        return status.isOk();
    }

    boolean broker() {
        return scenario.equals(ScenarioVariant.BROKER);
    }
}
