package handoff.harness.fleet;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A fleet database's runs read back as the study reads a run folder ({@link RunOutcome}): facts and verdicts, in the order they were loaded. */
final class FleetRead {
    private FleetRead() {
    }

    static List<RunOutcome> runs(Connection c) throws SQLException {
        Map<String, RunFacts> facts = new LinkedHashMap<>();
        try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT * FROM runs ORDER BY run_id")) {
            while (r.next()) {
                List<String> v = new ArrayList<>();
                for (String col : RunFacts.COLUMNS) {
                    v.add(text(r, col));
                }
                facts.put(v.get(0), new RunFacts(v.get(0), v.get(1), v.get(2), v.get(3), v.get(4), v.get(5), v.get(6), v.get(7),
                        v.get(8), v.get(9), v.get(10), v.get(11), v.get(12)));
            }
        }
        Map<String, List<RunVerdict>> verdicts = new LinkedHashMap<>();
        try (Statement s = c.createStatement();
             ResultSet r = s.executeQuery("SELECT * FROM verdicts ORDER BY run_id, rowid")) {
            while (r.next()) {
                double ratio = r.getDouble("ratio");
                ratio = r.wasNull() ? Double.NaN : ratio;
                verdicts.computeIfAbsent(r.getString("run_id"), k -> new ArrayList<>()).add(new RunVerdict(text(r, "verdict_key"),
                        text(r, "config"), text(r, "word"), ratio, text(r, "flags")));
            }
        }
        List<RunOutcome> out = new ArrayList<>();
        facts.forEach((id, f) -> out.add(new RunOutcome(f, verdicts.getOrDefault(id, List.of()))));
        return out;
    }

    private static String text(ResultSet r, String col) throws SQLException {
        Object o = r.getObject(col);
        return o == null ? "" : o.toString();
    }
}
