package handoff.queues.disruptor;

import handoff.queues.Wait;

/** Spins, yields, then parks with a growing timeout: cheap when idle, pays a wake-up when work comes. */
public final class SleepingWaitStrategy extends IdlingWaitStrategy {
    public SleepingWaitStrategy() {
        super(Wait.PARK);
    }
}
