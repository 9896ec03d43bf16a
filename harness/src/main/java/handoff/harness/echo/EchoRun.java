package handoff.harness.echo;

import handoff.harness.results.TrialProperties;

import handoff.harness.results.Cells;
import handoff.harness.trial.Forks;
import handoff.harness.meters.ResourceMeter;
import handoff.harness.meters.TrialThreads;
import handoff.harness.trial.Status;
import handoff.queues.ThreadSource;
import handoff.queues.Transport;
import handoff.queues.Wait;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.channels.DatagramChannel;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One echo trial in this JVM: start the server variant, run the closed-loop parts (one per client count, each
 * with its own warm-up), then the open-loop parts at fractions of the best closed-loop throughput this JVM
 * measured, then stop the server and prove nothing is left. The result holds one set of {@code <part>.*}
 * properties per part ({@code c4.p50} ...: {@code c<N>} closed loop with N clients, {@code o<L>} open loop at
 * L %), and a trial {@code status} that is the first failure of any of them.
 *
 * <p>Several client counts share one JVM (they differ in load, not in code path, so no call site turns
 * megamorphic); the first part's warm-up also warms the JIT, later parts re-warm their fresh channels.
 */
final class EchoRun {
    /** A part's name in the result: {@code c<clients>} or {@code o<load %>}. */
    static String closedPart(int clients) {
        return "c" + clients;
    }

    static String openPart(int loadPct) {
        return "o" + loadPct;
    }

    /**
     * Where client threads come from: not the trial's {@link TrialThreads}, so that allocation per request
     * counts the server's threads only (the clients' histograms grow as they record). Clients are not pinned.
     */
    static final ThreadSource CLIENT_THREADS = ThreadSource.DAEMON;

    /** How long the idle server's CPU is measured before the first client sends. */
    static final long IDLE_MS = 300;

    /**
     * @param variant     {@code inline}, {@code blocking}, {@code rings} or {@code transport}
     * @param transport   the transport of {@code rings}/{@code transport}, else null
     * @param minRequests requests each closed-loop part sends at least (fault injection only, else 0)
     * @param dropReplyAt the server drops this reply (fault injection only, else 0)
     * @param port        0 (ephemeral), or a port to bind instead (a test that makes binding fail)
     */
    record Settings(String variant, Transport transport, Wait waitStrategy, int capacity, List<Integer> clients,
                    List<Integer> loads, long warmupMs, long measureMs, int timeoutMs, long minRequests,
                    long dropReplyAt, int port) {
    }

    private EchoRun() {
    }

    static UdpServer server(Settings s, TrialThreads threads) throws IOException {
        return switch (s.variant()) {
            case "inline" -> new InlineServer(s.port(), s.dropReplyAt(), threads);
            case "blocking" -> new BlockingServer(s.port(), s.dropReplyAt(), threads);
            default -> new ChainServer(s.transport(), s.waitStrategy(), s.capacity(), s.port(), s.dropReplyAt(), threads);
        };
    }

    static TrialProperties run(Settings s, TrialThreads threads) throws InterruptedException {
        TrialProperties.Builder out = TrialProperties.builder();
        UdpServer server;
        try {
            server = server(s, threads);
        } catch (UdpServer.BindFailure e) {
            return EchoResult.CODEC.properties(new EchoResult(Status.failed(String.valueOf(e.getMessage())), null, null));
        } catch (IOException e) {
            return EchoResult.CODEC.properties(new EchoResult(Status.failed("cannot open the server's channel: " + e.getMessage()),
                    null, null));
        }
        Status first = null;
        String idle = null;
        String left = null;
        try {
            server.start();
            idle = idle(server, threads, Math.min(IDLE_MS, s.measureMs()));
            double best = 0;
            for (int n : s.clients()) {
                EchoPart part = first != null ? EchoPart.only(notRun(first)) : closed(s, server, n, threads);
                EchoPart.CODEC.write(part, out, closedPart(n) + ".");
                first = first != null ? first : failure(part.status());
                if (part.status().isOk()) { // the best throughput as its cell holds it
                    best = Math.max(best, Cells.parse(Cells.format(part.measured().throughputRps())));
                }
            }
            for (int load : s.loads()) {
                EchoPart part = first != null ? EchoPart.only(notRun(first))
                        : best <= 0 ? EchoPart.only(Status.failed("no closed-loop throughput to take " + load + " % of"))
                        : open(s, server, load, best * load / 100.0, threads);
                EchoPart.CODEC.write(part, out, openPart(load) + ".");
                first = first != null ? first : failure(part.status());
            }
        } finally {
            left = server.stop();
            if (left != null) {
                first = first != null ? first : Status.failed(left);
            }
        }
        EchoResult.CODEC.write(new EchoResult(first == null ? Status.ok() : first, idle, left), out);
        return out.build();
    }

