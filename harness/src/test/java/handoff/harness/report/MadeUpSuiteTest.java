package handoff.harness.report;

import handoff.harness.results.CsvSchema;
import handoff.harness.results.Flag;
import handoff.harness.results.Json;
import handoff.harness.results.Metric;
import handoff.harness.results.Schema;
import handoff.harness.results.Schemas;
import handoff.harness.results.Summary;
import handoff.harness.trial.Suite;
import handoff.harness.trial.SweepPlan;
import handoff.harness.trial.TrialContext;
import handoff.harness.trial.TrialSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A suite no report code has heard of declares its file once ({@link Suite#schema()}); added to the registry's
 * schemas, its rows are loaded, compared (with the gate) and summarised, and no report class names its file.
 */
class MadeUpSuiteTest {
    /** A made-up suite: widgets per second (higher is better) and a latency (lower), by gadget and size. */
    static final class WidgetSuite implements Suite {
        @Override
        public String name() {
            return "widgets";
        }

        @Override
        public String csvFile() {
            return "widgets.csv";
        }

        @Override
        public List<String> columns() {
            return List.of("gadget", "size", "widgets_per_s", "widgets_per_s_forks", "wait_ns", "status", "wobbly");
        }

        @Override
        public Schema schema() {
            return Schema.of(CsvSchema.of(csvFile(), "gadget", "size")
                    .metrics(Metric.higher("widgets_per_s", "widget rate", "widgets/s"), Metric.lower("wait_ns", "widget wait", "ns"))
                    .flags(Flag.bool("wobbly")));
        }

        @Override
        public List<TrialSpec> plan(SweepPlan plan) {
            return List.of();
        }

        @Override
        public int threads(TrialSpec spec) {
            return 1;
        }

        @Override
        public double estimateSeconds(TrialSpec spec) {
            return 0;
        }

        @Override
        public Map<String, String> run(TrialSpec spec, TrialContext context) {
            return Map.of("status", "ok");
        }

        @Override
        public List<Map<String, String>> rows(List<Map<String, String>> trials, Path runDir) {
            return List.of();
        }
    }

    private static final String HEAD = "gadget,size,widgets_per_s,widgets_per_s_forks,wait_ns,status,wobbly\n";

    @Test
    @SuppressWarnings("unchecked")
    void aMadeUpSuiteIsLoadedComparedAndSummarised(@TempDir Path tmp) throws Exception {
        Suite widgets = new WidgetSuite();
        assertThat(Schemas.registered().get(widgets.csvFile())).as("not a registered suite").isNull();
        Schemas schemas = Schemas.registered().plus(widgets.schema());

        Path a = FakeRun.make(tmp.resolve("a"), Map.of("widgets.csv", HEAD + "cog,1,100,98;99;100;101;102,7,ok,false\n"
                + "cog,2,200,196;198;200;202;204,9,ok,false\n" + "lever,1,50,49;50;51,3,ok,true\n"));
        Path b = FakeRun.make(tmp.resolve("b"), Map.of("widgets.csv", HEAD + "cog,1,70,68.6;69.3;70;70.7;71.4,7,ok,false\n"
                + "cog,2,200,196;198;200;202;204,9,ok,false\n" + "lever,1,10,9;10;11,3,ok,true\n"));
        RunData ra = RunData.load(a, schemas);
        RunData rb = RunData.load(b, schemas);
        assertThat(ra.has("widgets.csv")).isTrue();
        assertThat(ra.keys("widgets.csv")).startsWith("gadget", "size");

        Comparer c = new Comparer(ra, rb);
        assertThat(c.lines).extracting(l -> l.metric.label() + ": " + l.config).containsExactly("widget rate: gadget=cog size=1",
                "widget wait: gadget=cog size=1", "widget rate: gadget=cog size=2", "widget wait: gadget=cog size=2",
                "widget rate: gadget=lever size=1", "widget wait: gadget=lever size=1");
        // the gate tests the declared headline questions only (report.Declared): a suite nobody declared is compared, never gated
        Gate g = new Gate(c, Gate.DEFAULT_THRESHOLD);
        assertThat(c.lines).allMatch(l -> g.result(l).outcome() == Gate.Outcome.NOT_GATED);
        assertThat(c.lines.get(0).kind).as("cog/1 rate fell 30 %").isEqualTo(CompareLine.Kind.WORSE);
        assertThat(c.lines.get(4).flags).containsExactly("wobbly");

        Summary.write(a, schemas);
        Map<String, Object> s = (Map<String, Object>) Json.parse(Files.readString(a.resolve(Summary.FILE)));
        Map<String, Object> file = (Map<String, Object>) ((Map<String, Object>) s.get("files")).get("widgets.csv");
        assertThat(file.get("keys")).isEqualTo(List.of("gadget", "size"));
        List<Map<String, Object>> metrics = (List<Map<String, Object>>) file.get("metrics");
        assertThat(metrics).extracting(m -> m.get("column") + " " + m.get("better") + " " + m.get("unit"))
                .containsExactly("widgets_per_s higher widgets/s", "wait_ns lower ns");
        List<Map<String, Object>> rows = (List<Map<String, Object>>) file.get("rows");
        assertThat(rows.get(2).get("flags")).isEqualTo(List.of("wobbly"));
        assertThat(rows.get(0).get("flags")).isEqualTo(List.of());

        // without the made-up schema the file is still loaded and summarised, just not compared
        Summary.write(b);
        Map<String, Object> plain = (Map<String, Object>) ((Map<String, Object>) ((Map<String, Object>) Json.parse(
                Files.readString(b.resolve(Summary.FILE)))).get("files")).get("widgets.csv");
        assertThat(plain).containsKey("rows").doesNotContainKey("metrics");
        assertThat(RunData.load(b).has("widgets.csv")).isTrue();
    }

    /** compare tables every registered suite's files: one made-up row per declared file, every declared metric compared. */
    @Test
    void everyRegisteredFileIsCompared(@TempDir Path tmp) throws Exception {
        Map<String, String> a = new java.util.LinkedHashMap<>();
        Map<String, String> b = new java.util.LinkedHashMap<>();
        for (CsvSchema f : Schemas.registered().all()) {
            List<String> cols = new java.util.ArrayList<>(new java.util.LinkedHashSet<>(f.keys()));
            f.match().stream().filter(c -> !cols.contains(c)).forEach(cols::add);
            f.metrics().forEach(m -> cols.add(m.column()));
            cols.add("status");
            String cells = String.join(",", cols.stream().map(c -> c.equals("status") ? "ok" : "1").toList());
            String cellsB = String.join(",", cols.stream().map(c -> c.equals("status") ? "ok" : f.keys().contains(c) || f.match().contains(c) ? "1" : "2").toList());
            a.put(f.file(), String.join(",", cols) + "\n" + cells + "\n");
            b.put(f.file(), String.join(",", cols) + "\n" + cellsB + "\n");
        }
        Comparer c = new Comparer(RunData.load(FakeRun.make(tmp.resolve("a"), a)), RunData.load(FakeRun.make(tmp.resolve("b"), b)));
        for (CsvSchema f : Schemas.registered().all()) {
            for (Metric m : f.metrics()) {
                assertThat(c.lines).as(f.file() + " " + m.column())
                        .anyMatch(l -> l.file.file().equals(f.file()) && l.metric.equals(m) && l.ratio == 2.0);
            }
        }
        assertThat(c.lines.stream().map(l -> l.file.file()).distinct()).contains("echo.csv", "fanout.csv", "overload.csv", "disruptor.csv",
                "disruptor-ratio.csv", "pipeline-capacity.csv", "rtt.csv", "pipeline.csv", "pipeline-latency.csv", "unicast.csv");
    }

    /** Every registered suite declares its files, and every file the report used to list by hand is among them. */
    @Test
    void theRegistryDeclaresEverySuitesFiles() {
        assertThat(Schemas.registered().files()).contains("rtt.csv", "pipeline.csv", "pipeline-latency.csv", "pipeline-hops.csv",
                "pipeline-capacity.csv", "unicast.csv", "disruptor.csv", "disruptor-ratio.csv", "echo.csv", "fanout.csv", "overload.csv");
        assertThat(RunData.FILES).isEqualTo(Schemas.registered().files());
        for (CsvSchema f : Schemas.registered().all()) {
            assertThat(f.keys()).as(f.file()).isNotEmpty();
        }
    }
}
