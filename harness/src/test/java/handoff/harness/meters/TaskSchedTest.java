package handoff.harness.meters;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Parsing /proc/<pid>/task/<tid>/schedstat and sched, from fixture texts. */
class TaskSchedTest {
    private static final String SCHED = """
            java (4242, #threads: 23)
            -------------------------------------------------------------------
            se.exec_start                                :      10335818.849249
            se.vruntime                                  :           382.357892
            se.sum_exec_runtime                          :           812.000001
            se.nr_migrations                             :                   17
            nr_switches                                  :                  300
            nr_voluntary_switches                        :                  288
            nr_involuntary_switches                      :                   12
            se.load.weight                               :              1048576
            """;

    @Test
    void readsRunDelaySwitchesAndMigrations() {
        TaskSched t = TaskSched.parse("812000001 3456789 300\n", SCHED);
        assertThat(t.cpuNs()).isEqualTo(812_000_001L);
        assertThat(t.runDelayNs()).isEqualTo(3_456_789L);
        assertThat(t.involuntary()).isEqualTo(12);
        assertThat(t.migrations()).isEqualTo(17);
        assertThat(t.known()).isTrue();
    }

    @Test
    void aMissingSchedFileLeavesSwitchesUnknownNotZero() {
        TaskSched t = TaskSched.parse("5 7 1", "");
        assertThat(t.runDelayNs()).isEqualTo(7);
        assertThat(t.involuntary()).isEqualTo(-1);
        assertThat(t.migrations()).isEqualTo(-1);
        assertThat(TaskSched.parse("garbage", SCHED)).isEqualTo(TaskSched.NONE);
        assertThat(TaskSched.NONE.known()).isFalse();
    }

    @Test
    void aDifferenceIsUnknownWhereEitherSideIsAndNeverNegative() {
        TaskSched before = new TaskSched(100, 1_000, 2, 1);
        TaskSched after = new TaskSched(300, 5_000, 5, -1);
        TaskSched d = after.minus(before);
        assertThat(d.cpuNs()).isEqualTo(200);
        assertThat(d.runDelayNs()).isEqualTo(4_000);
        assertThat(d.involuntary()).isEqualTo(3);
        assertThat(d.migrations()).isEqualTo(-1);
        assertThat(before.minus(after).runDelayNs()).isZero();
    }

    @Test
    void readsThisThreadOnLinux() {
        java.nio.file.Path self = java.nio.file.Path.of("/proc/thread-self");
        org.junit.jupiter.api.Assumptions.assumeTrue(java.nio.file.Files.isReadable(self.resolve("schedstat")), "Linux /proc only");
        TaskSched t = TaskSched.read(self);
        assertThat(t.known()).isTrue();
        assertThat(t.cpuNs()).isPositive();
    }
}
