package handoff.harness.results;

import java.util.List;

/**
 * The safepoint operations of a trial's safepoint log that overlap a span of its uptime (an interval, or a spike's
 * evidence window). Where the trial has no safepoint log, or no alignment, there is no span: the caller holds null.
 */
public record SafepointSpan(List<SafepointLog.Op> ops) {
    public SafepointSpan {
        ops = List.copyOf(ops);
    }

    /** The operations of {@code all} overlapping {@code [fromS, toS]} of uptime. */
    static SafepointSpan of(List<SafepointLog.Op> all, double fromS, double toS) {
        return new SafepointSpan(all.stream().filter(o -> o.overlaps(fromS, toS)).toList());
    }

    /** The longest operation's total (time to safepoint included) in ns; 0 if none. */
    public double maxNs() {
        return ops.stream().mapToDouble(SafepointLog.Op::totalNs).max().orElse(0);
    }

    /** The longest time to safepoint in ns, where the log gives it; 0 if none. */
    public double ttspMaxNs() {
        return ops.stream().mapToDouble(SafepointLog.Op::reachingNs).filter(r -> r >= 0).max().orElse(0);
    }

    /** The operations, {@code ; }-separated as {@code safepoint_detail} prints them. */
    public String detail() {
        return String.join("; ", ops.stream().map(SafepointLog.Op::toString).toList());
    }
}
