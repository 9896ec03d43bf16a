package handoff.harness.fanout;

import handoff.harness.results.CellCodec;
import handoff.harness.trial.Status;

import java.lang.invoke.MethodHandles;
import java.util.Map;

/**
 * A row of {@code fanout.csv} as the report part reads it back ({@link FanoutCsv#read}): the cells it shows, parsed
 * once by {@link #CODEC}, declared against the file's column table ({@link FanoutCsv#TABLE}: a column renamed there
 * fails when this class loads). Read leniently, as the file always was: a number whose cell is empty or missing is
 * NaN; the cells the report prints as the file has them stay text.
 *
 * @param ratioAbq    the {@code ratio_abq} cell, "" where the row has none
 * @param ratioAbqP   the {@code ratio_abq_p} cell; null where the file has no such column (a file written before the
 *                    paired test, whose {@code vs_abq} words are then not shown: {@link #pairedTest})
 * @param vsAbq       the {@code vs_abq} cell, "" where the row has none
 * @param gcCount     the {@code gc_count} cell as written (null where the file has no such column), like
 *                    {@code gcTimeMs} and {@code loadPct}
 */
record FanoutLine(String scenario, String variant, String transport, String waitStrategy, Status status,
                  double throughputOps, double throughputLo, double throughputHi, String ratioAbq, double ratioAbqLo,
                  double ratioAbqHi, Double ratioAbqP, String vsAbq, double allocBytesPerOp, double cpuNsPerOp,
                  String gcCount, String gcTimeMs, String loadPct, double p99Ns, boolean oversubscribed, boolean unstable) {
    static final CellCodec<FanoutLine> CODEC = FanoutCsv.TABLE.lines(MethodHandles.lookup(), FanoutLine.class,
            "scenario", "variant", "transport", "wait=waitStrategy", Status.KEY, "throughput_ops", "throughput_lo",
            "throughput_hi", "ratio_abq", "ratio_abq_lo", "ratio_abq_hi", "ratio_abq_p", "vs_abq", "alloc_bytes_per_op",
            "cpu_ns_per_op", "gc_count", "gc_time_ms", "load_pct", "p99_ns", "oversubscribed", "unstable");

    FanoutLine {
        ratioAbq = ratioAbq == null ? "" : ratioAbq;
        vsAbq = vsAbq == null ? "" : vsAbq;
    }

    /** The line of one row of the file, each cell by its column name (a column the file lacks: no cell). */
    static FanoutLine of(Map<String, String> r) {
        return CODEC.read(r);
    }

    /** Whether the file has {@code ratio_abq_p}: its {@code vs_abq} words are those of the paired test. */
    boolean pairedTest() {
        return ratioAbqP != null;
    }

    boolean ok() {
        return status.isOk();
    }

    boolean broker() {
        return scenario.equals(ScenarioVariant.BROKER);
    }
}
