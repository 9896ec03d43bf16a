package handoff.harness.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmh.util.ListStatistics;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * {@code jmh-all.json} read as JMH's tools read it (JMH's JSON model, through a plain Jackson reader): built from a
 * committed run's own JMH files (one fork a file), it holds each benchmark and parameters once, every fork's raw
 * data inside, and the scores JMH gives a run of those forks; built from one fork, it is that fork's file.
 */
class JmhMergeTest {
    /** A committed quick run: 129 one-fork JMH files of 30 benchmark × parameter combinations. */
    private static final Path COMMITTED = Path.of("../results/20261126-154957-9042223/jmh");
    private static final ObjectMapper READER = new ObjectMapper();

    @TempDir
    Path run;

    private List<Path> committedFiles() throws Exception {
        try (Stream<Path> s = Files.list(COMMITTED)) {
            return s.filter(f -> f.toString().endsWith(".json")).sorted().toList();
        }
    }

    private JsonNode merged(List<Path> files) throws Exception {
        Files.createDirectories(run.resolve("jmh"));
        for (Path f : files) {
            Files.copy(f, run.resolve("jmh").resolve(f.getFileName()));
        }
        assertThat(JmhMerge.write(run)).isEmpty();
        return READER.readTree(run.resolve(JmhMerge.FILE).toFile());
    }

    private static String key(JsonNode e) {
        return e.path("benchmark").asText() + " " + e.path("mode").asText() + " " + e.path("params");
    }

    @Test
    void oneEntryPerBenchmarkAndParametersWithEveryForksRawDataAndJmhsScore() throws Exception {
        List<Path> files = committedFiles();
        JsonNode all = merged(files);
        int forkEntries = 0;
        for (Path f : files) {
            forkEntries += READER.readTree(f.toFile()).size();
        }
        assertThat(forkEntries).isEqualTo(129);
        assertThat(all.isArray()).isTrue();
        Set<String> seen = new HashSet<>();
        int forks = 0;
        for (JsonNode e : all) {
            assertThat(seen.add(key(e))).as("duplicate %s", key(e)).isTrue();
            JsonNode pm = e.path("primaryMetric");
            JsonNode raw = pm.path("rawData");
            assertThat(raw.size()).isEqualTo(e.path("forks").asInt()).isPositive();
            forks += raw.size();
            ListStatistics s = new ListStatistics();
            raw.forEach(fork -> {
                assertThat(fork.size()).isEqualTo(e.path("measurementIterations").asInt());
                fork.forEach(v -> s.addValue(v.asDouble()));
            });
            double sum = 0;
            for (JsonNode fork : raw) {
                for (JsonNode v : fork) {
                    sum += v.asDouble();
                }
            }
            assertThat(pm.path("score").asDouble()).isCloseTo(sum / s.getN(), within(1e-9 * Math.abs(sum / s.getN())));
            assertThat(pm.path("scoreError").asDouble()).isCloseTo(s.getMeanErrorAt(0.999), within(1e-9 * s.getMeanErrorAt(0.999)));
            assertThat(pm.path("scorePercentiles").path("50.0").asDouble()).isEqualTo(s.getPercentile(50));
            assertThat(pm.path("scorePercentiles").path("100.0").asDouble()).isEqualTo(s.getMax());
            // a counter JMH sums (gc.count) is the sum of all forks' iterations, without an error
            JsonNode gc = e.path("secondaryMetrics").path("gc.count");
            double gcSum = 0;
            for (JsonNode fork : gc.path("rawData")) {
                for (JsonNode v : fork) {
                    gcSum += v.asDouble();
                }
            }
            assertThat(gc.path("score").asDouble()).isEqualTo(gcSum);
            assertThat(gc.path("scoreError").asText()).isEqualTo("NaN");
        }
        assertThat(all.size()).isEqualTo(30);
        assertThat(forks).isEqualTo(129);
    }

    @Test
    void oneForkMergedIsThatForksOwnJmhResult() throws Exception {
        Path fork = committedFiles().get(0);
        JsonNode own = READER.readTree(fork.toFile()).get(0);
        JsonNode merged = merged(List.of(fork)).get(0);
        assertThat(merged.path("forks").asInt()).isEqualTo(1);
        assertThat(merged.path("jvmArgs")).isEqualTo(own.path("jvmArgs"));
        List<String> metrics = new ArrayList<>();
        own.path("secondaryMetrics").fieldNames().forEachRemaining(metrics::add);
        assertThat(metrics).isNotEmpty();
        assertSameMetric(merged.path("primaryMetric"), own.path("primaryMetric"));
        for (String m : metrics) {
            assertSameMetric(merged.path("secondaryMetrics").path(m), own.path("secondaryMetrics").path(m));
        }
    }

    private static void assertSameMetric(JsonNode merged, JsonNode own) {
        for (String f : List.of("score", "scoreError")) {
            assertSameNumber(merged.path(f), own.path(f));
        }
        for (int i = 0; i < 2; i++) {
            assertSameNumber(merged.path("scoreConfidence").get(i), own.path("scoreConfidence").get(i));
        }
        own.path("scorePercentiles").fieldNames().forEachRemaining(p ->
                assertSameNumber(merged.path("scorePercentiles").path(p), own.path("scorePercentiles").path(p)));
        assertThat(merged.path("rawData")).isEqualTo(own.path("rawData"));
        assertThat(merged.path("scoreUnit")).isEqualTo(own.path("scoreUnit"));
    }

    private static void assertSameNumber(JsonNode a, JsonNode b) {
        if (b.isNumber()) {
            assertThat(a.asDouble()).isCloseTo(b.asDouble(), within(1e-9 * Math.abs(b.asDouble())));
        } else {
            assertThat(a.asText()).isEqualTo(b.asText());
        }
    }

    @Test
    void twoConfigurationsOfOneBenchmarkAreNamedApart() throws Exception {
        Path fork = committedFiles().get(0);
        Files.createDirectories(run.resolve("jmh"));
        Files.copy(fork, run.resolve("jmh/pipeline_abq_jdk17_f0.json"));
        Files.copy(fork, run.resolve("jmh/pipeline_abq_jdk25_f0.json"));
        Files.writeString(run.resolve("jmh/killed_f0.json"), "[\n{ \"benchmark\" : ");
        assertThat(JmhMerge.write(run)).singleElement().asString().contains("killed_f0.json");
        JsonNode all = READER.readTree(run.resolve(JmhMerge.FILE).toFile());
        assertThat(all.size()).isEqualTo(2);
        assertThat(all.get(0).path("params").path("config").asText()).isEqualTo("pipeline_abq_jdk17");
        assertThat(all.get(1).path("params").path("config").asText()).isEqualTo("pipeline_abq_jdk25");
    }
}
