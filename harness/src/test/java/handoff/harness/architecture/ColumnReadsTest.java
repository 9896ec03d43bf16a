package handoff.harness.architecture;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Cells read by a literal name, {@code row.num("p99_ns")}, anywhere in the harness's main code (a {@code page.TextLine}, a
 * CSV line's map, a manifest's or a trial's keys): a read that a renamed column or key turns silently into an empty
 * cell. A report part reads a file's columns through its
 * {@code page.Lines} record (checked against the file's table, {@code LinesTest}) or the columns every file shares
 * ({@code TextLine.SHARED}); what is left is the schema-driven code and a few reads of a column no table declares. The
 * budget only goes down.
 */
class ColumnReadsTest {
    static final Pattern LITERAL_READ = Pattern.compile("(?<!TEXT)\\.(get|num|text|has)\\(\"[a-z_0-9]+\"\\)");
    static final int BUDGET = 81;

    @Test
    void literalColumnReadsStayWithinTheirBudget() throws IOException {
        List<String> reads = new ArrayList<>();
        Path main = Path.of("src/main/java/handoff/harness");
        try (Stream<Path> files = Files.walk(main)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
                String text = Files.readString(f);
                Matcher m = LITERAL_READ.matcher(text);
                while (m.find()) {
                    reads.add(main.relativize(f) + ": " + m.group());
                }
            }
        }
        assertThat(reads.size()).as("literal column reads:%n%s", String.join("\n", reads)).isLessThanOrEqualTo(BUDGET);
    }
}
