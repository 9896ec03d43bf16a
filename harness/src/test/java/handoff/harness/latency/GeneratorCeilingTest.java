package handoff.harness.latency;

import handoff.harness.openloop.Pacer;
import handoff.queues.Wait;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class GeneratorCeilingTest {
    @Test
    void theGeneratorAloneKeepsUpWithALowRateAndNotWithAnImpossibleOne() throws InterruptedException {
        handoff.queues.ThreadSource threads = (role, body) -> new Thread(body, role);
        assertThat(GeneratorCeiling.keptUp(1, Wait.PARK, Pacer.PARK, threads, 400, 1_000)).isTrue(); // 400 ms: room for a loaded box to start the thread
        // one event every 0.01 ns: no loop sends 10^11 events a second
        assertThat(GeneratorCeiling.keptUp(1, Wait.PARK, Pacer.PARK, threads, 20, 1e11)).isFalse();
    }
}
