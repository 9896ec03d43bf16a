package handoff.harness.fleet;

import handoff.harness.page.RunData;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * A fleet's runs in one DuckDB file (README "Many boxes"): {@code runs}, one row per run with its facts (key
 * {@code run_id}), {@code forks}, the long table of {@code forks.csv}, and {@code verdicts}, the verdicts each run made on
 * the declared questions ({@link RunVerdict}: what {@code compare-boxes} repeats). A run is loaded in one transaction that
 * first deletes what the file held of it: loading it twice leaves one copy; a failure rolls back and leaves the file
 * as it was.
 */
public final class FleetDb implements AutoCloseable {
    static final Set<String> INTEGERS = Set.of("cpus", "fork");
    static final Set<String> DOUBLES = Set.of("value", "ratio");
    static final Set<String> BOOLEANS = Set.of("pinned", "dirty", "higher_is_better");
    /** The columns of {@code verdicts}: the run, then a verdict's ({@link RunVerdict#COLUMNS}). */
    static final List<String> VERDICT_COLUMNS = Stream.concat(Stream.of("run_id"),
            RunVerdict.COLUMNS.stream()).toList();
    /** The columns of {@code runs}: the facts, the folder it was loaded from and the machine it is grouped by. */
    static final List<String> RUN_COLUMNS = runColumns();

    private final Connection c;

    public FleetDb(Connection c) throws SQLException {
        this.c = c;
        try (Statement s = c.createStatement()) {
            s.execute(create("runs", RUN_COLUMNS, "run_id"));
            s.execute(create("forks", ForkValue.columns(), null));
            s.execute(create("verdicts", VERDICT_COLUMNS, null));
            for (String col : ForkValue.columns()) { // a registry that grew adds key columns to an older file
                s.execute("ALTER TABLE forks ADD COLUMN IF NOT EXISTS " + col + " " + type(col));
            }
        }
    }

    private static List<String> runColumns() {
        List<String> c = new ArrayList<>(RunFacts.COLUMNS);
        c.add("machine");
        c.add("folder");
        return List.copyOf(c);
    }

    private static String create(String table, List<String> cols, String key) {
        StringBuilder b = new StringBuilder("CREATE TABLE IF NOT EXISTS " + table + " (");
        for (int i = 0; i < cols.size(); i++) {
            b.append(i == 0 ? "" : ", ").append(cols.get(i)).append(' ').append(type(cols.get(i)));
            if (cols.get(i).equals(key)) {
                b.append(" PRIMARY KEY");
            }
        }
        return b.append(')').toString();
    }

    static String type(String col) {
        return INTEGERS.contains(col) ? "INTEGER" : DOUBLES.contains(col) ? "DOUBLE" : BOOLEANS.contains(col) ? "BOOLEAN" : "VARCHAR";
    }

    /** Loads a whole run folder ({@link Damage} already said it is whole), replacing any earlier copy; the values loaded. */
    public int load(Path dir) throws Exception {
        RunData data = RunData.load(dir);
        RunFacts facts = RunFacts.of(data.manifest, dir);
        List<ForkValue> values = TidyForks.of(data);
        List<RunVerdict> verdicts = RunVerdict.of(data);
        boolean auto = c.getAutoCommit();
        c.setAutoCommit(false);
        try {
            for (String t : List.of("forks", "verdicts", "runs")) {
                try (PreparedStatement d = c.prepareStatement("DELETE FROM " + t + " WHERE run_id = ?")) {
                    d.setString(1, facts.runId());
                    d.executeUpdate();
                }
            }
            List<String> run = new ArrayList<>(facts.values());
            run.add(facts.machine());
            run.add(dir.toAbsolutePath().normalize().toString());
            insert("runs", RUN_COLUMNS, List.of(run));
            List<List<String>> rows = new ArrayList<>();
            for (ForkValue v : values) {
                rows.add(v.line(facts));
            }
            insert("forks", ForkValue.columns(), rows);
            List<List<String>> said = new ArrayList<>();
            for (RunVerdict v : verdicts) {
                List<String> cells = new ArrayList<>(List.of(facts.runId()));
                cells.addAll(v.cells());
                said.add(cells);
            }
            insert("verdicts", VERDICT_COLUMNS, said);
            c.commit();
            return values.size();
        } catch (Exception e) {
            c.rollback();
            throw e;
        } finally {
            c.setAutoCommit(auto);
        }
    }

    /** Inserts rows whose cells are given one per column, in {@code cols} order. */
    private void insert(String table, List<String> cols, List<List<String>> rows) throws SQLException {
        String sql = "INSERT INTO " + table + " (" + String.join(", ", cols) + ") VALUES (" + "?, ".repeat(cols.size() - 1) + "?)";
        try (PreparedStatement p = c.prepareStatement(sql)) {
            for (List<String> r : rows) {
                for (int i = 0; i < cols.size(); i++) {
                    set(p, i + 1, cols.get(i), r.get(i));
                }
                p.addBatch();
            }
            p.executeBatch();
        }
    }

    /** A cell into its column's type; empty (unknown) is NULL, and so is a cell its type cannot hold. */
    private static void set(PreparedStatement p, int i, String col, String v) throws SQLException {
        String t = type(col);
        if (v.isEmpty()) {
            p.setNull(i, t.equals("VARCHAR") ? Types.VARCHAR : t.equals("BOOLEAN") ? Types.BOOLEAN : t.equals("DOUBLE") ? Types.DOUBLE : Types.INTEGER);
        } else if (t.equals("INTEGER")) {
            p.setInt(i, Integer.parseInt(v.trim()));
        } else if (t.equals("DOUBLE")) {
            p.setDouble(i, Double.parseDouble(v.trim()));
        } else if (t.equals("BOOLEAN")) {
            if (v.equalsIgnoreCase("true") || v.equalsIgnoreCase("false")) {
                p.setBoolean(i, Boolean.parseBoolean(v));
            } else {
                p.setNull(i, Types.BOOLEAN);
            }
        } else {
            p.setString(i, v);
        }
    }

    public Connection connection() {
        return c;
    }

    @Override
    public void close() throws SQLException {
        c.close();
    }
}
