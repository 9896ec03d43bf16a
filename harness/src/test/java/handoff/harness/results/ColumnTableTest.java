package handoff.harness.results;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A column table derives a file's header, text, schema, reader check and README lines; a column is added in one place. */
class ColumnTableTest {
    /** A made-up row: a configuration, two measured figures and a flag. */
    record Trip(String route, double minutes, long stops, boolean late, String pinned) {
    }

    private static final ColumnTable<Trip> TRIPS = ColumnTable.of("trips.csv", List.of(
            Column.<Trip>of("route", "", "the route's id.", Trip::route).key(),
            Column.<Trip>of("minutes", "min", "door to door.", t -> Cells.format(t.minutes())).lower("trip time"),
            Column.<Trip>of("stops", "", "stops on the way, a comma-free count.", t -> Long.toString(t.stops())),
            Column.<Trip>of("late", "", "arrived after its slot.", t -> Boolean.toString(t.late())).flag(Flag.bool("late"))));

    private static final List<Trip> ROWS = List.of(new Trip("a,b", 12.5, 3, false, null), new Trip("c", Double.NaN, 0, true, "cpu1"));

    @Test
    void everythingAboutAFileComesFromItsTable() {
        assertThat(TRIPS.header()).containsExactly("route", "minutes", "stops", "late");
        assertThat(TRIPS.render(ROWS)).isEqualTo("route,minutes,stops,late\n\"a,b\",12.50,3,false\nc,,0,true\n");
        CsvSchema s = TRIPS.schema();
        assertThat(s.file()).isEqualTo("trips.csv");
        assertThat(s.keys()).containsExactly("route");
        assertThat(s.match()).containsExactly("route");
        assertThat(s.metrics()).containsExactly(Metric.lower("minutes", "trip time", "min"));
        assertThat(s.flags()).containsExactly(Flag.bool("late"));
        assertThat(TRIPS.readme()).containsExactly("`route,minutes,stops,late`", "",
                "- `route`: the route's id.",
                "- `minutes` (min): door to door.",
                "- `stops`: stops on the way, a comma-free count.",
                "- `late`: arrived after its slot.");
        assertThat(TRIPS.read(TRIPS.render(ROWS))).containsExactly(
                Map.of("route", "a,b", "minutes", "12.50", "stops", "3", "late", "false"),
                Map.of("route", "c", "minutes", "", "stops", "0", "late", "true"));
    }

    @Test
    void aColumnIsAddedInOnePlace() {
        ColumnTable<Trip> more = TRIPS.plus(List.of(
                Column.<Trip>of("speed_kmh", "km/h", "average speed.", t -> "42").higher("trip speed")));

        assertThat(more.header()).endsWith("speed_kmh");
        assertThat(more.render(ROWS)).startsWith("route,minutes,stops,late,speed_kmh\n").contains("\nc,,0,true,42\n");
        assertThat(more.cells(ROWS.get(0))).containsEntry("speed_kmh", "42");
        assertThat(more.schema().metrics()).extracting(Metric::column).containsExactly("minutes", "speed_kmh");
        assertThat(more.readme()).first().isEqualTo("`route,minutes,stops,late,speed_kmh`");
        assertThat(more.readme()).last().isEqualTo("- `speed_kmh` (km/h): average speed.");
        assertThat(more.read(more.render(ROWS))).allSatisfy(r -> assertThat(r).containsEntry("speed_kmh", "42"));
        // the old file lacks it: the reader says which column
        assertThatThrownBy(() -> more.read(TRIPS.render(ROWS))).hasMessageContaining("speed_kmh is missing");
    }

    @Test
    void theReaderNamesWhatDiffersFromTheHeader() {
        assertThatThrownBy(() -> TRIPS.read("route,minutes,stops,late,colour\nc,1,0,true,red\n"))
                .hasMessage("trips.csv: column colour is not one of its columns");
        assertThatThrownBy(() -> TRIPS.read("route,minutes,late\nc,1,true\n")).hasMessage("trips.csv: column stops is missing");
        assertThatThrownBy(() -> TRIPS.read("route,minutes,stops,late,late\n")).hasMessageContaining("late appears twice");
        assertThatThrownBy(() -> TRIPS.read("route,minutes,stops,late\nc,1,0\n")).hasMessage("trips.csv: line 2 has 3 cells, the header 4");
        assertThat(TRIPS.read("late,stops,minutes,route\ntrue,0,1,c\n")).containsExactly(
                Map.of("route", "c", "minutes", "1", "stops", "0", "late", "true"));
    }

