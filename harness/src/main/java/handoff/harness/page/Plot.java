package handoff.harness.page;

import java.util.List;

/**
 * One figure: {@code plots/<name>.png}, drawn by {@code plots/<script>.gp} from {@code plots/data/<name>*}; its
 * title, caption and the table of the very numbers it draws. A figure of the details appendix has no caption of
 * its own (its section's text is) and may carry notes (e.g. a series left out for want of a histogram file).
 *
 * @param table   the numbers it draws; null for a figure that could not be drawn ({@link #skipped}), which is
 *                never plotted and whose note says why where its section stands
 * @param flagged it draws rows a reader must discount: oversubscribed or unstable in the main report (the caption
 *                says which), oversubscribed in the details appendix (its heading says so)
 * @param notes   lines printed under the figure
 */
public record Plot(String script, String name, String title, String caption, MarkdownTable table, boolean flagged, List<String> notes) {
    public Plot {
        notes = List.copyOf(notes);
    }

    public Plot(String script, String name, String title, String caption, MarkdownTable table, boolean flagged) {
        this(script, name, title, caption, table, flagged, List.of());
    }

    /** A figure its kind could not draw (no readable input): listed with its reason, never drawn. */
    public static Plot skipped(String script, String name, String title, String reason) {
        return new Plot(script, name, title, "", null, false, List.of(reason));
    }

    /** Whether there is something to draw: false for a {@link #skipped} figure. */
    public boolean drawable() {
        return table != null;
    }
}
