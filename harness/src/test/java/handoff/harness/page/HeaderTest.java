package handoff.harness.page;

import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** A row finds its cells by the file's header as a line of column → cell would: the later of two names, absent past the line. */
class HeaderTest {
    @Test
    void aRowReadsItsCellsByTheHeader() {
        CsvFile c = CsvFile.parse("t.csv", "a,b,a,c\n1, 2 ,3,4,5\n6,7\n8,9,10\n");
        assertThat(c.rows()).hasSize(3);
        TextLine full = c.rows().get(0);
        assertThat(full.get("a")).isEqualTo("3"); // a name given twice: the later column
        assertThat(full.get("b")).isEqualTo("2"); // trimmed
        assertThat(full.get("c")).isEqualTo("4");
        assertThat(full.get("d")).isEmpty();
        TextLine shortLine = c.rows().get(1);
        assertThat(shortLine.get("a")).isEqualTo("6"); // the later a is past the line: the earlier holds it
        assertThat(shortLine.get("c")).isEmpty();
        assertThat(c.rows().get(2).get("a")).isEqualTo("10");
    }

    @Test
    void aRowOfNamedCellsReadsAsTheMapSays() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("transport", " abq ");
        m.put("wait", null);
        TextLine r = new TextLine("pipeline.csv", m);
        assertThat(r.get("transport")).isEqualTo("abq");
        assertThat(r.get("wait")).isEmpty();
        assertThat(r.has("producers")).isFalse();
        assertThat(r.file()).isEqualTo("pipeline.csv");
    }
}
