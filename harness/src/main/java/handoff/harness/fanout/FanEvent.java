package handoff.harness.fanout;

import handoff.queues.Translator;

/**
 * What every hop of the suite carries: a key ({@link Workload#key}, or a topology's value) and a time stamp (the
 * intended publish time, for dispatch latency). Rings pre-allocate these as slots; queues get a fresh one per
 * message, filled by {@link #FILL}: either way a hop's consumer owns a copy, never the previous hop's slot.
 */
final class FanEvent {
    static final Translator<FanEvent> FILL = (e, key, stamp) -> {
        e.key = key;
        e.stamp = stamp;
    };

    long key;
    long stamp;
}
