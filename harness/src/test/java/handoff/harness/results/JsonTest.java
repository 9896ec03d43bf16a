package handoff.harness.results;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@link Json}: valid JSON only (unknown is empty), integers stay integers, files of older harnesses still read. */
class JsonTest {
    @Test
    void aNumberThatIsNotFiniteIsWrittenAsNullAndReadsBackAsNull() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("nan", Double.NaN);
        m.put("up", Double.POSITIVE_INFINITY);
        m.put("down", Float.NEGATIVE_INFINITY);
        m.put("list", List.of(1.5, Double.NaN));
        String text = Json.write(m);
        assertThat(text).doesNotContain("NaN").doesNotContain("Infinity");
        Map<String, Object> back = new LinkedHashMap<>();
        back.put("nan", null);
        back.put("up", null);
        back.put("down", null);
        back.put("list", java.util.Arrays.asList(1.5, null));
        assertThat(Json.parse(text)).isEqualTo(back);
        assertThat(Json.parse(Json.compact(m))).isEqualTo(back);
    }

    @Test
    void aTreeBuiltElsewhereWithANaNIsWrittenWithNullToo() {
        ObjectNode o = Json.object();
        o.put("ratio", Double.NaN);
        o.put("n", 3);
        assertThat(Json.compact(o).strip()).isEqualTo("{\"ratio\":null,\"n\":3}");
    }

    @Test
    void anIntegerStaysAnIntegerAndADecimalADouble() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("trials", 198);
        m.put("big", 9_000_000_000L);
        m.put("wall_s", 401.0);
        m.put("ratio", 0.25);
        String text = Json.write(m);
        assertThat(text).contains("\"trials\": 198,").doesNotContain("198.0").contains("\"big\": 9000000000,");
        Map<?, ?> back = (Map<?, ?>) Json.parse(text);
        assertThat(back.get("trials")).isEqualTo(198L);
        assertThat(back.get("big")).isEqualTo(9_000_000_000L);
        assertThat(back.get("wall_s")).isEqualTo(401.0);
        assertThat(back.get("ratio")).isEqualTo(0.25);
    }

    /** What an older harness wrote: counts as 198.0, a bare NaN token; both read, and the report shows 198. */
    @Test
    void filesOfAnOlderHarnessStillRead() {
        Map<?, ?> old = (Map<?, ?>) Json.parse("{\n  \"trials\": 198.0,\n  \"ratio\": NaN,\n  \"top\": -Infinity\n}\n");
        assertThat(old.get("trials")).isEqualTo(198.0);
        assertThat(Json.inline(old.get("trials"))).isEqualTo("198");
        assertThat((Double) old.get("ratio")).isNaN();
        assertThat((Double) old.get("top")).isEqualTo(Double.NEGATIVE_INFINITY);
    }

    @Test
    void garbageAndTrailingTextAreRefusedWithWhere() {
        assertThatThrownBy(() -> Json.parse("{\"a\": }")).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("offset");
        assertThatThrownBy(() -> Json.parse("{\"a\": 1} x")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Json.object("[1]")).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not an object");
    }

    /** The layout the manifest has always had: two spaces, one value a line, "key": value, empty {} and []. */
    @Test
    void theIndentedLayoutIsOneValueALine() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("run_id", "x \"q\"\n");
        m.put("suites", List.of("rtt", "echo"));
        m.put("none", List.of());
        m.put("empty", Map.of());
        m.put("ok", true);
        m.put("path", java.nio.file.Path.of("/r/a"));
        assertThat(Json.write(m)).isEqualTo("{\n  \"run_id\": \"x \\\"q\\\"\\n\",\n  \"suites\": [\n    \"rtt\",\n    \"echo\"\n  ],\n"
                + "  \"none\": [],\n  \"empty\": {},\n  \"ok\": true,\n  \"path\": \"/r/a\"\n}\n");
    }
}
