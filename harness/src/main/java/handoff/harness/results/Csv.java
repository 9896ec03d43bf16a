package handoff.harness.results;

import java.util.List;
import java.util.Map;

/** Writes the summary CSVs: a fixed header, one row per map, missing cells empty, quoted when needed. */
public final class Csv {
    private Csv() {
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
}
