package handoff.harness.versus;

import handoff.queues.Handler;
import handoff.queues.Idler;
import handoff.queues.Wait;

import java.util.List;
import java.util.function.Consumer;

/**
 * The false-sharing control's ring ({@link Bench#falseSharing()}): 1P→1C only, a Disruptor reduced to its two
 * sequences ({@link SequencePair}), pre-allocated slots and a consumer that handles every slot its one read of the
 * cursor shows it, then publishes its sequence once. The producer caches the consumer's sequence and reads it again
 * only when the ring looks full, as the Disruptor's single-producer sequencer does. Both sides of the row run this same
 * code; only the layout of the two sequences differs, so their ratio is what sharing one cache line costs.
 */
final class PairRig implements RingRig {
    private final SequencePair pair;
    private final Event[] slots;
    private final int mask;
    private final Wait idle;
    private final Thread thread;
    private volatile boolean running = true;
    /** Producer-only: the last sequence claimed and its cached view of the consumer. */
    private long claimed = -1;
    private long cachedConsumed = -1;

    PairRig(Topology topology, List<Handler<Event>> handlers, Policy policy, int capacity, String layout,
            Consumer<Throwable> onError) {
        if (topology != Topology.UNICAST_1P1C) {
            throw new IllegalArgumentException("the false-sharing control runs " + Topology.UNICAST_1P1C.id() + " only");
        }
        if (policy.likeOurs()) {
            throw new IllegalArgumentException("the false-sharing control has one idle policy, the study's: no '-likeours'");
        }
        pair = SequencePair.of(layout);
        slots = new Event[capacity];
        for (int i = 0; i < capacity; i++) {
            slots[i] = new Event();
        }
        mask = capacity - 1;
        idle = policy.idle();
        Handler<Event> handler = handlers.get(0);
        thread = RingRig.start(List.of(() -> consume(handler, onError)))[0];
    }

    private void consume(Handler<Event> handler, Consumer<Throwable> onError) {
        long next = 0;
        int attempt = 0;
        while (running) {
            long available = pair.cursor();
            if (available < next) {
                Idler.idle(idle, attempt++);
                continue;
            }
            attempt = 0;
            for (; next <= available; next++) {
                try {
                    handler.onEvent(slots[(int) next & mask], next == available);
                } catch (Throwable t) {
                    onError.accept(t);
                }
            }
            pair.setConsumed(available);
        }
    }

    @Override
    public void publish(long value) {
        long sequence = ++claimed;
        long wrap = sequence - slots.length;
        if (wrap > cachedConsumed) {
            int attempt = 0;
            while (wrap > (cachedConsumed = pair.consumed())) {
                Idler.idle(idle, attempt++);
            }
        }
        slots[(int) sequence & mask].value = value;
        pair.publishCursor(sequence);
    }

    @Override
    public long processed() {
        return pair.consumed() + 1;
    }

    @Override
    public void halt() throws InterruptedException {
        running = false;
        thread.join();
    }
}
