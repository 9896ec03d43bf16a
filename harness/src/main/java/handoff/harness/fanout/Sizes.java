package handoff.harness.fanout;

import handoff.harness.trial.Profile;
import handoff.harness.trial.TrialSpec;

import java.util.Map;

/**
 * How much each part of a fan-out trial does, per profile: {@code full} is the published broker workload
 * (4 producers × 250,000 events, 4 M dispatches a run) and 10 M events per topology run; {@code smoke} and
 * {@code quick} shrink the runs and their number to fit a 2-core box.
 *
 * @param perProducer   broker events each producer publishes per run
 * @param warmups       unmeasured runs before the measured ones, per part
 * @param runs          measured runs per part; the fork's figure is their median
 * @param topologyEvents events per multicast/diamond run
 * @param loadPct       open-loop offer, as a percentage of the part's own saturation rate in this JVM
 * @param latencyMs     length of the open-loop run
 * @param stallMs       no progress for this long = something was lost
 */
record Sizes(int producers, long perProducer, int warmups, int runs, long topologyEvents, int loadPct, long latencyMs,
             long stallMs, int forks) {
    static Sizes of(Profile p) {
        return switch (p) {
            case SMOKE -> new Sizes(4, 500, 0, 1, 5_000, 50, 20, 10_000, 1);
            case QUICK -> new Sizes(4, 10_000, 1, 2, 100_000, 50, 150, 10_000, 3);
            case FULL -> new Sizes(4, 250_000, 3, 10, 10_000_000, 50, 2_000, 30_000, 3);
        };
    }

    void into(Map<String, String> sizing) {
        sizing.put("per_producer", Long.toString(perProducer));
        sizing.put("warmups", Integer.toString(warmups));
        sizing.put("runs", Integer.toString(runs));
        sizing.put("topology_events", Long.toString(topologyEvents));
        sizing.put("load_pct", Integer.toString(loadPct));
        sizing.put("latency_ms", Long.toString(latencyMs));
        sizing.put("stall_ms", Long.toString(stallMs));
    }

    static Sizes from(TrialSpec s) {
        return new Sizes(s.getInt("producers"), s.getLong("per_producer"), s.getInt("warmups"), s.getInt("runs"),
                s.getLong("topology_events"), s.getInt("load_pct"), s.getLong("latency_ms"), s.getLong("stall_ms"), 1);
    }
}
