package handoff.harness.pipeline;

import handoff.harness.results.AtomicFiles;
import handoff.harness.results.Histograms;
import handoff.harness.results.RunFolder;
import handoff.harness.trial.FaultyTransport;
import handoff.harness.trial.Forks;
import handoff.harness.trial.Profile;
import handoff.harness.trial.Stats;
import handoff.harness.trial.ResourceMeter;
import handoff.harness.trial.Suite;
import handoff.harness.trial.SweepPlan;
import handoff.harness.trial.TrialContext;
import handoff.harness.trial.TrialSpec;
import handoff.harness.trial.WhyMetrics;
import handoff.harness.results.IntervalLog;
import handoff.pipelines.Pipeline;
import handoff.queues.Transport;
import handoff.queues.Transports;
import handoff.queues.Wait;
import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * End-to-end and per-hop latency of the pipeline at a fixed offered load, open loop
 * ({@link OpenLoopRun}): rates are fractions of the saturation throughput the pipeline suite measured in
 * the same run for the same configuration, or the fixed {@code --rate}. Writes
 * {@code pipeline-latency.csv}, and as a by-product {@code pipeline-hops.csv}.
 */
public final class LatencySuite implements Suite {
    static final String[] HOPS = {"publish->parse", "parse->enrich", "enrich->aggregate"};
    private static final List<String> HOP_COLUMNS = List.of("transport", "producers", "wait", "work", "offered_eps",
            "hop", "mean_ns", "p50_ns", "p90_ns", "p99_ns", "p999_ns", "max_ns", "oversubscribed", "hgrm");

    @Override
    public String name() {
        return "latency";
    }

    @Override
    public String csvFile() {
        return "pipeline-latency.csv";
    }

    @Override
    public List<String> columns() {
        return java.util.stream.Stream.of(List.of("transport", "producers", "wait", "work", "rate_basis", "load_pct",
                "offered_eps", "achieved_eps", "mean_ns", "p50_ns", "p90_ns", "p99_ns", "p999_ns", "max_ns", "p50_lo_ns",
                "p50_hi_ns", "p99_lo_ns", "p99_hi_ns", "interval_level", "forks", "p50_ns_forks", "p99_ns_forks", "samples", "peak_backlog",
                "backlog_growth_eps", "overloaded", "idle_cpus", "heap_growth_bytes", "gc_count", "gc_time_ms",
                "gc_max_pause_ms", "alloc_bytes_per_event", "cpu_ns_per_event"), WhyMetrics.COLUMNS,
                List.of("status", "oversubscribed", "unstable", "threads", "cpus", "pinning", "hgrm", "hlog")).flatMap(List::stream).toList();
    }

    /** Rate bases: one absolute rate for all ({@code common}), or a fraction of each configuration's own saturation. */
    static final String COMMON = "common";
    static final String OWN = "own";

    /**
     * Per producer count and wait: every transport at the same absolute rates (% of the slowest configuration's
     * saturation), then at % of its own saturation; each trial first measures the CPUs the idle pipeline burns
     * ({@link IdleRun}), in the same JVM. Each rate's
     * forks run interleaved across transports and waits, so that drift of the box lands on all of them alike.
     */
    @Override
    public List<TrialSpec> plan(SweepPlan plan) {
        List<Wait> waits = plan.waits().isEmpty() ? defaultWaits(plan) : plan.waits();
        List<String[]> rates = new ArrayList<>();
        if (plan.rate() > 0) {
            rates.add(new String[] {"fixed", ""});
        } else {
            plan.profile().commonLoadPercents.forEach(pct -> rates.add(new String[] {COMMON, pct.toString()}));
            plan.profile().loadPercents.forEach(pct -> rates.add(new String[] {OWN, pct.toString()}));
        }
        int forks = plan.forks(plan.profile().rankingForks());
        List<TrialSpec> out = new ArrayList<>();
        for (int p : plan.producersOr()) {
            for (String[] rate : rates) {
                List<List<TrialSpec>> groups = new ArrayList<>();
                for (Transport t : plan.transportsOr(true)) {
                    for (Wait w : plan.waitsFor(t, waits)) {
                        List<TrialSpec> g = new ArrayList<>();
                        for (int fork = 0; fork < forks; fork++) {
                            g.add(spec(plan, t, p, w, rate[0], rate[1], fork));
                        }
                        groups.add(g);
                    }
                }
                out.addAll(Stats.interleave(groups));
            }
        }
        return out;
    }

    /** Quick: park only (plus Flow's own hand-off), the wait every transport has; else the pipeline's waits. */
    static List<Wait> defaultWaits(SweepPlan plan) {
        return plan.profile() == Profile.QUICK ? List.of(Wait.PARK) : PipelineSuite.defaultWaits(plan);
    }

