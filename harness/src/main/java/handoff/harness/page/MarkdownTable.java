package handoff.harness.page;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Markdown table builder; cells are escaped so a '|' in a failure reason cannot break the table. */
public final class MarkdownTable {
    private final List<String> header;
    private final List<List<String>> rows = new ArrayList<>();

    public MarkdownTable(String... header) {
        this.header = Arrays.asList(header);
    }

    public MarkdownTable row(String... cells) {
        rows.add(Arrays.asList(cells));
        return this;
    }

    public MarkdownTable row(List<String> cells) {
        rows.add(cells);
        return this;
    }

    public boolean isEmpty() {
        return rows.isEmpty();
    }

    public static String esc(String s) {
        return s == null || s.isEmpty() ? " " : s.replace("|", "\\|").replace("\n", " ");
    }

    public static String code(String s) {
        return "`" + s.replace("`", "'") + "`";
    }

    @Override
    public String toString() {
        StringBuilder b = new StringBuilder();
        line(b, header);
        b.append('|');
        for (int i = 0; i < header.size(); i++) {
            b.append("---|");
        }
        b.append('\n');
        for (List<String> r : rows) {
            line(b, r);
        }
        return b.toString();
    }

    private static void line(StringBuilder b, List<String> cells) {
        b.append('|');
        for (String c : cells) {
            b.append(' ').append(esc(c)).append(" |");
        }
        b.append('\n');
    }
}
