package handoff.queues.disruptor;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Single-threaded behaviour of the ring and both sequencers, and the arguments they refuse. */
class RingBufferTest {
    private static RingBuffer<LongEvent> ring(ProducerType type, int size) {
        return RingBuffer.create(type, LongEvent::new, size, new BusySpinWaitStrategy());
    }

    @ParameterizedTest
    @ValueSource(ints = {0, -1, 3, 6, 1000, Integer.MIN_VALUE})
    void sizeMustBeAPowerOfTwo(int size) {
        for (ProducerType type : ProducerType.values()) {
            assertThatThrownBy(() -> ring(type, size))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("bufferSize " + size).hasMessageContaining("power of two");
        }
    }

    @Test
    void nullsAreRefused() {
        assertThatThrownBy(() -> RingBuffer.create(ProducerType.SINGLE, null, 8, new BusySpinWaitStrategy()))
                .isInstanceOf(NullPointerException.class).hasMessageContaining("factory");
        assertThatThrownBy(() -> RingBuffer.create(ProducerType.SINGLE, LongEvent::new, 8, null))
                .isInstanceOf(NullPointerException.class).hasMessageContaining("waitStrategy");
        assertThatThrownBy(() -> RingBuffer.create(ProducerType.SINGLE, () -> null, 8, new BusySpinWaitStrategy()))
                .isInstanceOf(NullPointerException.class).hasMessageContaining("factory returned null");
    }

