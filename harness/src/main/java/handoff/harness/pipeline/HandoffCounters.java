package handoff.harness.pipeline;

import handoff.queues.HandoffCounts;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The pipeline's hand-off counts ({@link HandoffCounts}) of one JMH iteration, as JMH secondary results
 * ({@code handoffEvents}, {@code handoffWakes}, ...): {@link PipelineThroughput} adds what the stage threads counted
 * during each of its ops, read once per op after the op's last event was aggregated, so the hot path pays only the
 * stage threads' own increments. A count the transport does not keep is -1 in every iteration (unknown, never 0);
 * {@link CountsResult} turns the fork's iterations into the CSV's ratios.
 */
@State(Scope.Thread)
@AuxCounters(AuxCounters.Type.EVENTS)
public class HandoffCounters {
    /** Every count's JMH name, in {@link HandoffCounts}'s order. */
    static final String[] NAMES = {"handoffEvents", "handoffWakes", "handoffEmptyPolls", "handoffOffers", "handoffFailedOffers"};

    public long handoffEvents;
    public long handoffWakes;
    public long handoffEmptyPolls;
    public long handoffOffers;
    public long handoffFailedOffers;
    /** The chain's totals when last read; a chain starts from 0 everywhere it counts. */
    private HandoffCounts last = new HandoffCounts(0, 0, 0, 0, 0);

    @Setup(Level.Iteration)
    public void clear() {
        handoffEvents = 0;
        handoffWakes = 0;
        handoffEmptyPolls = 0;
        handoffOffers = 0;
        handoffFailedOffers = 0;
    }

    /** Adds what was counted since the last call; a count that is unknown stays -1. */
    void add(HandoffCounts now) {
        HandoffCounts d = now.minus(last);
        last = now;
        handoffEvents = sum(handoffEvents, d.events());
        handoffWakes = sum(handoffWakes, d.wakes());
        handoffEmptyPolls = sum(handoffEmptyPolls, d.emptyPolls());
        handoffOffers = sum(handoffOffers, d.offers());
        handoffFailedOffers = sum(handoffFailedOffers, d.failedOffers());
    }

    private static long sum(long so, long delta) {
        return so < 0 || delta < 0 ? HandoffCounts.UNKNOWN : so + delta;
    }
}
