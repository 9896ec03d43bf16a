package handoff.queues.disruptor;

import handoff.queues.Wait;

/** Spins briefly, then {@link Thread#yield()}s between polls: busy, but lets other runnable threads in. */
public final class YieldingWaitStrategy extends IdlingWaitStrategy {
    public YieldingWaitStrategy() {
        super(Wait.YIELD);
    }
}
