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
 * "the suite's default". Made with {@link #builder}: the CLI's option table sets each option on it, tests set what
 * they need.
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
 * @param budgetSeconds {@code --budget}: the sweep's time in all, within which further forks go where a verdict is
 *                      still open; 0 = the plan's forks only
 * @param consume       {@code --consume}: how the pipeline suite's queue stages take events; empty: the profile's default
 */
public record SweepPlan(Profile profile, List<String> suites, List<Transport> transports, List<Integer> producers,
                        List<Integer> bursts, List<Wait> waits, int capacity, double rate, int work,
                        List<Workers> workers, List<Integer> cpus, boolean pinned, boolean oversubscribe, int forksOption,
                        int trialTimeoutSeconds, long hlogIntervalMs, String profiler, String rttMessages, RuntimeAxes runtime,
                        long budgetSeconds, List<Consume> consume) {
    public SweepPlan {
        consume = consume == null ? List.of() : List.copyOf(consume);
    }

    /** Profilers {@code --profiler} accepts. */
    public static final List<String> PROFILERS = List.of("none", "async", "jfr");

    /** A plan of the profile's defaults: every list empty (each suite's own), 1 s interval logs, no budget beyond the plan's forks. */
    public static Builder builder(Profile profile) {
        return new Builder(profile);
    }

    /** The same plan, to change some of it. */
    public Builder toBuilder() {
        Builder b = new Builder(profile);
        b.suites = suites;
        b.transports = transports;
        b.producers = producers;
        b.bursts = bursts;
        b.waits = waits;
        b.capacity = capacity;
        b.rate = rate;
        b.work = work;
        b.workers = workers;
        b.cpus = cpus;
        b.pinned = pinned;
        b.oversubscribe = oversubscribe;
        b.forksOption = forksOption;
        b.trialTimeoutSeconds = trialTimeoutSeconds;
        b.hlogIntervalMs = hlogIntervalMs;
        b.profiler = profiler;
        b.rttMessages = rttMessages;
        b.runtime = runtime;
        b.budgetSeconds = budgetSeconds;
        b.consume = consume;
        return b;
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
        return workers.isEmpty() ? profile.defaultWorkers(cpus.size()) : workers;
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
        return toBuilder().transports(others).build();
    }

    public List<Transport> transportsOr(boolean pipelineOnly) {
        List<Transport> base = transports.isEmpty() ? Transports.study() : transports; // controls only when named
        return base.stream().filter(t -> !pipelineOnly || t.pipelineCapable()).toList();
    }

    /** Sets a plan's parts one by one; what is not set is the profile's default. */
    public static final class Builder {
        private final Profile profile;
        private List<String> suites = List.of();
        private List<Transport> transports = List.of();
        private List<Integer> producers = List.of();
        private List<Integer> bursts = List.of();
        private List<Wait> waits = List.of();
        private int capacity = 1024;
        private double rate;
        private int work = 1;
        private List<Workers> workers = List.of();
        private List<Integer> cpus = java.util.stream.IntStream.range(0, Runtime.getRuntime().availableProcessors()).boxed().toList();
        private boolean pinned;
        private boolean oversubscribe;
        private int forksOption;
        private int trialTimeoutSeconds;
        private long hlogIntervalMs = 1000;
        private String profiler = "none";
        private String rttMessages = "pooled";
        private RuntimeAxes runtime = RuntimeAxes.NONE;
        private long budgetSeconds;
        private List<Consume> consume = List.of();

        private Builder(Profile profile) {
            this.profile = profile;
        }

        public Profile profile() {
            return profile;
        }

        public List<Wait> waits() {
            return waits;
        }

        public Builder suites(List<String> v) {
            suites = v;
            return this;
        }

        public Builder transports(List<Transport> v) {
            transports = v;
            return this;
        }

        public Builder producers(List<Integer> v) {
            producers = v;
            return this;
        }

        public Builder bursts(List<Integer> v) {
            bursts = v;
            return this;
        }

        public Builder waits(List<Wait> v) {
            waits = v;
            return this;
        }

        public Builder capacity(int v) {
            capacity = v;
            return this;
        }

        public Builder rate(double v) {
            rate = v;
            return this;
        }

        public Builder work(int v) {
            work = v;
            return this;
        }

        public Builder workers(List<Workers> v) {
            workers = v;
            return this;
        }

        /** The CPUs trials may use, and whether they were asked for ({@code --cpus}: pinned). */
        public Builder cpus(List<Integer> v, boolean pin) {
            cpus = v;
            pinned = pin;
            return this;
        }

        public Builder oversubscribe(boolean v) {
            oversubscribe = v;
            return this;
        }

        public Builder forks(int v) {
            forksOption = v;
            return this;
        }

        public Builder trialTimeoutSeconds(int v) {
            trialTimeoutSeconds = v;
            return this;
        }

        public Builder hlogIntervalMs(long v) {
            hlogIntervalMs = v;
            return this;
        }

        public Builder profiler(String v) {
            profiler = v;
            return this;
        }

        public Builder rttMessages(String v) {
            rttMessages = v;
            return this;
        }

        public Builder runtime(RuntimeAxes v) {
            runtime = v;
            return this;
        }

        public Builder budgetSeconds(long v) {
            budgetSeconds = v;
            return this;
        }

        public SweepPlan build() {
            return new SweepPlan(profile, suites, transports, producers, bursts, waits, capacity, rate, work, workers, cpus, pinned,
                    oversubscribe, forksOption, trialTimeoutSeconds, hlogIntervalMs, profiler, rttMessages, runtime, budgetSeconds,
                    consume);
        }

        public Builder consume(List<Consume> v) {
            consume = v;
            return this;
        }
    }
}
