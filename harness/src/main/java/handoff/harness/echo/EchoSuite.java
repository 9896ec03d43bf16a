package handoff.harness.echo;

import handoff.harness.results.Schema;
import handoff.harness.results.TrialProperties;
import handoff.harness.runtime.JvmOptions;
import handoff.harness.stats.Stats;
import handoff.harness.trial.FaultInjection;
import handoff.harness.trial.Profile;
import handoff.harness.trial.Suite;
import handoff.harness.trial.SweepPlan;
import handoff.harness.trial.TrialContext;
import handoff.harness.trial.TrialSpec;
import handoff.queues.Transport;
import handoff.queues.Transports;
import handoff.queues.Wait;

import java.nio.channels.DatagramChannel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code echo} suite: a UDP "echo with capitalisation" server on 127.0.0.1 per trial, closed-loop clients
 * at each client count, then open-loop clients at fractions of the best closed-loop throughput. One trial
 * (one JVM) per server variant × wait × fork; forks of all configurations run interleaved (every
 * configuration's fork 0, then every fork 1 ...), so a drift of the box lands on all of them alike.
 *
 * <p>The clients run in the trial's JVM, as in the published example (clients on the same box): one
 * {@code System.nanoTime()} clock times both ends, their threads are counted like the server's for the
 * oversubscription mark, and no second process has to be started, coordinated and cleaned up per trial.
 * The price: they share the box (and the process CPU time) with the server, identically for every variant,
 * so differences between rows are the server's.
 */
public final class EchoSuite implements Suite {
    public static final String INLINE = "inline";
    public static final String BLOCKING = "blocking";
    /** Test-only faults: the server drops reply {@value #DROP_AT}; the server's port is already taken. */
    public static final String FAULT_DROP_REPLY = "echo-drop-reply";
    public static final String FAULT_PORT_TAKEN = "echo-port-taken";
    static final long DROP_AT = 100;

    /** Sizes per profile: warm-up and window per part, client counts, open-loop loads, reply timeout. */
    record Sizes(int warmupMs, int measureMs, List<Integer> clients, List<Integer> loads, int timeoutMs, int forks) {
        static Sizes of(Profile p) {
            return switch (p) {
                case SMOKE -> new Sizes(50, 100, List.of(1, 4), List.of(50), 1_000, 1);
                case QUICK -> new Sizes(120, 300, List.of(1, 2, 4), List.of(50, 90), 1_000, 3);
                case FULL -> new Sizes(1_000, 5_000, List.of(1, 2, 4, 8), List.of(10, 30, 50, 70, 90), 1_000, 5);
            };
        }
    }

    @Override
    public String name() {
        return "echo";
    }

    @Override
    public String csvFile() {
        return EchoCsv.FILE;
    }

    @Override
    public Schema schema() {
        return Schema.of(EchoCsv.schema());
    }


    @Override
    public List<TrialSpec> plan(SweepPlan plan) {
        Sizes sizes = Sizes.of(plan.profile());
        int forks = plan.forks(sizes.forks());
        List<List<TrialSpec>> configs = new ArrayList<>();
        configs.add(forks(plan, sizes, forks, INLINE, "n/a"));
        configs.add(forks(plan, sizes, forks, BLOCKING, Wait.BLOCK.id()));
        for (Transport t : plan.transportsOr(true)) {
            for (Wait w : plan.waitsFor(t, plan.waits().isEmpty() ? defaultWaits(plan.profile(), t) : plan.waits())) {
                configs.add(forks(plan, sizes, forks, t.id(), w.id()));
            }
        }
        return Stats.interleave(configs);
    }

    /**
     * {@code park} (the sleeping strategy) everywhere; the rings also {@code spin}, the seed's contrast (skipped
     * where busy threads would outnumber the CPUs, unless {@code --oversubscribe}); {@code full} sweeps all four.
     */
    static List<Wait> defaultWaits(Profile p, Transport t) {
        if (p == Profile.FULL) {
            return List.of(Wait.SPIN, Wait.YIELD, Wait.PARK, Wait.BLOCK);
        }
        return p == Profile.QUICK && t.preallocated() ? List.of(Wait.PARK, Wait.SPIN) : List.of(Wait.PARK);
    }

    private static List<TrialSpec> forks(SweepPlan plan, Sizes sizes, int forks, String transport, String wait) {
        List<TrialSpec> out = new ArrayList<>();
        for (int fork = 0; fork < forks; fork++) {
            TrialProperties.Builder config = TrialProperties.builder();
            EchoConfig.CODEC.write(new EchoConfig(transport, wait), config);
            TrialProperties.Builder sizing = plan.sizing(fork);
            sizing.put("warmup_ms", Integer.toString(sizes.warmupMs()));
            sizing.put("measure_ms", Integer.toString(sizes.measureMs()));
            sizing.put("clients", SweepPlan.join(sizes.clients()));
            sizing.put("loads", SweepPlan.join(sizes.loads()));
            sizing.put("timeout_ms", Integer.toString(sizes.timeoutMs()));
            out.add(new TrialSpec("echo", config, sizing));
        }
        return out;
    }

    /** {@code inline}, {@code blocking}, {@code rings} (pre-allocated ring transports) or {@code transport}. */
    public static String variant(String transport) {
        if (transport.equals(INLINE) || transport.equals(BLOCKING)) {
            return transport;
        }
        return Transports.get(transport).preallocated() ? "rings" : "transport";
    }

    /** Server threads of a variant: the receiver, plus 3 handlers (blocking) or handler and sender (chains). */
    static int serverThreads(String transport) {
        return switch (variant(transport)) {
            case INLINE -> 1;
            case BLOCKING -> 1 + BlockingServer.HANDLERS;
            default -> 3;
        };
    }

    static List<Integer> ints(String csv) {
        return csv.isEmpty() ? List.of() : Arrays.stream(csv.split(",")).map(String::trim).map(Integer::parseInt).toList();
    }

    /** Few objects live on its heap: a smaller fixed heap starts each of its many short JVMs sooner. */
    @Override
    public List<String> jvmArgs(TrialSpec spec) {
        return JvmOptions.SMALL_HEAP;
    }

    @Override
    public int threads(TrialSpec spec) {
        EchoSizing sizing = EchoSizing.of(spec.sizing());
        int clients = sizing.clientCounts().stream().mapToInt(Integer::intValue).max().orElse(1);
        int openLoop = sizing.loadPcts().isEmpty() ? 0 : 2; // paced sender + receiver
        return serverThreads(EchoConfig.of(spec.config()).transport()) + Math.max(clients, openLoop);
    }

    @Override
    public double estimateSeconds(TrialSpec spec) {
        double part = (spec.getLong("warmup_ms") + spec.getLong("measure_ms")) / 1000.0 + ClosedLoop.TAIL_MS / 1000.0;
        double open = spec.getLong("measure_ms") / 1000.0 + 0.05;
        EchoSizing sizing = EchoSizing.of(spec.sizing());
        return 1.0 + sizing.clientCounts().size() * part + sizing.loadPcts().size() * open;
    }

    @Override
    public TrialProperties run(TrialSpec spec, TrialContext ctx) throws Exception {
        EchoConfig c = EchoConfig.of(spec.config());
        String id = c.transport();
        Transport transport = variant(id).equals(INLINE) || variant(id).equals(BLOCKING) ? null
                : FaultInjection.wrap(Transports.get(id), ctx);
        long dropAt = ctx.fault(FAULT_DROP_REPLY) ? DROP_AT : 0;
        long minRequests = Math.max(dropAt, FaultInjection.messagesToReach(ctx));
        Wait wait = c.waitStrategy().equals("n/a") ? Wait.BLOCK : Wait.parse(c.waitStrategy());
        DatagramChannel taken = ctx.fault(FAULT_PORT_TAKEN) ? EchoRun.takePort() : null;
        try {
            EchoRun.Settings s = new EchoRun.Settings(variant(id), transport, wait, spec.getInt("capacity"),
                    EchoSizing.of(spec.sizing()).clientCounts(), EchoSizing.of(spec.sizing()).loadPcts(), spec.getLong("warmup_ms"),
                    spec.getLong("measure_ms"), spec.getInt("timeout_ms"), minRequests, dropAt,
                    taken == null ? 0 : EchoRun.port(taken));
            return EchoRun.run(s, ctx.threads());
        } finally {
            if (taken != null) {
                taken.close();
            }
        }
    }


    /** Its typed rows ({@link EchoRows#fold}) written by {@link EchoCsv#TABLE}. */
    @Override
    public String csv(List<TrialProperties> trials, Path runDir) {
        return EchoCsv.TABLE.render(EchoRows.fold(trials, runDir));
    }
}
