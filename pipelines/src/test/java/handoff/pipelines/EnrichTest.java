package handoff.pipelines;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class EnrichTest {
    /** tick 5 cents, fee 250 ppm (2.5 bp), buckets from 10,000.00 / 50,000.00, maximum 200,000.00. */
    static final ReferenceData REF = ReferenceData.of(List.of(
            new ReferenceData.Instrument("ABCD", 5, 10_000, 250, 1_000_000, 5_000_000, 20_000_000),
            new ReferenceData.Instrument("XY", 1, 500, 20, 100, 200, 300)));

    private final Enrich enrich = new Enrich(REF, 1);

    private static OrderEvent parsed(String line) {
        OrderEvent e = Events.published(line);
        new Parse(1).apply(e);
        return e;
    }

    @Test
    void derivesNotionalFeeAndBucket() {
        OrderEvent e = parsed("1,ABCD,B,101.25,300");
        enrich.apply(e);
        assertThat(e.instrument).isEqualTo(0);
        assertThat(e.notionalCents).isEqualTo(3_037_500L); // 10125 x 300
        assertThat(e.feeCents).isEqualTo(759L);             // 3,037,500 x 250 / 10^6 = 759.375
        assertThat(e.riskBucket).isEqualTo(1);              // 1,000,000 <= 3,037,500 < 5,000,000
        assertThat(e.stage).isEqualTo(OrderEvent.ENRICHED);
    }

    @Test
    void feeRoundsHalfUp() {
        assertThat(Enrich.fee(2_000, 250)).isEqualTo(1L);  // 0.5 -> 1
        assertThat(Enrich.fee(1_999, 250)).isEqualTo(0L);  // 0.49975 -> 0
        assertThat(Enrich.fee(10_000_000, 20)).isEqualTo(200L);
    }

    @Test
    void bucketsByNotionalAndBreaches() {
        assertThat(bucketOf("1,ABCD,B,100.00,99")).isEqualTo(0);   //   990,000
        assertThat(bucketOf("1,ABCD,S,100.00,100")).isEqualTo(1);  // 1,000,000
        assertThat(bucketOf("1,ABCD,B,100.00,500")).isEqualTo(2);  // 5,000,000
        assertThat(bucketOf("1,ABCD,B,100.00,2000")).isEqualTo(2); // 20,000,000 = maximum
        assertThat(bucketOf("1,ABCD,B,100.05,2000")).isEqualTo(3); // over the maximum
        assertThat(bucketOf("1,ABCD,B,100.01,1")).isEqualTo(3);    // off the 5-cent tick
        assertThat(bucketOf("1,XY,S,1.00,3")).isEqualTo(2);        // second instrument: 300 = maximum
    }

    private int bucketOf(String line) {
        OrderEvent e = parsed(line);
        enrich.apply(e);
        return e.riskBucket;
    }

    @Test
    void secondInstrumentHasItsOwnFeeRate() {
        OrderEvent e = parsed("1,XY,S,1.00,2");
        enrich.apply(e);
        assertThat(e.instrument).isEqualTo(1);
        assertThat(e.notionalCents).isEqualTo(200L);
        assertThat(e.feeCents).isEqualTo(0L); // 200 x 20 / 10^6
        assertThat(e.riskBucket).isEqualTo(2);
    }

    @Test
    void unknownSymbolIsAnError() {
        OrderEvent e = parsed("1,NOPE,B,1.00,1");
        assertThatThrownBy(() -> enrich.apply(e)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unknown instrument");
    }

    @Test
    void refusesAnEventParseHasNotFinished() {
        OrderEvent e = Events.published("1,ABCD,B,101.25,300");
        assertThatThrownBy(() -> enrich.apply(e)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("enrich got an event at stage 0, expected 1");
    }

    @Test
    void workRoundsFoldIntoRiskScoreOnly() {
        OrderEvent a = parsed("1,ABCD,B,101.25,300");
        new Enrich(REF, 0).apply(a);
        OrderEvent b = parsed("1,ABCD,B,101.25,300");
        new Enrich(REF, 5).apply(b);
        assertThat(b.riskScore).isNotEqualTo(a.riskScore);
        assertThat(b).usingRecursiveComparison().ignoringFields("riskScore").isEqualTo(a);
    }
}
