package handoff.harness.page;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The report's text files cannot rot: read from the sources, every key a class asks for is in its part's file, every
 * key in a file is asked for, each {@code fill} names exactly its entry's placeholders and each {@code get} is of an
 * entry without any; and the format and its loud failures, on a small text.
 */
class ProseTest {
    private static final Path SOURCES = Path.of("src/main/java");
    private static final Path TEXTS = Path.of("src/main/resources" + Prose.FOLDER);
    /** {@code static final Prose TEXT = Prose.of("tail");}: the field and its part. */
    private static final Pattern LOAD = Pattern.compile("Prose\\s+(\\w+)\\s*=\\s*Prose\\.of\\(\"([^\"]+)\"\\)");

    /** One use of a key in a source: the part, the key, and the placeholders filled ({@code null} for a get). */
    private record Use(String where, String part, String key, Set<String> filled) {
    }

    @Test
    void everyKeyUsedExistsEveryKeyInTheFilesIsUsedAndEveryFillMatchesItsPlaceholders() throws IOException {
        List<Use> uses = uses();
        Map<String, Set<String>> usedByPart = new TreeMap<>();
        List<String> problems = new ArrayList<>();
        for (Use u : uses) {
            usedByPart.computeIfAbsent(u.part(), k -> new LinkedHashSet<>()).add(u.key());
            Prose p = Prose.of(u.part());
            if (!p.keys().contains(u.key())) {
                problems.add(u.where() + ": no key [" + u.key() + "] in " + u.part() + ".md");
                continue;
            }
            Set<String> wanted = new LinkedHashSet<>(p.placeholders(u.key()));
            Set<String> filled = u.filled() == null ? Set.of() : u.filled();
            if (!filled.equals(wanted)) {
                problems.add(u.where() + ": [" + u.key() + "] of " + u.part() + ".md has " + wanted + ", filled " + filled
                        + (u.filled() == null ? " (a get)" : ""));
            }
        }
        try (Stream<Path> files = Files.list(TEXTS)) {
            for (Path f : files.sorted().toList()) {
                String part = f.getFileName().toString().replaceFirst("\\.md$", "");
                Set<String> unused = new LinkedHashSet<>(Prose.of(part).keys());
                unused.removeAll(usedByPart.getOrDefault(part, Set.of()));
                if (!unused.isEmpty()) {
                    problems.add(part + ".md: keys no class uses " + unused);
                }
            }
        }
        assertThat(usedByPart).as("parts found in the sources").isNotEmpty();
        assertThat(problems).isEmpty();
    }

    /** Every {@code FIELD.get("key")} and {@code FIELD.fill("key").with("name", …)….text()} in the main sources. */
    private static List<Use> uses() throws IOException {
        List<Use> out = new ArrayList<>();
        try (Stream<Path> files = Files.walk(SOURCES)) {
            for (Path f : files.filter(x -> x.toString().endsWith(".java")).sorted().toList()) {
                String src = Files.readString(f, StandardCharsets.UTF_8);
                Matcher load = LOAD.matcher(src);
                while (load.find()) {
                    String field = load.group(1);
                    String part = load.group(2);
                    Matcher call = Pattern.compile("\\b" + field + "\\.(get|fill)\\(").matcher(src);
                    while (call.find()) {
                        String where = f.getFileName() + ":" + line(src, call.start());
                        Matcher key = Pattern.compile("\"([^\"]+)\"\\)").matcher(src).region(call.end(), src.length());
                        assertThat(key.lookingAt()).as(where + ": a key must be a literal string").isTrue();
                        out.add(new Use(where, part, key.group(1), call.group(1).equals("get") ? null : filled(src, key.end(), where)));
                    }
                }
            }
        }
        return out;
    }

    /** The names given to {@code .with("name", …)} in the chain that starts at {@code from}, up to its {@code .text()}. */
    private static Set<String> filled(String src, int from, String where) {
        Set<String> names = new LinkedHashSet<>();
        int depth = 0;
        for (int i = from; i < src.length(); i++) {
            char c = src.charAt(i);
            if (c == '"') {
                i = src.indexOf('"', i + 1); // the sources' strings around a chain hold no escaped quote
            } else if (c == '(' || c == '{' || c == '[') {
                depth++;
            } else if (c == ')' || c == '}' || c == ']') {
                depth--;
            } else if (depth == 0 && src.startsWith(".with(\"", i)) {
                names.add(src.substring(i + 7, src.indexOf('"', i + 7)));
            } else if (depth == 0 && src.startsWith(".text()", i)) {
                return names;
            }
            assertThat(depth).as(where + ": a fill must end in .text()").isGreaterThanOrEqualTo(0);
        }
        throw new AssertionError(where + ": a fill must end in .text()");
    }

    private static int line(String src, int at) {
        return (int) src.substring(0, at).chars().filter(c -> c == '\n').count() + 1;
    }

    @Test
    void joinsParagraphLinesBySpacesParagraphsByABlankLineAndBreaksAtABackslash() {
        Prose p = Prose.parse("t", "a note to the writer\n[one]\n\nfirst line\nsecond line\n\nnext {n}\n\n[two]\nx\\\ny\n");
        assertThat(p.keys()).containsExactly("one", "two");
        assertThat(p.fill("one").with("n", 3).text()).isEqualTo("first line second line\n\nnext 3");
        assertThat(p.get("two")).isEqualTo("x\ny");
    }

    @Test
    void failsLoudly() {
        Prose p = Prose.parse("t", "[one]\n{a} and {b}\n[two]\nplain\n");
        assertThatThrownBy(() -> p.get("three")).hasMessageContaining("no key [three]");
        assertThatThrownBy(() -> p.get("one")).hasMessageContaining("use fill");
        assertThatThrownBy(() -> p.fill("one").with("a", "x").text()).hasMessageContaining("{b} unfilled");
        assertThatThrownBy(() -> p.fill("one").with("c", "x")).hasMessageContaining("no placeholder {c}");
        assertThatThrownBy(() -> p.fill("one").with("a", "x").with("a", "y")).hasMessageContaining("filled twice");
        assertThatThrownBy(() -> Prose.parse("t", "[one]\na\n[one]\nb\n")).hasMessageContaining("twice");
        assertThatThrownBy(() -> Prose.of("no-such-part")).hasMessageContaining("no report text");
    }
}
