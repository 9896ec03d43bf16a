package handoff.harness.meters;

import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The scheduler's view of a JMH iteration ({@code -prof handoff.harness.meters.WhyProfiler}), read from
 * {@code /proc/self/task/*}: context switches of every thread of the forked JVM (JMH's, JIT and GC threads
 * included: a fork's threads cannot be told apart from outside it), CPU time of the benchmark's own
 * {@code producer-*} and {@code stage-*} threads, and safepoint time ({@link SafepointClock}). A thread
 * that exits inside an iteration is missed; the pipeline's threads live for the whole fork.
 */
public final class WhyProfiler implements InternalProfiler {
    public static final String VCSW = "why.vcsw.per.op";
    public static final String IVCSW = "why.ivcsw.per.op";
    public static final String CPU_PRODUCERS = "why.cpu.producers.ns.per.op";
    public static final String CPU_CONSUMERS = "why.cpu.consumers.ns.per.op";
    public static final String SAFEPOINT = "why.safepoint.ms";
    private static final Path TASKS = Path.of("/proc/self/task");

    private Map<String, Task> before = Map.of();
    private long safepoint0;

    /** One thread of the fork: its role and counters. */
    private record Task(String role, SchedCounters counters) {
    }

    /** Sums over the fork's threads between two readings. */
    private record Totals(SchedCounters all, SchedCounters producers, SchedCounters consumers, boolean known) {
    }

    @Override
    public String getDescription() {
        return "context switches, CPU by role and safepoint time per operation, from /proc/self/task";
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
        safepoint0 = SafepointClock.totalMillis();
        before = read();
    }

    @Override
    public List<? extends Result<?>> afterIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams,
                                                    IterationResult result) {
        Totals d = between(before, read());
        long safepoint = SafepointClock.totalMillis();
        long ops = result.getMetadata().getMeasuredOps();
        boolean ok = ops > 0 && d.known();
        return List.of(
                perOp(VCSW, ok, d.all().voluntary(), ops, "switches/op"),
                perOp(IVCSW, ok, d.all().involuntary(), ops, "switches/op"),
                perOp(CPU_PRODUCERS, ok, d.producers().cpuNanos(), ops, "ns/op"),
                perOp(CPU_CONSUMERS, ok, d.consumers().cpuNanos(), ops, "ns/op"),
                new ScalarResult(SAFEPOINT, safepoint >= 0 && safepoint0 >= 0 ? safepoint - safepoint0 : Double.NaN,
                        "ms", AggregationPolicy.SUM));
    }

    private static ScalarResult perOp(String label, boolean ok, long delta, long ops, String unit) {
        return new ScalarResult(label, ok ? (double) delta / ops : Double.NaN, unit, AggregationPolicy.AVG);
    }

    /**
     * Thread by thread: what each thread alive at the end did since the start (a thread started in between
     * counts from zero; one that exited in between is missed), summed by role.
     */
    private static Totals between(Map<String, Task> start, Map<String, Task> end) {
        SchedCounters all = SchedCounters.ZERO;
        SchedCounters producers = SchedCounters.ZERO;
        SchedCounters consumers = SchedCounters.ZERO;
        for (Map.Entry<String, Task> e : end.entrySet()) {
            Task was = start.get(e.getKey());
            SchedCounters d = was == null ? e.getValue().counters() : e.getValue().counters().minus(was.counters());
            all = all.plus(d);
            if (e.getValue().role().startsWith("producer")) {
                producers = producers.plus(d);
            } else if (e.getValue().role().startsWith("stage")) {
                consumers = consumers.plus(d);
            }
        }
        return new Totals(all, producers, consumers, !start.isEmpty() && !end.isEmpty());
    }

    /** Every thread of this JVM now, by kernel thread id; empty when /proc cannot be read. */
    private static Map<String, Task> read() {
        Map<String, Task> out = new HashMap<>();
        try (Stream<Path> tasks = Files.list(TASKS)) {
            for (Path task : tasks.toList()) {
                SchedCounters c = SchedCounters.read(task);
                if (c.known()) { // else it exited while listed
                    out.put(task.getFileName().toString(), new Task(comm(task), c));
                }
            }
        } catch (IOException | RuntimeException e) {
            return Map.of();
        }
        return out;
    }

    private static String comm(Path task) {
        try {
            return Files.readString(task.resolve("comm")).trim();
        } catch (IOException e) {
            return "";
        }
    }
}
