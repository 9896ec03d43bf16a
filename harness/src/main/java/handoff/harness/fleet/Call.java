package handoff.harness.fleet;

/**
 * What one box's test said of one row of a declared question, in the words the study compares across boxes.
 *
 * @param word  the verdict as shown, e.g. {@code above ×3.1}, {@code below best}, {@code cannot tell}
 * @param side  +1 above the reference (or the best), −1 below, 0 alike; {@link #UNDECIDED} where the test decided nothing
 * @param key   what must match across boxes for the verdict to hold (the word without its ratio)
 */
public record Call(String word, int side, String key) {
    /** The side of a call that decides nothing (cannot tell, untested, in a best group nothing split). */
    public static final int UNDECIDED = Integer.MIN_VALUE;

    public boolean decided() {
        return side != UNDECIDED;
    }
}
