package handoff.harness.versus;

/**
 * The slot of both rings: the producer writes {@code value}; pipeline stages bump it; the two sides of a
 * diamond copy it into {@code left} and {@code right} for the stage that joins them.
 */
public final class Event {
    public long value;
    public long left;
    public long right;
}
