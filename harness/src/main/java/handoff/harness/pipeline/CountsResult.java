package handoff.harness.pipeline;

import handoff.harness.results.Json;
import handoff.queues.HandoffCounts;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A pipeline trial's hand-off ratios ({@link HandoffRatios}), from the hand-off counts
 * ({@link HandoffCounters}) its JMH result file holds: each count summed over every measured iteration of every fork,
 * then the ratios of those sums, to 4 significant digits. NaN where a count is unknown (-1 in any iteration), absent (counting off:
 * {@code -Dhandoff.counters=false}) or the file cannot be read.
 */
final class CountsResult {
    private CountsResult() {
    }

    static HandoffRatios read(Path jmhJson) {
        Object parsed;
        try {
            parsed = Json.parse(Files.readString(jmhJson));
        } catch (IOException | RuntimeException e) {
            return HandoffRatios.UNKNOWN;
        }
        if (!(parsed instanceof List<?> benchmarks) || benchmarks.isEmpty() || !(benchmarks.get(0) instanceof Map<?, ?> b)
                || !(b.get("secondaryMetrics") instanceof Map<?, ?> secondary)) {
            return HandoffRatios.UNKNOWN;
        }
        long[] sums = new long[HandoffCounters.NAMES.length];
        for (int i = 0; i < sums.length; i++) {
            sums[i] = sum(secondary.get(HandoffCounters.NAMES[i]));
        }
        HandoffCounts c = new HandoffCounts(sums[0], sums[1], sums[2], sums[3], sums[4]);
        return new HandoffRatios(digits(c.meanBatch()), digits(c.emptyPollPct()), digits(c.failedOfferPct()));
    }

    /** Sum of a metric's raw per-iteration values over forks; -1 when absent or any value is unknown. */
    private static long sum(Object metric) {
        if (!(metric instanceof Map<?, ?> m) || !(m.get("rawData") instanceof List<?> forks)) {
            return HandoffCounts.UNKNOWN;
        }
        long total = 0;
        for (Object fork : forks) {
            if (!(fork instanceof List<?> iterations)) {
                return HandoffCounts.UNKNOWN;
            }
            for (Object v : iterations) {
                if (!(v instanceof Number n) || n.doubleValue() < 0) {
                    return HandoffCounts.UNKNOWN;
                }
                total += Math.round(n.doubleValue());
            }
        }
        return total;
    }

    /** {@code x} to 4 significant digits, as the ratios are kept; NaN stays NaN. */
    private static double digits(double x) {
        return Double.isNaN(x) ? x : Double.parseDouble(String.format(Locale.ROOT, "%.4g", x));
    }
}
