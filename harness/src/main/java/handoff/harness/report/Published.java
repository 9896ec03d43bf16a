package handoff.harness.report;

import handoff.harness.page.CsvFile;
import handoff.harness.page.Lines;
import handoff.harness.page.TextLine;

import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandles;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The published figures (resource handoff/reference/published-results.md, carried verbatim so every
 * table keeps its source line) and the comparisons against them (comparisons.csv beside it). Tables are
 * addressed as section letter + table number within the section ("A.1" = Thompson, burst 1).
 */
final class Published {
    static final String RESOURCE = "/handoff/reference/published-results.md";
    static final String COMPARISONS = "/handoff/reference/comparisons.csv";

    static final class Table {
        final String id;
        /** The section heading: who published it, where. */
        final String source;
        /** Text between the heading and the table: hardware, method, caption. */
        final List<String> context = new ArrayList<>();
        final List<String> header = new ArrayList<>();
        final List<List<String>> rows = new ArrayList<>();

        Table(String id, String source) {
            this.id = id;
            this.source = source;
        }

        /** The cell at "col=value;col=value:column", or null. */
        String cell(String ref) {
            int colon = ref.lastIndexOf(':');
            if (colon < 0) {
                return null;
            }
            String column = norm(ref.substring(colon + 1));
            int c = -1;
            for (int i = 0; i < header.size(); i++) {
                if (norm(header.get(i)).equals(column)) {
                    c = i;
                }
            }
            if (c < 0) {
                return null;
            }
            for (List<String> row : rows) {
                if (matches(row, ref.substring(0, colon))) {
                    return c < row.size() ? row.get(c) : null;
                }
            }
            return null;
        }

        private boolean matches(List<String> row, String filter) {
            for (String f : filter.split(";")) {
                int eq = f.indexOf('=');
                String col = norm(f.substring(0, eq));
                String val = norm(f.substring(eq + 1));
                int c = col.isEmpty() ? 0 : -1;
                for (int i = 0; i < header.size() && c < 0; i++) {
                    if (norm(header.get(i)).equals(col)) {
                        c = i;
                    }
                }
                if (c < 0 || c >= row.size() || !norm(row.get(c)).equals(val)) {
                    return false;
                }
            }
            return true;
        }
    }

    static final class Comparison {
        final String id;
        final String table;
        final String what;
        final String pubNum;
        final String pubDen;
        final String runNum;
        final String runDen;
        final String note;

        Comparison(ComparisonLine l) {
            id = l.id();
            table = l.table();
            what = l.comparison();
            pubNum = l.publishedNum();
            pubDen = l.publishedDen();
            runNum = l.runNum();
            runDen = l.runDen();
            note = l.note();
        }

        boolean measurable() {
            return !runNum.isEmpty() && !runDen.isEmpty();
        }

        /** Families with no wait in common (Flow's own against a ring's): each side at its own first wait with a row. */
        boolean crossWait() {
            return note != null && note.startsWith("waits differ");
        }
    }

    /**
     * A line of {@code comparisons.csv} (the resource {@link #COMPARISONS}, which no suite writes, so its columns are
     * this record's alone): a comparison's id, its published table and cells, and the run's rows it sets beside them.
     */
    record ComparisonLine(String id, String table, String comparison, String publishedNum, String publishedDen, String runNum,
                          String runDen, String note) {
        static final Lines<ComparisonLine> LINES = Lines.of(MethodHandles.lookup(), "comparisons.csv", ComparisonLine.class,
                "id", "table", "comparison", "published_num", "published_den", "run_num", "run_den", "note");
    }

    final Map<String, Table> tables = new LinkedHashMap<>();
    /** One source section of the published numbers: its letter and its heading as written, e.g. {@code F. …}. */
    record Heading(String letter, String heading) {
    }

    /** Every section's heading in the order written, including sections without a table of ratios (F); a letter once. */
    final List<Heading> sections = new ArrayList<>();
    final Map<String, List<String>> sectionText = new LinkedHashMap<>();
    final List<Comparison> comparisons = new ArrayList<>();

