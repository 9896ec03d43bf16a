package handoff.harness.jmh;

import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;

import java.lang.management.ManagementFactory;
import java.util.List;

/**
 * Process CPU time per operation ({@code -prof handoff.harness.jmh.CpuProfiler}): what throughput cost
 * in CPU, so that a busy-spinning transport's score is read together with the cores it burned. It counts
 * the whole forked JVM (JIT and GC threads included), which is the cost a user would pay too.
 */
public final class CpuProfiler implements InternalProfiler {
    public static final String METRIC = "cpu.ns.per.op";
    private long cpu0;

    @Override
    public String getDescription() {
        return "process CPU time per operation";
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
        cpu0 = cpu();
    }

    @Override
    public List<? extends Result<?>> afterIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams,
                                                    IterationResult result) {
        long ops = result.getMetadata().getMeasuredOps();
        double perOp = ops > 0 ? (double) (cpu() - cpu0) / ops : Double.NaN;
        return List.of(new ScalarResult(METRIC, perOp, "ns/op", AggregationPolicy.AVG));
    }

    private static long cpu() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }
}
