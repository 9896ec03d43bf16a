package handoff.harness.page;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The header line of one CSV file as read: its column names in order, and where each stands, so a {@link TextLine} is its
 * line's cells and finds a cell by column name. Where a name appears twice the later column holds it, as far as the
 * line reaches (a short line falls back to the earlier).
 */
final class Header {
    private final List<String> names;
    /** Column name → its last position. */
    private final Map<String, Integer> last = new HashMap<>();
    private final boolean repeats;
    private final int format;

    /** A header of a file its run did not stamp with a format. */
    Header(List<String> names) {
        this(names, 0);
    }

    /** @param format the format its run stamped the file with; 0 for none */
    Header(List<String> names, int format) {
        this.names = List.copyOf(names);
        this.format = format;
        for (int i = 0; i < this.names.size(); i++) {
            last.put(this.names.get(i), i);
        }
        repeats = last.size() < this.names.size();
    }

    /** The position of {@code column} in a line of {@code cells} cells; -1 where the header lacks it or the line stops short. */
    int position(String column, int cells) {
        Integer at = last.get(column);
        if (at == null) {
            return -1;
        }
        if (at < cells) {
            return at;
        }
        if (!repeats) {
            return -1;
        }
        for (int i = Math.min(at, cells) - 1; i >= 0; i--) {
            if (names.get(i).equals(column)) {
                return i;
            }
        }
        return -1;
    }

    List<String> names() {
        return names;
    }

    int format() {
        return format;
    }
}
