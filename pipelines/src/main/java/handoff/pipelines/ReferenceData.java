package handoff.pipelines;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * The pre-built instrument table that enrich looks up: immutable after construction, so any number of
 * threads may read it without synchronisation (its fields are final, and it is built before the stage
 * threads start). Lookup is by packed symbol through an open-addressing table of primitives: no boxing,
 * no String on the hot path.
 */
public final class ReferenceData {
    /** Longest symbol: it must pack into one long. */
    public static final int MAX_SYMBOL = 8;

    /**
     * One instrument.
     *
     * @param tickCents            prices must be a multiple of this
     * @param referencePriceCents  around which generated orders are priced
     * @param feePpm               fee, in millionths of the notional
     * @param bucketOneCents       notional from which an order is in risk bucket 1
     * @param bucketTwoCents       notional from which an order is in risk bucket 2
     * @param maxNotionalCents     notional above which an order is a breach (bucket 3)
     */
    public record Instrument(String symbol, long tickCents, long referencePriceCents, int feePpm,
                             long bucketOneCents, long bucketTwoCents, long maxNotionalCents) {
        public Instrument {
            pack(symbol);
            if (tickCents < 1 || referencePriceCents < tickCents || feePpm < 0
                    || bucketOneCents > bucketTwoCents || bucketTwoCents > maxNotionalCents) {
                throw new IllegalArgumentException("inconsistent instrument " + symbol);
            }
        }
    }

    private final List<Instrument> instruments;
    private final long[] tickCents;
    private final int[] feePpm;
    private final long[] bucketOne;
    private final long[] bucketTwo;
    private final long[] maxNotional;
    /** Open addressing, linear probing; key 0 marks an empty slot (no symbol packs to 0). */
    private final long[] slotKeys;
    private final int[] slotIndex;
    private final int slotMask;

    private ReferenceData(List<Instrument> list) {
        instruments = List.copyOf(list);
        int n = instruments.size();
        if (n == 0) {
            throw new IllegalArgumentException("no instruments");
        }
        tickCents = new long[n];
        feePpm = new int[n];
        bucketOne = new long[n];
        bucketTwo = new long[n];
        maxNotional = new long[n];
        int slots = Integer.highestOneBit(n * 4 - 1) << 1; // load factor <= 1/2
        slotKeys = new long[slots];
        slotIndex = new int[slots];
        slotMask = slots - 1;
        for (int i = 0; i < n; i++) {
            Instrument in = instruments.get(i);
            tickCents[i] = in.tickCents();
            feePpm[i] = in.feePpm();
            bucketOne[i] = in.bucketOneCents();
            bucketTwo[i] = in.bucketTwoCents();
            maxNotional[i] = in.maxNotionalCents();
            long key = pack(in.symbol());
            int s = slot(key);
            while (slotKeys[s] != 0) {
                if (slotKeys[s] == key) {
                    throw new IllegalArgumentException("duplicate symbol " + in.symbol());
                }
                s = (s + 1) & slotMask;
            }
            slotKeys[s] = key;
            slotIndex[s] = i;
        }
    }

    public static ReferenceData of(List<Instrument> instruments) {
        return new ReferenceData(Objects.requireNonNull(instruments, "instruments"));
    }

    /** The table every benchmark uses: 64 instruments generated from a fixed seed. */
    public static ReferenceData standard() {
        return Standard.INSTANCE;
    }

    /** {@code count} instruments with distinct 3-5 letter symbols, generated deterministically from {@code seed}. */
    public static ReferenceData generate(long seed, int count) {
        SplittableRandom rnd = new SplittableRandom(seed);
        long[] ticks = {1, 5, 10, 25};
        Set<String> seen = new HashSet<>();
        List<Instrument> list = new ArrayList<>(count);
        while (list.size() < count) {
            int len = 3 + rnd.nextInt(3);
            char[] sym = new char[len];
            for (int c = 0; c < len; c++) {
                sym[c] = (char) ('A' + rnd.nextInt(26));
            }
            String symbol = new String(sym);
            if (!seen.add(symbol)) {
                continue;
            }
            long tick = ticks[rnd.nextInt(ticks.length)];
            long price = tick * (1 + rnd.nextLong(200_000 / tick)) + 500; // 5.00 .. ~2005.00
            price -= price % tick;
            // Limits in units of the reference price, so that orders of 1..10,000 shares land in every bucket.
            list.add(new Instrument(symbol, tick, price, 20 + rnd.nextInt(281),
                    price * 1_000, price * 4_000, price * 9_000));
        }
        return new ReferenceData(list);
    }

    /**
     * A symbol of 1..{@value #MAX_SYMBOL} ASCII letters or digits, packed big-endian into a long: the same
     * value {@link Parse} builds from the payload bytes.
     */
    public static long pack(CharSequence symbol) {
        int len = symbol.length();
        if (len < 1 || len > MAX_SYMBOL) {
            throw new IllegalArgumentException("symbol '" + symbol + "' must have 1.." + MAX_SYMBOL + " characters");
        }
        long code = 0;
        for (int i = 0; i < len; i++) {
            char c = symbol.charAt(i);
            if (!isSymbolChar(c)) {
                throw new IllegalArgumentException("symbol '" + symbol + "' may hold only A-Z and 0-9");
            }
            code = code << 8 | c;
        }
        return code;
    }

    static boolean isSymbolChar(int c) {
        return (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    }

    /** Index of the instrument with this packed symbol, or -1. */
    public int indexOf(long symbol) {
        if (symbol == 0) {
            return -1;
        }
        int s = slot(symbol);
        long k;
        while ((k = slotKeys[s]) != 0) {
            if (k == symbol) {
                return slotIndex[s];
            }
            s = (s + 1) & slotMask;
        }
        return -1;
    }

    private int slot(long key) {
        return (int) Mix.mix64(key) & slotMask;
    }

    public int size() {
        return instruments.size();
    }

    public Instrument instrument(int index) {
        return instruments.get(index);
    }

    public long tickCents(int index) {
        return tickCents[index];
    }

    public int feePpm(int index) {
        return feePpm[index];
    }

    public long bucketOneCents(int index) {
        return bucketOne[index];
    }

    public long bucketTwoCents(int index) {
        return bucketTwo[index];
    }

    public long maxNotionalCents(int index) {
        return maxNotional[index];
    }

    private static final class Standard {
        static final ReferenceData INSTANCE = generate(0x5EED_0001L, 64);
    }
}
