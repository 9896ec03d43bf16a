package handoff.harness.fanout;

import handoff.harness.report.Fmt;
import handoff.harness.report.Md;

import java.util.List;

/**
 * This run beside the published fan-out figures, as ratios (machines differ): the broker's published dispatches/s
 * (§F) beside this run's {@code as-published} rows over its {@code per-subscriber abq} and {@code direct} rows; and
 * multicast/diamond Disruptor ÷ ABQ beside the LMAX paper's (§B) and the 2024 table's (§C). The same ratios, with
 * their published cells, are in the published comparison (comparisons.csv).
 */
final class FanoutPublished {
    /** §F's figures, from published-results.md (the post gives no table to parse). */
    static final String F_FIGURES = "4.34 M dispatches/s (i7-13600H), 7.58 M (Core Ultra 7 155H)";
    /** §B Table 2 (Disruptor ÷ ABQ) and §C (Disruptor 4 ÷ queue baseline) per topology, with their cells. */
    private static String published(String topology) {
        return switch (topology) {
            case Topologies.MULTICAST -> "10,860,121 ÷ 260,733 = 41.7× (Sandy Bridge), 9,377,871 ÷ 1,077,384 = 8.70× "
                    + "(Nehalem); 2024 (Disruptor 4 ÷ LMAX's queue baseline, an LBQ): 70,018,204 ÷ 2,355,379 = 29.7×";
            case Topologies.DIAMOND -> "15,295,197 ÷ 2,082,725 = 7.34× (Sandy Bridge), 16,143,613 ÷ 2,113,941 = 7.64× "
                    + "(Nehalem); 2024 (Disruptor 4 ÷ queue baseline): 63,123,343 ÷ 3,433,665 = 18.4×";
            default -> null;
        };
    }
    static final String EXPOSURES = "The published broker figure is exposed to all three shortcomings this suite avoids: "
            + "(1) its timing stops when the ring has been drained, so dispatches still queued in the executors are "
            + "counted as done (it overstates dispatches/s by whatever the executors hold at the end; here the clock "
            + "stops when the last subscriber has taken its last dispatch); (2) executor tasks rejected at shutdown are "
            + "dropped silently, so a lost dispatch does not show (here a rejection fails the trial, and every "
            + "subscriber's count and checksum are checked); (3) its dispatch lambdas hold the ring slot, which the "
            + "producers may overwrite before the executor runs, so a subscriber can see a later event (here the "
            + "dispatcher copies key and stamp out of the slot first, and every dispatch's type, producer and order are "
            + "checked). A fourth: a shared pool can run two dispatches of one subscriber out of order; the pool here "
            + "is striped by subscriber, and order is checked.";

    private FanoutPublished() {
    }

    private static FanoutLine find(List<FanoutLine> rows, String scenario, String variant, String transport) {
        return rows.stream().filter(r -> r.scenario().equals(scenario) && r.variant().equals(variant)
                && r.transport().equals(transport)).findFirst().orElse(null);
    }

    static Md broker(List<FanoutLine> rows) {
        Md t = new Md("broker build", "published (§F)", "this run dispatches/s", "÷ per-subscriber abq (paired)",
                "÷ direct on the same ring");
        for (String ring : List.of("lmax", "disruptor")) {
            FanoutLine r = find(rows, ScenarioVariant.BROKER, Broker.Variant.AS_PUBLISHED.id, ring);
            if (r == null) {
                continue;
            }
            FanoutLine direct = find(rows, ScenarioVariant.BROKER, Broker.Variant.DIRECT.id, ring);
            t.row("as-published over " + ring, ring.equals("lmax") ? F_FIGURES : "(the post used LMAX)",
                    (Fmt.rate(r.throughputOps()) + " " + FanoutParts.marks(r)).trim(), FanoutParts.ratio(r),
                    direct == null ? Fmt.NONE : Fmt.sig3(r.throughputOps() / direct.throughputOps()) + "×");
        }
        return t;
    }

    /** The ratio cell with the row's flags ({@code *} oversubscribed, {@code !} unstable): flags travel with a row. */
    private static String marked(FanoutLine r) {
        return (FanoutParts.ratio(r) + " " + FanoutParts.marks(r)).trim();
    }

    static Md topologies(List<FanoutLine> rows) {
        Md t = new Md("topology", "published Disruptor ÷ queue", "this run disruptor ÷ abq", "this run lmax ÷ abq");
        for (String scenario : List.of(Topologies.MULTICAST, Topologies.DIAMOND)) {
            FanoutLine ours = find(rows, scenario, "ring", "disruptor");
            FanoutLine lmax = find(rows, scenario, "ring", "lmax");
            t.row(scenario + " 1P→3C", published(scenario), ours == null ? Fmt.NONE : marked(ours),
                    lmax == null ? Fmt.NONE : marked(lmax));
        }
        return t;
    }
}
