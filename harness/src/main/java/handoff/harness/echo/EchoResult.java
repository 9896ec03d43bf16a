package handoff.harness.echo;

import handoff.harness.results.CellCodec;
import handoff.harness.trial.Status;

import java.lang.invoke.MethodHandles;

/**
 * What an echo trial JVM writes beside its parts ({@link EchoPart}) and the fold reads back, its keys declared once
 * ({@link #CODEC}).
 *
 * @param status     the first failure of any part, else ok
 * @param idleCpuPct the idle server threads' CPU, % of one CPU, as a cell ("" where unknown); null where the server
 *                   never started
 * @param leftBehind what the server's stop left behind (a thread, or the port bound): every part then fails; null where
 *                   nothing was
 */
record EchoResult(Status status, String idleCpuPct, String leftBehind) {
    static final CellCodec<EchoResult> CODEC = CellCodec.of(MethodHandles.lookup(), EchoResult.class, Status.KEY,
            "idle_cpu_pct", "left_behind");
}
