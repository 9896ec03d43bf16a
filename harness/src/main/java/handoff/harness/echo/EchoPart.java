package handoff.harness.echo;

import handoff.harness.meters.PerUnitUsage;
import handoff.harness.results.CellCodec;
import handoff.harness.trial.Status;
import org.HdrHistogram.Histogram;

import java.lang.invoke.MethodHandles;

/**
 * One part of an echo trial ({@code c<N>} closed loop, {@code o<L>} open loop) as the trial JVM writes it under the
 * prefix {@code <part>.} ({@link EchoRun}) and the fold reads it back ({@link PartResult#read}), its keys declared once
 * ({@link #CODEC}). A part that was not run, or whose client failed, carries its status only.
 *
 * @param lost       replies lost (none within the timeout), like {@code duplicated}, {@code corrupted}, {@code misrouted}
 *                   ({@link Tally}); 0 where the part carries none
 * @param sent       requests sent; null where the part carries none
 * @param offeredRps an open-loop part's rate; null for a closed-loop part
 * @param measured   what an ok part measured; null otherwise
 */
record EchoPart(Status status, long lost, long duplicated, long corrupted, long misrouted, Long sent, Double offeredRps,
                Measured measured) {
    static final CellCodec<EchoPart> CODEC = CellCodec.of(MethodHandles.lookup(), EchoPart.class, Status.KEY, "lost",
            "duplicated", "corrupted", "misrouted", "sent", "offered_rps", Measured.CODEC);

    /**
     * What an ok part measured.
     *
     * @param histogram     the part's latency
     * @param samples       latencies in its histogram
     * @param throughputRps answered requests per second (open loop: those on time, × offered ÷ due)
     * @param usage         the server's resource figures per request
     * @param cpuPct        the server threads' CPU over the window, % of one CPU, as a cell ("" where unknown):
     *                      {@code cpu_pct_forks} repeats each fork's verbatim
     * @param warmupMs      an open-loop part's warm-up; null for a closed-loop one, like {@code steady}
     */
    record Measured(Histogram histogram, long samples, double throughputRps, PerUnitUsage usage, String cpuPct,
                    Double warmupMs, String steady) {
        static final CellCodec<Measured> CODEC = CellCodec.of(MethodHandles.lookup(), Measured.class, "histogram",
                "samples", "throughput_rps", PerUnitUsage.PER_REQUEST, "cpu_pct", "warmup_ms", "steady");
    }

    /** A part with only its status (not run, or its client failed before it counted anything). */
    static EchoPart only(Status status) {
        return new EchoPart(status, 0, 0, 0, 0, null, null, null);
    }
}
