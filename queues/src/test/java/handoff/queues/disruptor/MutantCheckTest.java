package handoff.queues.disruptor;

import handoff.queues.disruptor.MutantMultiProducerSequencer.Fault;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.Locale;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

/**
 * The checks in {@link SequencerChecks} and {@link WaitStrategyChecks} pass on the production classes
 * and catch each broken variant kept as a test fixture (issue 21): a test that cannot fail proves nothing.
 * Stress checks against a mutant run until it is caught, at most a fixed number of rounds; a mutant that
 * survives them fails the test. The package documentation lists what x86 cannot expose.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class MutantCheckTest {
    /** Generous: a woken consumer on a loaded 2-CPU box moves again within milliseconds. */
    private static final long STALL_MS = 5_000;

    private static SequencerChecks.Factory production(ProducerType type) {
        return type == ProducerType.SINGLE ? SingleProducerSequencer::new : MultiProducerSequencer::new;
    }

    private static SequencerChecks.Factory mutant(Fault fault) {
        return (size, wait) -> new MutantMultiProducerSequencer(size, wait, fault);
    }

    @ParameterizedTest
    @EnumSource(ProducerType.class)
    void productionNextWaitsForEverySlotOfItsClaim(ProducerType type) {
        SequencerChecks.nextWaitsForEverySlotOfItsClaim(production(type));
    }

    @Test
    void productionTryNextClaimsEverySequenceOnce() throws Exception {
        SequencerChecks.concurrentTryNextClaimsEverySequenceOnce(production(ProducerType.MULTI), 3, 1_000_000);
    }

    @ParameterizedTest
    @EnumSource(ProducerType.class)
    void productionPublishedEventsAreCompleteWhenRead(ProducerType type) throws Exception {
        int producers = type == ProducerType.SINGLE ? 1 : 2;
        SequencerChecks.publishedEventsAreCompleteWhenRead(production(type), producers, 50_000);
    }

    @Test
    void productionBlockingWaitLosesNoWakeUp() throws Exception {
        WaitStrategyChecks.noWakeUpIsLost(BlockingWaitStrategy::new, 20_000, STALL_MS);
        StringBuilder output = new StringBuilder();
        assertThat(LostWakeUpStress.runInterpreted("production", 20_000, 1, STALL_MS, output))
                .as("interpreted stress run: %s", output).isZero();
    }

    @Test
    void nextThatWaitsForItsFirstSlotOnlyIsCaught() {
        caught(1, () -> SequencerChecks.nextWaitsForEverySlotOfItsClaim(mutant(Fault.NEXT_WAITS_FOR_FIRST_SLOT_ONLY)));
    }

    @Test
    void tryNextWithoutCasIsCaught() {
        caught(20, () -> SequencerChecks.concurrentTryNextClaimsEverySequenceOnce(
                mutant(Fault.TRY_NEXT_WITHOUT_CAS), 3, 1_000_000));
    }

    /**
     * The interpreted stress run of {@link LostWakeUpStress}, as for production, up to 10 rounds of 20k
     * hand-offs: one round sufficed in every run but one, which needed two at a load average of 22 on
     * 2 CPUs.
     */
    @Test
    void blockingWaitWithoutARecheckUnderTheLockIsCaught() throws Exception {
        StringBuilder output = new StringBuilder();
        assertThat(LostWakeUpStress.runInterpreted("mutant", 20_000, 10, STALL_MS, output))
                .as("interpreted stress run: %s", output).isEqualTo(LostWakeUpStress.LOST);
        System.out.printf("mutant caught: %s", output);
    }

    /**
     * x86-TSO never reorders a store with an earlier store, nor a load with an earlier load, so plain
     * and release/acquire flags compile to the same instructions there and the hardware cannot tell
     * them apart; only a compiler reordering could, which C2 has not been seen to make here. On a
     * weakly ordered CPU (AArch64, POWER) the check is expected to catch it.
     */
    @Test
    void plainPublishedFlagsAreCaughtWhereTheHardwareCanShowThem() {
        String arch = System.getProperty("os.arch").toLowerCase(Locale.ROOT);
        assumeFalse(arch.equals("amd64") || arch.equals("x86_64") || arch.equals("x86"),
                "not catchable on this box (os.arch " + arch + "): the PLAIN_FLAGS mutant is invisible on x86 — x86-TSO keeps "
                        + "stores in order and loads in order, so plain and release/acquire flags are the same instructions, and "
                        + "only a compiler reordering could show it, which C2 has not been seen to make here; no check in this build "
                        + "catches it on x86; this test runs on a weakly ordered CPU (AArch64, POWER)");
        caught(20, () -> SequencerChecks.publishedEventsAreCompleteWhenRead(mutant(Fault.PLAIN_FLAGS), 2, 50_000));
    }

    interface Check {
        void run() throws Exception;
    }

    /** Runs {@code check} until it fails, at most {@code rounds} times; passing every time fails the test. */
    private static void caught(int rounds, Check check) {
        for (int round = 1; round <= rounds; round++) {
            try {
                check.run();
            } catch (AssertionError expected) {
                System.out.printf("mutant caught in round %d: %s%n", round, expected.getMessage().lines().findFirst().orElse(""));
                return;
            } catch (Exception e) {
                throw new AssertionError("the check broke instead of failing", e);
            }
        }
        fail("the mutant survived %d rounds of the check", rounds);
    }
}