    @Test
    void anOptionalColumnIsWrittenOnlyWhereARowHasIt() {
        ColumnTable<Trip> pinned = TRIPS.plus(List.of(Column.<Trip>of("pinned", "", "where it ran.", Trip::pinned).asOptional()));

        assertThat(pinned.header()).doesNotContain("pinned");
        assertThat(pinned.schema().withColumns(List.of())).isEqualTo(TRIPS.schema().withColumns(List.of()));
        assertThat(pinned.schema().columns()).as("what a reader may read: an optional column too").endsWith("pinned");
        assertThat(pinned.readme()).isEqualTo(TRIPS.readme());
        assertThat(pinned.render(ROWS)).isEqualTo("route,minutes,stops,late,pinned\n\"a,b\",12.50,3,false,\nc,,0,true,cpu1\n");
        assertThat(pinned.render(ROWS.subList(0, 1))).isEqualTo(TRIPS.render(ROWS.subList(0, 1)));
        assertThat(pinned.cells(ROWS.get(0))).doesNotContainKey("pinned");
        assertThat(pinned.read(pinned.render(ROWS))).last().satisfies(r -> assertThat(r).containsEntry("pinned", "cpu1"));
        assertThat(pinned.read(TRIPS.render(ROWS))).hasSize(2);
    }

    @Test
    void aTableRefusesWhatItCouldNotWrite() {
        Column<Trip> route = Column.of("route", "", "again.", Trip::route);
        assertThatThrownBy(() -> TRIPS.plus(List.of(route))).hasMessageContaining("column route declared twice");
        assertThatThrownBy(() -> Column.<Trip>of("a,b", "", "x", Trip::route)).hasMessageContaining("need no quoting");
        assertThatThrownBy(() -> Column.<Trip>of("late2", "", "x", Trip::route).flag(Flag.bool("late")))
                .hasMessageContaining("declares the flag of late");
    }

    /** Trips as the file was first written (route, minutes), then with stops, then with the late flag. */
    private static final ColumnTable<Trip> VERSIONED = TRIPS.added("stops")
            .upgrade(cells -> {
                cells.put("late", "unknown"); // a trip of format 2 never said
                return cells;
            }, "late");

    /** A line as the report reads it back. */
    record TripLine(String route, double minutes, String late) {
    }

    @Test
    void aLineOfAnyFormatReadsUpgradedAndTheFormatIsReadInOnePlace() throws Exception {
        assertThat(VERSIONED.format()).isEqualTo(3);
        assertThat(VERSIONED.schema().format()).isEqualTo(3);
        assertThat(VERSIONED.format(List.of("route", "minutes"), 0)).isEqualTo(1);
        assertThat(VERSIONED.format(List.of("route", "minutes", "stops"), 0)).isEqualTo(2);
        assertThat(VERSIONED.format(List.of("route", "minutes"), 3)).as("the stamp, where the run wrote one").isEqualTo(3);
        assertThat(VERSIONED.upgraded(Map.of("route", "a", "minutes", "3"), 0))
                .containsEntry("stops", "").containsEntry("late", "unknown");
        assertThat(VERSIONED.upgraded(Map.of("route", "a", "late", "true"), 0)).containsEntry("late", "true");
        CellCodec<TripLine> lines = VERSIONED.lines(java.lang.invoke.MethodHandles.lookup(), TripLine.class, "route",
                "minutes", "late");
        assertThat(VERSIONED.line(lines, Map.of("route", " a ", "minutes", "12.5"), 0))
                .isEqualTo(new TripLine("a", 12.5, "unknown"));
    }

    @Test
    void aRenamedColumnOrANewerFormatFailsToRead() {
        assertThatThrownBy(() -> VERSIONED.format(List.of("route", "mins"), 0))
                .hasMessageContaining("trips.csv: column mins is not one of its columns");
        assertThatThrownBy(() -> VERSIONED.format(List.of("route"), 4))
                .hasMessage("trips.csv is of format 4; this build reads formats up to 3");
        assertThatThrownBy(() -> TRIPS.added("speed")).hasMessageContaining("adds speed, which is not one of its columns");
        assertThatThrownBy(() -> VERSIONED.lines(java.lang.invoke.MethodHandles.lookup(), Renamed.class, "route", "mins"))
                .hasMessage("Renamed reads column mins, which trips.csv does not have");
    }

    /** A line record still naming a column by its old name. */
    record Renamed(String route, double mins) {
    }
}
