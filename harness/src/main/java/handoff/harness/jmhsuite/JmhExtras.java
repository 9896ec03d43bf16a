package handoff.harness.jmhsuite;

import handoff.harness.meters.PerfCounters;
import handoff.harness.meters.WhyMetrics;
import handoff.harness.meters.WhyProfiler;
import handoff.harness.runtime.Profiling;
import handoff.harness.trial.TrialSpec;
import org.openjdk.jmh.profile.AsyncProfiler;
import org.openjdk.jmh.profile.JavaFlightRecorderProfiler;
import org.openjdk.jmh.profile.LinuxPerfNormProfiler;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * What a JMH trial measures beyond its score: the why-metrics ({@link WhyProfiler}), hardware counters per
 * op where the box has them ({@code -prof perfnorm}, else {@code n/a: <reason>}), and on request a profile
 * of each row ({@code --profiler async}: an async-profiler flame graph, {@code jfr}: a JFR recording)
 * saved under {@code profiles/<trial-key>/}.
 */
public final class JmhExtras {
    /** perfnorm's status when the box counts hardware events. */
    static final String PERFNORM_OK = "ok";

    /**
     * What {@link #configure} decided before the run.
     *
     * @param perfnorm {@link #PERFNORM_OK} or {@code n/a: <reason>}
     * @param profile  the profiles' folder in the run folder; null without a profiler
     */
    record Setup(String perfnorm, String profile) {
        boolean perfnormOk() {
            return PERFNORM_OK.equals(perfnorm);
        }
    }

    private JmhExtras() {
    }

    /**
     * Adds the profilers to a JMH run; returns the facts to record (perfnorm's status, the profile folder).
     */
    static Setup configure(ChainedOptionsBuilder o, TrialSpec spec, Path runDir) {
        o.addProfiler(WhyProfiler.class);
        String why = PerfCounters.unavailableReason();
        String perfnorm;
        if (why == null) {
            o.addProfiler(LinuxPerfNormProfiler.class, "events=cycles,instructions,cache-misses");
            perfnorm = PERFNORM_OK;
        } else {
            perfnorm = "n/a: " + why.replace(',', ';');
        }
        String profiler = spec.get("profiler", "none");
        if (!profiler.equals("none")) {
            Path dir = runDir.resolve("profiles").resolve(spec.key());
            try {
                Files.createDirectories(dir);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            if (profiler.equals("async")) {
                o.addProfiler(AsyncProfiler.class, "libPath=" + Profiling.asyncLibrary() + ";output=flamegraph;dir=" + dir);
            } else if (profiler.equals("jfr")) {
                o.addProfiler(JavaFlightRecorderProfiler.class, "dir=" + dir);
            } else {
                throw new IllegalArgumentException("unknown profiler '" + profiler + "'; allowed: none, async, jfr");
            }
            return new Setup(perfnorm, runDir.relativize(dir).toString());
        }
        return new Setup(perfnorm, null);
    }

    /** The why-metrics of a finished run, per op. */
    static WhyMetrics.PerOp why(Map<String, Result> secondary) {
        return new WhyMetrics.PerOp(score(secondary, WhyProfiler.VCSW), score(secondary, WhyProfiler.IVCSW),
                score(secondary, WhyProfiler.CPU_PRODUCERS), score(secondary, WhyProfiler.CPU_CONSUMERS),
                score(secondary, WhyProfiler.SAFEPOINT));
    }

    /** perfnorm's counters of a finished run, per op; null where perfnorm did not run. */
    static JmhResult.Perf perf(Map<String, Result> secondary, Setup setup) {
        return !setup.perfnormOk() ? null : new JmhResult.Perf(score(secondary, "cycles"), score(secondary, "instructions"),
                score(secondary, "cache-misses"));
    }

    /** A secondary result's score; NaN where JMH did not measure it (unknown is never 0). */
    static double score(Map<String, Result> secondary, String label) {
        Result<?> r = secondary.get(label);
        return r == null ? Double.NaN : r.getScore();
    }
}
