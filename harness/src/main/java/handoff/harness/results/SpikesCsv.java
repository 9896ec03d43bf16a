package handoff.harness.results;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import java.util.function.ToLongFunction;

/**
 * The columns of the three tail files {@link Spikes} writes, each the one place its columns are named (header, writer,
 * reader's check and results/README.md lines): {@link #TIMELINE} ({@code latency-over-time.csv}), {@link #SPIKES}
 * ({@code spikes.csv}) and {@link #JITTER} ({@code jitter.csv}). Times print in s or ms with 3 decimals; an unknown
 * figure is the empty cell, never 0.
 */
public final class SpikesCsv {
    private static final String NOT_ALIGNED = "not aligned: the interval log does not record the JVM's start";

    /** One line per interval of every interval log. */
    public static final ColumnTable<TimelineRow> TIMELINE = ColumnTable.of(Spikes.TIMELINE, TrialLabels.columns(
            (TimelineRow r) -> r.interval().labels())).plus(timeline());

    /** One line per spike. */
    public static final ColumnTable<SpikeRow> SPIKES = ColumnTable.of(Spikes.FILE, TrialLabels.columns(
            (SpikeRow r) -> r.interval().labels())).plus(spikes());

    /** One line per latency trial with an interval log. */
    public static final ColumnTable<JitterRow> JITTER = ColumnTable.of(Spikes.JITTER_FILE, TrialLabels.columns(JitterRow::labels))
            .plus(jitter());

    private SpikesCsv() {
    }

    private static List<Column<TimelineRow>> timeline() {
        List<Column<TimelineRow>> c = new ArrayList<>(List.of(
                Column.of("t_start_s", "s", "the interval's start, since the trial's window opened.",
                        r -> seconds(r.interval().startMs())),
                Column.of("t_end_s", "s", "its end.", r -> seconds(r.interval().endMs())),
                Column.of("count", "samples", "the interval's samples.", r -> Long.toString(r.interval().latency().count())),
                quantile("p50_ns", "their median; empty for an interval with no sample.", r -> r.interval().latency(),
                        LatencyQuantiles::p50Ns),
                quantile("p99_ns", "their p99.", r -> r.interval().latency(), LatencyQuantiles::p99Ns),
                quantile("max_ns", "their largest.", r -> r.interval().latency(), LatencyQuantiles::maxNs),
                Column.of("gc_pause_max_ms", "ms", "the longest GC pause overlapping the interval (0: none; empty: no GC "
                        + "log or no alignment).", r -> ms(r.evidence().gcPauseMaxNs())),
                Column.of("safepoints", "operations", "the safepoint log's operations overlapping it.",
                        r -> count(r.evidence().safepoints())),
                Column.of("safepoint_max_ms", "ms", "the longest one's `Total`.",
                        r -> ms(r.evidence().safepoints(), SafepointSpan::maxNs)),
                Column.of("ttsp_max_ms", "ms", "the longest time to safepoint.",
                        r -> ms(r.evidence().safepoints(), SafepointSpan::ttspMaxNs))));
        for (SchedRole role : SchedRole.values()) {
            String n = role.id();
            c.add(Column.of(n + "_run_delay_ms", "ms", "the run delay of the " + n + "s' most delayed thread (from "
                    + "`sched.csv`; empty off Linux or where the role has no thread, e.g. the `null` transport's consumer).",
                    r -> ms(r.evidence().role(role).runDelayMaxOrNaN())));
            c.add(Column.of(n + "_involuntary", "switches", "the " + n + "s' involuntary context switches.",
                    r -> text(r.evidence().role(role).involuntary())));
            c.add(Column.of(n + "_migrations", "migrations", "the " + n + "s' migrations between CPUs.",
                    r -> text(r.evidence().role(role).migrations())));
        }
        c.add(Column.of("jitter_max_ns", "ns", "the jitter thread's latest wake-up in the interval.",
                r -> nanos(r.evidence().jitterMaxNs())));
        c.add(Column.of("jitter_stall_ns", "ns", "that less the trial's jitter p50 (its floor).",
                r -> nanos(r.evidence().jitterStallNs())));
        c.add(Column.of("spike", "", "whether the interval is a spike (`spikes.csv`).", r -> Boolean.toString(r.spike())));
        c.add(Column.of("cause", "", "the spike's cause (`spikes.csv`); empty for other intervals.",
                r -> r.cause() == null ? "" : r.cause().id()));
        return c;
    }

