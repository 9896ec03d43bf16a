package handoff.harness.trial;

import handoff.harness.results.CellCodec;
import handoff.harness.results.TrialProperties;

import java.util.Optional;

/**
 * How a trial (or a row folded from its forks) ended: a kind and, for every kind but {@code ok}, a reason. Rendered
 * as the text of the {@code status} column and of a trial's {@code status} property ({@code ok}, {@code timeout},
 * {@code failed:<reason>}, {@code n/a:<reason>}, {@code skipped:<reason>}) by {@link #render} and read back by
 * {@link #parse}; nothing else builds or splits that text.
 *
 * @param kind   how it ended
 * @param reason why, as written after the colon; empty for {@code ok} and for a bare {@code timeout}
 */
public record Status(Kind kind, String reason) {

    /** The kinds of ending, each with the word that starts its text. */
    public enum Kind {
        OK("ok"), FAILED("failed"), TIMEOUT("timeout"), NOT_APPLICABLE("n/a"), SKIPPED("skipped");

        private final String word;

        Kind(String word) {
            this.word = word;
        }

        public String word() {
            return word;
        }

        /** A kind whose text always carries a colon and a reason ({@code failed:}, {@code n/a:}, {@code skipped:}). */
        boolean explained() {
            return this == FAILED || this == NOT_APPLICABLE || this == SKIPPED;
        }
    }

    private static final Status OK = new Status(Kind.OK, "");
    /** A trial record's status in its properties ({@link CellCodec}): its text, {@link #ofCell} where absent. */
    public static final CellCodec.Key<Status> KEY = new CellCodec.Key<>("status",
            new CellCodec.Text<>(Status::render, Status::ofCell));
    /** What a trial or fork that recorded no status counts as. */
    private static final Status NO_STATUS = new Status(Kind.FAILED, "no status");

    public Status {
        if (kind == null || reason == null) {
            throw new IllegalArgumentException("a status needs a kind and a reason (empty for none)");
        }
        if (kind == Kind.OK && !reason.isEmpty()) {
            throw new IllegalArgumentException("status ok takes no reason, got '" + reason + "'");
        }
    }

    public static Status ok() {
        return OK;
    }

    public static Status failed(String reason) {
        return new Status(Kind.FAILED, reason);
    }

    /** Stopped by the sweep's watchdog: no reason in the text ({@code detail} says more). */
    public static Status timeout() {
        return new Status(Kind.TIMEOUT, "");
    }

    /** The configuration cannot run on this transport, runtime or box. */
    public static Status notApplicable(String reason) {
        return new Status(Kind.NOT_APPLICABLE, reason);
    }

    /** Could run, but was not run (no rate to run it at, or it would oversubscribe busy-waiting threads). */
    public static Status skipped(String reason) {
        return new Status(Kind.SKIPPED, reason);
    }

    public boolean isOk() {
        return kind == Kind.OK;
    }

    /**
     * The same status with its reason fit for a CSV cell that gnuplot and awk split on commas: commas become
     * semicolons and line breaks spaces. The one place the study's status text loses its commas.
     */
    public Status cellSafe() {
        return new Status(kind, reason.replace(',', ';').replace('\n', ' '));
    }

    /** The same kind with {@code more} appended to its reason (a fold saying which fork or part it was). */
    public Status plus(String more) {
        return new Status(kind, reason + more);
    }

    /** The text written to a trial's properties and to a CSV's status column. */
    public String render() {
        return reason.isEmpty() && !kind.explained() ? kind.word() : kind.word() + ":" + reason;
    }

    @Override
    public String toString() {
        return render();
    }

    /**
     * A status from its text: the kind is the word before the first colon, the reason all after it, kept as
     * written. Throws IllegalArgumentException naming the text for any other word.
     */
    public static Status parse(String text) {
        return read(text).orElseThrow(() -> new IllegalArgumentException(
                "status '" + text + "': the text must start with ok, failed, timeout, n/a or skipped"));
    }

    /** {@link #parse}, empty for a text that starts with no kind's word (a foreign or damaged file). */
    public static Optional<Status> read(String text) {
        int c = text.indexOf(':');
        String word = c < 0 ? text : text.substring(0, c);
        for (Kind k : Kind.values()) {
            if (k.word().equals(word) && !(k == Kind.OK && c >= 0)) {
                return Optional.of(new Status(k, c < 0 ? "" : text.substring(c + 1)));
            }
        }
        return Optional.empty();
    }

    /**
     * The status a stored text records: {@code failed:no status} where there is none (null), and a failure whose reason
     * is the whole text where the text starts with no kind's word (never written by this harness: a fold or a sweep goes
     * on rather than stop on one damaged file). The one reading of a status cell of a trial file or a CSV line.
     */
    public static Status ofCell(String text) {
        return text == null ? NO_STATUS : read(text).orElseGet(() -> failed(text));
    }

    /** The status a trial's properties record under {@code key} ({@link #ofCell}). */
    public static Status of(TrialProperties trial, String key) {
        return ofCell(trial.get(key));
    }

    /** The status a trial's properties record under {@code status}. */
    public static Status of(TrialProperties trial) {
        return KEY.get(trial);
    }

    /** Whether a trial records {@code ok} under {@code status}. */
    public static boolean ok(TrialProperties trial) {
        return of(trial).isOk();
    }
}
