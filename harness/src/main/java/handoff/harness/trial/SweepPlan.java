package handoff.harness.trial;

import handoff.harness.results.TrialProperties;
import handoff.queues.Consume;
import handoff.queues.Transport;
import handoff.queues.Transports;
import handoff.queues.Wait;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * What the user asked for, validated: the profile's defaults overridden by options. Each value is held under its
 * {@link PlanKey} ({@link #get}): a sweep option is a row of the command line's option table that names its key, and
 * the code that uses it reads {@code plan.get(KEY)}; nothing else here changes for a new option. Empty lists mean
 * "the suite's default". Made with {@link #builder}: the CLI's option table sets each option on it, tests set what
 * they need. The named accessors ({@link #bursts()}, ...) are the same reads, for the code that had them.
 *
 * @param values every value set, by key; a key not set is its {@link PlanKey#unset()}
 */
public record SweepPlan(Profile profile, Map<PlanKey<?>, Object> values) {
    /** {@code --suites}; empty: none named (the CLI names every suite where none is given). */
    public static final PlanKey<List<String>> SUITES = PlanKey.of("suites", List.of());
    /** {@code --transports}; empty: the study's (controls only when named). */
    public static final PlanKey<List<Transport>> TRANSPORTS = PlanKey.of("transports", List.of());
    /** {@code --producers}; empty: the profile's default for the CPUs. */
    public static final PlanKey<List<Integer>> PRODUCERS = PlanKey.of("producers", List.of());
    /** {@code --bursts}: RTT burst lengths; empty: the profile's. */
    public static final PlanKey<List<Integer>> BURSTS = PlanKey.of("bursts", List.of());
    /** {@code --wait}; empty: each suite's default. */
    public static final PlanKey<List<Wait>> WAITS = PlanKey.of("waits", List.of());
    /** {@code --capacity}: of every queue and ring. */
    public static final PlanKey<Integer> CAPACITY = PlanKey.of("capacity", 1024);
    /** {@code --rate}: fixed offered load of the latency suite, events/s; 0 = fractions of the measured rates. */
    public static final PlanKey<Double> RATE = PlanKey.of("rate_eps", 0.0);
    /** {@code --work}: stage work factor. */
    public static final PlanKey<Integer> WORK = PlanKey.of("work", 1);
    /** {@code --workers}; empty: the profile's default. */
    public static final PlanKey<List<Workers>> WORKERS = PlanKey.of("workers", List.of());
    /** The CPUs trials may use (the pinning list, or every CPU of the box). */
    public static final PlanKey<List<Integer>> CPUS = PlanKey.of("cpus",
            IntStream.range(0, Runtime.getRuntime().availableProcessors()).boxed().toList());
    /** Whether {@link #CPUS} came from {@code --cpus}. */
    public static final PlanKey<Boolean> PINNED = PlanKey.of("pinned", false);
    /** {@code --oversubscribe}: run busy-waiting trials even when they have more threads than CPUs. */
    public static final PlanKey<Boolean> OVERSUBSCRIBE = PlanKey.of("oversubscribe", false);
    /** {@code --forks}, or 0 where it was not given and each suite takes its profile's default. */
    public static final PlanKey<Integer> FORKS = PlanKey.of("forks", 0);
    /** {@code --trial-timeout}: watchdog per trial; 0 = derived from the trial's estimate. */
    public static final PlanKey<Integer> TRIAL_TIMEOUT_SECONDS = PlanKey.of("trial_timeout", 0);
    /** {@code --hlog-interval-ms}: interval of the latency trials' interval logs. */
    public static final PlanKey<Long> HLOG_INTERVAL_MS = PlanKey.of("hlog_interval_ms", 1000L);
    /** {@code --profiler}: {@code none}, {@code async} or {@code jfr}, a profiler attached to the JMH suites and the RTT and latency trials. */
    public static final PlanKey<String> PROFILER = PlanKey.of("profiler", "none");
    /** {@code --rtt-messages}: what RTT producers send, {@code pooled} (pre-made) or {@code allocated}. */
    public static final PlanKey<String> RTT_MESSAGES = PlanKey.of("rtt_messages", "pooled");
    /** {@code --jdk}, {@code --gc}, {@code --threads}: the runtime dimensions every trial is run over. */
    public static final PlanKey<RuntimeAxes> RUNTIME = PlanKey.of("runtime", RuntimeAxes.NONE);
    /** {@code --budget}: the sweep's time in all, within which further forks go where a verdict is still open; 0 = the plan's forks only. */
    public static final PlanKey<Long> BUDGET_SECONDS = PlanKey.of("budget_s", 0L);
    /** {@code --consume}: how the pipeline suite's queue stages take events; empty: the profile's default. */
    public static final PlanKey<List<Consume>> CONSUME = PlanKey.of("consume", List.of());

    public SweepPlan {
        values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    /** Profilers {@code --profiler} accepts. */
    public static final List<String> PROFILERS = List.of("none", "async", "jfr");

    /** A plan of the profile's defaults: every key unset (each list empty: each suite's own). */
    public static Builder builder(Profile profile) {
        return new Builder(profile);
    }

    /** The same plan, to change some of it. */
    public Builder toBuilder() {
        Builder b = new Builder(profile);
        b.values.putAll(values);
        return b;
    }

    /** The value under a key; its {@link PlanKey#unset()} where none was set. */
    public <T> T get(PlanKey<T> key) {
        return get(values, key);
    }

    @SuppressWarnings("unchecked") // set only through set(PlanKey<T>, T)
    private static <T> T get(Map<PlanKey<?>, Object> values, PlanKey<T> key) {
        Object v = values.get(key);
        return v == null ? key.unset() : (T) v;
    }

    public List<String> suites() {
        return get(SUITES);
    }

    public List<Transport> transports() {
        return get(TRANSPORTS);
    }

    public List<Integer> producers() {
        return get(PRODUCERS);
    }

    public List<Integer> bursts() {
        return get(BURSTS);
    }

    public List<Wait> waits() {
        return get(WAITS);
    }

    public int capacity() {
        return get(CAPACITY);
    }

    public double rate() {
        return get(RATE);
    }

    public int work() {
        return get(WORK);
    }

    public List<Workers> workers() {
        return get(WORKERS);
    }

    public List<Integer> cpus() {
        return get(CPUS);
    }

    public boolean pinned() {
        return get(PINNED);
    }

    public boolean oversubscribe() {
        return get(OVERSUBSCRIBE);
    }

    public int forksOption() {
        return get(FORKS);
    }

    public int trialTimeoutSeconds() {
        return get(TRIAL_TIMEOUT_SECONDS);
    }

    public long hlogIntervalMs() {
        return get(HLOG_INTERVAL_MS);
    }

    public String profiler() {
        return get(PROFILER);
    }

    public String rttMessages() {
        return get(RTT_MESSAGES);
    }

    public RuntimeAxes runtime() {
        return get(RUNTIME);
    }

    public long budgetSeconds() {
        return get(BUDGET_SECONDS);
    }

    public List<Consume> consume() {
        return get(CONSUME);
    }

    /** JVMs per configuration: {@code --forks}, else the profile's. */
    public int forks() {
        return forks(profile.forks);
    }

    /** JVMs per configuration for a suite whose profile default differs: {@code --forks} still wins. */
    public int forks(int suiteDefault) {
        return forksOption() > 0 ? forksOption() : suiteDefault;
    }

    /** Producer counts: the option, else the profile's default for this many CPUs. */
    public List<Integer> producersOr() {
        return producers().isEmpty() ? profile.defaultProducers(cpus().size()) : producers();
    }

    /** Workers-per-stage shapes for the pipeline suite: the option, else the profile's default. */
    public List<Workers> workersOr() {
        return workers().isEmpty() ? profile.defaultWorkers(cpus().size()) : workers();
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
    public TrialProperties.Builder sizing(int fork) {
        TrialProperties.Builder s = TrialProperties.builder();
        s.put("fork", Integer.toString(fork));
        s.put("profile", profile.id());
        s.put(CAPACITY.name(), Integer.toString(capacity()));
        s.put("cpus", join(cpus()));
        s.put("pinned", Boolean.toString(pinned()));
        s.put("hlog_interval_ms", Long.toString(hlogIntervalMs()));
        if (!"none".equals(profiler())) {
            s.put("profiler", profiler());
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
        List<Transport> base = transports().isEmpty() ? Transports.study() : transports(); // controls only when named
        return base.stream().filter(t -> !pipelineOnly || t.pipelineCapable()).toList();
    }

    /**
     * Sets a plan's values one by one ({@link #set}); what is not set is its key's {@link PlanKey#unset()}. The named
     * setters are the same sets, for the code that had them.
     */
    public static final class Builder {
        private final Profile profile;
        private final Map<PlanKey<?>, Object> values = new LinkedHashMap<>();

        private Builder(Profile profile) {
            this.profile = profile;
        }

        public Profile profile() {
            return profile;
        }

        /** Sets a value; null unsets it. */
        public <T> Builder set(PlanKey<T> key, T v) {
            if (v == null) {
                values.remove(key);
            } else {
                values.put(key, v);
            }
            return this;
        }

        /** The value set so far (an option that reads another's, e.g. {@code --threads} the waits). */
        public <T> T get(PlanKey<T> key) {
            return SweepPlan.get(values, key);
        }

        public Builder suites(List<String> v) {
            return set(SUITES, v);
        }

        public Builder transports(List<Transport> v) {
            return set(TRANSPORTS, v);
        }

        public Builder producers(List<Integer> v) {
            return set(PRODUCERS, v);
        }

        public Builder bursts(List<Integer> v) {
            return set(BURSTS, v);
        }

        public Builder waits(List<Wait> v) {
            return set(WAITS, v);
        }

        public Builder capacity(int v) {
            return set(CAPACITY, v);
        }

        public Builder rate(double v) {
            return set(RATE, v);
        }

        public Builder work(int v) {
            return set(WORK, v);
        }

        public Builder workers(List<Workers> v) {
            return set(WORKERS, v);
        }

        /** The CPUs trials may use, and whether they were asked for ({@code --cpus}: pinned). */
        public Builder cpus(List<Integer> v, boolean pin) {
            return set(CPUS, v).set(PINNED, pin);
        }

        public Builder oversubscribe(boolean v) {
            return set(OVERSUBSCRIBE, v);
        }

        public Builder forks(int v) {
            return set(FORKS, v);
        }

        public Builder trialTimeoutSeconds(int v) {
            return set(TRIAL_TIMEOUT_SECONDS, v);
        }

        public Builder hlogIntervalMs(long v) {
            return set(HLOG_INTERVAL_MS, v);
        }

        public Builder profiler(String v) {
            return set(PROFILER, v);
        }

        public Builder rttMessages(String v) {
            return set(RTT_MESSAGES, v);
        }

        public Builder runtime(RuntimeAxes v) {
            return set(RUNTIME, v);
        }

        public Builder budgetSeconds(long v) {
            return set(BUDGET_SECONDS, v);
        }

        public Builder consume(List<Consume> v) {
            return set(CONSUME, v == null ? null : List.copyOf(v));
        }

        public SweepPlan build() {
            return new SweepPlan(profile, values);
        }
    }
}
