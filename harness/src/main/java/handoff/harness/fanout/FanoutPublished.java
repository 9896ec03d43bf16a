package handoff.harness.fanout;

import handoff.harness.page.MarkdownTable;
import handoff.harness.page.NumberText;
import handoff.harness.page.Prose;

import java.util.List;

/**
 * This run beside the published fan-out figures, as ratios (machines differ): the broker's published dispatches/s
 * (§F) beside this run's {@code as-published} rows over its {@code per-subscriber abq} and {@code direct} rows; and
 * multicast/diamond Disruptor ÷ ABQ beside the LMAX paper's (§B) and the 2024 table's (§C). The same ratios, with
 * their published cells, are in the published comparison (comparisons.csv).
 */
final class FanoutPublished {
    private static final Prose TEXT = Prose.of("fanout");
    /** §F's figures, from published-results.md (the post gives no table to parse). */
    static final String F_FIGURES = TEXT.get("published.broker");
    /** §B Table 2 (Disruptor ÷ ABQ) and §C (Disruptor 4 ÷ queue baseline) per topology, with their cells. */
    private static String published(String topology) {
        return switch (topology) {
            case Topologies.MULTICAST -> TEXT.get("published.multicast");
            case Topologies.DIAMOND -> TEXT.get("published.diamond");
            default -> null;
        };
    }
    static final String EXPOSURES = TEXT.get("published.exposures");

    private FanoutPublished() {
    }

    private static FanoutLine find(List<FanoutLine> rows, String scenario, String variant, String transport) {
        return rows.stream().filter(r -> r.scenario().equals(scenario) && r.variant().equals(variant)
                && r.transport().equals(transport)).findFirst().orElse(null);
    }

    static MarkdownTable broker(List<FanoutLine> rows) {
        MarkdownTable t = new MarkdownTable("broker build", "published (§F)", "this run dispatches/s", "÷ per-subscriber abq (paired)",
                "÷ direct on the same ring");
        for (String ring : List.of("lmax", "disruptor")) {
            FanoutLine r = find(rows, ScenarioVariant.BROKER, Broker.Variant.AS_PUBLISHED.id, ring);
            if (r == null) {
                continue;
            }
            FanoutLine direct = find(rows, ScenarioVariant.BROKER, Broker.Variant.DIRECT.id, ring);
            t.row(TEXT.fill("published.as-published").with("ring", ring).text(), ring.equals("lmax") ? F_FIGURES : TEXT.get("published.broker-ours"),
                    (NumberText.rate(r.throughputOps()) + " " + FanoutParts.marks(r)).trim(), FanoutParts.ratio(r),
                    direct == null ? NumberText.NONE : NumberText.sig3(r.throughputOps() / direct.throughputOps()) + "×");
        }
        return t;
    }

    /** The ratio cell with the row's flags ({@code *} oversubscribed, {@code !} unstable): flags travel with a row. */
    private static String marked(FanoutLine r) {
        return (FanoutParts.ratio(r) + " " + FanoutParts.marks(r)).trim();
    }

    static MarkdownTable topologies(List<FanoutLine> rows) {
        MarkdownTable t = new MarkdownTable("topology", "published Disruptor ÷ queue", "this run disruptor ÷ abq", "this run lmax ÷ abq");
        for (String scenario : List.of(Topologies.MULTICAST, Topologies.DIAMOND)) {
            FanoutLine ours = find(rows, scenario, "ring", "disruptor");
            FanoutLine lmax = find(rows, scenario, "ring", "lmax");
            t.row(scenario + " 1P→3C", published(scenario), ours == null ? NumberText.NONE : marked(ours),
                    lmax == null ? NumberText.NONE : marked(lmax));
        }
        return t;
    }
}
