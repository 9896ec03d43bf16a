package handoff.harness.page;

import handoff.harness.results.Json;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The small pieces: JSON, CSV, hgrm, formatting. */
class PiecesTest {
    @Test
    @SuppressWarnings("unchecked")
    void jsonReadsNestedValuesAndRejectsGarbage() {
        Object o = Json.parse("{\"a\": [1, 2.5, \"x\\\"y\"], \"b\": {\"c\": true, \"d\": null}, \"e\": -3e2}");
        assertThat(o).isInstanceOf(Map.class);
        Map<?, ?> m = (Map<?, ?>) o;
        assertThat((List<Object>) m.get("a")).containsExactly(1L, 2.5, "x\"y");
        assertThat(((Map<?, ?>) m.get("b")).get("c")).isEqualTo(true);
        assertThat(m.get("e")).isEqualTo(-300.0);
        assertThatThrownBy(() -> Json.parse("{\"a\": }")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void csvKeepsQuotedCommas() {
        CsvFile c = CsvFile.parse("x.csv", "transport,status\nabq,\"failed:a, b\"\nlbq,ok\n");
        assertThat(c.rows.get(0).status()).isEqualTo("failed:a, b");
        assertThat(c.rows.get(0).statusKind()).isEqualTo("failed");
        assertThat(c.rows.get(0).statusReason()).isEqualTo("a, b");
        assertThat(c.ok()).hasSize(1);
    }

    @Test
    void hgrmKeepsTheMaxFromTheInfinityLine() throws IOException {
        Hgrm h = Hgrm.read(Fixtures.resource("run-complete").resolve("hgrm/rtt-abq-p1-b1-spin.hgrm"));
        assertThat(h.max).isEqualTo(50_000.0);
        assertThat(h.total).isEqualTo(20_000.0);
        assertThat(h.points).allSatisfy(p -> assertThat(Double.isFinite(p[0])).isTrue());
        assertThat(h.at(50)).isEqualTo(550.0);
    }

    @Test
    void formatsReadably() {
        assertThat(NumberText.ns(1_234_567)).isEqualTo("1,234,567 ns");
        assertThat(NumberText.ns(25)).isEqualTo("25.0 ns");
        assertThat(NumberText.eps(40_000_000)).isEqualTo("40.00 M/s");
        assertThat(NumberText.epsErr(2_500_000, 200_000)).isEqualTo("2.50 ± 0.20 M/s");
        assertThat(NumberText.ratio(645.0 / 167.0)).isEqualTo("3.86×");
        assertThat(NumberText.bytes(50_000_000)).isEqualTo("47.7 MiB");
        assertThat(NumberText.time(9_000_000)).isEqualTo("9.00 ms");
    }
}
