package handoff.harness.trial;

import handoff.queues.Consume;
import handoff.queues.Transport;
import handoff.queues.Transports;
import handoff.queues.Wait;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the user asked for, validated: the profile's defaults overridden by options. Empty lists mean
 * "the suite's default".
 *
 * @param cpus          the CPUs trials may use (the pinning list, or every CPU of the box)
 * @param pinned        whether {@code cpus} came from {@code --cpus}
 * @param oversubscribe run busy-waiting trials even when they have more threads than CPUs
 * @param forksOption   {@code --forks}, or 0 where it was not given and each suite takes its profile's default
 * @param trialTimeoutSeconds watchdog per trial; 0 = derived from the trial's estimate
 * @param hlogIntervalMs interval of the latency trials' interval logs ({@code --hlog-interval-ms})
 * @param profiler      {@code none}, {@code async} or {@code jfr}: a profiler attached to the JMH suites ({@code --profiler})
 * @param rttMessages   {@code --rtt-messages}: what RTT producers send, {@code pooled} (pre-made) or {@code allocated}
 * @param runtime       {@code --jdk}, {@code --gc}, {@code --threads}: the runtime dimensions every trial is run over
 * @param consume       {@code --consume}: how the pipeline suite's queue stages take events; empty: the profile's default
 */
public record SweepPlan(Profile profile, List<String> suites, List<Transport> transports, List<Integer> producers,
                        List<Integer> bursts, List<Wait> waits, int capacity, double rate, int work,
                        List<Workers> workers, List<Integer> cpus, boolean pinned, boolean oversubscribe, int forksOption,
                        int trialTimeoutSeconds, long hlogIntervalMs, String profiler, String rttMessages, RuntimeAxes runtime,
                        List<Consume> consume) {
    public SweepPlan {
        consume = consume == null ? List.of() : List.copyOf(consume);
    }

    /** The pipeline's consumer modes left to the profile. */
    public SweepPlan(Profile profile, List<String> suites, List<Transport> transports, List<Integer> producers,
                     List<Integer> bursts, List<Wait> waits, int capacity, double rate, int work,
                     List<Workers> workers, List<Integer> cpus, boolean pinned, boolean oversubscribe, int forksOption,
                     int trialTimeoutSeconds, long hlogIntervalMs, String profiler, String rttMessages, RuntimeAxes runtime) {
        this(profile, suites, transports, producers, bursts, waits, capacity, rate, work, workers, cpus, pinned,
                oversubscribe, forksOption, trialTimeoutSeconds, hlogIntervalMs, profiler, rttMessages, runtime, List.of());
    }

    /** Profilers {@code --profiler} accepts. */
    public static final List<String> PROFILERS = List.of("none", "async", "jfr");

    /** With 1 s interval logs, no profiler and pooled RTT messages. */
    public SweepPlan(Profile profile, List<String> suites, List<Transport> transports, List<Integer> producers,
                     List<Integer> bursts, List<Wait> waits, int capacity, double rate, int work,
                     List<Workers> workers, List<Integer> cpus, boolean pinned, boolean oversubscribe, int forksOption,
                     int trialTimeoutSeconds) {
        this(profile, suites, transports, producers, bursts, waits, capacity, rate, work, workers, cpus, pinned,
                oversubscribe, forksOption, trialTimeoutSeconds, 1000, "none", "pooled");
    }

    /** On the harness's own runtime: no JDK, collector or thread kind swept. */
    public SweepPlan(Profile profile, List<String> suites, List<Transport> transports, List<Integer> producers,
                     List<Integer> bursts, List<Wait> waits, int capacity, double rate, int work,
                     List<Workers> workers, List<Integer> cpus, boolean pinned, boolean oversubscribe, int forksOption,
                     int trialTimeoutSeconds, long hlogIntervalMs, String profiler, String rttMessages) {
        this(profile, suites, transports, producers, bursts, waits, capacity, rate, work, workers, cpus, pinned,
                oversubscribe, forksOption, trialTimeoutSeconds, hlogIntervalMs, profiler, rttMessages, RuntimeAxes.NONE);
    }

    /** JVMs per configuration: {@code --forks}, else the profile's. */
    public int forks() {
        return forks(profile.forks);
    }

    /** JVMs per configuration for a suite whose profile default differs: {@code --forks} still wins. */
    public int forks(int suiteDefault) {
        return forksOption > 0 ? forksOption : suiteDefault;
    }

    /** Producer counts: the option, else the profile's default for this many CPUs. */
    public List<Integer> producersOr() {
        return producers.isEmpty() ? profile.defaultProducers(cpus.size()) : producers;
    }

    /** Workers-per-stage shapes for the pipeline suite: the option, else the profile's default. */
    public List<Workers> workersOr() {
        return workers.isEmpty() ? profile.defaultWorkers : workers;
    }

    /**
     * The waits to sweep for a transport: requested ∩ supported, in the order requested; a transport with
     * only its own hand-off ({@code native}) runs that once. Unsupported requests come back as n/a rows.
     */
    public List<Wait> waitsFor(Transport t, List<Wait> requested) {
        if (t.waits().size() == 1 && t.waits().contains(Wait.NATIVE)) {
            return List.of(Wait.NATIVE);
        }
        return requested;
    }

    /** Sizing entries common to every trial. */
    public Map<String, String> sizing(int fork) {
        Map<String, String> s = new LinkedHashMap<>();
        s.put("fork", Integer.toString(fork));
        s.put("profile", profile.id());
        s.put("capacity", Integer.toString(capacity));
        s.put("cpus", join(cpus));
        s.put("pinned", Boolean.toString(pinned));
        s.put("hlog_interval_ms", Long.toString(hlogIntervalMs));
        if (!"none".equals(profiler)) {
            s.put("profiler", profiler);
        }
        return s;
    }

    public static String join(List<?> xs) {
        List<String> out = new ArrayList<>();
        xs.forEach(x -> out.add(String.valueOf(x)));
        return String.join(",", out);
    }

    /** The same plan for other transports: to find which transports a suite takes. */
    public SweepPlan withTransports(List<Transport> others) {
        return new SweepPlan(profile, suites, others, producers, bursts, waits, capacity, rate, work, workers, cpus, pinned,
                oversubscribe, forksOption, trialTimeoutSeconds, hlogIntervalMs, profiler, rttMessages, runtime, consume);
    }

    public List<Transport> transportsOr(boolean pipelineOnly) {
        List<Transport> base = transports.isEmpty() ? Transports.study() : transports; // controls only when named
        return base.stream().filter(t -> !pipelineOnly || t.pipelineCapable()).toList();
    }
}
