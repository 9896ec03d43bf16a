package handoff.queues.disruptor;

import org.junit.jupiter.api.Test;
import org.openjdk.jol.info.ClassLayout;
import org.openjdk.jol.info.FieldLayout;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The padding does what it claims on the running JVM (run the build on JDK 17 and 25 to cover both):
 * a hot field has 128 bytes of its own object on either side, so no other object's field, and no
 * other field of this object, is within two cache lines of it.
 */
class PaddingLayoutTest {
    private static final int TWO_LINES = 128;

    @Test
    void sequenceValueHas128BytesEitherSide() {
        ClassLayout layout = ClassLayout.parseClass(Sequence.class);
        FieldLayout value = field(layout, "value");

        assertThat(value.offset()).as("bytes before value\n%s", layout.toPrintable()).isGreaterThanOrEqualTo(TWO_LINES);
        assertThat(layout.instanceSize() - value.offset() - value.size())
                .as("bytes after value\n%s", layout.toPrintable()).isGreaterThanOrEqualTo(TWO_LINES);
    }

    @Test
    void singleProducerFieldsArePaddedFromTheFieldsConsumersRead() {
        ClassLayout layout = ClassLayout.parseClass(SingleProducerSequencer.class);
        long hotStart = Math.min(field(layout, "nextValue").offset(), field(layout, "cachedGating").offset());
        long hotEnd = Math.max(field(layout, "nextValue").offset(), field(layout, "cachedGating").offset()) + 8;
        long coldEnd = layout.fields().stream()
                .filter(f -> f.classShortName().equals("Sequencer"))
                .mapToLong(f -> f.offset() + f.size()).max().orElseThrow();

        assertThat(hotStart - coldEnd).as("gap after the shared fields\n%s", layout.toPrintable())
                .isGreaterThanOrEqualTo(TWO_LINES);
        assertThat(layout.instanceSize() - hotEnd).as("bytes after the producer's fields\n%s", layout.toPrintable())
                .isGreaterThanOrEqualTo(TWO_LINES);
    }

    @Test
    void ringBufferFieldsHave128BytesEitherSide() {
        ClassLayout layout = ClassLayout.parseClass(RingBuffer.class);
        long first = layout.fields().stream().filter(f -> f.classShortName().equals("RingBufferFields"))
                .mapToLong(FieldLayout::offset).min().orElseThrow();
        long end = layout.fields().stream().filter(f -> f.classShortName().equals("RingBufferFields"))
                .mapToLong(f -> f.offset() + f.size()).max().orElseThrow();

        assertThat(first).isGreaterThanOrEqualTo(TWO_LINES);
        assertThat(layout.instanceSize() - end).isGreaterThanOrEqualTo(TWO_LINES);
    }

    private static FieldLayout field(ClassLayout layout, String name) {
        return layout.fields().stream().filter(f -> f.name().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no field " + name + " in\n" + layout.toPrintable()));
    }
}