    private TrialSpec spec(SweepPlan plan, Transport t, int p, Wait w, String basis, String pct, int fork) {
        Map<String, String> config = new LinkedHashMap<>();
        config.put("transport", t.id());
        config.put("producers", Integer.toString(p));
        config.put("wait", w.id());
        config.put("work", Integer.toString(plan.work()));
        config.put("rate_basis", basis);
        config.put("load_pct", pct);
        if (plan.rate() > 0) {
            config.put("rate", Forks.fmt(plan.rate()));
        }
        Map<String, String> sizing = plan.sizing(fork);
        sizing.put("warmup_ms", Integer.toString(plan.profile().latencyWarmupMs));
        sizing.put("measure_ms", Integer.toString(plan.profile().latencyMeasureMs));
        return new TrialSpec(name(), config, sizing);
    }

    /** Its stages and consumers come from the trial's {@code TrialThreads}, which makes them virtual under --threads virtual. */
    @Override
    public boolean virtualThreads() {
        return true;
    }

    @Override
    public int threads(TrialSpec spec) {
        return spec.getInt("producers") + Pipeline.STAGES;
    }

    @Override
    public double estimateSeconds(TrialSpec spec) {
        return 2.0 + (IdleRun.WINDOW_MS + 200 + spec.getLong("warmup_ms") + spec.getLong("measure_ms")) / 1000.0;
    }

    @Override
    public Map<String, String> run(TrialSpec spec, TrialContext ctx) throws Exception {
        Map<String, String> out = new LinkedHashMap<>();
        Transport t = FaultyTransport.wrap(Transports.get(spec.get("transport")), ctx);
        Map<String, String> idle = IdleRun.measure(t, spec, ctx, IdleRun.WINDOW_MS);
        if (!"ok".equals(idle.get("status"))) {
            return idle;
        }
        double rate;
        if (!spec.get("rate", "").isEmpty()) {
            rate = spec.getDouble("rate");
        } else {
            // common: one rate for every transport and runtime; own: the saturation of this configuration on its own runtime
            List<Map<String, String>> pipeline = pipelineTrials(ctx.runDir());
            double saturation = COMMON.equals(spec.get("rate_basis", OWN))
                    ? PipelineSuite.slowestSaturation(pipeline, spec.get("producers"), spec.get("work"))
                    : PipelineSuite.saturation(handoff.harness.trial.RuntimeAxes.sameRuntime(pipeline, spec), spec.get("transport"),
                    spec.get("producers"), spec.get("wait"), spec.get("work"));
            if (!(saturation > 0)) {
                out.put("status", "skipped:no saturation throughput measured for this configuration in this run (run the pipeline suite or pass --rate)");
                return out;
            }
            rate = saturation * spec.getDouble("load_pct") / 100.0;
        }
        OpenLoopRun.Config config = new OpenLoopRun.Config(t, spec.getInt("producers"), Wait.parse(spec.get("wait")),
                spec.getInt("work"), spec.getInt("capacity"), rate, Duration.ofMillis(spec.getLong("warmup_ms")),
                Duration.ofMillis(spec.getLong("measure_ms")), ctx.threads());
        OpenLoopRun.Result r;
        ResourceMeter.Usage usage;
        try (ResourceMeter meter = new ResourceMeter(ctx.threads())) {
            meter.begin(); // the whole run: warm-up included, normalised by every event sent
            r = OpenLoopRun.run(config, IntervalLog.intervalNs(spec.get(IntervalLog.SIZING_KEY, "")));
            usage = meter.end();
        }
        out.put("offered_eps", Forks.fmt(rate));
        if (!r.ok()) {
            out.put("status", "failed:" + r.failure());
            return out;
        }
        if (r.measured() == 0) {
            out.put("status", "failed:no event was due in the measurement window");
            return out;
        }
        out.put("status", "ok");
        out.put("idle_cpus", idle.get("idle_cpus"));
        out.put("achieved_eps", Forks.fmt(r.achievedEps()));
        out.put("samples", Long.toString(r.endToEnd().getTotalCount()));
        out.put("peak_backlog", Long.toString(r.peakBacklog()));
        out.put("backlog_growth_eps", Forks.fmt(r.backlogGrowthEps()));
        out.putAll(usage.columns(r.sent(), "event"));
        out.put("histogram", Histograms.encode(r.endToEnd()));
        out.put("hlog", IntervalLog.write(ctx.runDir(), spec.key(), List.of(r.intervals())));
        Histogram[] hops = {r.publishToParse(), r.parseToEnrich(), r.enrichToAggregate()};
        for (int i = 0; i < hops.length; i++) {
            out.put("hop" + i, Histograms.encode(hops[i]));
        }
        return out;
    }

