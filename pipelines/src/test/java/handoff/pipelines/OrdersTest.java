package handoff.pipelines;

import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class OrdersTest {
    @Test
    void sameSeedSameLinesAndAllDistinct() {
        ReferenceData ref = ReferenceData.generate(1, 16);
        Orders a = new Orders(ref, 7, 256);
        Orders b = new Orders(ref, 7, 256);
        Orders c = new Orders(ref, 8, 256);
        Set<String> lines = new HashSet<>();
        boolean differs = false;
        for (int i = 0; i < a.size(); i++) {
            assertThat(a.line(i)).isEqualTo(b.line(i));
            assertThat(a.line(i).length()).isLessThanOrEqualTo(OrderEvent.MAX_LINE);
            lines.add(a.line(i));
            differs |= !a.line(i).equals(c.line(i));
        }
        assertThat(lines).hasSize(256);
        assertThat(differs).isTrue();
    }

    @Test
    void standardTableExercisesEveryRiskBucket() {
        Orders orders = Orders.standard();
        Parse parse = new Parse(0);
        Enrich enrich = new Enrich(orders.reference(), 0);
        int[] buckets = new int[4];
        for (int i = 0; i < orders.size(); i++) {
            OrderEvent e = new OrderEvent();
            orders.copyLine(i, e);
            parse.apply(e);
            enrich.apply(e);
            buckets[e.riskBucket]++;
        }
        for (int b = 0; b < buckets.length; b++) {
            assertThat(buckets[b]).as("lines in risk bucket %d", b).isGreaterThan(orders.size() / 50);
        }
    }

    /** The expected checksum (from generated ground truth) equals what the real stages compute. */
    @Test
    void expectedChecksumMatchesWhatTheStagesCompute() {
        Orders orders = new Orders(ReferenceData.standard(), 99, 512);
        Parse parse = new Parse(2);
        Enrich enrich = new Enrich(orders.reference(), 2);
        Aggregate aggregate = new Aggregate(orders.reference().size(), 2);
        long[] perProducer = {1_500, 0, 700};
        OrderEvent slot = new OrderEvent(); // reused, as on a ring
        for (int p = 0; p < perProducer.length; p++) {
            for (long seq = 0; seq < perProducer[p]; seq++) {
                slot.producer = p;
                slot.seq = seq;
                orders.copyLine(orders.lineIndex(p, seq), slot);
                slot.stage = OrderEvent.PUBLISHED;
                parse.apply(slot);
                enrich.apply(slot);
                aggregate.apply(slot);
            }
        }
        assertThat(aggregate.count()).isEqualTo(2_200);
        assertThat(aggregate.checksum()).isEqualTo(orders.expectedChecksum(perProducer));
        assertThat(aggregate.checksum()).isNotEqualTo(orders.expectedChecksum(new long[] {1_500, 0, 699}));
        assertThat(aggregate.checksum()).isNotEqualTo(orders.expectedChecksum(new long[] {700, 0, 1_500}));
    }

    @Test
    void producersStartOnDifferentLines() {
        Orders orders = Orders.standard();
        assertThat(orders.lineIndex(0, 0)).isNotEqualTo(orders.lineIndex(1, 0));
        assertThat(orders.lineIndex(0, orders.size())).isEqualTo(orders.lineIndex(0, 0));
    }

    @Test
    void lineCountMustBeAPowerOfTwo() {
        assertThatThrownBy(() -> new Orders(ReferenceData.standard(), 1, 100))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
