/**
 * A Disruptor written from first principles: a ring of pre-allocated events, a sequencer that hands
 * out slots, barriers that make consumers wait for the producers or for earlier stages, and batch
 * processors that run one handler each on their own thread.
 *
 * <h2>Memory ordering, in one place</h2>
 * Every hand-off is one release store paired with one acquire load of a {@link Sequence} (or, for
 * several producers, of a slot's published flag):
 * <ul>
 * <li>producer → first stage: slot writes, then cursor {@code set} (single producer) or flag
 * {@code setRelease} (multi producer); the barrier acquires the cursor/flag before the slot is read;</li>
 * <li>stage → next stage: the handler's reads and writes, then the processor's sequence {@code set}
 * once per batch; the next stage's barrier acquires it;</li>
 * <li>last stage → producers: same release of the processor's sequence; the producer acquires it
 * (only when its cached minimum says the ring is full) before overwriting the slot.</li>
 * </ul>
 * Nothing needs a StoreLoad fence; the only atomic read-modify-writes are the multi-producer claims.
 *
 * <h2>Where it deliberately differs from LMAX Disruptor 4.x</h2>
 * <ul>
 * <li>A producer facing a full ring backs off per its {@link handoff.queues.Wait} (spin, yield, or
 * park with back-off), as a queue transport's producer does; LMAX always {@code parkNanos(1)}s, which
 * on Linux is ~50 µs and throttles throughput whenever the ring fills.</li>
 * <li>A consumer that finds a claimed but unpublished slot backs off per its wait strategy instead of
 * re-polling at once; {@link BlockingWaitStrategy} waits for an upstream stage with park back-off
 * rather than a busy spin.</li>
 * <li>The polling strategies share {@link handoff.queues.Idler}'s spin/yield/park steps with the queue
 * transports, so a given wait means the same thing in every row of the study.</li>
 * </ul>
 */
package handoff.queues.disruptor;
