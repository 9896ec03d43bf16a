package handoff.harness.echo;

import handoff.harness.meters.TrialThreads;
import handoff.queues.Transport;
import handoff.queues.Transports;
import handoff.queues.Wait;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every server variant answers every request of 4 concurrent clients with exactly its upper-cased payload,
 * and leaves nothing behind. Bounded by request count (each client sends {@value #REQUESTS}) with a generous
 * per-reply timeout, so a loaded 2-core box makes it slower, never wrong.
 */
class EchoServerTest {
    private static final int CLIENTS = 4;
    private static final int REQUESTS = 300;
    private static final int TIMEOUT_MS = 10_000;

    @Test
    void everyVariantUpperCasesEveryRequestOfFourConcurrentClients() throws Exception {
        for (Transport t : List.of(Transports.get("disruptor"), Transports.get("lmax"), Transports.get("abq"))) {
            check(new EchoRun.Settings("rings", t, Wait.PARK, 64, List.of(), List.of(), 0, 0, TIMEOUT_MS, 0, 0, 0));
        }
        check(new EchoRun.Settings(EchoSuite.INLINE, null, Wait.BLOCK, 64, List.of(), List.of(), 0, 0, TIMEOUT_MS, 0, 0, 0));
        check(new EchoRun.Settings(EchoSuite.BLOCKING, null, Wait.BLOCK, 64, List.of(), List.of(), 0, 0, TIMEOUT_MS, 0, 0, 0));
    }

    private static void check(EchoRun.Settings s) throws Exception {
        TrialThreads threads = new TrialThreads(List.of());
        UdpServer server = EchoRun.server(s, threads);
        server.start();
        List<String> problems = new ArrayList<>();
        List<Thread> clients = new ArrayList<>();
        int[] answered = new int[CLIENTS];
        for (int c = 0; c < CLIENTS; c++) {
            int id = c;
            Thread t = new Thread(() -> {
                byte[] want = new byte[Wire.LENGTH];
                try (ClientChannel ch = new ClientChannel(server.address())) {
                    for (int seq = 0; seq < REQUESTS; seq++) {
                        ch.send(id, seq);
                        String request = new String(ch.requestBytes, 0, Wire.LENGTH, StandardCharsets.US_ASCII);
                        int len = ch.receive(TIMEOUT_MS);
                        String reply = len < 0 ? "<none>" : new String(ch.replyBytes, 0, len, StandardCharsets.US_ASCII);
                        // the service's definition, independent of Wire's upper-casing: java.lang's ASCII upper case
                        if (!reply.equals(request.toUpperCase(java.util.Locale.ROOT))) {
                            synchronized (problems) {
                                problems.add(s.variant() + " client " + id + " seq " + seq + ": sent '" + request + "', got '" + reply + "'");
                            }
                            return;
                        }
                        answered[id]++;
                    }
                } catch (Exception e) {
                    synchronized (problems) {
                        problems.add(s.variant() + " client " + id + ": " + e);
                    }
                }
            });
            clients.add(t);
            t.start();
        }
        for (Thread t : clients) {
            t.join(60_000);
        }
        String left = server.stop();
        assertThat(problems).as(label(s)).isEmpty();
        assertThat(answered).as(label(s)).containsOnly(REQUESTS);
        assertThat(server.failure()).as(label(s)).isNull();
        assertThat(left).as(label(s) + ": nothing listens or runs after stop").isNull();
    }

    private static String label(EchoRun.Settings s) {
        return s.variant() + (s.transport() == null ? "" : "/" + s.transport().id());
    }

    @Test
    void aRequestIsItsUpperCasedReplyAndNothingElse() {
        byte[] req = new byte[Wire.LENGTH];
        byte[] reply = new byte[Wire.LENGTH];
        byte[] scratch = new byte[Wire.LENGTH];
        Wire.encode(3, 12345, req);
        assertThat(new String(req, StandardCharsets.US_ASCII)).startsWith("c03 s000000012345 ").matches("[a-z0-9 .]+");
        Wire.upperCase(req, Wire.LENGTH, reply);
        assertThat(Wire.classify(3, 12345, reply, Wire.LENGTH, scratch)).isEqualTo(Wire.Match.ANSWER);
        assertThat(Wire.classify(3, 12346, reply, Wire.LENGTH, scratch)).isEqualTo(Wire.Match.DUPLICATE);
        assertThat(Wire.classify(2, 12345, reply, Wire.LENGTH, scratch)).isEqualTo(Wire.Match.MISROUTED);
        assertThat(Wire.classify(3, 12344, reply, Wire.LENGTH, scratch)).as("answer to a request not yet sent").isEqualTo(Wire.Match.CORRUPTED);
        assertThat(Wire.classify(3, 12345, req, Wire.LENGTH, scratch)).as("not upper-cased").isEqualTo(Wire.Match.CORRUPTED);
        reply[Wire.LENGTH - 1] = 'X';
        assertThat(Wire.classify(3, 12345, reply, Wire.LENGTH, scratch)).isEqualTo(Wire.Match.CORRUPTED);
        assertThat(Wire.classify(3, 12345, reply, Wire.LENGTH - 1, scratch)).isEqualTo(Wire.Match.CORRUPTED);
    }
}
