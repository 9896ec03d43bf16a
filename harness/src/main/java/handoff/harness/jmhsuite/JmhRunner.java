package handoff.harness.jmhsuite;

import handoff.harness.jmh.CpuProfiler;
import handoff.harness.jmh.TrialFailure;
import handoff.harness.meters.WhyProfiler;
import handoff.harness.results.JmhFiles;
import handoff.harness.results.TrialProperties;
import handoff.harness.runtime.JvmOptions;
import handoff.harness.stats.WarmTrend;
import handoff.harness.trial.FaultInjection;
import handoff.harness.trial.Profile;
import handoff.harness.trial.RuntimeAxes;
import handoff.harness.trial.Status;
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
public final class JmhRunner {
    private JmhRunner() {
    }

    /**
     * @param benchmark {@code Class.method} of the benchmark
     * @param params    JMH @Param values
     * @return its {@link JmhResult}
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
        JmhExtras.Setup extras = JmhExtras.configure(o, spec, ctx.runDir());
        if (singleShot) {
            o.warmupTime(TimeValue.NONE).measurementTime(TimeValue.NONE);
        }
        params.forEach(o::param);
        Collection<RunResult> results;
        try {
            results = new Runner(o.build()).run();
        } catch (RunnerException e) {
            Files.deleteIfExists(part);
            String why = Files.isRegularFile(failure) ? Files.readString(failure).strip().replace('\n', ' ')
                    : "JMH: " + e.getMessage();
            return JmhResult.CODEC.properties(new JmhResult(extras.perfnorm(), extras.profile(), Status.failed(why), null, null));
        }
        String notKept = results.isEmpty() ? "no result" : JmhFiles.keep(part, json);
        if (notKept != null) {
            Files.deleteIfExists(part);
            return JmhResult.CODEC.properties(new JmhResult(extras.perfnorm(), extras.profile(),
                    Status.failed("JMH produced " + (results.isEmpty() ? "no result" : "no whole result file: " + notKept)), null, null));
        }
        RunResult r = results.iterator().next();
        Result<?> primary = r.getPrimaryResult();
        List<Double> perFork = new ArrayList<>();
        for (BenchmarkResult b : r.getBenchmarkResults()) {
            perFork.add(b.getPrimaryResult().getScore());
        }
        Map<String, Result> secondary = r.getSecondaryResults();
        JmhResult.Measured measured = new JmhResult.Measured(primary.getScore(), primary.getScoreError(),
                primary.getScoreUnit(), perFork.stream().mapToDouble(d -> d).min().orElse(Double.NaN),
                perFork.stream().mapToDouble(d -> d).max().orElse(Double.NaN),
                JmhExtras.score(secondary, "gc.alloc.rate.norm"), JmhExtras.score(secondary, "gc.count"),
                JmhExtras.score(secondary, "gc.time"), threadsCpu(secondary),
                JmhExtras.score(secondary, CpuProfiler.METRIC), // whole fork, 10 ms ticks: raw only
                JmhExtras.why(secondary), JmhExtras.perf(secondary, extras), ctx.runDir().relativize(json).toString(),
                iterationScores(r), r.getParams().getMode() == org.openjdk.jmh.annotations.Mode.Throughput);
        return JmhResult.CODEC.properties(new JmhResult(extras.perfnorm(), extras.profile(), Status.ok(), perFork.size(),
                measured));
    }

    /**
     * Each fork's measured iteration scores in order (forks '|'-separated, values ';'-separated), for the warm-up check
     * ({@link WarmTrend}) of the row.
     */
    static String iterationScores(RunResult r) {
        List<String> forks = new ArrayList<>();
        for (BenchmarkResult b : r.getBenchmarkResults()) {
            double[] xs = b.getIterationResults().stream().mapToDouble(i -> i.getPrimaryResult().getScore()).toArray();
            forks.add(WarmTrend.format(xs));
        }
        return String.join("|", forks);
    }

    /**
     * CPU per op of the benchmark's own threads (producers plus stages), each thread's CPU in ns from
     * {@code /proc/self/task/<tid>/schedstat} over each measured iteration ({@link WhyProfiler}); not the fork's
     * process CPU, which advances in 10 ms ticks and includes the JIT, the GC and JMH. Empty when not measured.
     */
    static double threadsCpu(Map<String, Result> secondary) {
        return JmhExtras.score(secondary, WhyProfiler.CPU_PRODUCERS) + JmhExtras.score(secondary, WhyProfiler.CPU_CONSUMERS);
    }
}
