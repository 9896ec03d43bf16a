package handoff.harness.pipeline;

import handoff.harness.testing.Trials;

import handoff.harness.results.TrialProperties;
import handoff.harness.trial.Profile;
import handoff.harness.trial.SweepPlan;
import handoff.queues.Consume;
import handoff.queues.Transports;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The pipeline suite's consumer-mode and buffering axes (issue 29): which rows a plan gets, what each row's buffers
 * hold, and the hand-off ratios read back from a JMH result file.
 */
class ConsumeAxisTest {
    private static SweepPlan plan(Profile profile, List<Consume> consume, String... transports) {
        return SweepPlan.builder(profile).suites(List.of("pipeline"))
                .transports(List.of(transports).stream().map(Transports::get).toList()).producers(List.of(1))
                .workers(List.of(handoff.harness.trial.Workers.ONE)).cpus(List.of(0, 1), false).consume(consume).build();
    }

    private static List<String> rows(SweepPlan plan) {
        return new PipelineSuite().plan(plan).stream().filter(t -> t.fork() == 0)
                .map(t -> t.get("transport") + "/" + t.get("wait") + "/" + t.get("consume") + "/" + t.get("buffering")).toList();
    }

    @Test
    void quickPairsEachQueueWithItsBatchedConsumerAndItsEqualTotalBufferingAtPark() {
        List<String> quick = rows(plan(Profile.QUICK, List.of(), "abq", "clq", "disruptor", "flow"));
        assertThat(quick).contains("abq/park/one/per-hop", "abq/park/batch/per-hop", "abq/park/one/total",
                "abq/block/one/per-hop", "clq/park/one/per-hop", "disruptor/park/batch/per-hop", "flow/native/one/per-hop");
        // quick keeps its variants to the bounded queues at park: no unbounded clq batch row, no flow total row
        assertThat(quick).doesNotContain("abq/block/batch/per-hop", "disruptor/park/one/per-hop", "clq/park/one/total",
                        "clq/park/batch/per-hop", "flow/native/one/total")
                .noneMatch(r -> r.startsWith("disruptor/") && r.endsWith("/total"));
        assertThat(quick).doesNotHaveDuplicates();
        assertThat(rows(plan(Profile.SMOKE, List.of(), "abq"))).containsExactly("abq/park/one/per-hop");
        // only each configuration's first row is a pipeline.csv row; the others are marked for pipeline-variants.csv
        assertThat(new PipelineSuite().plan(plan(Profile.QUICK, List.of(), "abq")).stream().filter(t -> t.fork() == 0)
                .filter(t -> !"true".equals(t.sizing().get(PipelineAxes.VARIANT)))
                .map(t -> t.get("wait") + "/" + t.get("consume") + "/" + t.get("buffering")))
                .containsExactly("spin/one/per-hop", "park/one/per-hop", "block/one/per-hop");
    }

    @Test
    void variantRowsGoToTheirOwnFileSoPipelineCsvKeepsOneRowPerConfiguration(@TempDir Path dir) throws Exception {
        List<TrialProperties> trials = List.of(trial("one", "per-hop", false), trial("batch", "per-hop", true),
                trial("one", "total", true));
        List<Map<String, String>> rows = PipelineCsv.TABLE.read(new PipelineSuite().csv(trials, dir));
        assertThat(rows).singleElement().satisfies(r -> assertThat(r).containsEntry("consume", "one")
                .containsEntry("buffer_events", "3072"));
        List<Map<String, String>> variants = handoff.harness.results.CsvFormat.parse(
                Files.readString(dir.resolve(PipelineAxes.VARIANTS_FILE)));
        assertThat(variants).extracting(r -> r.get("consume") + "/" + r.get("buffering") + "/" + r.get("buffer_events"))
                .containsExactly("batch/per-hop/3072", "one/total/1023");
    }

