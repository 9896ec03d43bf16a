package handoff.queues;

/**
 * Fills an event on the producer side. Ring transports call it on a pre-allocated slot; queue transports
 * on a freshly allocated event. Two long arguments let a producer pass what it needs without capturing
 * (and so allocating) a lambda per call.
 */
@FunctionalInterface
public interface Translator<E> {
    void translateTo(E event, long a, long b);
}
