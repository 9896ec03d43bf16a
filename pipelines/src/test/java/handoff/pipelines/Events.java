package handoff.pipelines;

import java.nio.charset.StandardCharsets;

/** Test helper: an event as a producer would hand it to parse. */
final class Events {
    private Events() {
    }

    static OrderEvent published(String line) {
        OrderEvent e = new OrderEvent();
        load(e, line);
        return e;
    }

    /** Overwrites payload and progress, as the translator does with a reused ring slot. */
    static void load(OrderEvent e, String line) {
        byte[] b = line.getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(b, 0, e.payload, 0, b.length);
        e.length = b.length;
        e.stage = OrderEvent.PUBLISHED;
    }
}
