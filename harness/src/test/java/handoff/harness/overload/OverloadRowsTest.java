package handoff.harness.overload;

import handoff.harness.testing.Trials;

import handoff.harness.results.TrialProperties;
import handoff.pipelines.overload.OverloadPolicy;
import handoff.queues.ThreadSource;
import handoff.queues.Transports;
import handoff.queues.Wait;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** Folding trials into overload.csv rows: one per policy × load, n/a rows with reasons, a failed trial's status kept. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class OverloadRowsTest {
    private static TrialProperties.Builder trial(String transport, String status) {
        TrialProperties.Builder t = Trials.cells("config_key", "overload_" + transport, "transport", transport,
                "producers", "1", "wait", "park", "work", "1", "capacity", "8", "loads", "200",
                "saturation_eps", "100000", "rate_basis", "probe", "status", status);
        return t;
    }

    @Test
    void everyPolicyGetsARowAndWhatCannotRunSaysWhy() throws InterruptedException {
        TrialProperties.Builder abq = trial("abq", "ok");
        for (OverloadPolicy p : OverloadSuite.policies(Transports.get("abq"))) {
            OverloadRun.Result r = OverloadRun.run(new OverloadRun.Config(Transports.get("abq"), p, 1, Wait.PARK, 50, 8,
                    200_000, Duration.ofMillis(10), Duration.ofMillis(50), Duration.ofNanos(100_000), Duration.ofSeconds(60),
                    Duration.ofSeconds(30), ThreadSource.DAEMON, 0));
            OverloadRows.put(abq, p.id() + "@200.", r);
        }
        List<Map<String, String>> rows = OverloadCsv.TABLE.cells(OverloadRows.fold(List.of(abq.build(), trial("lbq", "timeout").build())));

        assertThat(rows).hasSize(10); // 5 policies for each transport
        Map<String, String> block = rows.stream().filter(r -> r.get("transport").equals("abq") && r.get("policy").equals("block"))
                .findFirst().orElseThrow();
        assertThat(block.get("status")).isEqualTo("ok");
        assertThat(Long.parseLong(block.get("offered"))).isEqualTo(Long.parseLong(block.get("completed"))
                + Long.parseLong(block.get("rejected")) + Long.parseLong(block.get("discarded")));
        assertThat(block.get("backlog_bound")).isEqualTo("28"); // 3 hops of 8, 3 stages, 1 producer
        assertThat(rows).filteredOn(r -> r.get("transport").equals("abq") && r.get("policy").equals("unbounded"))
                .singleElement().satisfies(r -> assertThat(r.get("status")).startsWith("n/a:abq is bounded"));
        assertThat(rows).filteredOn(r -> r.get("transport").equals("lbq") && !r.get("policy").equals("unbounded"))
                .hasSize(4).allSatisfy(r -> assertThat(r.get("status")).isEqualTo("timeout"));
        assertThat(rows).allSatisfy(r -> assertThat(r.keySet()).containsExactlyElementsOf(OverloadCsv.TABLE.header()));
    }
}
