package handoff.harness.gate;

import handoff.harness.page.RunData;
import handoff.harness.results.Cells;
import handoff.harness.results.Column;
import handoff.harness.results.ColumnTable;
import handoff.harness.results.CsvSchema;
import handoff.harness.results.Flag;
import handoff.harness.results.Json;
import handoff.harness.results.Metric;
import handoff.harness.results.Schema;
import handoff.harness.results.Schemas;
import handoff.harness.results.Summary;
import handoff.harness.results.TrialProperties;
import handoff.harness.trial.Status;
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
    /**
     * A made-up suite: widgets per second (higher is better) and a latency (lower), by gadget and size. Its trial
     * returns its cells as {@link TrialProperties}; its fold reads each trial once into a typed {@link Widget} and
     * writes the rows through its one {@link ColumnTable}, from which its schema is derived too.
     */
    static final class WidgetSuite implements Suite {
        /** One row of widgets.csv: one trial, its forks' rates as the trial recorded them. */
        record Widget(String gadget, int size, double widgetsPerS, double[] forks, double waitNs, Status status, boolean wobbly) {
            /** The trial's cells, read once. */
            static Widget read(TrialProperties trial) {
                String forks = trial.getOrDefault("widgets_per_s_forks", "");
                return new Widget(trial.get("gadget"), trial.integer("size"), trial.number("widgets_per_s"),
                        forks.isEmpty() ? new double[0] : java.util.Arrays.stream(forks.split(";")).mapToDouble(Double::parseDouble).toArray(),
                        trial.number("wait_ns"), Status.of(trial), trial.flag("wobbly"));
            }
        }

        static final ColumnTable<Widget> TABLE = ColumnTable.of("widgets.csv", List.of(
                Column.<Widget>of("gadget", "", "the gadget.", Widget::gadget).key(),
                Column.<Widget>of("size", "", "its size.", w -> Integer.toString(w.size())).key(),
                Column.<Widget>of("widgets_per_s", "widgets/s", "the rate.", w -> Cells.format(w.widgetsPerS())).higher("widget rate"),
                Column.<Widget>of("widgets_per_s_forks", "widgets/s", "each fork's rate.", w -> String.join(";",
                        java.util.Arrays.stream(w.forks()).mapToObj(Cells::format).toList())),
                Column.<Widget>of("wait_ns", "ns", "the wait.", w -> Cells.format(w.waitNs())).lower("widget wait"),
                Column.<Widget>of("status", "", "how it ended.", w -> w.status().render()),
                Column.<Widget>of("wobbly", "", "whether it wobbled.", w -> Boolean.toString(w.wobbly())).flag(Flag.bool("wobbly"))));

        @Override
        public String name() {
            return "widgets";
        }

        @Override
        public String csvFile() {
            return TABLE.file();
        }

        @Override
        public Schema schema() {
            return Schema.of(TABLE.schema());
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
        public TrialProperties run(TrialSpec spec, TrialContext context) {
            return TrialProperties.builder().put("status", Status.ok().render()).build();
        }

        @Override
        public String csv(List<TrialProperties> trials, Path runDir) {
            return TABLE.render(trials.stream().map(Widget::read).toList());
        }
    }

    /** The trial of one row of run a: its spec's parameters and what it measured. */
    private static TrialProperties trial(String gadget, String size, String rate, String forks, String wait, String wobbly) {
        return TrialProperties.builder().put("gadget", gadget).put("size", size).put("widgets_per_s", rate)
                .put("widgets_per_s_forks", forks).put("wait_ns", wait).put("wobbly", wobbly)
                .putAll(new WidgetSuite().run(null, null)).build();
    }

    @Test
    void theMadeUpSuiteDeclaresItsFileOnceAndFoldsItsTrialsThroughIt(@TempDir Path tmp) {
        WidgetSuite widgets = new WidgetSuite();
        assertThat(String.join(",", WidgetSuite.TABLE.header()) + "\n").isEqualTo(HEAD);
        assertThat(widgets.schema().files().stream().map(f -> f.withColumns(List.of())).toList()).containsExactly(CsvSchema.of("widgets.csv", "gadget", "size")
                .metrics(Metric.higher("widgets_per_s", "widget rate", "widgets/s"), Metric.lower("wait_ns", "widget wait", "ns"))
                .flags(Flag.bool("wobbly")));
        assertThat(widgets.run(null, null)).isEqualTo(TrialProperties.of(Map.of("status", "ok")));
        assertThat(widgets.csv(List.of(trial("cog", "1", "100", "98;99;100;101;102", "7", "false"),
                trial("cog", "2", "200", "196;198;200;202;204", "9", "false"), trial("lever", "1", "50", "49;50;51", "3", "true")), tmp))
                .isEqualTo(RUN_A);
    }

    private static final String HEAD = "gadget,size,widgets_per_s,widgets_per_s_forks,wait_ns,status,wobbly\n";
    private static final String RUN_A = HEAD + "cog,1,100,98;99;100;101;102,7,ok,false\n"
            + "cog,2,200,196;198;200;202;204,9,ok,false\n" + "lever,1,50,49;50;51,3,ok,true\n";

    @Test
    @SuppressWarnings("unchecked")
    void aMadeUpSuiteIsLoadedComparedAndSummarised(@TempDir Path tmp) throws Exception {
        Suite widgets = new WidgetSuite();
        assertThat(Schemas.registered().get(widgets.csvFile())).as("not a registered suite").isNull();
        Schemas schemas = Schemas.registered().plus(widgets.schema());

        Path a = FakeRun.make(tmp.resolve("a"), Map.of("widgets.csv", RUN_A));
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
        assertThat(c.lines.get(0).kind).as("cog/1 rate fell 30 %").isEqualTo(ComparedMetric.Kind.WORSE);
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
