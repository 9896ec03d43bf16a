package handoff.harness.page;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The fixed sentences of one report part, kept in a text file a writer can edit
 * ({@code handoff/report/text/<part>.md}) rather than in Java string concatenations; the numbers and computed pieces
 * stay in Java and fill the entries' named {@code {placeholders}}.
 *
 * <p>The file's format: anything before the first key line is a note to the writer and is ignored. A key line is
 * {@code [some.key]} alone on a line; its entry is every line up to the next key line. As in Markdown, the lines of
 * a paragraph are joined by one space, and paragraphs (blank lines between) by one blank line; a line ending in
 * {@code \} is joined to the next by a line break instead. Blank lines around an entry are not part of it.
 *
 * <p>Fails loudly, so the text cannot rot: an unknown key, a placeholder left unfilled, a value for a placeholder the
 * entry does not have, or {@link #get} on an entry with placeholders all throw. {@code ProseTest} checks, from the
 * sources, that every key used exists, every key in the files is used, and every fill names exactly its entry's
 * placeholders.
 */
public final class Prose {
    /** Where the parts' files are, on the class path. */
    public static final String FOLDER = "/handoff/report/text/";
    private static final Pattern KEY = Pattern.compile("\\[([a-z0-9][a-z0-9.-]*)]\\s*");
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{([a-z][A-Za-z0-9]*)}");

    private final String part;
    private final Map<String, Entry> entries; // by key, in file order

    /** One entry: its text and its placeholders' names, in the order they first appear. */
    private record Entry(String text, List<String> placeholders) {
        static Entry of(String text) {
            Set<String> names = new LinkedHashSet<>();
            Matcher m = PLACEHOLDER.matcher(text);
            while (m.find()) {
                names.add(m.group(1));
            }
            return new Entry(text, List.copyOf(names));
        }
    }

    private Prose(String part, Map<String, Entry> entries) {
        this.part = part;
        this.entries = entries;
    }

    /** The entries of {@code handoff/report/text/<part>.md}; throws if the file is missing or malformed. */
    public static Prose of(String part) {
        String name = FOLDER + part + ".md";
        try (InputStream in = Prose.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("no report text " + name + " on the class path");
            }
            return parse(part, new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(name, e);
        }
    }

    /** The entries of one file's text (the format in the class comment). */
    static Prose parse(String part, String file) {
        Map<String, Entry> entries = new LinkedHashMap<>();
        String key = null;
        List<String> lines = new ArrayList<>();
        for (String line : (file + "\n").split("\r?\n", -1)) {
            Matcher m = KEY.matcher(line);
            if (m.matches()) {
                if (key != null) {
                    entries.put(key, Entry.of(join(lines)));
                }
                key = m.group(1);
                lines.clear();
                if (entries.containsKey(key)) {
                    throw new IllegalStateException("report text " + part + ": key [" + key + "] twice");
                }
            } else if (key != null) {
                lines.add(line.stripTrailing());
            }
        }
        if (key != null) {
            entries.put(key, Entry.of(join(lines)));
        }
        return new Prose(part, Collections.unmodifiableMap(entries));
    }

    /** An entry's lines as text: paragraph lines joined by a space, paragraphs by a blank line, {@code \} a break. */
    private static String join(List<String> lines) {
        int from = 0;
        int to = lines.size();
        while (from < to && lines.get(from).isEmpty()) {
            from++;
        }
        while (to > from && lines.get(to - 1).isEmpty()) {
            to--;
        }
        StringBuilder b = new StringBuilder();
        String gap = "";
        for (String line : lines.subList(from, to)) {
            if (line.isEmpty()) {
                gap = "\n\n";
                continue;
            }
            b.append(b.length() == 0 ? "" : gap);
            boolean hardBreak = line.endsWith("\\");
            b.append(hardBreak ? line.substring(0, line.length() - 1) : line);
            gap = hardBreak ? "\n" : " ";
        }
        return b.toString();
    }

    /** The part's name, as in {@link #of}. */
    public String part() {
        return part;
    }

    /** Every key of the part's file, in file order. */
    public Set<String> keys() {
        return entries.keySet();
    }

    /** The placeholders of an entry, in the order they first appear. */
    public List<String> placeholders(String key) {
        return entry(key).placeholders();
    }

    /** An entry that has no placeholders, as it stands. */
    public String get(String key) {
        Entry e = entry(key);
        if (!e.placeholders().isEmpty()) {
            throw new IllegalStateException("report text " + part + " [" + key + "] has placeholders " + e.placeholders() + ": use fill");
        }
        return e.text();
    }

    /** An entry whose placeholders are to be filled by {@link Fill#with} and read by {@link Fill#text}. */
    public Fill fill(String key) {
        return new Fill(key, entry(key));
    }

    private Entry entry(String key) {
        Entry e = entries.get(key);
        if (e == null) {
            throw new IllegalArgumentException("report text " + part + " has no key [" + key + "]");
        }
        return e;
    }

    /** One entry being filled: every placeholder exactly once, nothing else. */
    public final class Fill {
        private final String key;
        private final Entry entry;
        private final String[] values; // by the placeholder's position in the entry's list

        private Fill(String key, Entry entry) {
            this.key = key;
            this.entry = entry;
            this.values = new String[entry.placeholders().size()];
        }

        /** The placeholder {@code {name}} is this text (already formatted: numbers go through {@link NumberText}). */
        public Fill with(String name, String value) {
            int i = entry.placeholders().indexOf(name);
            if (i < 0) {
                throw new IllegalArgumentException("report text " + part + " [" + key + "] has no placeholder {" + name + "}");
            }
            if (values[i] != null) {
                throw new IllegalArgumentException("report text " + part + " [" + key + "]: {" + name + "} filled twice");
            }
            values[i] = Objects.requireNonNull(value, name);
            return this;
        }

        /** The placeholder {@code {name}} is this count. */
        public Fill with(String name, long count) {
            return with(name, Long.toString(count));
        }

        /** The entry with every placeholder filled; throws if one is not. */
        public String text() {
            for (int i = 0; i < values.length; i++) {
                if (values[i] == null) {
                    throw new IllegalStateException("report text " + part + " [" + key + "]: {" + entry.placeholders().get(i) + "} unfilled");
                }
            }
            Matcher m = PLACEHOLDER.matcher(entry.text());
            StringBuilder b = new StringBuilder();
            while (m.find()) {
                m.appendReplacement(b, Matcher.quoteReplacement(values[entry.placeholders().indexOf(m.group(1))]));
            }
            return m.appendTail(b).toString();
        }

        @Override
        public String toString() {
            return text();
        }
    }
}
