package handoff.queues;

import org.junit.jupiter.api.Test;
import org.openjdk.jol.info.ClassLayout;
import org.openjdk.jol.info.FieldLayout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SpscArrayQueueTest {
    @Test
    void fifoFullAndEmptyAcrossLaps() {
        SpscArrayQueue<Integer> q = new SpscArrayQueue<>(4);
        assertThat(q.poll()).isNull();
        for (int lap = 0; lap < 3; lap++) {
            for (int i = 0; i < 4; i++) {
                assertThat(q.offer(lap * 10 + i)).isTrue();
            }
            assertThat(q.offer(99)).as("full").isFalse();
            assertThat(q.size()).isEqualTo(4);
            assertThat(q.peek()).isEqualTo(lap * 10);
            for (int i = 0; i < 4; i++) {
                assertThat(q.poll()).isEqualTo(lap * 10 + i);
            }
            assertThat(q.poll()).isNull();
            assertThat(q.size()).isZero();
        }
    }

    @Test
    void aSlotFreedByPollIsReusedOnlyThen() {
        SpscArrayQueue<String> q = new SpscArrayQueue<>(2);
        assertThat(q.offer("a")).isTrue();
        assertThat(q.offer("b")).isTrue();
        assertThat(q.offer("c")).as("full: the cached head says so, and so does the real one").isFalse();
        assertThat(q.poll()).isEqualTo("a");
        assertThat(q.offer("c")).as("one slot free after the producer re-reads head").isTrue();
        assertThat(q.offer("d")).isFalse();
        assertThat(q.poll()).isEqualTo("b");
        assertThat(q.poll()).isEqualTo("c");
        assertThat(q.poll()).isNull();
    }

    @Test
    void everyElementCrossesThreadsOnceAndInOrder() throws Exception {
        SpscArrayQueue<Long> q = new SpscArrayQueue<>(64);
        long n = 2_000_000;
        Thread producer = new Thread(() -> {
            for (long i = 0; i < n; i++) {
                Long boxed = i;
                while (!q.offer(boxed)) {
                    Thread.yield();
                }
            }
        });
        producer.start();
        long expected = 0;
        while (expected < n) {
            Long v = q.poll();
            if (v == null) {
                Thread.yield();
                continue;
            }
            assertThat(v.longValue()).isEqualTo(expected);
            expected++;
        }
        producer.join();
        assertThat(q.poll()).isNull();
    }

    /** The producer's fields and the consumer's are two cache lines apart, and both are padded from neighbours. */
    @Test
    void producerAndConsumerFieldsDoNotShareLines() {
        ClassLayout layout = ClassLayout.parseClass(SpscArrayQueue.class);
        long tail = field(layout, "tail").offset();
        long cache = field(layout, "headCache").offset();
        long head = field(layout, "head").offset();
        assertThat(head - Math.max(tail, cache)).as("between the sides\n%s", layout.toPrintable()).isGreaterThanOrEqualTo(128);
        assertThat(Math.min(tail, cache)).as("before the producer's fields").isGreaterThanOrEqualTo(128);
        long lastFinalField = layout.fields().stream().filter(f -> f.classShortName().equals("SpscArrayQueue"))
                .mapToLong(FieldLayout::offset).min().orElseThrow();
        assertThat(lastFinalField - head).as("after the consumer's field").isGreaterThanOrEqualTo(128);
    }

    @Test
    void badArguments() {
        assertThatThrownBy(() -> new SpscArrayQueue<>(3)).hasMessageContaining("capacity 3 is not a power of two");
        assertThatThrownBy(() -> new SpscArrayQueue<Object>(2).offer(null)).isInstanceOf(NullPointerException.class);
    }

    private static FieldLayout field(ClassLayout layout, String name) {
        return layout.fields().stream().filter(f -> f.name().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no field " + name + " in\n" + layout.toPrintable()));
    }
}