    static Published load() throws IOException {
        Published p = new Published();
        p.parse(resource(RESOURCE));
        String csv = resource(COMPARISONS).replaceAll("(?m)^#.*\\R", "");
        for (TextLine r : CsvFile.parse("comparisons.csv", csv).rows) {
            p.comparisons.add(new Comparison(ComparisonLine.LINES.of(r)));
        }
        return p;
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = Published.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IOException("resource " + name + " missing from the class path");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /**
     * Splits the markdown into tables. A table's context is the section's intro (paragraphs before its
     * first table, less the caption right above that table) plus the paragraphs right above the table
     * itself, so "Table 3, ... 2.2 GHz Core i7-2720QM" stays with Table 3 and the JVM line with both.
     */
    void parse(String md) {
        String letter = null;
        String heading = null;
        List<String> intro = new ArrayList<>();
        List<String> paragraphs = new ArrayList<>();
        StringBuilder para = new StringBuilder();
        Table cur = null;
        int n = 0;
        for (String raw : (md + "\n").split("\\R")) {
            String line = raw.trim();
            boolean tableLine = line.startsWith("|");
            if ((line.isEmpty() || tableLine || line.startsWith("## ")) && para.length() > 0) {
                paragraphs.add(para.toString());
                para.setLength(0);
            }
            if (line.startsWith("## ")) {
                heading = line.substring(3).trim();
                int dot = heading.indexOf('.');
                letter = dot > 0 ? heading.substring(0, dot).trim() : heading;
                heading(letter, heading);
                sectionText.put(letter, new ArrayList<>());
                intro.clear();
                paragraphs.clear();
                cur = null;
                n = 0;
            } else if (letter == null) {
                continue;
            } else if (tableLine) {
                List<String> cells = cells(line);
                if (cur == null) {
                    n++;
                    cur = new Table(letter + "." + n, heading);
                    if (n == 1 && !paragraphs.isEmpty()) {
                        intro.addAll(paragraphs.subList(0, paragraphs.size() - 1));
                        cur.context.addAll(paragraphs);
                    } else {
                        cur.context.addAll(intro);
                        cur.context.addAll(paragraphs);
                    }
                    paragraphs.clear();
                    cur.header.addAll(cells);
                    tables.put(cur.id, cur);
                } else if (!line.matches("\\|[\\s|:-]+\\|?")) {
                    cur.rows.add(cells);
                }
            } else {
                cur = null;
                if (!line.isEmpty()) {
                    para.append(para.length() == 0 ? "" : " ").append(line);
                    sectionText.get(letter).add(line);
                }
            }
        }
    }

    private static List<String> cells(String line) {
        String s = line.substring(1);
        if (s.endsWith("|")) {
            s = s.substring(0, s.length() - 1);
        }
        List<String> out = new ArrayList<>();
        for (String c : s.split("\\|", -1)) {
            out.add(c.trim());
        }
        return out;
    }

    static String norm(String s) {
        return s.replace("`", "").replace("*", "").trim().toLowerCase(Locale.ROOT);
    }

    /** "4,567 ms" -> 4567; "23.9×" -> 23.9; NaN if there is no number. */
    static double number(String cell) {
        if (cell == null) {
            return Double.NaN;
        }
        String digits = cell.replace(",", "").replaceAll("[^0-9.eE+-]", " ").trim();
        if (digits.isEmpty()) {
            return Double.NaN;
        }
        try {
            return Double.parseDouble(digits.split("\\s+")[0]);
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    /** The first web address in a section's heading or text, or null where the source gives none. */
    /** Records a section's heading; a letter given again keeps its place and takes the later heading. */
    private void heading(String letter, String heading) {
        for (int i = 0; i < sections.size(); i++) {
            if (sections.get(i).letter().equals(letter)) {
                sections.set(i, new Heading(letter, heading));
                return;
            }
        }
        sections.add(new Heading(letter, heading));
    }

    String url(String letter) {
        Pattern u = Pattern.compile("https?://[^\\s),]+");
        List<String> text = new ArrayList<>();
        text.add(sections.stream().filter(h -> h.letter().equals(letter)).map(Heading::heading).findFirst().orElse(""));
        text.addAll(sectionText.getOrDefault(letter, List.of()));
        for (String line : text) {
            Matcher m = u.matcher(line);
            if (m.find()) {
                return m.group();
            }
        }
        return null;
    }

    /** The context lines a reader needs to judge a table: hardware, JVM, method and the caption. */
    String describe(Table t) {
        return String.join(" ", t.context);
    }
}
