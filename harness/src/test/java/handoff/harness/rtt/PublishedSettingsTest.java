package handoff.harness.rtt;

import handoff.harness.results.TransportTraits;
import handoff.harness.trial.TrialSpec;
import handoff.queues.Transports;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The rows set beside the published RTT tables run with that harness's settings; the others keep the study's. */
class PublishedSettingsTest {
    private static TrialSpec spec(Map<String, String> config) {
        return new TrialSpec("rtt", handoff.harness.results.TrialProperties.of(config), handoff.harness.results.TrialProperties.empty());
    }

    @Test
    void publishedRowsRunWithoutBoundsChecksOnParallelGc() {
        List<String> mtorb = new RttSuite().jvmArgs(spec(Map.of("transport", "mtorb")));
        assertThat(mtorb).contains("-Dagrona.disable.bounds.checks=true", "-XX:+UseParallelGC");
        assertThat(new RttSuite().jvmArgs(spec(Map.of("transport", "aeron-ipc")))).contains("-XX:+UseParallelGC");
        assertThat(new RttSuite().jvmArgs(spec(Map.of("transport", "abq")))).doesNotContain("-XX:+UseParallelGC")
                .noneMatch(a -> a.startsWith("-Dagrona"));
    }

    @Test
    void aSweptCollectorWinsOverParallelGc() {
        assertThat(new RttSuite().jvmArgs(spec(Map.of("transport", "otorb", "gc", "zgc"))))
                .contains("-Dagrona.disable.bounds.checks=true").doesNotContain("-XX:+UseParallelGC");
    }

    @Test
    void theManifestRecordsThem() {
        Map<String, Object> otorb = TransportTraits.of(Transports.all()).stream()
                .filter(m -> m.get("id").equals("otorb")).findFirst().orElseThrow();
        assertThat(otorb.get("rtt_jvm_flags")).isEqualTo(List.of("-Dagrona.disable.bounds.checks=true", "-XX:+UseParallelGC"));
        assertThat(RttCsv.TABLE.header()).contains("jvm_settings", "idle_policy");
    }
}
