package handoff.harness.trial;

import handoff.harness.results.CsvFormat;
import handoff.harness.results.TrialProperties;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class StatusTest {

    @Test
    void eachKindRendersTheTextTheHarnessHasAlwaysWrittenAndParsesBack() {
        Map<Status, String> texts = new LinkedHashMap<>();
        texts.put(Status.ok(), "ok");
        texts.put(Status.timeout(), "timeout");
        texts.put(Status.failed("JMH produced no result"), "failed:JMH produced no result");
        texts.put(Status.notApplicable("flow takes one producer"), "n/a:flow takes one producer");
        texts.put(Status.skipped("4 busy-waiting threads on 2 CPUs"), "skipped:4 busy-waiting threads on 2 CPUs");
        texts.put(Status.failed(""), "failed:"); // "failed:" + an empty message, as written before Status existed
        texts.forEach((status, text) -> {
            assertThat(status.render()).as(text).isEqualTo(text);
            assertThat(Status.parse(text)).as(text).isEqualTo(status);
            assertThat(Status.parse(text).render()).as(text).isEqualTo(text);
        });
        assertThat(texts.keySet().stream().map(Status::kind).distinct()).containsExactlyInAnyOrder(Status.Kind.values());
    }

    @Test
    void theReasonIsEverythingAfterTheFirstColonKeptAsWritten() {
        Status s = Status.parse("failed:server: handler threw java.lang.IllegalStateException: x ");
        assertThat(s.kind()).isEqualTo(Status.Kind.FAILED);
        assertThat(s.reason()).isEqualTo("server: handler threw java.lang.IllegalStateException: x ");
        assertThat(s.isOk()).isFalse();
        assertThat(Status.parse("ok").isOk()).isTrue();
    }

    @Test
    void aTextOfNoKindIsRefusedByParseAndEmptyForRead() {
        for (String bad : List.of("", "OK", "ok:but why", "fail:x", "complete")) {
            assertThat(Status.read(bad)).as(bad).isEmpty();
            assertThatThrownBy(() -> Status.parse(bad)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("'" + bad + "'").hasMessageContaining("ok, failed, timeout, n/a or skipped");
        }
        assertThatThrownBy(() -> new Status(Status.Kind.OK, "why")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aReasonWithACommaAndAQuoteSurvivesACsvCellAndCellSafeDropsItsCommas() {
        Status s = Status.failed("JVM exited with code 1: \"main\" died, twice\nthen stopped");
        Map<String, String> row = Map.of("transport", "abq", "status", s.render());
        String csv = CsvFormat.render(List.of("transport", "status"), List.of(row));
        assertThat(csv).contains("\"failed:JVM exited with code 1: \"\"main\"\" died, twice then stopped\"");
        Status back = Status.ofCell(CsvFormat.parse(csv).get(0).get("status"));
        assertThat(back.kind()).isEqualTo(Status.Kind.FAILED);
        assertThat(back.reason()).isEqualTo("JVM exited with code 1: \"main\" died, twice then stopped"); // the cell joins lines
        assertThat(s.cellSafe().render()).isEqualTo("failed:JVM exited with code 1: \"main\" died; twice then stopped");
        assertThat(Status.notApplicable("a, b").cellSafe().render()).isEqualTo("n/a:a; b");
    }

    @Test
    void trialsWithoutAStatusCountAsFailedNeverAsOk() {
        assertThat(Status.of(TrialProperties.empty()).render()).isEqualTo("failed:no status");
        assertThat(Status.of(trial("status", "garbled")).render()).isEqualTo("failed:garbled");
        assertThat(Status.ofCell(null).render()).isEqualTo("failed:no status");
        assertThat(Status.ofCell("garbled").render()).isEqualTo("failed:garbled");
        assertThat(Status.ok(TrialProperties.empty())).isFalse();
        assertThat(Status.ok(trial("status", "ok"))).isTrue();
        assertThat(Status.ok(trial("status", "failed:x"))).isFalse();
        assertThat(Status.of(trial("status", "n/a:x")).kind()).isEqualTo(Status.Kind.NOT_APPLICABLE);
        assertThat(Status.of(trial("a.status", "skipped:y"), "a.status")).isEqualTo(Status.skipped("y"));
        assertThat(Status.failed("x").plus(" (lmax fork 2)").render()).isEqualTo("failed:x (lmax fork 2)");
    }

    private static TrialProperties trial(String key, String text) {
        return TrialProperties.of(Map.of(key, text));
    }
}
