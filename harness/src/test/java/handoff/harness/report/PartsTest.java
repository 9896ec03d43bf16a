package handoff.harness.report;

import handoff.harness.results.Json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.List;
import java.util.Map;

/** The small pieces: JSON, CSV, hgrm, formatting, published tables. */
class PartsTest {
    @Test
    @SuppressWarnings("unchecked")
    void jsonReadsNestedValuesAndRejectsGarbage() {
        Object o = Json.parse("{\"a\": [1, 2.5, \"x\\\"y\"], \"b\": {\"c\": true, \"d\": null}, \"e\": -3e2}");
        assertThat(o).isInstanceOf(Map.class);
        Map<?, ?> m = (Map<?, ?>) o;
        assertThat((List<Object>) m.get("a")).containsExactly(1.0, 2.5, "x\"y");
        assertThat(((Map<?, ?>) m.get("b")).get("c")).isEqualTo(true);
        assertThat(m.get("e")).isEqualTo(-300.0);
        assertThatThrownBy(() -> Json.parse("{\"a\": }")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void csvKeepsQuotedCommas() {
        Csv c = Csv.parse("x.csv", "transport,status\nabq,\"failed:a, b\"\nlbq,ok\n");
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
        assertThat(Fmt.ns(1_234_567)).isEqualTo("1,234,567 ns");
        assertThat(Fmt.ns(25)).isEqualTo("25.0 ns");
        assertThat(Fmt.eps(40_000_000)).isEqualTo("40.00 M/s");
        assertThat(Fmt.epsErr(2_500_000, 200_000)).isEqualTo("2.50 ± 0.20 M/s");
        assertThat(Fmt.ratio(645.0 / 167.0)).isEqualTo("3.86×");
        assertThat(Fmt.bytes(50_000_000)).isEqualTo("47.7 MiB");
        assertThat(Fmt.time(9_000_000)).isEqualTo("9.00 ms");
    }

    @Test
    void everyComparisonResolvesItsPublishedCellsAndParses() throws IOException {
        Published pub = Published.load();
        assertThat(pub.tables.keySet()).containsExactly("A.1", "A.2", "B.1", "B.2", "C.1", "D.1", "E.1");
        assertThat(pub.sections).containsKey("F");
        assertThat(pub.tables.get("B.2").context).anyMatch(c -> c.startsWith("Table 3")).noneMatch(c -> c.startsWith("Table 2"));
        for (Published.Comparison c : pub.comparisons) {
            Published.Table t = pub.tables.get(c.table);
            assertThat(t).as(c.id).isNotNull();
            assertThat(Published.number(t.cell(c.pubNum))).as(c.id + " " + c.pubNum).isNotNaN();
            assertThat(Published.number(t.cell(c.pubDen))).as(c.id + " " + c.pubDen).isNotNaN();
            if (c.measurable()) {
                assertThat(RunData.FILES).contains(new Selector(c.runNum).file, new Selector(c.runDen).file);
            }
        }
    }

    @Test
    void ratioOfRatiosVerdictsUseTheBand() {
        assertThat(line(3.86, 4.0).verdict()).isEqualTo("within 2.00×");
        assertThat(line(3.86, 0.5).verdict()).isEqualTo("**opposite**");
        assertThat(line(16384, 1.66).verdict()).startsWith("same direction").endsWith("smaller");
        assertThat(line(2, 40).verdict()).startsWith("same direction, 20.0×").endsWith("larger");
        // a ratio printed as 1.00× points no way, whichever side of 1 it lies on
        assertThat(Fmt.ratio(0.99501)).isEqualTo("1.00×");
        assertThat(line(3, 0.99501).verdict()).startsWith("no direction");
        assertThat(line(3, 1.004).verdict()).startsWith("no direction");
        assertThat(line(3, 0.99).verdict()).doesNotStartWith("no direction");
    }

    private static PublishedSection.Line line(double published, double measured) {
        return new PublishedSection.Line(null, published, measured, null, null, null);
    }
}
