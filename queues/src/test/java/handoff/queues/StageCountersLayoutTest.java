package handoff.queues;

import org.junit.jupiter.api.Test;
import org.openjdk.jol.info.ClassLayout;
import org.openjdk.jol.info.FieldLayout;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A stage thread's counters sit 128 bytes from anything else on the heap, so counting adds no false sharing between
 * the stage threads whose counters were allocated next to each other.
 */
class StageCountersLayoutTest {
    @Test
    void theCountersHave128BytesEitherSide() {
        ClassLayout layout = ClassLayout.parseClass(StageCounters.class);
        long first = Long.MAX_VALUE;
        long end = 0;
        for (String name : new String[] {"events", "wakes", "emptyPolls", "failedOffers"}) {
            FieldLayout f = layout.fields().stream().filter(x -> x.name().equals(name)).findFirst().orElseThrow();
            first = Math.min(first, f.offset());
            end = Math.max(end, f.offset() + f.size());
        }
        assertThat(first).as("%s", layout.toPrintable()).isGreaterThanOrEqualTo(128);
        assertThat(layout.instanceSize() - end).as("%s", layout.toPrintable()).isGreaterThanOrEqualTo(128);
    }
}
