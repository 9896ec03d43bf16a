package handoff.pipelines.overload;

import handoff.pipelines.Pipeline;

/**
 * The check after the drain: per producer, offered = completed + rejected + discarded, exactly; no discarded event
 * had been started by a stage; and the pipeline's own verification ({@link Pipeline#verify}: count, stage order,
 * handler errors) against the checksum of exactly the completed events, which is that of everything offered less
 * the rejected and discarded terms (the checksum is a sum).
 */
public final class Accounting {
    private Accounting() {
    }

    /**
     * @param completed events of each producer the aggregate stage finished (counted after it)
     * @return null when every offered event is accounted for and every completed one intact, else the reason
     */
    public static String verify(Pipeline pipeline, Ledger[] ledgers, long[] completed) {
        int producers = ledgers.length;
        long[] offered = new long[producers];
        long completedTotal = 0;
        long outChecksum = 0;
        for (int p = 0; p < producers; p++) {
            offered[p] = ledgers[p].offered();
            completedTotal += completed[p];
            outChecksum += ledgers[p].rejectedChecksum() + ledgers[p].discardedChecksum();
            if (ledgers[p].startedDiscards() > 0) {
                return "drop-old discarded " + ledgers[p].startedDiscards() + " event(s) a stage had started, first: "
                        + ledgers[p].firstStarted();
            }
        }
        for (int p = 0; p < producers; p++) {
            long discarded = 0;
            for (Ledger l : ledgers) {
                discarded += l.discardedOf(p);
            }
            long accounted = completed[p] + ledgers[p].rejected() + discarded;
            if (accounted != offered[p]) {
                return "producer-" + p + ": offered " + offered[p] + " != completed " + completed[p] + " + rejected "
                        + ledgers[p].rejected() + " + discarded " + discarded + " (" + (offered[p] - accounted) + " unaccounted)";
            }
        }
        long expected = pipeline.orders().expectedChecksum(offered) - outChecksum;
        return pipeline.verify(completedTotal, expected);
    }
}
