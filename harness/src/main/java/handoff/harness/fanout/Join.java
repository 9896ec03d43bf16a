package handoff.harness.fanout;

/**
 * The diamond's join over hops: both sides' messages arrive on one hop (each saying its side), the first of a
 * value waits in a table slot until the other comes. Each side's stream is in order, so joins complete in value
 * order; the sides can drift apart by at most their hops' capacity, and the table holds four times that: a slot
 * still taken by another value is a failure, never an overwrite.
 */
final class Join {
    private final long[] tag; // value + 1 waiting here, 0 = free
    private final long[] result;
    private final boolean[] rightSide;
    private final int mask;
    private final Fold fold;

    Join(int hopCapacity, Fold fold) {
        int size = Integer.highestOneBit(Math.max(2, hopCapacity)) * 4;
        tag = new long[size];
        result = new long[size];
        rightSide = new boolean[size];
        mask = size - 1;
        this.fold = fold;
    }

    /** {@code key} = value × 2 + side (1 = right); {@code payload} that side's result. */
    void take(long key, long payload) {
        long value = key >>> 1;
        boolean right = (key & 1) == 1;
        int i = (int) (value & mask);
        if (tag[i] == 0) {
            tag[i] = value + 1;
            result[i] = payload;
            rightSide[i] = right;
        } else if (tag[i] != value + 1) {
            fold.fail("join table slot of value " + value + " still holds value " + (tag[i] - 1));
        } else if (rightSide[i] == right) {
            fold.fail("the join got value " + value + " twice from the " + (right ? "right" : "left") + " side");
        } else {
            tag[i] = 0;
            fold.join(value, right ? result[i] : payload, right ? payload : result[i]);
        }
    }
}