    private static List<Column<SpikeRow>> spikes() {
        return List.of(
                Column.of("t_start_s", "s", "the interval's start, since the trial's window opened.",
                        r -> seconds(r.interval().startMs())),
                Column.of("t_end_s", "s", "its end.", r -> seconds(r.interval().endMs())),
                Column.of("uptime_start_s", "s", "the interval's start in JVM uptime (aligned to the millisecond: the "
                        + "JVM's start time as the management API reports it); empty when the log does not record it.",
                        r -> r.uptimeStartMs() == null ? "" : seconds(r.uptimeStartMs())),
                Column.of("uptime_end_s", "s", "its end.", r -> r.uptimeEndMs() == null ? "" : seconds(r.uptimeEndMs())),
                Column.of("count", "samples", "the interval's samples.", r -> Long.toString(r.interval().latency().count())),
                quantile("p99_ns", "their p99.", r -> r.interval().latency(), LatencyQuantiles::p99Ns),
                quantile("max_ns", "their largest: the spike's max, M.", r -> r.interval().latency(), LatencyQuantiles::maxNs),
                Column.of("trial_p99_ns", "ns", "the trial's own p99, all its intervals merged.",
                        r -> Long.toString(r.trialP99Ns())),
                Column.of("max_over_trial_p99", "", "`max_ns` ÷ `trial_p99_ns`.", r -> String.format(Locale.ROOT, "%.1f",
                        (double) r.interval().latency().maxNs() / r.trialP99Ns())),
                Column.of("gc_pauses", "pauses", "the GC log's `Pause` lines in the evidence window.",
                        r -> r.evidence().gcPauses() == null ? "" : Integer.toString(r.evidence().gcPauses().size())),
                Column.of("gc_pause_total_ms", "ms", "their total.", r -> r.evidence().gcPauses() == null ? ""
                        : String.format(Locale.ROOT, "%.3f", r.evidence().gcPauseTotalMs())),
                Column.of("gc_pause_max_ms", "ms", "the longest.", r -> ms(r.evidence().gcPauseMaxNs())),
                Column.of("gc_explains", "", "the longest lasted at least M/2.",
                        r -> r.evidence().gcPauses() == null ? "" : Boolean.toString(r.evidence().gcExplains())),
                Column.of("gc_detail", "", "the pauses, `; `-separated.", SpikesCsv::gcDetail),
                Column.of("hlog", "", "the trial's interval log.", r -> r.files().hlog().toString()),
                Column.of("gc_log", "", "its GC log.", r -> r.files().gcLog().toString()),
                Column.of("safepoints", "operations", "the safepoint log's operations in the evidence window.",
                        r -> count(r.evidence().safepoints())),
                Column.of("safepoint_max_ms", "ms", "the longest one's `Total`.",
                        r -> ms(r.evidence().safepoints(), SafepointSpan::maxNs)),
                Column.of("ttsp_max_ms", "ms", "the longest time to safepoint.",
                        r -> ms(r.evidence().safepoints(), SafepointSpan::ttspMaxNs)),
                Column.of("safepoint_detail", "", "the operations, `; `-separated.",
                        r -> r.evidence().safepoints() == null ? "" : r.evidence().safepoints().detail()),
                Column.of("run_delay_ms", "ms", "the largest run delay of one trial thread in an interval of the window.",
                        r -> ms(r.evidence().runDelayNs())),
                Column.of("run_delay_role", "", "its role (`producer`, `consumer`).",
                        r -> r.evidence().runDelayRole() == null ? "" : r.evidence().runDelayRole().id()),
                Column.of("involuntary", "switches", "that role's involuntary context switches in the same interval.",
                        r -> r.evidence().runDelayRoles() == null ? "" : text(r.evidence().runDelayRoles().involuntary())),
                Column.of("migrations", "migrations", "that role's migrations in the same interval.",
                        r -> r.evidence().runDelayRoles() == null ? "" : text(r.evidence().runDelayRoles().migrations())),
                Column.of("jitter_stall_ms", "ms", "the jitter thread's latest wake-up less its p50.",
                        r -> ms(r.evidence().jitterStallNs())),
                Column.of("cause", "", "the measured cause (below): `gc`, `safepoint`, `descheduled`, `box-stall` or "
                        + "`unexplained`.", r -> r.evidence().cause().id()),
                Column.of("safepoint_log", "", "the trial's safepoint log.", r -> r.files().safepointLog().toString()),
                Column.of("sched_log", "", "its scheduler lines.", r -> r.files().schedLog().toString()),
                Column.of("jitter_hlog", "", "its jitter log.", r -> r.files().jitterHlog().toString()));
    }

