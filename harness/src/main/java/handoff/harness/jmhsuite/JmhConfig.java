package handoff.harness.jmhsuite;

/** A JMH suite's configuration of a trial, as its fold reads it: at least the transport and its wait. */
public interface JmhConfig {
    /** The transport's id; null where the trial has none. */
    String transport();

    /** The wait's id; null where the trial has none. */
    String waitStrategy();
}
