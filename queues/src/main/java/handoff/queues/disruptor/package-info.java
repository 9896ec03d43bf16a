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
 * The steady state needs no StoreLoad fence; the only atomic read-modify-writes are the multi-producer
 * claims. The one full fence is on the single producer's slow path (once per refresh of its cached
 * minimum, not per claim), for consumers added at run time (below).
 *
 * <h2>Life cycle through the raw API</h2>
 * <ul>
 * <li>A {@link BatchEventProcessor} is run by one thread at a time. {@code run()} throws
 * {@link IllegalStateException} while another thread is inside it, also after {@code halt()} while that
 * thread finishes its batch; once it has returned, {@code run()} again resumes after the last handled
 * event. A {@code halt()} while nobody runs the processor makes the next {@code run()} return at once
 * (and only that one).</li>
 * <li>{@link Sequencer#addGatingSequences} may be called while producers run. Each added sequence is
 * first set to the cursor, so its consumer starts at the event after it: the next published one (single
 * producer) or the next claimed one (several producers: claims in flight are skipped). The value it held
 * is overwritten, so add a consumer before it runs; a sequence that already gates is refused. A producer
 * acting on a minimum it read before the add is covered because that minimum is never above the cursor
 * read after the gating array is replaced (the reasoning is on the method). Removing a gating sequence
 * is always safe for the others. The jcstress test {@code GatingAddedWhileProducing} covers it; with the
 * single producer's fence removed it saw a lapped consumer (278 of 2.7 M samples, quick mode, x86:
 * the store buffer let the add read the cursor from before the producer's last publish).</li>
 * </ul>
 *
 * <h2>What the tests are shown to catch</h2>
 * {@code MutantCheckTest} (test sources, run by {@code mvn test}) runs the same checks against the
 * production classes, which must pass, and against broken variants kept as test fixtures
 * ({@code MutantMultiProducerSequencer}, {@code MutantBlockingWaitStrategy}), which must fail:
 * <ul>
 * <li>multi-producer {@code next(n)} that waits only for the first slot of its claim: caught every
 * time by a deterministic check (a back-off that throws reveals whether the claim would wait);</li>
 * <li>{@code tryNext} that claims with a store instead of a CAS: caught by three threads claiming a
 * million sequences between them, each of which must be handed out exactly once (duplicates in the
 * first round in every run on the 2-CPU box);</li>
 * <li>a blocking wait strategy that does not re-check the cursor under its lock (a lost wake-up):
 * caught by a ping-pong stress run in an interpreter-only child JVM, which widens the few-nanosecond
 * window between the waiter's unlocked check and its lock; compiled by C2 the same check found the
 * loss only about once per 500k hand-offs (the audit's jcstress termination tests in quick mode missed
 * it);</li>
 * <li>plain instead of release/acquire published flags: <b>not exposable on x86</b>. x86-TSO keeps
 * stores in program order and loads in program order, so a release store and an acquire load compile
 * to the same plain {@code MOV}s as plain accesses and the hardware never shows the difference; only
 * a compiler reordering could, and nothing here provokes one. Its check is skipped on x86 and
 * runs on weakly ordered CPUs (AArch64, POWER), as does the jcstress test
 * {@code MultiProducerPublishVisibility}, which targets the same ordering.</li>
 * </ul>
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