    private static TrialProperties trial(String consume, String buffering, boolean variant) {
        TrialProperties.Builder t = Trials.cells(handoff.harness.trial.Forks.CONFIG_KEY, consume + buffering,
                "transport", "abq", "wait", "park", "consume", consume, "buffering", buffering, "status", "ok",
                "fork", "0", "score", "1000000", "capacity", "1024");
        if (variant) {
            t.put(PipelineAxes.VARIANT, "true");
        }
        return t.build();
    }

    @Test
    void anAskedModeRunsWhereTheTransportHasItAndARingRunsItsOwnOnce() {
        List<String> asked = rows(plan(Profile.SMOKE, List.of(Consume.ONE, Consume.BATCH), "mtoca", "lmax"));
        assertThat(asked).containsExactly("mtoca/park/one/per-hop", "mtoca/park/batch/per-hop", "lmax/park/batch/per-hop",
                "lmax-ours/park/batch/per-hop");
    }

    @Test
    void bufferEventsIsWhatEachRowsBuffersHold() {
        assertThat(PipelineAxes.bufferEvents("abq", "1024", "per-hop")).isEqualTo("3072");
        assertThat(PipelineAxes.bufferEvents("abq", "1024", "total")).as("3 x 341").isEqualTo("1023");
        assertThat(PipelineAxes.bufferEvents("mtoca", "1024", "total")).as("341 rounds up to 512").isEqualTo("1536");
        assertThat(PipelineAxes.bufferEvents("jctools", "1024", "total")).isEqualTo("1536");
        assertThat(PipelineAxes.bufferEvents("flow", "1024", "total")).isEqualTo("1536");
        assertThat(PipelineAxes.bufferEvents("disruptor", "1024", "total")).isEqualTo("1024");
        assertThat(PipelineAxes.bufferEvents("clq", "1024", "per-hop")).as("unbounded: unknown, never 0").isEmpty();
    }

    @Test
    void theLatencySuitesSaturationReadsOnlyEachTransportsDefaultRow() {
        assertThat(PipelineAxes.defaultRow(TrialProperties.of(Map.of("transport", "abq", "consume", "one", "buffering", "per-hop")))).isTrue();
        assertThat(PipelineAxes.defaultRow(TrialProperties.of(Map.of("transport", "abq", "consume", "batch", "buffering", "per-hop")))).isFalse();
        assertThat(PipelineAxes.defaultRow(TrialProperties.of(Map.of("transport", "abq", "consume", "one", "buffering", "total")))).isFalse();
        assertThat(PipelineAxes.defaultRow(TrialProperties.of(Map.of("transport", "disruptor", "consume", "batch")))).isTrue();
        assertThat(PipelineAxes.defaultRow(TrialProperties.of(Map.of("transport", "abq")))).as("a run from before the axis").isTrue();
    }

    @Test
    void ratiosAreOfTheSumsOverIterationsAndUnknownStaysEmpty(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("r.json");
        Files.writeString(json, "[{\"benchmark\":\"x\",\"secondaryMetrics\":{"
                + metric("handoffEvents", "[[300, 600]]") + "," + metric("handoffWakes", "[[100, 100]]") + ","
                + metric("handoffEmptyPolls", "[[50, 150]]") + "," + metric("handoffOffers", "[[400, 600]]") + ","
                + metric("handoffFailedOffers", "[[-1, -1]]") + "}}]");
        Map<String, String> r = HandoffRatios.CODEC.properties(CountsResult.read(json)).asMap();
        assertThat(r).containsEntry("mean_batch", "4.500").containsEntry("empty_poll_pct", "50")
                .containsEntry("failed_offer_pct", "");
        assertThat(HandoffRatios.CODEC.properties(CountsResult.read(dir.resolve("missing.json"))).asMap())
                .containsEntry("mean_batch", "");
    }

    private static String metric(String name, String raw) {
        return "\"" + name + "\":{\"score\":1,\"scoreUnit\":\"#\",\"rawData\":" + raw + "}";
    }

    @Test
    void theColumnsAreThere() {
        assertThat(PipelineCsv.TABLE.header()).contains("consume", "buffering", "buffer_events", "mean_batch",
                "empty_poll_pct", "failed_offer_pct");
    }
}
