package handoff.queues.disruptor;

import handoff.queues.Wait;

/** Polls with {@link Thread#onSpinWait()} only: lowest latency, a whole CPU per waiting thread. */
public final class BusySpinWaitStrategy extends IdlingWaitStrategy {
    public BusySpinWaitStrategy() {
        super(Wait.SPIN);
    }
}
