package handoff.pipelines;

/**
 * The 64-bit mixing function behind the checksums and behind the scalable part of each stage's work.
 * Pure arithmetic on longs: no memory traffic, so the cost of a round does not depend on cache state.
 */
public final class Mix {
    /** 2^64 / golden ratio: an odd constant whose multiples are well spread over 64 bits. */
    static final long GOLDEN = 0x9E3779B97F4A7C15L;
    /** Dependent mixing steps per unit of {@code work}; roughly 30 ns on a current x86 core. */
    static final int STEPS_PER_ROUND = 8;

    private Mix() {
    }

    /** The splitmix64 finaliser: a bijection on 64 bits in which every input bit affects every output bit. */
    public static long mix64(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /**
     * {@code work} rounds of {@link #STEPS_PER_ROUND} mixing steps, each depending on the last, so the JIT
     * can neither skip nor overlap them; the caller stores the result in the event, so it is not dead.
     * Returns {@code seed} unchanged when {@code work} is 0.
     */
    public static long rounds(long seed, int work) {
        long h = seed;
        for (int r = 0; r < work; r++) {
            for (int s = 0; s < STEPS_PER_ROUND; s++) {
                h = mix64(h + GOLDEN);
            }
        }
        return h;
    }
}