    private static List<Column<JitterRow>> jitter() {
        return List.of(
                Column.of("samples", "samples", "the trial's samples, all intervals merged.", r -> Long.toString(r.trial().count())),
                quantile("p50_ns", "their median.", JitterRow::trial, LatencyQuantiles::p50Ns),
                quantile("p99_ns", "their p99.", JitterRow::trial, LatencyQuantiles::p99Ns),
                quantile("max_ns", "their largest.", JitterRow::trial, LatencyQuantiles::maxNs),
                Column.of("jitter_period_us", "µs", "the jitter thread's period; empty: the trial ran without it.",
                        r -> r.jitter().known() ? text(r.periodUs()) : ""),
                Column.of("jitter_samples", "wake-ups", "the jitter thread's wake-ups over the same window.",
                        r -> Long.toString(r.jitter().count())),
                quantile("jitter_p50_ns", "their lateness's median: the box's floor.", JitterRow::jitter, LatencyQuantiles::p50Ns),
                quantile("jitter_p99_ns", "its p99.", JitterRow::jitter, LatencyQuantiles::p99Ns),
                quantile("jitter_max_ns", "its largest.", JitterRow::jitter, LatencyQuantiles::maxNs),
                Column.of("intervals", "intervals", "the intervals of the trial's log.", r -> Integer.toString(r.intervals())),
                Column.of("spikes", "intervals", "those that are spikes.", r -> Integer.toString(r.spikes())),
                Column.of("spikes_explained", "intervals", "the spikes whose `cause` is not `unexplained`.",
                        r -> Integer.toString(r.explained())));
    }

    private static String gcDetail(SpikeRow r) {
        if (!r.aligned()) {
            return NOT_ALIGNED;
        }
        List<GcLog.Pause> p = r.evidence().gcPauses();
        return p == null ? "" : String.join("; ", p.stream().map(GcLog.Pause::toString).toList());
    }

    /** A percentile column in ns; empty without samples. */
    private static <R> Column<R> quantile(String name, String meaning, Function<R, LatencyQuantiles> of,
                                          ToLongFunction<LatencyQuantiles> which) {
        return Column.of(name, "ns", meaning, r -> of.apply(r).known() ? Long.toString(which.applyAsLong(of.apply(r))) : "");
    }

    private static String count(SafepointSpan s) {
        return s == null ? "" : Integer.toString(s.ops().size());
    }

    private static String ms(SafepointSpan s, ToDoubleFunction<SafepointSpan> ns) {
        return s == null ? "" : ms(ns.applyAsDouble(s));
    }

    /** ns as ms with 3 decimals; empty for NaN (not measured). */
    static String ms(double ns) {
        return Double.isNaN(ns) ? "" : String.format(Locale.ROOT, "%.3f", ns / 1e6);
    }

    private static String nanos(double ns) {
        return Double.isNaN(ns) ? "" : Long.toString((long) ns);
    }

    private static String seconds(long ms) {
        return String.format(Locale.ROOT, "%.3f", ms / 1000.0);
    }

    private static String text(Long v) {
        return v == null ? "" : Long.toString(v);
    }
}