    /** The pipeline suite's finished trials of this run (its saturation scores), read back from the run folder. */
    public static List<Map<String, String>> pipelineTrials(Path runDir) throws IOException {
        Path dir = runDir.resolve("trials");
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(f -> f.getFileName().toString().startsWith("pipeline_") && f.toString().endsWith(".properties"))
                    .sorted().map(RunFolder::readProperties).toList();
        }
    }

    @Override
    public List<Map<String, String>> rows(List<Map<String, String>> trials, Path runDir) {
        List<Map<String, String>> rows = new ArrayList<>();
        List<Map<String, String>> hopRows = new ArrayList<>();
        for (List<Map<String, String>> forks : Forks.group(trials)) {
            Map<String, String> row = Forks.seed(forks, List.of("transport", "producers", "wait", "work", "rate_basis",
                    "load_pct", "threads", "cpus", "pinning"));
            row.put("offered_eps", Forks.medianOf(forks, "offered_eps"));
            String key = forks.get(0).get(Forks.CONFIG_KEY);
            if (row.get("status").equals("ok")) {
                forkIntervals(row, forks);
                row.put("idle_cpus", Forks.medianOf(forks, "idle_cpus"));
                Histogram h = Forks.merged(forks, "histogram"); // an artefact (hgrm) only: percentiles are per fork
                Forks.putFoldedPercentiles(row, Forks.perFork(forks, "histogram"), "");
                row.put("samples", Long.toString(h.getTotalCount()));
                for (String k : List.of("achieved_eps", "peak_backlog", "heap_growth_bytes", "gc_count", "gc_time_ms",
                        "gc_max_pause_ms", "alloc_bytes_per_event", "cpu_ns_per_event")) {
                    row.put(k, Forks.medianOf(forks, k));
                }
                WhyMetrics.COLUMNS.forEach(k -> row.put(k, Forks.medianOf(forks, k)));
                row.put("hlog", IntervalLog.paths(forks));
                row.put("hgrm", write(runDir, "hgrm/" + key + ".hgrm", h));
                for (int i = 0; i < HOPS.length; i++) {
                    Histogram hop = Forks.merged(forks, "hop" + i);
                    Map<String, String> hr = new LinkedHashMap<>();
                    for (String k : List.of("transport", "producers", "wait", "work", "offered_eps")) {
                        hr.put(k, row.get(k));
                    }
                    hr.put("hop", HOPS[i]);
                    Forks.putFoldedPercentiles(hr, Forks.perFork(forks, "hop" + i), "");
                    hr.put("oversubscribed", row.get("oversubscribed"));
                    hr.put("hgrm", write(runDir, "hgrm/" + key + "_hop" + (i + 1) + ".hgrm", hop));
                    hopRows.add(hr);
                }
            }
            rows.add(row);
        }
        if (!hopRows.isEmpty()) {
            AtomicFiles.write(runDir.resolve("pipeline-hops.csv"), handoff.harness.results.Csv.render(HOP_COLUMNS, hopRows));
        }
        return rows;
    }

    /**
     * Per-fork p50/p99 intervals ({@link Stats}; the p50/p99 columns stay the merged histogram's), and
     * {@code overloaded}: the backlog grew over the window by more than 1 % of the events offered in it in
     * the median fork, so latency grew through the window and the percentiles describe a queue, not a hand-off.
     */
    static void forkIntervals(Map<String, String> row, List<Map<String, String>> forks) {
        double[] p50 = new double[forks.size()];
        double[] p99 = new double[forks.size()];
        for (int i = 0; i < forks.size(); i++) {
            Histogram h = Histograms.decode(forks.get(i).get("histogram"));
            p50[i] = h.getValueAtPercentile(50);
            p99[i] = h.getValueAtPercentile(99);
        }
        Stats.Interval a = Stats.medianInterval(p50);
        Stats.Interval b = Stats.medianInterval(p99);
        // the row ranks by p99 at equal load: forks whose p99s disagree by more than 2x make it unstable
        row.put("unstable", p99.length < 2 ? "unknown" : Boolean.toString(Stats.spreadRatio(p99) > Forks.UNSTABLE_RATIO));
        row.put("p50_lo_ns", Forks.fmt(a.lo()));
        row.put("p50_hi_ns", Forks.fmt(a.hi()));
        row.put("p99_lo_ns", Forks.fmt(b.lo()));
        row.put("p99_hi_ns", Forks.fmt(b.hi()));
        row.put("interval_level", Forks.fmt(a.level()));
        double growth = Forks.median(forks, f -> Forks.num(f, "backlog_growth_eps"));
        double offered = Forks.median(forks, f -> Forks.num(f, "offered_eps"));
        row.put("backlog_growth_eps", Forks.fmt(growth));
        row.put("overloaded", Boolean.toString(growth > 0.01 * offered));
    }

    private static String write(Path runDir, String file, Histogram h) {
        AtomicFiles.write(runDir.resolve(file), Histograms.percentileText(h));
        return file;
    }
}
