package handoff.harness.meters;

import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Per-interval scheduler figures by role, from given readings. */
class RoleSamplerTest {
    @Test
    void eachIntervalHoldsTheDifferenceByRole() {
        Map<Integer, TaskSched> now = new HashMap<>();
        now.put(1, new TaskSched(0, 1_000, 1, 0)); // producer
        now.put(2, new TaskSched(0, 5_000, 2, 1)); // consumer
        now.put(3, new TaskSched(0, 0, 0, 0));     // consumer
        RoleSampler s = new RoleSampler(() -> Map.of(1, true, 2, false, 3, false), now::get);
        s.sample(0);
        now.put(1, new TaskSched(0, 3_001_000, 4, 2));
        now.put(2, new TaskSched(0, 1_005_000, 2, 1));
        now.put(3, new TaskSched(0, 4_000_000, 7, 3));
        s.sample(1);

        List<Map<String, String>> lines = s.lines();
        assertThat(lines).singleElement().satisfies(l -> {
            assertThat(l.get("interval")).isEqualTo("0");
            assertThat(l.get("producer_threads")).isEqualTo("1");
            assertThat(l.get("producer_run_delay_max_ns")).isEqualTo("3000000");
            assertThat(l.get("producer_involuntary")).isEqualTo("3");
            assertThat(l.get("producer_migrations")).isEqualTo("2");
            assertThat(l.get("consumer_threads")).isEqualTo("2");
            assertThat(l.get("consumer_run_delay_max_ns")).isEqualTo("4000000");
            assertThat(l.get("consumer_run_delay_ns")).isEqualTo("5000000");
            assertThat(l.get("consumer_involuntary")).isEqualTo("7");
            assertThat(l.get("consumer_migrations")).isEqualTo("3");
        });
    }

    @Test
    void unknownRolesOrUnreadableThreadsLeaveCellsEmpty() {
        RoleSampler none = new RoleSampler(() -> null, tid -> TaskSched.NONE);
        none.sample(0);
        none.sample(1);
        assertThat(none.lines()).singleElement().satisfies(l -> {
            assertThat(l.get("interval")).isEqualTo("0");
            assertThat(l).doesNotContainKey("producer_run_delay_max_ns");
        });
        RoleSampler unreadable = new RoleSampler(() -> Map.of(7, true), tid -> TaskSched.NONE);
        unreadable.sample(0);
        unreadable.sample(1);
        assertThat(unreadable.lines().get(0).get("producer_run_delay_max_ns")).isNull();
        assertThat(unreadable.lines().get(0).get("producer_threads")).isEqualTo("0");
    }
}
