package handoff.harness.jmhsuite;

import handoff.harness.results.TrialProperties;

import handoff.harness.meters.PerfCounters;
import handoff.harness.meters.WhyProfiler;
import handoff.harness.results.Cells;
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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a JMH trial measures beyond its score: the why-metrics ({@link WhyProfiler}), hardware counters per
 * op where the box has them ({@code -prof perfnorm}, else {@code n/a: <reason>}), and on request a profile
 * of each row ({@code --profiler async}: an async-profiler flame graph, {@code jfr}: a JFR recording)
 * saved under {@code profiles/<trial-key>/}.
 */
public final class JmhExtras {
    /** Trial-result keys (and CSV columns) of perfnorm: status, then the counters per op. */
    public static final List<String> PERF_COLUMNS = List.of("perfnorm", "cycles_per_op", "instructions_per_op",
            "cache_misses_per_op");
    /** A trial-result column and the label of the JMH secondary result it is read from. */
    private record Secondary(String column, String label) {
    }

    private static final List<Secondary> PERF_EVENTS = List.of(new Secondary("cycles_per_op", "cycles"),
            new Secondary("instructions_per_op", "instructions"), new Secondary("cache_misses_per_op", "cache-misses"));
    private static final List<Secondary> WHY = List.of(new Secondary("vcsw_per_op", WhyProfiler.VCSW),
            new Secondary("ivcsw_per_op", WhyProfiler.IVCSW), new Secondary("cpu_ns_per_op_producers", WhyProfiler.CPU_PRODUCERS),
            new Secondary("cpu_ns_per_op_consumers", WhyProfiler.CPU_CONSUMERS), new Secondary("safepoint_ms", WhyProfiler.SAFEPOINT));

    private JmhExtras() {
    }

    /**
     * Adds the profilers to a JMH run; returns the facts to record now (perfnorm's status, the profile folder).
     */
    public static TrialProperties configure(ChainedOptionsBuilder o, TrialSpec spec, Path runDir) {
        TrialProperties.Builder out = TrialProperties.builder();
        o.addProfiler(WhyProfiler.class);
        String why = PerfCounters.unavailableReason();
        if (why == null) {
            o.addProfiler(LinuxPerfNormProfiler.class, "events=cycles,instructions,cache-misses");
            out.put("perfnorm", "ok");
        } else {
            out.put("perfnorm", "n/a: " + why.replace(',', ';'));
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
            out.put("profile", runDir.relativize(dir).toString());
        }
        return out.build();
    }

    /** The why-metrics and perfnorm counters of a finished run, as trial-result keys. */
    public static TrialProperties results(Map<String, Result> secondary, boolean perfnorm) {
        TrialProperties.Builder out = TrialProperties.builder();
        WHY.forEach(w -> out.put(w.column(), score(secondary, w.label())));
        if (perfnorm) {
            PERF_EVENTS.forEach(e -> out.put(e.column(), score(secondary, e.label())));
        }
        return out.build();
    }

    private static String score(Map<String, Result> secondary, String label) {
        Result<?> r = secondary.get(label);
        return r == null ? "" : Cells.format(r.getScore());
    }
}
