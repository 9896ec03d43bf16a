package handoff.harness.fanout;

import handoff.harness.results.TrialProperties;

import handoff.harness.trial.Profile;
import handoff.harness.trial.TrialSpec;

import java.util.Map;

/**
 * How much each part of a fan-out trial does, per profile: {@code full} is the published broker workload
 * (4 producers × 250,000 events, 4 M dispatches a run) and 10 M events per topology run; {@code smoke} and
 * {@code quick} shrink the runs and their number to fit a 2-core box.
 *
 * @param perProducer   broker events each producer publishes per run
 * @param warmups       unmeasured runs before the measured ones, per part (at least)
 * @param warmupMs      ... and at least this long of them
 * @param runs          measured runs per part; the fork's figure is their median
 * @param topologyEvents events per multicast/diamond run
 * @param loadPct       open-loop offer, as a percentage of the part's own saturation rate in this JVM
 * @param latencyMs     length of the open-loop run
 * @param stallMs       no progress for this long = something was lost
 */
record Sizes(int producers, long perProducer, int warmups, long warmupMs, int runs, long topologyEvents, int loadPct,
             long latencyMs, long stallMs, int forks) {
    static Sizes of(Profile p) {
        // quick: warm-up runs for at least 400 ms (was one 15-25 ms run, about one C2 compile on a loaded 2-CPU box)
        // and 4 measured runs (was 2), so that the warm-up check over 3 forks can flag a row (WarmTrend: min p 1/24^3)
        return switch (p) {
            case SMOKE -> new Sizes(4, 500, 0, 0, 1, 5_000, 50, 20, 10_000, 1);
            case QUICK -> new Sizes(4, 10_000, 2, 400, 4, 100_000, 50, 150, 10_000, 3);
            case FULL -> new Sizes(4, 250_000, 3, 2_000, 10, 10_000_000, 50, 2_000, 30_000, 3);
        };
    }

    void into(TrialProperties.Builder sizing) {
        sizing.put("per_producer", Long.toString(perProducer));
        sizing.put("warmups", Integer.toString(warmups));
        sizing.put("warmup_ms", Long.toString(warmupMs));
        sizing.put("runs", Integer.toString(runs));
        sizing.put("topology_events", Long.toString(topologyEvents));
        sizing.put("load_pct", Integer.toString(loadPct));
        sizing.put("latency_ms", Long.toString(latencyMs));
        sizing.put("stall_ms", Long.toString(stallMs));
    }

    static Sizes from(TrialSpec s) {
        return new Sizes(FanoutConfig.of(s.config()).producers(), s.getLong("per_producer"), s.getInt("warmups"),
                Long.parseLong(s.get("warmup_ms", "0")), s.getInt("runs"),
                s.getLong("topology_events"), s.getInt("load_pct"), s.getLong("latency_ms"), s.getLong("stall_ms"), 1);
    }
}
