package handoff.harness.page;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A page of the report being written: the main text (short: the answer, the decision table, at most
 * {@link #MAX_IMAGES} figures) or one of its appendix files in the run folder ({@link #page}), each an ordered list
 * of what sections wrote into it. Sections write through this class only, so links and image paths are right
 * wherever the main file goes ({@code --out}); the pages of one report share its figures and its image budget.
 */
public final class Page {
    private static final Prose TEXT = Prose.of("page");
    public static final int MAX_IMAGES = 10;
    /** Where the full table of every figure goes. */
    public static final String FIGURE_TABLES = "appendix-figures.md";

    /** What the pages of one report share. */
    private static final class Shared {
        final Map<String, List<Plot>> plots;
        final Plotter.Result plotted;
        final Map<String, Page> pages = new LinkedHashMap<>();
        int images;

        Shared(Map<String, List<Plot>> plots, Plotter.Result plotted) {
            this.plots = plots;
            this.plotted = plotted;
        }
    }

    public final RunData run;
    private final Path target;
    private final Shared shared;
    private final boolean numbered;
    private final StringBuilder text = new StringBuilder();
    private int h2;
    private int h3;
    /** Added to every {@code ##} heading (the top page names the box each section's numbers come from); empty by default. */
    private String box = "";

    /** The main page of a report whose figures were not drawn by this command. */
    public Page(RunData run, Path target, Map<String, List<Plot>> plots) {
        this(run, target, new Shared(plots, null), false);
    }

    /** @param plotted the outcome of plot-all.sh; null where this command was not asked to plot */
    public Page(RunData run, Path target, Map<String, List<Plot>> plots, Plotter.Result plotted) {
        this(run, target, new Shared(plots, plotted), false);
    }

    private Page(RunData run, Path target, Shared shared, boolean numbered) {
        this.run = run;
        this.target = target.toAbsolutePath().normalize();
        this.shared = shared;
        this.numbered = numbered;
    }

    /** {@code ## title}; on a numbered page {@code ## N. title}. */
    public Page h2(String s) {
        h2++;
        h3 = 0;
        return line("## " + (numbered ? h2 + ". " : "") + s + box + "\n");
    }

    /** Names the box in every {@code ##} heading written from now on ("— 16-vCPU … VM"); empty to stop. */
    public Page box(String label) {
        box = label.isEmpty() ? "" : " — " + label;
        return this;
    }

    /** The length of the text so far, in UTF-8 bytes (what a page's size limit counts). */
    public int bytes() {
        return text.toString().getBytes(StandardCharsets.UTF_8).length;
    }

    /** Removes and returns what was written after {@code mark} (a {@link #text()} length): a section that did not fit. */
    public String cut(int mark) {
        String tail = text.substring(mark);
        text.setLength(mark);
        return tail;
    }

    /** Appends text written elsewhere (another run's page) as it is. */
    public Page raw(String s) {
        text.append(s);
        return this;
    }

    /** {@code ### title}; on a numbered page {@code ### N.M title}. */
    public Page h3(String s) {
        h3++;
        return line("### " + (numbered ? h2 + "." + h3 + " " : "") + s + "\n");
    }

    public Page h4(String s) {
        return line("#### " + s + "\n");
    }

    public Page p(String s) {
        return line(s + "\n");
    }

    public Page table(MarkdownTable t) {
        text.append(t).append('\n');
        return this;
    }

    /** A bullet list ({@code - item} a line, a blank line after); nothing for no items. */
    public Page list(List<String> items) {
        items.forEach(i -> text.append("- ").append(i).append('\n'));
        if (!items.isEmpty()) {
            text.append('\n');
        }
        return this;
    }

    private Page line(String s) {
        text.append(s).append('\n');
        return this;
    }

    /**
     * An appendix page in the run folder, begun with {@code opening} on first use; numbered: its {@code ##} and
     * {@code ###} headings number themselves, consecutively.
     */
    public Page page(String file, String opening, boolean numbered) {
        return shared.pages.computeIfAbsent(file, f -> {
            Page d = new Page(run, run.dir.resolve(f), shared, numbered);
            d.text.append(opening);
            return d;
        });
    }

    /** An appendix page with the usual opening: its title, the run, a link back and what the flags mean. */
    public Page page(String file, String title) {
        return page(file, "# " + title + " — run " + run.runId + "\n\n" + TEXT.get("appendix.opening") + "\n\n", false);
    }

    /** The text of an appendix page with the usual opening, for a section that writes it as Markdown itself. */
    public StringBuilder appendix(String file, String title) {
        return page(file, title).text;
    }

    /** An appendix page written whole by another generator. */
    public void appendixFile(String file, String whole) {
        Page d = page(file, "", false);
        d.text.setLength(0);
        d.text.append(whole);
    }

    /** A Markdown link from this page to a file of the run folder. */
    public String link(String runFile, String text) {
        return "[" + text + "](" + rel(run.dir.resolve(runFile)) + ")";
    }

    public List<Plot> plots(String script) {
        return shared.plots.getOrDefault(script, List.of());
    }

    public List<Plot> allPlots() {
        List<Plot> out = new ArrayList<>();
        shared.plots.values().forEach(out::addAll);
        return out;
    }

    /** Whether this command ran plot-all.sh; null where it was not asked to plot. */
    public Plotter.Result plotted() {
        return shared.plotted;
    }

    /**
     * A figure in the main text while the image budget lasts (image, caption, link to its table), else a link to
     * the appendix where it stands. Its table always goes to {@link #FIGURE_TABLES}.
     */
    public Page figure(Plot f) {
        Page a = page(FIGURE_TABLES, TEXT.get("figures.title"));
        a.line("## " + f.title() + "\n");
        Path png = png(f);
        boolean drawn = Files.isRegularFile(png);
        if (drawn) {
            a.p("![" + f.title() + "](plots/" + f.name() + ".png)");
        }
        a.p(f.caption()).table(f.table());
        String anchor = f.title().toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9 -]", "").replace(' ', '-');
        String tableLink = link(FIGURE_TABLES + "#" + anchor, TEXT.get("figure.table-link"));
        if (drawn && shared.images < MAX_IMAGES) {
            shared.images++;
            p("![" + f.title() + "](" + rel(png) + ")");
            p("*" + f.caption() + "* (" + tableLink + ")");
        } else {
            p("**" + f.title() + ".** " + f.caption() + " " + (drawn ? TEXT.get("figure.drawn") : TEXT.get("figure.not-drawn")) + " "
                    + link(FIGURE_TABLES + "#" + anchor, TEXT.get("figure.appendix-link")) + ".");
        }
        return this;
    }

    /** A figure in full where it stands (an appendix's): heading, image or why there is none, its notes, its table. */
    public Page figureInFull(Plot f) {
        h4(f.title() + (f.flagged() ? " " + TEXT.get("figure.flagged") : ""));
        Path png = png(f);
        if (Files.isRegularFile(png)) {
            p("![" + f.title() + "](" + rel(png) + ")");
        } else {
            p(shared.plotted == null ? TEXT.fill("figure.no-image.unrequested").with("name", f.name()).text()
                    : TEXT.fill("figure.no-image").with("name", f.name()).text());
        }
        f.notes().forEach(n -> text.append("- note: ").append(n).append('\n'));
        if (!f.notes().isEmpty()) {
            text.append('\n');
        }
        return table(f.table());
    }

    private Path png(Plot f) {
        return run.dir.resolve("plots").resolve(f.name() + ".png");
    }

    public int images() {
        return shared.images;
    }

    public String text() {
        return text.toString();
    }

    /**
     * One appendix page of a report: the file it is written to beside the report and its text.
     *
     * @param file the file name, e.g. {@code appendix-spikes.md}
     * @param text its Markdown
     */
    public record Appendix(String file, String text) {
    }

    /** The appendix pages, in the order they were begun. */
    public List<Appendix> appendices() {
        List<Appendix> out = new ArrayList<>();
        shared.pages.forEach((f, d) -> out.add(new Appendix(f, d.text())));
        return out;
    }

    private String rel(Path p) {
        Path base = target.getParent();
        return base.relativize(p.toAbsolutePath().normalize()).toString().replace('\\', '/');
    }
}
