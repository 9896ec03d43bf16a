package handoff.harness.versus;

import handoff.queues.Wait;
import handoff.queues.adapters.LmaxTransport;
import handoff.queues.disruptor.WaitStrategy;
import handoff.queues.disruptor.WaitStrategies;

import java.util.Locale;

/**
 * What the waiting threads of both rings do, by name. A plain {@link Wait} id ({@code yield}) gives each ring
 * its own strategy of that name, which are not always the same policy (see {@link #differs}); the id with
 * {@value #LIKE_OURS} ({@code park-likeours}) gives LMAX a strategy with our policy
 * ({@link handoff.queues.adapters.OurIdleWaitStrategy}), so that a row compares the algorithms alone.
 *
 * @param idle     the study's wait
 * @param likeOurs whether LMAX gets our policy instead of its own strategy of that name
 */
public record Policy(Wait idle, boolean likeOurs) {
    public static final String LIKE_OURS = "-likeours";

    /**
     * @throws IllegalArgumentException naming what is allowed, for anything but a wait id with or without
     *                                  {@value #LIKE_OURS}
     */
    public static Policy parse(String id) {
        String s = id.trim().toLowerCase(Locale.ROOT);
        boolean like = s.endsWith(LIKE_OURS);
        Wait w;
        try {
            w = Wait.parse(like ? s.substring(0, s.length() - LIKE_OURS.length()) : s);
        } catch (IllegalArgumentException e) {
            w = Wait.NATIVE;
        }
        if (w == Wait.NATIVE) {
            throw new IllegalArgumentException("unknown wait '" + id + "'; allowed: spin, yield, park, block, each"
                    + " optionally with '" + LIKE_OURS + "'");
        }
        return new Policy(w, like);
    }

    /**
     * Whether LMAX's strategy of this name idles differently from ours, so that a {@link #LIKE_OURS} row
     * is needed to tell the algorithm from the policy. {@code spin}: both poll with {@code onSpinWait}.
     * {@code yield}: both poll 100 times at once, then yield between polls. {@code park}: LMAX polls 100
     * times, yields 100 times, then sleeps {@code parkNanos(100)} (~60 µs of Linux timer slack) between polls
     * for good; ours yields 10 times, then parks 1 µs doubling to 100 µs. {@code block}: a stage behind
     * another stage busy-spins on it in LMAX, parks in ours.
     */
    public static boolean differs(Wait wait) {
        return wait == Wait.PARK || wait == Wait.BLOCK;
    }

    public String id() {
        return idle.id() + (likeOurs ? LIKE_OURS : "");
    }

    /** A new strategy for our ring. */
    WaitStrategy ours() {
        return WaitStrategies.of(idle);
    }

    /** A new strategy for LMAX's ring: its namesake, or our policy. */
    com.lmax.disruptor.WaitStrategy lmax() {
        if (likeOurs) {
            return new handoff.queues.adapters.OurIdleWaitStrategy(idle);
        }
        return LmaxTransport.waitStrategy(idle);
    }
}
