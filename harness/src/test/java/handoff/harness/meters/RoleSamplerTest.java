package handoff.harness.meters;

import handoff.harness.results.RoleSched;
import handoff.harness.results.SchedLine;
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

        List<SchedLine> lines = s.lines();
        assertThat(lines).containsExactly(new SchedLine(0, new RoleSched(1L, 3_000_000L, 3_000_000L, 3L, 2L),
                new RoleSched(2L, 4_000_000L, 5_000_000L, 7L, 3L)));
    }

    @Test
    void unknownRolesOrUnreadableThreadsLeaveCellsEmpty() {
        RoleSampler none = new RoleSampler(() -> null, tid -> TaskSched.NONE);
        none.sample(0);
        none.sample(1);
        assertThat(none.lines()).containsExactly(SchedLine.unknown(0));
        RoleSampler unreadable = new RoleSampler(() -> Map.of(7, true), tid -> TaskSched.NONE);
        unreadable.sample(0);
        unreadable.sample(1);
        assertThat(unreadable.lines().get(0).producer()).isEqualTo(new RoleSched(0L, null, null, null, null));
    }
}
