package handoff.harness.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.openjdk.jmh.util.ListStatistics;

import java.util.ArrayList;
import java.util.List;

/**
 * One metric of one benchmark (its primary metric or a secondary one) over several forks, scored as JMH scores a
 * run of many forks ({@code RunResult.getAggregatedResult}: every iteration of every fork in one
 * {@link ListStatistics}): the score by the metric's aggregation policy (AVG the mean, SUM the sum, MAX the
 * largest), its error at 99.9 % and confidence interval (AVG only; SUM and MAX have none), the percentiles JMH's
 * JSON lists, and {@code rawData} one array per fork. JMH's JSON does not name a metric's policy: it is read from the
 * forks' own scores (the one policy that gives each fork's score from its raw data; a fork with an error is AVG).
 */
final class JmhScore {
    /** The percentiles JMH's JSON writes under {@code scorePercentiles}, in its order. */
    private static final double[] PERCENTILES = {0.0, 50.0, 90, 95, 99, 99.9, 99.99, 99.999, 99.9999, 100};
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    enum Policy { AVG, SUM, MAX }

    private final List<List<Double>> forks = new ArrayList<>();
    private final List<JsonNode> forkMetrics = new ArrayList<>();
    private String unit = "";

    /**
     * The metric as one fork's JSON entry holds it; null where that fork has no such metric (an empty array in
     * {@code rawData}, as JMH writes it). An entry of several forks adds each of its arrays.
     */
    void add(JsonNode metric, int forksInEntry) {
        if (metric == null || !metric.isObject()) {
            for (int i = 0; i < forksInEntry; i++) {
                forks.add(List.of());
            }
            return;
        }
        forkMetrics.add(metric);
        unit = metric.path("scoreUnit").asText(unit);
        for (JsonNode run : metric.path("rawData")) {
            List<Double> values = new ArrayList<>();
            run.forEach(v -> values.add(number(v)));
            forks.add(values);
        }
    }

    /**
     * The policy every fork's own score agrees with: AVG where a fork has an error; of several that agree, the first
     * of AVG, SUM, MAX (they give the same score then); AVG where none does.
     */
    Policy policy() {
        List<Policy> left = new ArrayList<>(List.of(Policy.values()));
        for (JsonNode m : forkMetrics) {
            if (Double.isFinite(number(m.path("scoreError")))) {
                return Policy.AVG;
            }
            ListStatistics s = new ListStatistics();
            m.path("rawData").forEach(run -> run.forEach(v -> s.addValue(number(v))));
            if (s.getN() > 2) {
                left.remove(Policy.AVG); // AVG has an error from three values on
            }
            if (s.getN() > 0) {
                double score = number(m.path("score"));
                left.removeIf(p -> !same(score(p, s), score));
            }
        }
        return left.isEmpty() ? Policy.AVG : left.get(0);
    }

    /** The metric in JMH's JSON form, recomputed over all forks' iterations. */
    ObjectNode json() {
        Policy policy = policy();
        ListStatistics s = new ListStatistics();
        forks.forEach(f -> f.forEach(s::addValue));
        double score = score(policy, s);
        ObjectNode o = NODES.objectNode();
        o.set("score", number(score));
        o.set("scoreError", number(policy == Policy.AVG ? s.getMeanErrorAt(0.999) : Double.NaN));
        double[] ci = policy == Policy.AVG ? s.getConfidenceIntervalAt(0.999) : new double[] {score, score};
        o.putArray("scoreConfidence").add(number(ci[0])).add(number(ci[1]));
        ObjectNode pct = o.putObject("scorePercentiles");
        for (double p : PERCENTILES) {
            pct.set(String.valueOf(p), number(s.getPercentile(p)));
        }
        o.put("scoreUnit", unit);
        ArrayNode raw = o.putArray("rawData");
        for (List<Double> f : forks) {
            ArrayNode a = raw.addArray();
            f.forEach(v -> a.add(number(v)));
        }
        return o;
    }

    private static double score(Policy p, ListStatistics s) {
        return switch (p) {
            case AVG -> s.getMean();
            case SUM -> s.getSum();
            case MAX -> s.getMax();
        };
    }

    private static boolean same(double a, double b) {
        return a == b || Math.abs(a - b) <= 1e-9 * Math.max(Math.abs(a), Math.abs(b));
    }

    /** A JSON number as JMH writes it: a number, or the strings "NaN", "+INF", "-INF". */
    static double number(JsonNode v) {
        if (v.isNumber()) {
            return v.doubleValue();
        }
        return switch (v.asText()) {
            case "+INF", "Infinity" -> Double.POSITIVE_INFINITY;
            case "-INF", "-Infinity" -> Double.NEGATIVE_INFINITY;
            default -> Double.NaN;
        };
    }

    /** A number as JMH writes it: not finite as the string JMH uses (its readers expect it there). */
    static JsonNode number(double d) {
        if (Double.isNaN(d)) {
            return NODES.textNode("NaN");
        }
        if (Double.isInfinite(d)) {
            return NODES.textNode(d > 0 ? "+INF" : "-INF");
        }
        return NODES.numberNode(d);
    }
}
