package handoff.queues;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class WaitFreeSpscQueueTest {
    @Test
    void fifoFullAndEmpty() {
        WaitFreeSpscQueue<Integer> q = new WaitFreeSpscQueue<>(4);
        assertThat(q.poll()).isNull();
        for (int i = 0; i < 4; i++) {
            assertThat(q.offer(i)).isTrue();
        }
        assertThat(q.offer(99)).as("full").isFalse();
        assertThat(q.size()).isEqualTo(4);
        assertThat(q.peek()).isZero();
        for (int i = 0; i < 4; i++) {
            assertThat(q.poll()).isEqualTo(i);
        }
        assertThat(q.poll()).isNull();
        assertThat(q.offer(5)).isTrue();
        assertThat(q.poll()).isEqualTo(5);
    }

    @Test
    void everyElementCrossesThreadsOnceAndInOrder() throws Exception {
        WaitFreeSpscQueue<Long> q = new WaitFreeSpscQueue<>(64);
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

    @Test
    void badArguments() {
        assertThatThrownBy(() -> new WaitFreeSpscQueue<>(3)).hasMessageContaining("capacity 3 is not a power of two");
        assertThatThrownBy(() -> new WaitFreeSpscQueue<Object>(2).offer(null)).isInstanceOf(NullPointerException.class);
    }
}