    private static Status failure(Status status) {
        return status.isOk() ? null : status;
    }

    private static Status notRun(Status earlier) {
        return Status.failed("not run: an earlier part " + earlier.render());
    }

    private static EchoPart closed(Settings s, UdpServer server, int clients, TrialThreads threads)
            throws InterruptedException {
        long warm = s.warmupMs() * 1_000_000;
        long window = s.measureMs() * 1_000_000;
        ClosedLoop.Result r;
        ResourceMeter.Usage usage;
        try (ResourceMeter meter = new ResourceMeter(threads)) {
            long warmEnd = System.nanoTime() + warm;
            ClosedLoop loop = new ClosedLoop(server.address(), clients, warmEnd, warmEnd + window, s.minRequests(),
                    s.timeoutMs(), CLIENT_THREADS);
            sleepUntil(warmEnd);
            meter.begin();
            r = loop.await(s.warmupMs() + s.measureMs() + 10L * s.timeoutMs() + 10_000);
            usage = meter.end();
        }
        Status status = r.failure() != null ? Status.failed(r.failure())
                : !r.tally().clean() ? Status.failed("N=" + clients + ": " + r.tally().describe() + " replies")
                : server.failure() != null ? Status.failed("server: " + server.failure())
                : r.measured() == 0 ? Status.failed("no round trip completed in the measurement window") : Status.ok();
        EchoPart.Measured m = !status.isOk() ? null : new EchoPart.Measured(r.histogram(), r.histogram().getTotalCount(),
                r.measured() * 1e9 / r.windowNs(), usage.perUnit(r.measured()), cpuPct(usage), null, null);
        Tally t = r.tally();
        return new EchoPart(status, t.lost, t.duplicated, t.corrupted, t.misrouted, r.sent(), null, m);
    }

    private static EchoPart open(Settings s, UdpServer server, int load, double rate, TrialThreads threads)
            throws InterruptedException {
        long window = s.measureMs() * 1_000_000;
        OpenLoop.Result r;
        ResourceMeter.Usage usage;
        try (ResourceMeter meter = new ResourceMeter(threads)) {
            meter.begin();
            r = OpenLoop.run(server.address(), rate, window, s.timeoutMs(), CLIENT_THREADS);
            usage = meter.end();
        } catch (IOException e) {
            return EchoPart.only(Status.failed("open-loop client: " + e.getMessage()));
        }
        Status status = r.failure() != null ? Status.failed(r.failure())
                : r.tally().wrongReplies() ? Status.failed(load + " % load: " + r.tally().describe() + " replies")
                : server.failure() != null ? Status.failed("server: " + server.failure())
                : r.answered() == 0 ? Status.failed("no reply within the timeout at " + load + " % load") : Status.ok();
        // throughput of the steady part: requests due in it answered within the timeout, over those due, × offered
        EchoPart.Measured m = !status.isOk() ? null : new EchoPart.Measured(r.histogram(), r.histogram().getTotalCount(),
                r.due() == 0 ? 0 : rate * r.onTime() / r.due(), usage.perUnit(r.sent()), cpuPct(usage),
                r.warmupNs() / 1e6, r.steady());
        Tally t = r.tally();
        return new EchoPart(status, t.lost, t.duplicated, t.corrupted, t.misrouted, r.sent(), rate, m);
    }

    /** The trial's own (server) threads' CPU over the window, percent of one CPU; empty when unknown. */
    static String cpuPct(ResourceMeter.Usage usage) {
        return usage.cpuNanos() >= 0 && usage.wallNanos() > 0 ? Cells.format(100.0 * usage.cpuNanos() / usage.wallNanos()) : "";
    }

    /**
     * The server's threads' CPU with no request in flight, percent of one CPU, over {@code idleMs} right after start:
     * what the server's wait costs while it has nothing to do.
     */
    private static String idle(UdpServer server, TrialThreads threads, long idleMs) throws InterruptedException {
        try (ResourceMeter meter = new ResourceMeter(threads)) {
            meter.begin();
            Thread.sleep(idleMs);
            return cpuPct(meter.end());
        }
    }

    /** A port that is already taken, held by the returned channel: for the test that binding can fail. */
    static DatagramChannel takePort() throws IOException {
        return UdpServer.bind(0);
    }

    static int port(DatagramChannel c) throws IOException {
        return ((InetSocketAddress) c.getLocalAddress()).getPort();
    }

    private static void sleepUntil(long deadline) throws InterruptedException {
        long left;
        while ((left = deadline - System.nanoTime()) > 0) {
            Thread.sleep(Math.max(1, left / 1_000_000));
        }
    }
}
