package handoff.queues.disruptor;

import handoff.queues.Wait;

/** The study's wait vocabulary ({@link Wait}) mapped onto this Disruptor's strategies. */
public final class WaitStrategies {
    private WaitStrategies() {
    }

    /**
     * A new strategy for {@code wait}; a new one per ring, since the blocking one owns a lock.
     *
     * @throws IllegalArgumentException for {@link Wait#NATIVE}, which only Flow has
     */
    public static WaitStrategy of(Wait wait) {
        return switch (wait) {
            case SPIN -> new BusySpinWaitStrategy();
            case YIELD -> new YieldingWaitStrategy();
            case PARK -> new SleepingWaitStrategy();
            case BLOCK -> new BlockingWaitStrategy();
            case NATIVE -> throw new IllegalArgumentException("the disruptor has no '" + wait.id() + "' wait");
        };
    }
}
