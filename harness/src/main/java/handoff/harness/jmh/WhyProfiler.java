package handoff.harness.jmh;

import handoff.harness.trial.SafepointClock;
import handoff.harness.trial.SchedCounters;
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
import java.util.List;
import java.util.stream.Stream;

/**
 * The scheduler's view of a JMH iteration ({@code -prof handoff.harness.jmh.WhyProfiler}), read from
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

    private Totals before;
    private long safepoint0;

    /** Sums over the fork's threads. */
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
        Totals after = read();
        long safepoint = SafepointClock.totalMillis();
        long ops = result.getMetadata().getMeasuredOps();
        boolean ok = ops > 0 && before.known() && after.known();
        return List.of(
                perOp(VCSW, ok, after.all().voluntary() - before.all().voluntary(), ops, "switches/op"),
                perOp(IVCSW, ok, after.all().involuntary() - before.all().involuntary(), ops, "switches/op"),
                perOp(CPU_PRODUCERS, ok, after.producers().cpuNanos() - before.producers().cpuNanos(), ops, "ns/op"),
                perOp(CPU_CONSUMERS, ok, after.consumers().cpuNanos() - before.consumers().cpuNanos(), ops, "ns/op"),
                new ScalarResult(SAFEPOINT, safepoint >= 0 && safepoint0 >= 0 ? safepoint - safepoint0 : Double.NaN,
                        "ms", AggregationPolicy.SUM));
    }

    private static ScalarResult perOp(String label, boolean ok, long delta, long ops, String unit) {
        return new ScalarResult(label, ok ? (double) delta / ops : Double.NaN, unit, AggregationPolicy.AVG);
    }

    private static Totals read() {
        SchedCounters all = SchedCounters.ZERO;
        SchedCounters producers = SchedCounters.ZERO;
        SchedCounters consumers = SchedCounters.ZERO;
        boolean known = true;
        try (Stream<Path> tasks = Files.list(TASKS)) {
            for (Path task : tasks.toList()) {
                SchedCounters c = SchedCounters.read(task);
                if (!c.known()) {
                    continue; // exited while listed
                }
                all = all.plus(c);
                String name = comm(task);
                if (name.startsWith("producer")) {
                    producers = producers.plus(c);
                } else if (name.startsWith("stage")) {
                    consumers = consumers.plus(c);
                }
            }
        } catch (IOException | RuntimeException e) {
            known = false;
        }
        return new Totals(all, producers, consumers, known);
    }

    private static String comm(Path task) {
        try {
            return Files.readString(task.resolve("comm")).trim();
        } catch (IOException e) {
            return "";
        }
    }
}
