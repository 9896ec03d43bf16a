package handoff.harness.report;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The report being written: the main text (short: the answer, the decision table, at most {@link #MAX_IMAGES}
 * figures) and its appendix files in the run folder, linked from it. Sections write through this class only,
 * so links and image paths are right wherever the main file goes ({@code --out}).
 */
public final class Doc {
    public static final int MAX_IMAGES = 10;
    /** Where the full table of every figure goes. */
    public static final String FIGURE_TABLES = "appendix-figures.md";

    public final RunData run;
    private final Path target;
    private final Map<String, List<Plot>> plots;
    private final StringBuilder main = new StringBuilder();
    private final Map<String, StringBuilder> appendices = new LinkedHashMap<>();
    private int images;

    public Doc(RunData run, Path target, Map<String, List<Plot>> plots) {
        this.run = run;
        this.target = target.toAbsolutePath().normalize();
        this.plots = plots;
    }

    public Doc h2(String s) {
        main.append("## ").append(s).append("\n\n");
        return this;
    }

    public Doc h3(String s) {
        main.append("### ").append(s).append("\n\n");
        return this;
    }

    public Doc p(String s) {
        main.append(s).append("\n\n");
        return this;
    }

    public Doc table(Md t) {
        main.append(t).append('\n');
        return this;
    }

    /** An appendix file in the run folder, created with its title on first use. */
    public StringBuilder appendix(String file, String title) {
        return appendices.computeIfAbsent(file, f -> new StringBuilder("# " + title + " — run " + run.runId + "\n\n"
                + "Appendix of [the report](REPORT.md). Flags: **oversubscribed** = more threads than CPUs; "
                + "**unstable** = forks disagree by more than 2×; **unknown** = one fork, no spread.\n\n"));
    }

    /** An appendix file written whole by another generator. */
    public void appendixFile(String file, String text) {
        appendices.put(file, new StringBuilder(text));
    }

    /** A Markdown link from the main file to a file of the run folder. */
    public String link(String runFile, String text) {
        return "[" + text + "](" + rel(run.dir.resolve(runFile)) + ")";
    }

    public List<Plot> plots(String script) {
        return plots.getOrDefault(script, List.of());
    }

    public List<Plot> allPlots() {
        List<Plot> out = new ArrayList<>();
        plots.values().forEach(out::addAll);
        return out;
    }

    /**
     * A figure in the main text while the image budget lasts (image, caption, link to its table), else a link to
     * the appendix where it stands. Its table always goes to {@link #FIGURE_TABLES}.
     */
    public Doc figure(Plot f) {
        StringBuilder a = appendix(FIGURE_TABLES, "Figures and their tables");
        a.append("## ").append(f.title()).append("\n\n");
        Path png = run.dir.resolve("plots").resolve(f.name() + ".png");
        boolean drawn = Files.isRegularFile(png);
        if (drawn) {
            a.append("![").append(f.title()).append("](plots/").append(f.name()).append(".png)\n\n");
        }
        a.append(f.caption()).append("\n\n").append(f.table()).append('\n');
        String anchor = f.title().toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9 -]", "").replace(' ', '-');
        String tableLink = link(FIGURE_TABLES + "#" + anchor, "its table");
        if (drawn && images < MAX_IMAGES) {
            images++;
            main.append("![").append(f.title()).append("](").append(rel(png)).append(")\n\n");
            p("*" + f.caption() + "* (" + tableLink + ")");
        } else {
            p("**" + f.title() + ".** " + f.caption() + " " + (drawn ? "Figure and table: " : "Not drawn (run plots/plot-all.sh); table: ")
                    + link(FIGURE_TABLES + "#" + anchor, "appendix") + ".");
        }
        return this;
    }

    public int images() {
        return images;
    }

    public String text() {
        return main.toString();
    }

    public Map<String, StringBuilder> appendices() {
        return appendices;
    }

    private String rel(Path p) {
        Path base = target.getParent();
        return base.relativize(p.toAbsolutePath().normalize()).toString().replace('\\', '/');
    }
}
