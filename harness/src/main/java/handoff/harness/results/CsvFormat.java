package handoff.harness.results;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes the summary CSVs (a fixed header, one row per map, missing cells empty, quoted when needed) and
 * reads them back.
 */
public final class CsvFormat {
    private CsvFormat() {
    }

    public static String render(List<String> columns, List<Map<String, String>> rows) {
        StringBuilder sb = new StringBuilder(String.join(",", columns)).append('\n');
        for (Map<String, String> row : rows) {
            for (int i = 0; i < columns.size(); i++) {
                if (i > 0) {
                    sb.append(',');
                }
                sb.append(cell(row.getOrDefault(columns.get(i), "")));
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    static String cell(String v) {
        if (v.indexOf(',') < 0 && v.indexOf('"') < 0 && v.indexOf('\n') < 0) {
            return v;
        }
        return '"' + v.replace("\"", "\"\"").replace('\n', ' ') + '"';
    }

    /** The header of a CSV text. */
    public static List<String> header(String text) {
        int nl = text.indexOf('\n');
        return split(nl < 0 ? text : text.substring(0, nl));
    }

    /** Rows of a CSV text as maps keyed by the header; blank lines skipped, short rows padded with "". */
    public static List<Map<String, String>> parse(String text) {
        String[] lines = text.split("\r?\n");
        List<Map<String, String>> rows = new ArrayList<>();
        if (lines.length == 0) {
            return rows;
        }
        List<String> header = split(lines[0]);
        for (int i = 1; i < lines.length; i++) {
            if (lines[i].isBlank()) {
                continue;
            }
            List<String> cells = split(lines[i]);
            Map<String, String> row = new LinkedHashMap<>();
            for (int c = 0; c < header.size(); c++) {
                row.put(header.get(c), c < cells.size() ? cells.get(c) : "");
            }
            rows.add(row);
        }
        return rows;
    }

    /** One line's cells: commas separate, double quotes quote, "" is a quote inside quotes. */
    public static List<String> split(String line) {
        List<String> out = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted && c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                cur.append('"');
                i++;
            } else if (c == '"') {
                quoted = !quoted;
            } else if (c == ',' && !quoted) {
                out.add(cur.toString());
                cur.setLength(0);
            } else {
                cur.append(c);
            }
        }
        out.add(cur.toString());
        return out;
    }
}
