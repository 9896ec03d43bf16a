package handoff.harness.env;

import java.util.ArrayList;
import java.util.List;

/**
 * Lint of the box before a run: each warning says what is wrong for benchmarking and the one-line fix.
 * Warnings, never errors: a laptop run is still useful, it just has to say what it is.
 */
public final class Preflight {
    private Preflight() {
    }

    /**
     * @param cpus       CPUs the trials will use
     * @param pinned     whether the user gave a CPU list
     * @param maxThreads the most threads any planned trial runs at once
     */
    public static List<String> warnings(Machine m, List<Integer> cpus, boolean pinned, int maxThreads) {
        List<String> w = new ArrayList<>();
        if (!m.governor().equals("performance")) {
            w.add("CPU governor is '" + m.governor() + "', not 'performance': frequency scaling moves the numbers. Fix: sudo cpupower frequency-set -g performance");
        }
        if (m.thp().equals("always")) {
            w.add("transparent huge pages are 'always': khugepaged compaction stalls show up as latency spikes. Fix: echo madvise | sudo tee /sys/kernel/mm/transparent_hugepage/enabled");
        }
        if (m.isolcpus().equals("none") && m.nohzFull().equals("none")) {
            w.add("no isolated CPUs (isolcpus/nohz_full): other processes and timer ticks share the benchmark's CPUs. Fix: boot with isolcpus=2-7 nohz_full=2-7 and run with --cpus 2-7");
        }
        if (m.smt()) {
            List<String> pairs = m.siblingPairs(cpus);
            if (!pinned) {
                w.add("SMT is on and no --cpus list was given: two threads of a trial may share one physical core. Fix: pass --cpus with one hardware thread per core");
            } else if (!pairs.isEmpty()) {
                w.add("--cpus lists SMT siblings (" + String.join(", ", pairs) + "): those threads share a core. Fix: list one hardware thread per core");
            }
        }
        if (m.virtualised().startsWith("yes")) {
            w.add("running in a VM (" + m.virtualised() + "): vCPUs can be descheduled by the host (multi-ms stalls in the tail). Fix: run on bare metal for figures you cite");
        }
        if (maxThreads > cpus.size()) {
            w.add("the sweep runs up to " + maxThreads + " threads on " + cpus.size() + " CPU(s): those trials are marked 'oversubscribed' and busy-waiting ones are skipped unless --oversubscribe. Fix: use a box with at least " + maxThreads + " CPUs");
        }
        if (!pinned) {
            w.add("threads are not pinned: the scheduler may migrate them mid-trial. Fix: pass --cpus LIST (see README, 'Pinning a box')");
        }
        return w;
    }
}
