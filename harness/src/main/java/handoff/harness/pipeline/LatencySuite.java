package handoff.harness.pipeline;

import handoff.harness.results.AtomicFiles;
import handoff.harness.results.Histograms;
import handoff.harness.results.RunFolder;
import handoff.harness.trial.FaultyTransport;
import handoff.harness.trial.Forks;
import handoff.harness.trial.Profile;
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
            "hop", "mean_ns", "p50_ns", "p90_ns", "p99_ns", "p999_ns", "max_ns", "hgrm");

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
        return java.util.stream.Stream.of(List.of("transport", "producers", "wait", "work", "offered_eps", "achieved_eps", "load_pct", "mean_ns",
                "p50_ns", "p90_ns", "p99_ns", "p999_ns", "max_ns", "samples", "peak_backlog", "heap_growth_bytes",
                "gc_count", "gc_time_ms", "gc_max_pause_ms", "alloc_bytes_per_event", "cpu_ns_per_event"), WhyMetrics.COLUMNS,
                List.of("status", "oversubscribed", "threads", "cpus", "pinning", "hgrm", "hlog")).flatMap(List::stream).toList();
    }

    @Override
    public List<TrialSpec> plan(SweepPlan plan) {
        List<TrialSpec> out = new ArrayList<>();
        List<Wait> waits = plan.waits().isEmpty() ? PipelineSuite.defaultWaits(plan) : plan.waits();
        for (Transport t : plan.transportsOr(true)) {
            for (int p : plan.producersOr()) {
                for (Wait w : plan.waitsFor(t, waits)) {
                    List<String> loads = plan.rate() > 0 ? List.of("rate" + Forks.fmt(plan.rate()))
                            : plan.profile().loadPercents.stream().map(String::valueOf).toList();
                    for (String load : loads) {
                        for (int fork = 0; fork < plan.forks(); fork++) {
                            Map<String, String> config = new LinkedHashMap<>();
                            config.put("transport", t.id());
                            config.put("producers", Integer.toString(p));
                            config.put("wait", w.id());
                            config.put("work", Integer.toString(plan.work()));
                            config.put("load_pct", load.startsWith("rate") ? "" : load);
                            if (plan.rate() > 0) {
                                config.put("rate", Forks.fmt(plan.rate()));
                            }
                            Map<String, String> sizing = plan.sizing(fork);
                            sizing.put("warmup_ms", Integer.toString(plan.profile().latencyWarmupMs));
                            sizing.put("measure_ms", Integer.toString(plan.profile().latencyMeasureMs));
                            out.add(new TrialSpec(name(), config, sizing));
                        }
                    }
                }
            }
        }
        return out;
    }

    @Override
    public int threads(TrialSpec spec) {
        return spec.getInt("producers") + Pipeline.STAGES;
    }

    @Override
    public double estimateSeconds(TrialSpec spec) {
        return 2.0 + (spec.getLong("warmup_ms") + spec.getLong("measure_ms")) / 1000.0;
    }

    @Override
    public Map<String, String> run(TrialSpec spec, TrialContext ctx) throws Exception {
        Map<String, String> out = new LinkedHashMap<>();
        double rate;
        if (!spec.get("rate", "").isEmpty()) {
            rate = spec.getDouble("rate");
        } else {
            double saturation = PipelineSuite.saturation(pipelineTrials(ctx.runDir()), spec.get("transport"),
                    spec.get("producers"), spec.get("wait"), spec.get("work"));
            if (!(saturation > 0)) {
                out.put("status", "skipped:no saturation throughput measured for this configuration in this run (run the pipeline suite or pass --rate)");
                return out;
            }
            rate = saturation * spec.getDouble("load_pct") / 100.0;
        }
        Transport t = FaultyTransport.wrap(Transports.get(spec.get("transport")), ctx);
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
        out.put("achieved_eps", Forks.fmt(r.achievedEps()));
        out.put("samples", Long.toString(r.endToEnd().getTotalCount()));
        out.put("peak_backlog", Long.toString(r.peakBacklog()));
        out.putAll(usage.columns(r.sent(), "event"));
        out.put("histogram", Histograms.encode(r.endToEnd()));
        out.put("hlog", IntervalLog.write(ctx.runDir(), spec.key(), List.of(r.intervals())));
        Histogram[] hops = {r.publishToParse(), r.parseToEnrich(), r.enrichToAggregate()};
        for (int i = 0; i < hops.length; i++) {
            out.put("hop" + i, Histograms.encode(hops[i]));
        }
        return out;
    }

    private static List<Map<String, String>> pipelineTrials(Path runDir) throws IOException {
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
            Map<String, String> row = Forks.seed(forks, List.of("transport", "producers", "wait", "work", "load_pct",
                    "threads", "cpus", "pinning"));
            row.put("offered_eps", Forks.medianOf(forks, "offered_eps"));
            String key = forks.get(0).get(Forks.CONFIG_KEY);
            if (row.get("status").equals("ok")) {
                Histogram h = Forks.merged(forks, "histogram");
                Forks.putPercentiles(row, h, "");
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
                    Forks.putPercentiles(hr, hop, "");
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

    private static String write(Path runDir, String file, Histogram h) {
        AtomicFiles.write(runDir.resolve(file), Histograms.percentileText(h));
        return file;
    }
}
