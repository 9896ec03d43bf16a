package handoff.harness.echo;

import handoff.harness.results.Histograms;
import handoff.harness.stats.SteadyState;
import handoff.queues.ThreadSource;
import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.BitSet;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

/**
 * One paced sender and a separate receiver on one {@link ClientChannel}: request i is due at
 * {@code start + i / rate}; a sender that falls behind sends what is due at once. Latency is measured from the
 * intended send time, so a server (or a descheduled sender) that falls behind is charged for it: free of
 * coordinated omission. A request with no reply within the timeout of its intended time is lost (a reply
 * that comes later is counted lost too, never recorded); duplicated, corrupted and misrouted replies are
 * counted. Bounded: {@code rate × window} requests, then at most one timeout for the last replies.
 *
 * <p>Steady state is detected, not assumed (docs/measurement.md §5): each reply goes into the histogram of its request's
 * intended-time interval ({@link #INTERVALS} per window); afterwards the first interval within the first half of
 * the window from which {@link SteadyState#WINDOW} intervals show no trend ({@link SteadyState#steadyStart}) starts
 * the steady part, and only that part is reported. A run with no such interval is {@code not-steady} and reports
 * its second half. The window's length is unchanged: the warm-up comes out of it.
 */
final class OpenLoop {
    /** Sleep instead of yielding while the next request is further away than this. */
    private static final long PARK_ABOVE_NS = 100_000;
    private static final int POLL_MS = 10;

    /** Intervals per window: 20, so that the warm-up cap (half the window) holds 10 and the test's 8 fit in it. */
    static final int INTERVALS = 20;

    /**
     * @param histogram  latency of the steady part's requests (by intended time)
     * @param answered   requests answered within the timeout, all of them
     * @param due        requests due in the steady part
     * @param onTime     of those, answered within the timeout
     * @param warmupNs   intended time from the first request to the steady part
     * @param steady     "steady" or "not-steady"
     */
    record Result(Histogram histogram, long sent, long answered, Tally tally, String failure, long due, long onTime,
                  long warmupNs, String steady) {
    }

    private OpenLoop() {
    }

    static Result run(InetSocketAddress server, double ratePerSecond, long windowNs, int timeoutMs, ThreadSource source)
            throws IOException, InterruptedException {
        long total = Math.max(1, (long) (ratePerSecond * windowNs / 1e9));
        double intervalNs = 1e9 / ratePerSecond;
        long timeoutNs = TimeUnit.MILLISECONDS.toNanos(timeoutMs);
        Histogram[] byInterval = new Histogram[INTERVALS + 1];
        for (int k = 0; k < byInterval.length; k++) {
            byInterval[k] = Histograms.newNanos();
        }
        Tally tally = new Tally();
        BitSet seen = new BitSet((int) Math.min(total, Integer.MAX_VALUE));
        AtomicReference<String> failure = new AtomicReference<>();
        long[] sent = new long[1];
        long[] answered = new long[1];
        try (ClientChannel ch = new ClientChannel(server)) {
            long start = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(1);
            long lastDue = start + (long) ((total - 1) * intervalNs);
            Thread sender = source.newThread("client-0", () -> {
                try {
                    for (long i = 0; i < total && failure.get() == null; i++) {
                        waitUntil(start + (long) (i * intervalNs));
                        ch.send(Wire.OPEN_LOOP_CLIENT, i);
                        sent[0] = i + 1;
                    }
                } catch (IOException | RuntimeException e) {
                    failure.compareAndSet(null, "open-loop sender threw " + e);
                }
            });
            sender.start();
            byte[] scratch = new byte[Wire.LENGTH];
            // the receiver is this thread: until every reply is in, or the last one's timeout has passed
            long replied = 0; // distinct requests answered, in time or late
            while (replied < total && System.nanoTime() < lastDue + timeoutNs
                    && failure.get() == null) {
                int len = ch.receive(POLL_MS);
                long now = System.nanoTime();
                if (len < 0) {
                    continue;
                }
                long seq = Wire.sequence(ch.replyBytes, len);
                Wire.Match m = seq < 0 || seq >= total ? Wire.Match.CORRUPTED
                        : Wire.classify(Wire.OPEN_LOOP_CLIENT, seq, ch.replyBytes, len, scratch);
                if (m == Wire.Match.ANSWER && seen.get((int) seq)) {
                    m = Wire.Match.DUPLICATE;
                }
                tally.count(m);
                if (m == Wire.Match.ANSWER) {
                    seen.set((int) seq);
                    replied++;
                    long offset = (long) (seq * intervalNs);
                    long latency = now - (start + offset);
                    if (latency <= timeoutNs) {
                        byInterval[(int) Math.min(INTERVALS, offset / intervalNsOf(windowNs))].recordValue(Math.max(0, latency));
                        answered[0]++;
                    }
                }
            }
            sender.join(timeoutMs + 1_000L);
            if (sender.isAlive()) {
                failure.compareAndSet(null, "open-loop sender did not finish");
            }
        }
        tally.lost = sent[0] - answered[0];
        double[] p50s = new double[INTERVALS];
        for (int k = 0; k < INTERVALS; k++) {
            p50s[k] = byInterval[k].getValueAtPercentile(50);
        }
        int from = SteadyState.steadyStart(p50s, INTERVALS / 2);
        String steady = from >= 0 && !SteadyState.trend(p50s, from, INTERVALS) ? SteadyState.STEADY : SteadyState.NOT_STEADY;
        if (from < 0) {
            from = INTERVALS / 2;
        }
        Histogram h = Histograms.newNanos();
        for (int k = from; k < byInterval.length; k++) {
            h.add(byInterval[k]);
        }
        long dueFrom = (long) Math.ceil(from * intervalNsOf(windowNs) / intervalNs); // first request due in the steady part
        long due = Math.max(0, total - dueFrom);
        return new Result(h, sent[0], answered[0], tally, failure.get(), due, Math.min(due, h.getTotalCount()),
                from * intervalNsOf(windowNs), steady);
    }

    private static long intervalNsOf(long windowNs) {
        return Math.max(1, windowNs / INTERVALS);
    }

    private static void waitUntil(long due) {
        long left;
        while ((left = due - System.nanoTime()) > 0) {
            if (left > PARK_ABOVE_NS) {
                LockSupport.parkNanos(left - PARK_ABOVE_NS / 2);
            } else {
                Thread.yield(); // not a spin: on a small box the server needs the CPU more than the pacer
            }
        }
    }
}
