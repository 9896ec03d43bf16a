package handoff.harness.echo;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The request format and the business logic. A request is {@value #LENGTH} lower-case ASCII bytes,
 * {@code c<client:2> s<sequence:12> <text>}, where the text is chosen by the sequence so that a reply put in
 * the wrong place or mixed with another request's bytes cannot pass. The server answers with the same bytes
 * upper-cased; digits and spaces survive that, so a reply still names its client and sequence.
 */
final class Wire {
    /** Bytes in a request (and its reply). */
    static final int LENGTH = 32;
    /** Room in a server's datagram slot: more than a request, so an oversized datagram shows as corrupted. */
    static final int MAX = 64;
    /** Client number of the open-loop client (closed-loop clients are 0..N-1). */
    static final int OPEN_LOOP_CLIENT = 99;
    private static final int CLIENT_AT = 1;
    private static final int SEQUENCE_AT = 5;
    private static final int SEQUENCE_DIGITS = 12;
    private static final int TEXT_AT = 18;
    private static final byte[][] WORDS = {
            "hello world echo".getBytes(StandardCharsets.US_ASCII),
            "disruptor rings ".getBytes(StandardCharsets.US_ASCII),
            "upper case reply".getBytes(StandardCharsets.US_ASCII),
            "loopback udp svc".getBytes(StandardCharsets.US_ASCII),
            "mechanical symp.".getBytes(StandardCharsets.US_ASCII)};

    /** How a received datagram relates to the request a client is waiting for. */
    enum Match { ANSWER, DUPLICATE, MISROUTED, CORRUPTED }

    private Wire() {
    }

    /** Writes request ({@code client}, {@code sequence}) into {@code into[0..LENGTH)}. */
    static void encode(int client, long sequence, byte[] into) {
        into[0] = 'c';
        digits(client, into, CLIENT_AT, 2);
        into[3] = ' ';
        into[4] = 's';
        digits(sequence, into, SEQUENCE_AT, SEQUENCE_DIGITS);
        into[17] = ' ';
        byte[] word = WORDS[(int) (sequence % WORDS.length)];
        System.arraycopy(word, 0, into, TEXT_AT, LENGTH - TEXT_AT);
    }

    private static void digits(long value, byte[] into, int at, int width) {
        long v = value;
        for (int i = at + width - 1; i >= at; i--) {
            into[i] = (byte) ('0' + v % 10);
            v /= 10;
        }
    }

    /** The service: ASCII letters a-z become A-Z, every other byte stays. */
    static byte upper(byte b) {
        return b >= 'a' && b <= 'z' ? (byte) (b - ('a' - 'A')) : b;
    }

    /** Upper-cases {@code src[0..length)} into {@code dst} (which may be {@code src}). */
    static void upperCase(byte[] src, int length, byte[] dst) {
        for (int i = 0; i < length; i++) {
            dst[i] = upper(src[i]);
        }
    }

    /** Upper-cases a buffer's remaining bytes in place, leaving its position and limit as they were. */
    static void upperCase(ByteBuffer b) {
        for (int i = b.position(); i < b.limit(); i++) {
            b.put(i, upper(b.get(i)));
        }
    }

    /** The client number a reply names, or -1 when it names none. */
    static int client(byte[] reply, int length) {
        return length == LENGTH && reply[0] == 'C' ? (int) number(reply, CLIENT_AT, 2) : -1;
    }

    /** The sequence a reply names, or -1 when it names none. */
    static long sequence(byte[] reply, int length) {
        return length == LENGTH && reply[4] == 'S' ? number(reply, SEQUENCE_AT, SEQUENCE_DIGITS) : -1;
    }

    private static long number(byte[] b, int at, int width) {
        long v = 0;
        for (int i = at; i < at + width; i++) {
            if (b[i] < '0' || b[i] > '9') {
                return -1;
            }
            v = v * 10 + (b[i] - '0');
        }
        return v;
    }

    /**
     * Classifies {@code reply} for client {@code client} awaiting request {@code sequence}; {@code scratch} is
     * the client's own buffer of at least {@value #LENGTH} bytes. Replies to earlier requests are duplicates
     * (each was answered already, or the client would have stopped); anything else that is not exactly the
     * upper-cased request is corrupted.
     */
    static Match classify(int client, long sequence, byte[] reply, int length, byte[] scratch) {
        int from = client(reply, length);
        long seq = sequence(reply, length);
        if (from < 0 || seq < 0) {
            return Match.CORRUPTED;
        }
        if (from != client) {
            return Match.MISROUTED;
        }
        if (seq > sequence) {
            return Match.CORRUPTED;
        }
        encode(client, seq, scratch);
        upperCase(scratch, LENGTH, scratch);
        if (!Arrays.equals(scratch, 0, LENGTH, reply, 0, LENGTH)) {
            return Match.CORRUPTED;
        }
        return seq == sequence ? Match.ANSWER : Match.DUPLICATE;
    }
}
