package handoff.pipelines;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ParseTest {
    private final Parse parse = new Parse(1);

    @Test
    void decodesEveryField() {
        OrderEvent e = Events.published("1234567,ABCD,B,101.25,300");
        parse.apply(e);
        assertThat(e.orderId).isEqualTo(1_234_567L);
        assertThat(e.symbol).isEqualTo(((long) 'A' << 24) | ('B' << 16) | ('C' << 8) | 'D');
        assertThat(e.symbol).isEqualTo(ReferenceData.pack("ABCD"));
        assertThat(e.side).isEqualTo(1);
        assertThat(e.priceCents).isEqualTo(10_125L);
        assertThat(e.qty).isEqualTo(300L);
        assertThat(e.stage).isEqualTo(OrderEvent.PARSED);
    }

    @Test
    void pricesWithoutOrWithOneDecimal() {
        OrderEvent e = Events.published("9,Z,S,7,1");
        parse.apply(e);
        assertThat(e.side).isEqualTo(-1);
        assertThat(e.priceCents).isEqualTo(700L);
        assertThat(e.qty).isEqualTo(1L);

        e = Events.published("5,XY9,B,0.5,10");
        parse.apply(e);
        assertThat(e.priceCents).isEqualTo(50L);
        assertThat(e.symbol).isEqualTo(ReferenceData.pack("XY9"));
    }

    @Test
    void largestIdAndLongestSymbol() {
        OrderEvent e = Events.published("999999999999999999,ABCDEFGH,S,123456.78,4294967296");
        parse.apply(e);
        assertThat(e.orderId).isEqualTo(999_999_999_999_999_999L);
        assertThat(e.symbol).isEqualTo(0x4142434445464748L);
        assertThat(e.priceCents).isEqualTo(12_345_678L);
        assertThat(e.qty).isEqualTo(4_294_967_296L);
    }

    @Test
    void reusedEventKeepsNothingFromItsPreviousLine() {
        OrderEvent reused = Events.published("1234567,ABCDEFGH,B,101.25,300");
        parse.apply(reused);
        Events.load(reused, "8,Q,S,0.01,2"); // shorter: stale bytes remain past length
        parse.apply(reused);

        OrderEvent fresh = Events.published("8,Q,S,0.01,2");
        parse.apply(fresh);
        assertThat(reused).usingRecursiveComparison().ignoringFields("payload").isEqualTo(fresh);
    }

    @Test
    void workRoundsChangeOnlyTheDigestAndAreDeterministic() {
        OrderEvent none = Events.published("1,A,B,1,1");
        new Parse(0).apply(none);
        OrderEvent some = Events.published("1,A,B,1,1");
        new Parse(3).apply(some);
        OrderEvent again = Events.published("1,A,B,1,1");
        new Parse(3).apply(again);
        assertThat(some.parseDigest).isNotEqualTo(none.parseDigest).isEqualTo(again.parseDigest);
        assertThat(some).usingRecursiveComparison().ignoringFields("parseDigest").isEqualTo(none);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "1", "1,ABCD,B,1.00", "a,ABCD,B,1,1", "1,,B,1,1", "1,ABCDEFGHI,B,1,1",
            "1,abcd,B,1,1", "1,ABCD,X,1,1", "1,ABCD,BS,1,1", "1,ABCD,B,1.234,5", "1,ABCD,B,1.,5",
            "1,ABCD,B,.5,5", "1,ABCD,B,1,", "1,ABCD,B,1,5x", "1234567890123456789,A,B,1,1"})
    void rejectsMalformedLines(String line) {
        OrderEvent e = Events.published(line);
        assertThatThrownBy(() -> parse.apply(e))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("malformed order line '" + line + "'");
        assertThat(e.stage).isEqualTo(OrderEvent.PUBLISHED);
    }

    @Test
    void refusesAnEventThatWasNotJustPublished() {
        OrderEvent e = Events.published("1,A,B,1,1");
        e.stage = OrderEvent.AGGREGATED; // a stale ring slot
        assertThatThrownBy(() -> parse.apply(e)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("parse got an event at stage 3");
    }
}
