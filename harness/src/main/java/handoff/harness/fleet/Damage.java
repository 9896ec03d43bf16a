package handoff.harness.fleet;

import handoff.harness.page.CsvFile;
import handoff.harness.page.Manifest;
import handoff.harness.results.CsvSchema;
import handoff.harness.results.Metric;
import handoff.harness.results.RunFolder;
import handoff.harness.results.Schemas;
import handoff.harness.trial.Forks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * Whether a run folder can be loaded whole: a manifest that parses, and CSVs whose every line has its header's cell
 * count and whose per-fork cells hold numbers. The report reads damaged folders tolerantly; {@code export} and
 * {@code collect} refuse them, so that a database never holds part of a run.
 */
public final class Damage {
    private Damage() {
    }

    /** Null where the folder is whole; otherwise the first damage found, in words naming the file and line. */
    public static String of(Path dir) {
        if (!Files.isDirectory(dir)) {
            return dir + " is not a folder";
        }
        if (!Files.isRegularFile(dir.resolve(RunFolder.MANIFEST))) {
            return dir + " is not a run folder (no " + RunFolder.MANIFEST + ")";
        }
        Manifest m = Manifest.read(dir);
        if (m.problem() != null) {
            return dir + ": " + m.problem();
        }
        try (Stream<Path> s = Files.list(dir)) {
            for (Path f : s.filter(p -> p.getFileName().toString().endsWith(".csv") && Files.isRegularFile(p)).sorted().toList()) {
                String why = csv(f, Schemas.registered().get(f.getFileName().toString()));
                if (why != null) {
                    return dir + ": " + why;
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return null;
    }

    private static String csv(Path f, CsvSchema schema) throws IOException {
        String name = f.getFileName().toString();
        List<String> lines = Files.readAllLines(f, StandardCharsets.UTF_8);
        if (lines.isEmpty()) {
            return null;
        }
        List<String> header = CsvFile.split(lines.get(0));
        for (int i = 1; i < lines.size(); i++) {
            if (lines.get(i).isBlank()) {
                continue;
            }
            List<String> cells = CsvFile.split(lines.get(i));
            if (cells.size() != header.size()) {
                return name + " line " + (i + 1) + " has " + cells.size() + " cells, its header " + header.size() + " (truncated or damaged)";
            }
            if (schema != null) {
                for (Metric m : schema.metrics()) {
                    int c = header.indexOf(m.column() + Forks.FORKS_SUFFIX);
                    String bad = c < 0 ? null : notNumber(cells.get(c));
                    if (bad != null) {
                        return name + " line " + (i + 1) + ": " + header.get(c) + " holds '" + bad + "', not a number";
                    }
                }
            }
        }
        return null;
    }

    private static String notNumber(String cell) {
        if (cell.isBlank()) {
            return null;
        }
        for (String part : cell.split(";", -1)) {
            if (!part.isBlank()) {
                try {
                    Double.parseDouble(part.trim());
                } catch (NumberFormatException e) {
                    return part;
                }
            }
        }
        return null;
    }
}