    @ParameterizedTest
    @EnumSource(ProducerType.class)
    void claimSizeMustFitTheRing(ProducerType type) {
        RingBuffer<LongEvent> ring = ring(type, 8);
        for (int n : new int[] {0, -1, 9, Integer.MAX_VALUE}) {
            assertThatThrownBy(() -> ring.next(n)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("n " + n).hasMessageContaining("bufferSize 8");
            assertThatThrownBy(() -> ring.tryNext(n)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("n " + n);
        }
        assertThat(ring.next(8)).isEqualTo(7); // a claim of the whole ring is fine
    }

    @ParameterizedTest
    @EnumSource(ProducerType.class)
    void slotsArePreallocatedAndReusedLapAfterLap(ProducerType type) {
        RingBuffer<LongEvent> ring = ring(type, 4);
        LongEvent first = ring.get(0);
        assertThat(ring.get(4)).isSameAs(first);
        assertThat(ring.get(1)).isNotSameAs(first);
        assertThat(ring.bufferSize()).isEqualTo(4);
    }

    @ParameterizedTest
    @EnumSource(ProducerType.class)
    void publishMakesASlotAvailable(ProducerType type) {
        RingBuffer<LongEvent> ring = ring(type, 8);
        assertThat(ring.cursor()).isEqualTo(Sequence.INITIAL);
        long seq = ring.next();
        assertThat(seq).isZero();
        assertThat(ring.isAvailable(0)).isFalse();
        ring.publish(seq);
        assertThat(ring.isAvailable(0)).isTrue();
        assertThat(ring.isAvailable(1)).isFalse();

        long hi = ring.next(3);
        assertThat(hi).isEqualTo(3);
        ring.publish(1, 3);
        assertThat(ring.isAvailable(3)).isTrue();
        assertThat(ring.cursor()).isEqualTo(3);
    }

    @Test
    void multiProducerBarrierStopsAtTheFirstUnpublishedSlot() throws Exception {
        RingBuffer<LongEvent> ring = ring(ProducerType.MULTI, 8);
        SequenceBarrier barrier = ring.newBarrier();
        long a = ring.next();
        long b = ring.next();
        ring.publish(b); // published out of order: a is still being written
        assertThat(barrier.available(0)).isEqualTo(-1);
        ring.publish(a);
        assertThat(barrier.available(0)).isEqualTo(1);
        assertThat(barrier.waitFor(0)).isEqualTo(1);
    }

    @ParameterizedTest
    @EnumSource(ProducerType.class)
    void tryNextFailsWhenTheGatingConsumerHasNotReleasedTheSlot(ProducerType type) throws Exception {
        RingBuffer<LongEvent> ring = ring(type, 4);
        Sequence consumer = new Sequence();
        ring.addGatingSequences(consumer);
        for (int i = 0; i < 4; i++) {
            ring.publish(ring.tryNext());
        }
        assertThat(ring.remainingCapacity()).isZero();
        assertThat(ring.hasAvailableCapacity(1)).isFalse();
        assertThatThrownBy(ring::tryNext).isSameAs(InsufficientCapacityException.INSTANCE);
        assertThat(ring.tryPublishEvent((e, x, y) -> e.value = x, 1, 0)).isFalse();

        consumer.set(1); // the consumer has finished with 0 and 1
        assertThat(ring.remainingCapacity()).isEqualTo(2);
        assertThat(ring.tryPublishEvent((e, x, y) -> e.value = x, 42, 0)).isTrue();
        assertThat(ring.get(4).value).isEqualTo(42);
        assertThat(ring.tryNext()).isEqualTo(5);
        assertThatThrownBy(() -> ring.tryNext(1)).isSameAs(InsufficientCapacityException.INSTANCE);
    }

    @ParameterizedTest
    @EnumSource(ProducerType.class)
    void nextWaitsUntilTheLastStageReleasesTheSlot(ProducerType type) throws Exception {
        RingBuffer<LongEvent> ring = RingBuffer.create(type, LongEvent::new, 4, new SleepingWaitStrategy());
        Sequence consumer = new Sequence();
        ring.addGatingSequences(consumer);
        for (int i = 0; i < 4; i++) {
            ring.publish(ring.next());
        }
        CompletableFuture<Long> fifth = CompletableFuture.supplyAsync(ring::next);
        // A correct ring can never complete this claim before the consumer moves; 50 ms only bounds
        // how long we look for the bug.
        Thread.sleep(50);
        assertThat(fifth).isNotDone();
        consumer.set(0);
        assertThat(fifth.get(10, TimeUnit.SECONDS)).isEqualTo(4);
    }

    @Test
    void publishEventPublishesEvenWhenTheTranslatorThrows() {
        RingBuffer<LongEvent> ring = ring(ProducerType.SINGLE, 4);
        assertThatThrownBy(() -> ring.publishEvent((e, a, b) -> {
            throw new IllegalStateException("boom");
        }, 0, 0)).hasMessage("boom");
        assertThat(ring.isAvailable(0)).isTrue(); // consumers are not stalled at a dead claim
    }

    @Test
    void gatingSequencesCanBeAddedAndRemoved() {
        RingBuffer<LongEvent> ring = ring(ProducerType.SINGLE, 4);
        Sequence a = new Sequence(3);
        Sequence b = new Sequence(1);
        assertThat(ring.minimumGatingSequence()).isEqualTo(ring.cursor());
        ring.addGatingSequences(a, b);
        assertThat(a.get()).isEqualTo(b.get()).isEqualTo(ring.cursor()); // added at the cursor
        ring.publish(ring.next(4));
        a.set(5);
        assertThat(ring.minimumGatingSequence()).isEqualTo(-1);
        b.set(1);
        assertThat(ring.minimumGatingSequence()).isEqualTo(1);
        assertThat(ring.removeGatingSequence(b)).isTrue();
        assertThat(ring.removeGatingSequence(b)).isFalse();
        assertThat(ring.minimumGatingSequence()).isEqualTo(3); // a is at 5: capped by the cursor
    }

    @Test
    void sequenceAccessors() {
        Sequence s = new Sequence();
        assertThat(s.get()).isEqualTo(Sequence.INITIAL);
        s.set(5);
        assertThat(s.getPlain()).isEqualTo(5);
        s.setOpaque(6);
        assertThat(s.getOpaque()).isEqualTo(6);
        s.setVolatile(7);
        assertThat(s.getVolatile()).isEqualTo(7);
        s.setPlain(8);
        assertThat(s.compareAndSet(7, 9)).isFalse();
        assertThat(s.compareAndSet(8, 9)).isTrue();
        assertThat(s.addAndGet(2)).isEqualTo(11);
        assertThat(s.getAndAdd(1)).isEqualTo(11);
        assertThat(s.incrementAndGet()).isEqualTo(13);
        assertThat(Sequence.minimum(new Sequence[] {new Sequence(4), new Sequence(2)}, 3)).isEqualTo(2);
        assertThat(Sequence.minimum(new Sequence[0], 3)).isEqualTo(3);
        assertThat(s).hasToString("13");
    }

    @Test
    void nativeWaitIsNotADisruptorWait() {
        assertThatThrownBy(() -> WaitStrategies.of(handoff.queues.Wait.NATIVE))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("native");
        for (handoff.queues.Wait w : new handoff.queues.Wait[] {handoff.queues.Wait.SPIN,
                handoff.queues.Wait.YIELD, handoff.queues.Wait.PARK, handoff.queues.Wait.BLOCK}) {
            assertThat(WaitStrategies.of(w)).hasToString(w.id());
        }
    }
}
