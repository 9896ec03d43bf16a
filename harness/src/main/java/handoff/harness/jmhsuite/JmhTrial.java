package handoff.harness.jmhsuite;

import handoff.harness.results.TrialProperties;

import handoff.harness.trial.Status;
import handoff.harness.meters.WhyProfiler;
import handoff.harness.results.Cells;
import handoff.harness.results.JmhFiles;
import handoff.harness.jmh.CpuProfiler;
import handoff.harness.jmh.TrialFailure;
import handoff.harness.runtime.JvmOptions;
import handoff.harness.stats.WarmTrend;
import handoff.harness.trial.FaultInjection;
import handoff.harness.trial.Profile;
import handoff.harness.trial.RuntimeAxes;
import handoff.harness.trial.TrialContext;
import handoff.harness.trial.TrialSpec;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Runs one JMH benchmark configuration from inside a trial JVM. JMH forks its own fresh JVMs (the
 * profile's fork count), so the trial JVM is only the host; the forks get the same fixed-heap flags as
 * every other trial, {@code -prof gc} for allocation and {@link CpuProfiler} for CPU.
 */
public final class JmhTrial {
    private JmhTrial() {
    }

    /**
     * @param benchmark {@code Class.method} of the benchmark
     * @param params    JMH @Param values
     * @return status + score, score_err, score_min, score_max (over forks), unit, alloc per op, gc, cpu per op
     */
    public static TrialProperties run(TrialSpec spec, TrialContext ctx, String benchmark, TrialProperties params,
                                          boolean singleShot) throws Exception {
        Profile profile = Profile.parse(spec.get("profile"));
        int forks = Integer.parseInt(spec.get("jmh_forks", Integer.toString(profile.forks)));
        Path json = ctx.runDir().resolve(JmhFiles.DIR).resolve(spec.key() + ".json");
        Path part = JmhFiles.part(json); // JMH creates its file when it starts: it is moved into place only once whole
        Files.deleteIfExists(part);
        Path failure = ctx.runDir().resolve("logs").resolve(spec.key() + ".failure");
        Files.createDirectories(json.getParent());
        Files.createDirectories(failure.getParent());
        Files.deleteIfExists(failure);
        List<String> jvm = new ArrayList<>(JvmOptions.FLAGS);
        jvm.addAll(RuntimeAxes.jvmFlags(spec)); // the forks run on this JVM's JDK (JMH's default) with the trial's collector
        jvm.add("-D" + TrialFailure.PROPERTY + "=" + failure);
        if (!ctx.faults().isEmpty()) { // the forks apply it via FaultInjection.fromSystemProperty
            jvm.add("-D" + FaultInjection.PROPERTY + "=" + String.join(",", ctx.faults()));
        }
        jvm.add("-Xlog:gc*:file=" + ctx.runDir().resolve("logs").resolve(spec.key() + ".fork%p.gc.log") + ":uptime,level,tags");
        ChainedOptionsBuilder o = new OptionsBuilder()
                .include("^" + Pattern.quote(benchmark) + "(\\..*)?$")
                .forks(forks)
                .warmupIterations(Integer.parseInt(spec.get("jmh_wi", Integer.toString(profile.jmhWarmupIterations))))
                .measurementIterations(Integer.parseInt(spec.get("jmh_i", Integer.toString(profile.jmhIterations))))
                .warmupTime(TimeValue.fromString(spec.get("jmh_w", profile.jmhWarmupTime)))
                .measurementTime(TimeValue.fromString(spec.get("jmh_r", profile.jmhIterationTime)))
                .addProfiler(GCProfiler.class)
                .addProfiler(CpuProfiler.class)
                .jvmArgs(jvm.toArray(String[]::new))
                .resultFormat(ResultFormatType.JSON)
                .result(part.toString())
                .shouldFailOnError(true);
        TrialProperties extras = JmhExtras.configure(o, spec, ctx.runDir());
        if (singleShot) {
            o.warmupTime(TimeValue.NONE).measurementTime(TimeValue.NONE);
        }
        params.forEach(o::param);
        TrialProperties.Builder out = TrialProperties.builder().putAll(extras);
        Collection<RunResult> results;
        try {
            results = new Runner(o.build()).run();
        } catch (RunnerException e) {
            Files.deleteIfExists(part);
            String why = Files.isRegularFile(failure) ? Files.readString(failure).strip().replace('\n', ' ')
                    : "JMH: " + e.getMessage();
            out.put("status", Status.failed(why).render());
            return out.build();
        }
        String notKept = results.isEmpty() ? "no result" : JmhFiles.keep(part, json);
        if (notKept != null) {
            Files.deleteIfExists(part);
            out.put("status", Status.failed("JMH produced " + (results.isEmpty() ? "no result" : "no whole result file: " + notKept)).render());
            return out.build();
        }
        RunResult r = results.iterator().next();
        Result<?> primary = r.getPrimaryResult();
        out.put("status", Status.ok().render());
        out.put("score", Cells.format(primary.getScore()));
        out.put("score_err", Double.isNaN(primary.getScoreError()) ? "" : Cells.format(primary.getScoreError()));
        out.put("unit", primary.getScoreUnit());
        List<Double> perFork = new ArrayList<>();
        for (BenchmarkResult b : r.getBenchmarkResults()) {
            perFork.add(b.getPrimaryResult().getScore());
        }
        out.put("score_min", Cells.format(perFork.stream().mapToDouble(d -> d).min().orElse(Double.NaN)));
        out.put("score_max", Cells.format(perFork.stream().mapToDouble(d -> d).max().orElse(Double.NaN)));
        out.put("jmh_forks", Integer.toString(perFork.size()));
        Map<String, Result> secondary = r.getSecondaryResults();
        out.put("alloc_bytes_per_op", score(secondary, "gc.alloc.rate.norm"));
        out.put("gc_count", score(secondary, "gc.count"));
        out.put("gc_time_ms", score(secondary, "gc.time"));
        out.put("cpu_ns_per_op", threadsCpu(secondary));
        out.put("process_cpu_ns_per_op", score(secondary, CpuProfiler.METRIC)); // whole fork, 10 ms ticks: raw only
        out.putAll(JmhExtras.results(secondary, "ok".equals(extras.get("perfnorm"))));
        out.put("jmh_json", ctx.runDir().relativize(json).toString());
        out.putAll(warmSeries(r));
        return out.build();
    }

    /**
     * Each fork's measured iteration scores in order ({@code iteration_scores}: forks '|'-separated, values
     * ';'-separated) and whether a higher score is better, for the warm-up check ({@link WarmTrend}) of the row.
     */
    static TrialProperties warmSeries(RunResult r) {
        List<String> forks = new ArrayList<>();
        for (BenchmarkResult b : r.getBenchmarkResults()) {
            double[] xs = b.getIterationResults().stream().mapToDouble(i -> i.getPrimaryResult().getScore()).toArray();
            forks.add(WarmTrend.format(xs));
        }
        return TrialProperties.builder().put("iteration_scores", String.join("|", forks))
                .put("higher_is_better", Boolean.toString(r.getParams().getMode() == org.openjdk.jmh.annotations.Mode.Throughput))
                .build();
    }

    /**
     * CPU per op of the benchmark's own threads (producers plus stages), each thread's CPU in ns from
     * {@code /proc/self/task/<tid>/schedstat} over each measured iteration ({@link WhyProfiler}); not the fork's
     * process CPU, which advances in 10 ms ticks and includes the JIT, the GC and JMH. Empty when not measured.
     */
    static String threadsCpu(Map<String, Result> secondary) {
        Result<?> producers = secondary.get(WhyProfiler.CPU_PRODUCERS);
        Result<?> consumers = secondary.get(WhyProfiler.CPU_CONSUMERS);
        if (producers == null || consumers == null || Double.isNaN(producers.getScore()) || Double.isNaN(consumers.getScore())) {
            return "";
        }
        return Cells.format(producers.getScore() + consumers.getScore());
    }

    /** A secondary metric's score; empty when JMH did not measure it (unknown is never 0). */
    static String score(Map<String, Result> secondary, String key) {
        Result<?> r = secondary.get(key);
        return r == null ? "" : Cells.format(r.getScore());
    }
}
