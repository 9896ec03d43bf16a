package handoff.harness.echo;

import java.util.List;

/**
 * What went wrong with the replies one client saw (single writer: its own thread), summed over clients at the
 * end of a part. A reply is lost (none within the timeout), duplicated (a second reply to a request),
 * corrupted (not exactly the upper-cased request, or a reply to a request never sent) or misrouted (another
 * client's reply arrived on this client's channel).
 */
final class Tally {
    long lost;
    long duplicated;
    long corrupted;
    long misrouted;

    void count(Wire.Match m) {
        switch (m) {
            case DUPLICATE -> duplicated++;
            case CORRUPTED -> corrupted++;
            case MISROUTED -> misrouted++;
            case ANSWER -> { }
        }
    }

    static Tally sum(List<Tally> parts) {
        Tally t = new Tally();
        for (Tally p : parts) {
            t.lost += p.lost;
            t.duplicated += p.duplicated;
            t.corrupted += p.corrupted;
            t.misrouted += p.misrouted;
        }
        return t;
    }

    /** Whether any reply was wrong other than by being lost (an open-loop part tolerates losses only). */
    boolean wrongReplies() {
        return duplicated + corrupted + misrouted > 0;
    }

    boolean clean() {
        return lost == 0 && !wrongReplies();
    }

    /** e.g. {@code 1 lost, 0 duplicated, 0 corrupted, 0 misrouted}. */
    String describe() {
        return lost + " lost, " + duplicated + " duplicated, " + corrupted + " corrupted, " + misrouted + " misrouted";
    }
}
