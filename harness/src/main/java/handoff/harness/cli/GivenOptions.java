package handoff.harness.cli;

import handoff.harness.results.AtomicFiles;
import handoff.harness.results.RunFolder;
import handoff.harness.trial.Profile;
import picocli.CommandLine.ParseResult;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static handoff.harness.cli.OptionLists.badInput;

/**
 * The sweep options a run was given, by row of its option table ({@link SweepOptions#ALL}): each given row's value as
 * typed (a flag's is {@code true}). Made once where the options cross into the harness, from a command line
 * ({@link #parsed}) or from a run folder's {@code sweep.properties} ({@link #fromSaved}), and written back only to
 * {@code sweep.properties} ({@link #saved}); in between, the checks and the plan read it by row. Only a row of the
 * table can be given or asked for (a name that is no row's is refused, not read as "not given"), so an option cannot
 * exist outside its row; the typed form of each value is the plan's ({@link SweepOptions#plan}), parsed there by the row.
 */
final class GivenOptions {
    private final List<SweepOption> table;
    /** Given rows to their values as typed, in the table's order. */
    private final Map<SweepOption, String> values;

    private GivenOptions(List<SweepOption> table, Map<SweepOption, String> values) {
        this.table = List.copyOf(table);
        this.values = values;
    }

    /** The rows of {@code table} given on a command line, as picocli parsed it. */
    static GivenOptions parsed(ParseResult parsed, List<SweepOption> table) {
        Map<SweepOption, String> values = new LinkedHashMap<>();
        for (SweepOption o : table) {
            if (parsed.hasMatchedOption(o.name())) {
                values.put(o, o.flag() ? "true" : String.valueOf(parsed.matchedOptionValue(o.name(), "")));
            }
        }
        return new GivenOptions(table, values);
    }

    /**
     * The rows a run folder's {@code sweep.properties} gives back, read as the file holds them (key to text): a key an
     * older run lacks takes its row's {@code unsaved} value; a flag is given where it is {@code true}; a key that is no
     * row's is left out.
     */
    static GivenOptions fromSaved(List<SweepOption> table, Map<String, String> saved) {
        Map<SweepOption, String> values = new LinkedHashMap<>();
        for (SweepOption o : table) {
            if (o.key() == null) {
                continue;
            }
            String v = saved.containsKey(o.key()) ? saved.get(o.key()) : o.unsaved();
            if (v != null && !(o.flag() && !"true".equals(v))) {
                values.put(o, v);
            }
        }
        return new GivenOptions(table, values);
    }

    /** {@link #fromSaved} of a {@code sweep.properties} file, for {@link SweepOptions#ALL}. */
    static GivenOptions read(Path sweepProperties) {
        return fromSaved(SweepOptions.ALL, RunFolder.readProperties(sweepProperties));
    }

    /** The table these options are rows of, in its order. */
    List<SweepOption> table() {
        return table;
    }

    /** Whether the row named {@code name} (e.g. {@code --quiet}) was given; {@link IllegalStateException} where no row is. */
    boolean has(String name) {
        return values.containsKey(row(name));
    }

    /** The value as typed of the row named {@code name}; null where it was not given. */
    String text(String name) {
        return values.get(row(name));
    }

    /** The value as typed of the row named {@code name}, or {@code absent} where it was not given. */
    String textOr(String name, String absent) {
        return values.getOrDefault(row(name), absent);
    }

    /** A row's value as typed; null where it was not given (and with no value to give: the plan reads each row so). */
    String text(SweepOption row) {
        return values.get(row);
    }

    /**
     * Checks every value given as typed against its row's {@link OptionValue}, in the table's order, before anything
     * reads it: {@link Main.BadInput} naming the first bad one and what is allowed.
     */
    void check() {
        values.forEach(SweepOption::check);
    }

    /**
     * What {@code sweep.properties} keeps, key to text as the file holds it: every plan option given, and each preset
     * one's value, so that a resume re-plans alike.
     */
    Map<String, String> saved() {
        Map<String, String> m = new LinkedHashMap<>();
        Profile profile = badInput(() -> Profile.parse(textOr("--profile", "quick")));
        for (SweepOption o : table) {
            if (o.key() == null) {
                continue;
            }
            String v = values.containsKey(o) ? values.get(o) : o.preset() == null ? null : o.preset().apply(profile);
            if (v != null) {
                m.put(o.key(), v);
            }
        }
        return m;
    }

    /** Writes {@link #saved} as a run folder's {@code sweep.properties}. */
    void write(Path sweepProperties) {
        AtomicFiles.write(sweepProperties, RunFolder.toProperties(saved()));
    }

    private SweepOption row(String name) {
        return table.stream().filter(o -> o.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalStateException(name + " is no row of this option table"));
    }
}
