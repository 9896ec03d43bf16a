package handoff.harness.env;

import java.util.ArrayList;
import java.util.List;

/**
 * Lint of the box before a run: each finding names its check and says what is wrong for benchmarking and the one-line
 * fix. Advice by default (a laptop run is still useful, it just has to say what it is); {@code preflight --strict}
 * makes every failed check an error, for a lab whose CI must refuse a mis-set box.
 */
public final class Preflight {
    /** The checks, by the names {@code preflight --except} takes. */
    public static final List<String> CHECKS = List.of("governor", "thp", "isolated", "smt", "vm", "oversubscribed", "pinned");

    /**
     * A failed check.
     *
     * @param check one of {@link #CHECKS}
     * @param text  what is wrong and the fix, one line
     */
    public record Finding(String check, String text) {
    }

    private Preflight() {
    }

    /** The findings' lines, for the manifest and the sweep's warnings. */
    public static List<String> warnings(Machine m, List<Integer> cpus, boolean pinned, int maxThreads) {
        return findings(m, cpus, pinned, maxThreads).stream().map(Finding::text).toList();
    }

    /**
     * @param cpus       CPUs the trials will use
     * @param pinned     whether the user gave a CPU list
     * @param maxThreads the most threads any planned trial runs at once
     */
    public static List<Finding> findings(Machine m, List<Integer> cpus, boolean pinned, int maxThreads) {
        List<Finding> w = new ArrayList<>();
        if (!m.governor().equals("performance")) {
            w.add(new Finding("governor", "CPU governor is '" + m.governor() + "', not 'performance': frequency scaling moves the numbers. Fix: sudo cpupower frequency-set -g performance"));
        }
        if (m.thp().equals("always")) {
            w.add(new Finding("thp", "transparent huge pages are 'always': khugepaged compaction stalls show up as latency spikes. Fix: echo madvise | sudo tee /sys/kernel/mm/transparent_hugepage/enabled"));
        }
        if (m.isolcpus().equals("none") && m.nohzFull().equals("none")) {
            w.add(new Finding("isolated", "no isolated CPUs (isolcpus/nohz_full): other processes and timer ticks share the benchmark's CPUs. Fix: boot with isolcpus=2-7 nohz_full=2-7 and run with --cpus 2-7"));
        }
        if (m.smt()) {
            List<String> pairs = m.siblingPairs(cpus);
            if (!pinned) {
                w.add(new Finding("smt", "SMT is on and no --cpus list was given: two threads of a trial may share one physical core. Fix: pass --cpus with one hardware thread per core"));
            } else if (!pairs.isEmpty()) {
                w.add(new Finding("smt", "--cpus lists SMT siblings (" + String.join(", ", pairs) + "): those threads share a core. Fix: list one hardware thread per core"));
            }
        }
        if (m.virtualised().startsWith("yes")) {
            w.add(new Finding("vm", "running in a VM (" + m.virtualised() + "): vCPUs can be descheduled by the host (multi-ms stalls in the tail). Fix: run on bare metal for figures you cite"));
        }
        if (maxThreads > cpus.size()) {
            w.add(new Finding("oversubscribed", "the sweep runs up to " + maxThreads + " threads on " + cpus.size() + " CPU(s): those trials are marked 'oversubscribed' and busy-waiting ones are skipped unless --oversubscribe. Fix: use a box with at least " + maxThreads + " CPUs"));
        }
        if (!pinned) {
            w.add(new Finding("pinned", "threads are not pinned: the scheduler may migrate them mid-trial. Fix: pass --cpus LIST (see README, 'Pinning a box')"));
        }
        return w;
    }
}
