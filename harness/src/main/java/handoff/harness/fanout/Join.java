package handoff.harness.fanout;

/**
 * The diamond's join over hops: both sides' messages arrive on one hop (each saying its side), the first of a
 * value waits in a table slot until the other comes. Each side's stream is in order, so joins complete in value
 * order, and a message for a value already joined is a duplicate. The sides drift apart by at most their hops'
 * capacity on bounded transports, by any amount on unbounded ones: a slot still taken by another waiting value
 * doubles the table (up to {@value #MAX_SIZE} slots, then the run fails), never overwrites it.
 */
final class Join {
    static final int MAX_SIZE = 1 << 24;
    private long[] tag; // value + 1 waiting here, 0 = free
    private long[] result;
    private boolean[] rightSide;
    private final ConsumerVerifier fold;

    Join(int hopCapacity, ConsumerVerifier fold) {
        allocate(Integer.highestOneBit(Math.max(2, hopCapacity)) * 4);
        this.fold = fold;
    }

    private void allocate(int size) {
        tag = new long[size];
        result = new long[size];
        rightSide = new boolean[size];
    }

    /** {@code key} = value × 2 + side (1 = right); {@code payload} that side's result. */
    void take(long key, long payload) {
        long value = key >>> 1;
        boolean right = (key & 1) == 1;
        if (value < fold.count()) {
            fold.fail("the join got value " + value + " again from the " + (right ? "right" : "left")
                    + " side after joining it (duplicated)");
            return;
        }
        int i = (int) (value & (tag.length - 1));
        while (tag[i] != 0 && tag[i] != value + 1) {
            if (tag.length >= MAX_SIZE) {
                fold.fail("the join's sides drifted more than " + MAX_SIZE + " values apart");
                return;
            }
            grow();
            i = (int) (value & (tag.length - 1));
        }
        if (tag[i] == 0) {
            tag[i] = value + 1;
            result[i] = payload;
            rightSide[i] = right;
        } else if (rightSide[i] == right) {
            fold.fail("the join got value " + value + " twice from the " + (right ? "right" : "left")
                    + " side (duplicated)");
        } else {
            tag[i] = 0;
            fold.join(value, right ? result[i] : payload, right ? payload : result[i]);
        }
    }

    private void grow() {
        long[] oldTag = tag;
        long[] oldResult = result;
        boolean[] oldSide = rightSide;
        allocate(oldTag.length * 2);
        for (int j = 0; j < oldTag.length; j++) {
            if (oldTag[j] != 0) {
                int k = (int) ((oldTag[j] - 1) & (tag.length - 1));
                tag[k] = oldTag[j];
                result[k] = oldResult[j];
                rightSide[k] = oldSide[j];
            }
        }
    }
}
