package handoff.harness.results;

import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.List;

/**
 * One thread's latency histogram cut into fixed intervals of the clock (1 s by default), for a
 * {@code HistogramLogWriter} interval log. Owned by the recording thread: {@link #record} costs one
 * comparison more than a plain {@code Histogram.recordValue}, and a new histogram once per interval. The
 * others read it after that thread is joined.
 */
public final class IntervalRecorder {
    private final long originNs;
    private final long intervalNs;
    /** Interval i covers [origin + i·interval, origin + (i+1)·interval); null where nothing was recorded. */
    private final List<Histogram> intervals = new ArrayList<>();
    private Histogram current;
    private long currentEnd;

    /**
     * @param originNs   {@code System.nanoTime()} at which interval 0 starts (the measurement window's start)
     * @param intervalNs interval length, > 0
     */
    public IntervalRecorder(long originNs, long intervalNs) {
        if (intervalNs <= 0) {
            throw new IllegalArgumentException("interval must be > 0 ns, got " + intervalNs);
        }
        this.originNs = originNs;
        this.intervalNs = intervalNs;
        this.currentEnd = Long.MIN_VALUE;
    }

    /** Records {@code value} (ns) in the interval that holds {@code nowNs}, the time it completed. */
    public void record(long nowNs, long value) {
        if (nowNs >= currentEnd || current == null) {
            roll(nowNs);
        }
        current.recordValue(value);
    }

    private void roll(long nowNs) {
        int index = (int) Math.max(0, (nowNs - originNs) / intervalNs);
        while (intervals.size() <= index) {
            intervals.add(null);
        }
        if (intervals.get(index) == null) {
            intervals.set(index, Histograms.newNanos());
        }
        current = intervals.get(index);
        currentEnd = originNs + (index + 1) * intervalNs;
    }

    public long originNs() {
        return originNs;
    }

    public long intervalNs() {
        return intervalNs;
    }

    /** The intervals, index i starting at origin + i·interval; empty intervals are empty histograms. */
    public List<Histogram> intervals() {
        List<Histogram> out = new ArrayList<>();
        for (Histogram h : intervals) {
            out.add(h == null ? Histograms.newNanos() : h);
        }
        return out;
    }

    /** Every interval added up: the whole window. */
    public Histogram total() {
        Histogram t = Histograms.newNanos();
        for (Histogram h : intervals) {
            if (h != null) {
                t.add(h);
            }
        }
        return t;
    }

    /** A recorder holding {@code intervals} as they are, interval i starting at origin + i·interval (for a log). */
    public static IntervalRecorder of(long originNs, long intervalNs, List<Histogram> intervals) {
        IntervalRecorder r = new IntervalRecorder(originNs, intervalNs);
        r.intervals.addAll(intervals);
        return r;
    }

    /** Several threads' recorders of the same origin and interval, interval by interval. */
    public static List<Histogram> merge(List<IntervalRecorder> recorders) {
        List<Histogram> out = new ArrayList<>();
        for (IntervalRecorder r : recorders) {
            List<Histogram> mine = r.intervals();
            for (int i = 0; i < mine.size(); i++) {
                if (out.size() <= i) {
                    out.add(Histograms.newNanos());
                }
                out.get(i).add(mine.get(i));
            }
        }
        return out;
    }
}
