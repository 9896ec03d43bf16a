package handoff.pipelines;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class AggregateTest {
    private static OrderEvent enriched(int producer, long seq, String line) {
        OrderEvent e = Events.published(line);
        e.producer = producer;
        e.seq = seq;
        new Parse(1).apply(e);
        new Enrich(EnrichTest.REF, 1).apply(e);
        return e;
    }

    @Test
    void foldsPerInstrument() {
        Aggregate agg = new Aggregate(2, 1);
        OrderEvent a = enriched(0, 0, "1,ABCD,B,101.25,300");
        OrderEvent b = enriched(0, 1, "2,ABCD,S,100.00,100");
        OrderEvent c = enriched(1, 0, "3,XY,S,1.00,2");
        agg.apply(a);
        agg.apply(b);
        agg.apply(c);

        assertThat(agg.count()).isEqualTo(3);
        assertThat(agg.count(0)).isEqualTo(2);
        assertThat(agg.volume(0)).isEqualTo(400L);
        assertThat(agg.netQty(0)).isEqualTo(200L);                  // +300 - 100
        assertThat(agg.notionalCents(0)).isEqualTo(4_037_500L);     // 3,037,500 + 1,000,000
        assertThat(agg.feeCents(0)).isEqualTo(759L + 250L);
        assertThat(agg.count(1)).isEqualTo(1);
        assertThat(agg.netQty(1)).isEqualTo(-2L);
        assertThat(agg.checksum(0)).isEqualTo(Checksum.of(a) + Checksum.of(b));
        assertThat(agg.checksum()).isEqualTo(Checksum.of(a) + Checksum.of(b) + Checksum.of(c));
        assertThat(a.stage).isEqualTo(OrderEvent.AGGREGATED);
    }

    @Test
    void checksumIsOrderIndependentButSeesIdentity() {
        OrderEvent a = enriched(0, 0, "1,ABCD,B,101.25,300");
        OrderEvent b = enriched(0, 1, "2,ABCD,S,100.00,100");
        Aggregate ab = new Aggregate(2, 0);
        ab.apply(a);
        ab.apply(b);
        Aggregate ba = new Aggregate(2, 0);
        a.stage = b.stage = OrderEvent.ENRICHED;
        ba.apply(b);
        ba.apply(a);
        assertThat(ba.checksum()).isEqualTo(ab.checksum());

        // Same content, different producer: a different event, a different term.
        OrderEvent other = enriched(1, 0, "1,ABCD,B,101.25,300");
        assertThat(Checksum.of(other)).isNotEqualTo(Checksum.of(enriched(0, 0, "1,ABCD,B,101.25,300")));
    }

    @Test
    void refusesAnEventEnrichHasNotFinished() {
        OrderEvent e = Events.published("1,ABCD,B,101.25,300");
        new Parse(1).apply(e);
        assertThatThrownBy(() -> new Aggregate(2, 1).apply(e)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("aggregate got an event at stage 1, expected 2");
    }
}
