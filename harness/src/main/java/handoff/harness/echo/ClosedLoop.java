package handoff.harness.echo;

import handoff.harness.results.Histograms;
import handoff.queues.ThreadSource;
import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

/**
 * N client threads, each with its own {@link ClientChannel}: send a request, wait for its reply, repeat. One
 * sample = one round trip (send to verified reply) after the warm-up, into the client's HdrHistogram. Every
 * reply is classified ({@link Wire#classify}); the first one that is lost or wrong stops every client, since
 * such a part is failed anyway. Bounded: each client stops at the window's end once it has
 * {@value #MIN_SAMPLES} samples (and, under fault injection, has sent its share of {@code minRequests}), waits at
 * most {@code timeoutMs} for any reply, and after its last round trip listens {@value #TAIL_MS} ms more for a
 * late duplicate.
 */
final class ClosedLoop {
    static final int TAIL_MS = 20;
    /**
     * Round trips each client records at least, past the window's end if it must: on a box so loaded that a
     * round trip outlasts the window, a part still gets samples instead of none (bounded: each waits at most
     * one timeout).
     */
    static final int MIN_SAMPLES = 10;

    /**
     * @param measured round trips recorded (sent after the warm-up)
     * @param sent     requests sent in all
     * @param windowNs from the warm-up's end to the last client's last reply (at least the planned window)
     * @param failure  a client's I/O failure, or null
     */
    record Result(Histogram histogram, long measured, long sent, long windowNs, Tally tally, String failure) {
    }

    private final List<Thread> threads = new ArrayList<>();
    private final Histogram[] histograms;
    private final Tally[] tallies;
    private final long[] measured;
    private final long[] sent;
    private final long[] finished;
    private final long warmEnd;
    private final long end;
    private final AtomicReference<String> failure = new AtomicReference<>();
    private volatile boolean stop;

    /**
     * Starts the clients at once; the caller waits with {@link #await}.
     *
     * @param warmEnd    {@code System.nanoTime()} from which round trips are recorded
     * @param end        {@code System.nanoTime()} after which no request is sent
     * @param minRequests requests to send in all before stopping even past {@code end} (fault injection; else 0)
     */
    ClosedLoop(InetSocketAddress server, int clients, long warmEnd, long end, long minRequests, int timeoutMs,
               ThreadSource source) {
        histograms = new Histogram[clients];
        tallies = new Tally[clients];
        measured = new long[clients];
        sent = new long[clients];
        finished = new long[clients];
        this.warmEnd = warmEnd;
        this.end = end;
        long share = (minRequests + clients - 1) / clients;
        for (int i = 0; i < clients; i++) {
            int id = i;
            histograms[i] = Histograms.newNanos();
            tallies[i] = new Tally();
            Thread t = source.newThread("client-" + i, () -> {
                try (ClientChannel ch = new ClientChannel(server)) {
                    loop(ch, id, warmEnd, end, share, timeoutMs);
                } catch (IOException | RuntimeException e) {
                    failure.compareAndSet(null, "client " + id + " threw " + e);
                    stop = true;
                }
            });
            threads.add(t);
        }
        threads.forEach(Thread::start);
    }

    private void loop(ClientChannel ch, int id, long warmEnd, long end, long minRequests, int timeoutMs)
            throws IOException {
        byte[] scratch = new byte[Wire.LENGTH];
        Histogram h = histograms[id];
        Tally tally = tallies[id];
        long seq = 0;
        long n = 0;
        while (!stop) {
            long t0 = System.nanoTime();
            if (t0 >= end && seq >= minRequests && n >= MIN_SAMPLES) {
                break;
            }
            ch.send(id, seq);
            if (!awaitAnswer(ch, id, seq, timeoutMs, scratch, tally)) {
                stop = true; // lost or wrong: the part is failed, the other clients need not go on
                break;
            }
            long t1 = System.nanoTime();
            if (t0 >= warmEnd) {
                h.recordValue(t1 - t0);
                n++;
            }
            seq++;
        }
        measured[id] = n;
        sent[id] = seq;
        finished[id] = System.nanoTime();
        int len = ch.receive(TAIL_MS); // a duplicate of the last reply would be here by now
        if (len >= 0) {
            tally.count(Wire.classify(id, seq, ch.replyBytes, len, scratch));
        }
    }

    /** Whether request {@code seq}'s correct answer arrived; anything else is counted in the tally. */
    private static boolean awaitAnswer(ClientChannel ch, int id, long seq, int timeoutMs, byte[] scratch, Tally tally)
            throws IOException {
        long deadline = System.nanoTime() + timeoutMs * 1_000_000L;
        while (true) {
            int left = (int) ((deadline - System.nanoTime()) / 1_000_000L);
            int len = left <= 0 ? -1 : ch.receive(left);
            if (len < 0) {
                tally.lost++;
                return false;
            }
            Wire.Match m = Wire.classify(id, seq, ch.replyBytes, len, scratch);
            tally.count(m);
            if (m != Wire.Match.DUPLICATE) {
                return m == Wire.Match.ANSWER; // a duplicate is counted and the wait goes on; anything else ends it
            }
        }
    }

    /** Waits for every client (each bounded by its window plus one timeout) and sums what they saw. */
    Result await(long limitMs) throws InterruptedException {
        long deadline = System.currentTimeMillis() + limitMs;
        for (Thread t : threads) {
            t.join(Math.max(1, deadline - System.currentTimeMillis()));
            if (t.isAlive()) {
                stop = true;
                failure.compareAndSet(null, t.getName() + " did not finish within " + limitMs + " ms");
            }
        }
        Histogram merged = Histograms.newNanos();
        long m = 0;
        long s = 0;
        long last = end;
        for (int i = 0; i < histograms.length; i++) {
            merged.add(histograms[i]);
            m += measured[i];
            s += sent[i];
            last = Math.max(last, finished[i]);
        }
        return new Result(merged, m, s, last - warmEnd, Tally.sum(List.of(tallies)), failure.get());
    }
}
