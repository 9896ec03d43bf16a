package handoff.queues;

/**
 * What a waiting thread actually does, in words, for the report's {@code idle_policy} column: the same label
 * ({@code park}, {@code block}) means different code in different transports, and a row must say which. No commas:
 * the words go into CSV cells.
 */
public final class IdlePolicy {
    private IdlePolicy() {
    }

    /** Ours: {@link Idler}'s back-off for polling waits; {@code block} as the transport blocks. */
    public static String ours(Wait wait, String block) {
        return switch (wait) {
            case SPIN -> "busy-spin (onSpinWait)";
            case YIELD -> "100 polls then yield";
            case PARK -> "100 polls; 10 yields; then park 1 us doubling to 100 us";
            case BLOCK -> block;
            case NATIVE -> "the transport's own";
        };
    }

    /** A queue's {@code block}: the blocking queue's own put/take (lock and conditions). */
    public static final String QUEUE_BLOCK = "put/take (lock + conditions)";
    /** Our rings' {@code block}: sleep on a condition for the cursor, then park back-off for upstream stages. */
    public static final String RING_BLOCK = "condition on the cursor; park 1-100 us on upstream stages";

    /** LMAX Disruptor 4.x's strategy for each label, and what it does. */
    public static String lmax(Wait wait) {
        return switch (wait) {
            case SPIN -> "LMAX BusySpinWaitStrategy (onSpinWait)";
            case YIELD -> "LMAX YieldingWaitStrategy (100 polls then yield)";
            case PARK -> "LMAX SleepingWaitStrategy (100 polls; 100 yields; then park 100 ns)";
            case BLOCK -> "LMAX BlockingWaitStrategy (condition on the cursor; busy-spin on upstream stages)";
            case NATIVE -> "n/a";
        };
    }
}
