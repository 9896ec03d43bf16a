package handoff.pipelines;

import handoff.queues.Handler;

/**
 * Stage 1: decodes the ASCII order line {@code id,symbol,side,price,qty} (for example
 * {@code 1234567,ABCD,B,101.25,300}) into primitive fields by hand, without a String or any other
 * allocation. Price has at most two decimals and becomes cents; side is {@code B} or {@code S}.
 * Then {@code work} rounds of mixing fold into {@link OrderEvent#parseDigest}.
 *
 * <p>Stateless apart from its configuration, so it could run on any thread; a pipeline runs it on one.
 * A malformed line throws {@link IllegalArgumentException} (the chain reports it and moves on).
 */
public final class Parse implements Handler<OrderEvent> {
    /** Longest id we accept: 18 decimal digits cannot overflow a long. */
    private static final int MAX_DIGITS = 18;

    private final int work;

    public Parse(int work) {
        if (work < 0) {
            throw new IllegalArgumentException("work " + work + " must be >= 0");
        }
        this.work = work;
    }

    @Override
    public void onEvent(OrderEvent event, boolean endOfBatch) {
        apply(event);
    }

    public void apply(OrderEvent e) {
        if (e.stage != OrderEvent.PUBLISHED) {
            throw StageOrder.violated("parse", OrderEvent.PUBLISHED, e);
        }
        final byte[] b = e.payload;
        final int end = e.length;
        try {
            int from = 0;
            int to = comma(b, from, end);
            e.orderId = digits(b, from, to);
            from = to + 1;
            to = comma(b, from, end);
            e.symbol = symbol(b, from, to);
            from = to + 1;
            to = comma(b, from, end);
            e.side = side(b, from, to);
            from = to + 1;
            to = comma(b, from, end);
            e.priceCents = cents(b, from, to);
            e.qty = digits(b, to + 1, end);
        } catch (IllegalArgumentException x) { // costs nothing unless thrown
            throw new IllegalArgumentException("malformed order line '" + e.line() + "': " + x.getMessage());
        }
        e.parseDigest = Mix.rounds(e.orderId * Mix.GOLDEN + e.qty, work);
        e.stage = OrderEvent.PARSED; // last write: the next stage checks it
    }

    /** Index of the next ',' at or after {@code from}. */
    private static int comma(byte[] b, int from, int end) {
        for (int i = from; i < end; i++) {
            if (b[i] == ',') {
                return i;
            }
        }
        throw new IllegalArgumentException("missing field after byte " + from);
    }

    /** Unsigned decimal in [from, to). */
    private static long digits(byte[] b, int from, int to) {
        if (to <= from || to - from > MAX_DIGITS) {
            throw new IllegalArgumentException("number of " + (to - from) + " digits at byte " + from);
        }
        long v = 0;
        for (int i = from; i < to; i++) {
            int d = b[i] - '0';
            if (d < 0 || d > 9) {
                throw new IllegalArgumentException("non-digit at byte " + i);
            }
            v = v * 10 + d;
        }
        return v;
    }

    /** Decimal with at most two fractional digits, in hundredths. */
    private static long cents(byte[] b, int from, int to) {
        int dot = to;
        for (int i = from; i < to; i++) {
            if (b[i] == '.') {
                dot = i;
                break;
            }
        }
        long whole = digits(b, from, dot);
        if (dot == to) {
            return whole * 100;
        }
        int decimals = to - dot - 1;
        if (decimals < 1 || decimals > 2) {
            throw new IllegalArgumentException("price needs 1 or 2 decimals at byte " + dot);
        }
        long fraction = digits(b, dot + 1, to);
        return whole * 100 + (decimals == 1 ? fraction * 10 : fraction);
    }

    private static long symbol(byte[] b, int from, int to) {
        int len = to - from;
        if (len < 1 || len > ReferenceData.MAX_SYMBOL) {
            throw new IllegalArgumentException("symbol of " + len + " bytes at byte " + from);
        }
        long code = 0;
        for (int i = from; i < to; i++) {
            if (!ReferenceData.isSymbolChar(b[i])) {
                throw new IllegalArgumentException("bad symbol byte at " + i);
            }
            code = code << 8 | b[i];
        }
        return code;
    }

    private static int side(byte[] b, int from, int to) {
        if (to - from == 1) {
            if (b[from] == 'B') {
                return 1;
            }
            if (b[from] == 'S') {
                return -1;
            }
        }
        throw new IllegalArgumentException("side must be B or S at byte " + from);
    }
}
