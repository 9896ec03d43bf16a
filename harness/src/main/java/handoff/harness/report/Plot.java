package handoff.harness.report;

/**
 * One figure: {@code plots/<name>.png}, drawn by {@code plots/<script>.gp} from {@code plots/data/<name>*}; its
 * title, caption and the table of the very numbers it draws.
 *
 * @param flagged rows it draws that are oversubscribed or unstable (the caption says which)
 */
public record Plot(String script, String name, String title, String caption, Md table, boolean flagged) {
}
