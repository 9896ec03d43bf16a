package handoff.harness.rtt;

import handoff.harness.results.Histograms;
import handoff.harness.results.IntervalLog;
import handoff.harness.results.IntervalRecorder;
import handoff.harness.meters.ResourceMeter;
import handoff.harness.meters.TailProbe;
import handoff.harness.meters.WindowProfile;
import handoff.harness.meters.TrialThreads;
import handoff.queues.Chain;
import handoff.queues.ChainSpec;
import handoff.queues.Codec;
import handoff.queues.ProducerModel;
import handoff.queues.SpscArrayQueue;
import handoff.queues.Transport;
import handoff.queues.Translator;
import handoff.queues.Wait;
import org.HdrHistogram.Histogram;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The ping-pong round trip (after the harness behind Thompson's 2015 queue tables). P producers each send
 * a burst of B messages into the send path under test; only the last message of a burst carries the
 * producer's id. One consumer answers that message through the producer's own SPSC response queue
 * ({@link SpscArrayQueue}), the same for every transport, so only the send path differs between rows.
 *
 * <p>The reply path is one fixed fast path for every row, whatever the row's {@code wait}: the producer busy-polls
 * its response queue ({@link ReplyWait}: {@code Thread.onSpinWait}, never the harness's park back-off), so a
 * {@code block} or {@code park} row's histogram is the send path's waiting, not the reply side's parking. The row's
 * wait applies to the send path only (the consumer's wait, and a producer waiting for room). Every producer
 * therefore holds a CPU while its burst is in flight: with P + 1 threads on fewer CPUs (the row is marked
 * {@code oversubscribed}) the spinning reply waits compete with the consumer for a CPU, and the row measures the
 * scheduler as much as the transport. The {@code null} transport (no send path) shows the reply path's own cost.
 *
 * <p>Messages are pre-made and immutable by default ({@link RttMessages#POOLED}): queues pass the same few
 * references again and again, rings fill their slots, framed transports (Agrona ring buffers, Aeron) encode
 * the producer id as 4 bytes. {@link RttMessages#ALLOCATED} makes queues allocate one per send instead.
 *
 * <p>One sample = first send of a burst to the reply, so it includes B enqueues, B dequeues and one
 * response hop. The loop is closed (a producer sends its next burst after the reply): each sample is a
 * whole round trip and nothing is omitted, but the offered load adapts to the transport.
 *
 * <p>The window is set by the clock, with one exception: {@code minMessages} keeps producers sending past it
 * until that many messages went out in all. Only fault injection uses it, so that a fault planted at the
 * n-th message fires however slow the box is; a measured trial passes 0.
 */
public final class RttRun {
    /** A message on the send path: the producer to answer, or -1 for "no reply". */
    public static final class Message {
        int producer = -1;

        Message() {
        }

        Message(int producer) {
            this.producer = producer;
        }
    }

    private static final Translator<Message> TO_MESSAGE = (m, producer, unused) -> m.producer = (int) producer;
    /** A message as bytes, for transports that carry frames: the producer to answer, 4 bytes. */
    static final Codec<Message> CODEC = new Codec<>() {
        @Override
        public int length() {
            return Integer.BYTES;
        }

        @Override
        public void encode(Message m, MutableDirectBuffer buffer, int offset) {
            buffer.putInt(offset, m.producer);
        }

        @Override
        public void decode(DirectBuffer buffer, int offset, Message into) {
            into.producer = buffer.getInt(offset);
        }
    };
    private static final Message NO_REPLY = new Message(-1);
    private static final Object REPLY = new Object();
    private static final long STUCK_NS = 10_000_000_000L;

    /** @param intervals each producer's samples by interval of the window, for the trial's interval log */
    public record Result(Histogram histogram, long bursts, long messages, ResourceMeter.Usage usage, String failure,
                         List<IntervalRecorder> intervals) {
    }

    private RttRun() {
    }

    /** Pooled messages, the ring's default producer model. */
    public static Result run(Transport transport, int producers, int burst, Wait wait, int capacity,
                             long warmupNs, long measureNs, long minMessages, TrialThreads threads)
            throws InterruptedException {
        return run(transport, producers, burst, wait, capacity, null, RttMessages.POOLED, warmupNs, measureNs,
                minMessages, threads);
    }

    /** 1 s intervals. */
    public static Result run(Transport transport, int producers, int burst, Wait wait, int capacity,
                             ProducerModel model, RttMessages messages, long warmupNs, long measureNs,
                             long minMessages, TrialThreads threads) throws InterruptedException {
        return run(transport, producers, burst, wait, capacity, model, messages, warmupNs, measureNs, minMessages,
                threads, IntervalLog.DEFAULT_INTERVAL_MS * 1_000_000);
    }

    /** Nothing recorded beside the window. */
    public static Result run(Transport transport, int producers, int burst, Wait wait, int capacity,
                             ProducerModel model, RttMessages messages, long warmupNs, long measureNs,
                             long minMessages, TrialThreads threads, long intervalNs) throws InterruptedException {
        return run(transport, producers, burst, wait, capacity, model, messages, warmupNs, measureNs, minMessages,
                threads, intervalNs, TailProbe.OFF, WindowProfile.OFF);
    }

    /**
     * @param model      how a ring claims slots; null for its default (ignored by transports that have no choice)
     * @param messages   pre-made messages or one allocated per send
     * @param intervalNs length of the intervals of {@link Result#intervals()}
     * @param tails      the jitter baseline and scheduler sampling, on the same interval grid through the window
     * @param profile    the profiler that covers the window ({@code --profiler}), or {@link WindowProfile#OFF}
     */
    public static Result run(Transport transport, int producers, int burst, Wait wait, int capacity,
                             ProducerModel model, RttMessages messages, long warmupNs, long measureNs,
                             long minMessages, TrialThreads threads, long intervalNs, TailProbe tails,
                             WindowProfile profile) throws InterruptedException {
        // references to pre-made messages, unless the transport's own memory is the pool (rings, frames)
        boolean byReference = messages == RttMessages.POOLED && !transport.preallocated();
        // every producer sends its share, so that the total reaches minMessages whatever the interleaving
        long minBursts = (minMessages + (long) producers * burst - 1) / ((long) producers * burst);
        @SuppressWarnings("unchecked")
        SpscArrayQueue<Object>[] replies = new SpscArrayQueue[producers];
        for (int i = 0; i < producers; i++) {
            replies[i] = new SpscArrayQueue<>(2); // at most one reply is ever outstanding
        }
        long[] received = new long[1]; // written by the consumer thread only, read after halt()
        AtomicReference<String> failure = new AtomicReference<>();
        Chain<Message> chain = transport.chain(new ChainSpec<Message>(capacity, producers, wait, Message::new,
                List.of((m, endOfBatch) -> {
                    received[0]++;
                    int p = m.producer;
                    if (p >= 0) {
                        while (!replies[p].offer(REPLY)) {
                            Thread.onSpinWait(); // cannot happen while each producer awaits its reply
                        }
                    }
                }), threads, t -> failure.compareAndSet(null, "handler threw " + t))
                .withProducerModel(model).withCodec(CODEC));

        IntervalRecorder[] histograms = new IntervalRecorder[producers];
        long[] measuredBursts = new long[producers];
        long[] sentBursts = new long[producers];
        CountDownLatch ready = new CountDownLatch(producers);
        CountDownLatch finished = new CountDownLatch(producers);
        CountDownLatch release = new CountDownLatch(1);
        long[] window = new long[2]; // [warm-up end, measure end], set before 'go'
        ResourceMeter[] meter = new ResourceMeter[1]; // set before 'go'
        CountDownLatch go = new CountDownLatch(1);
        Thread[] workers = new Thread[producers];
        for (int i = 0; i < producers; i++) {
            final int id = i;
            workers[i] = threads.newThread("producer-" + i, () -> {
                ready.countDown();
                try {
                    go.await();
                    histograms[id] = new IntervalRecorder(window[0], intervalNs);
                    // producer 0 opens the meter's window on its own clock, so a late wake-up of the
                    // main thread on a loaded box cannot shrink the window the why-metrics cover
                    sendBursts(chain, byReference, replies[id], id, burst, window[0], window[1], minBursts,
                            histograms[id], measuredBursts, sentBursts, failure, id == 0 ? meter[0]::begin : null);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } finally {
                    finished.countDown();
                }
                awaitQuietly(release); // stay alive until allocation has been read
            });
        }
        chain.start();
        for (Thread w : workers) {
            w.start();
        }
        ready.await();
        try (ResourceMeter m = new ResourceMeter(threads)) {
            m.begin(); // a dry run here loads and initialises all it reads, so producer 0's begin() is quick
            meter[0] = m;
            long start = System.nanoTime();
            window[0] = start + warmupNs;
            window[1] = start + warmupNs + measureNs;
            tails.begin(window[0], intervalNs);
            profile.startAt(window[0]);
            go.countDown(); // happens-before every producer's read of window and meter
            finished.await(); // happens-after producer 0's meter.begin()
            ResourceMeter.Usage usage = m.end();
            profile.stop();
            tails.end(0, Integer.MAX_VALUE);
            release.countDown();
            chain.halt();
            for (Thread w : workers) {
                w.join(5_000);
            }
            Histogram merged = Histograms.newNanos();
            long bursts = 0;
            long sent = 0;
            for (int i = 0; i < producers; i++) {
                if (histograms[i] == null) { // interrupted before it began
                    histograms[i] = new IntervalRecorder(window[0], intervalNs);
                }
                merged.add(histograms[i].total());
                bursts += measuredBursts[i];
                sent += sentBursts[i];
                if (replies[i].poll() != null) {
                    failure.compareAndSet(null, "producer " + i + " got a reply it did not ask for");
                }
            }
            if (failure.get() == null && received[0] != sent * burst) {
                failure.set("consumer received " + received[0] + " messages, producers sent " + sent * burst);
            }
            return new Result(merged, bursts, bursts * burst, usage, failure.get(), List.of(histograms));
        }
    }

    private static void sendBursts(Chain<Message> chain, boolean byReference, SpscArrayQueue<Object> replies, int id,
                                   int burst, long warmEnd, long measureEnd, long minBursts,
                                   IntervalRecorder histogram, long[] measured, long[] sent, AtomicReference<String> failure,
                                   Runnable windowOpens) {
        final int last = burst - 1;
        final Message reply = new Message(id); // made before the clock starts; never changed
        long n = 0;
        long bursts = 0;
        Runnable opening = windowOpens;
        while (true) {
            long t0 = System.nanoTime();
            if (opening != null && t0 >= warmEnd) {
                opening.run(); // before this sample's first clock read: no sample includes it
                opening = null;
                t0 = System.nanoTime();
            }
            if ((t0 >= measureEnd && bursts >= minBursts) || failure.get() != null) {
                break;
            }
            if (byReference) {
                for (int i = 0; i < last; i++) {
                    chain.send(NO_REPLY);
                }
                chain.send(reply);
            } else {
                for (int i = 0; i < last; i++) {
                    chain.publish(TO_MESSAGE, -1, 0);
                }
                chain.publish(TO_MESSAGE, id, 0);
            }
            if (!ReplyWait.await(replies, t0, STUCK_NS)) {
                failure.compareAndSet(null, "producer " + id + " got no reply within 10 s: lost message");
                sent[id] = bursts;
                measured[id] = n;
                return;
            }
            long t1 = System.nanoTime();
            bursts++;
            if (t0 >= warmEnd) {
                histogram.record(t1, t1 - t0);
                n++;
            }
        }
        sent[id] = bursts;
        measured[id] = n;
    }

    /** The floor under every figure: two back-to-back clock reads, recorded the same way. */
    public static Histogram clockOverhead(long warmupNs, long measureNs) {
        Histogram h = Histograms.newNanos();
        long end = System.nanoTime() + warmupNs + measureNs;
        long warmEnd = end - measureNs;
        long t;
        while ((t = System.nanoTime()) < end) {
            long t1 = System.nanoTime();
            if (t >= warmEnd) {
                h.recordValue(t1 - t);
            }
        }
        return h;
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
