package handoff.queues;

/**
 * A non-blocking publish retried with a chain's back-off ({@link Idler}) until it succeeds or a deadline passes:
 * how a chain whose transport has a try-claim but no timed claim of its own (the rings' {@code tryNext}) offers
 * with a timeout. The attempt is the chain itself, so nothing is allocated per call.
 */
public final class TimedOffer {
    /** One non-blocking attempt: true when the event was handed over, false (nothing handed over) when full. */
    @FunctionalInterface
    public interface Attempt<E> {
        boolean tryPublish(Translator<E> translator, long a, long b);
    }

    private TimedOffer() {
    }

    /** Tries once; with {@code timeoutNanos > 0}, again after each back-off step until the deadline. */
    public static <E> boolean offer(Attempt<E> attempt, Translator<E> translator, long a, long b, long timeoutNanos,
                                    Wait wait) {
        if (attempt.tryPublish(translator, a, b)) {
            return true;
        }
        if (timeoutNanos <= 0) {
            return false;
        }
        long deadline = System.nanoTime() + timeoutNanos;
        for (int idle = 0; System.nanoTime() - deadline < 0; ) {
            Idler.idle(wait, idle++);
            if (attempt.tryPublish(translator, a, b)) {
                return true;
            }
        }
        return false;
    }
}
