package handoff.harness.page;

import handoff.harness.results.CsvFormat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** A results CSV: header line, then rows; quoted fields (with "" escapes) allowed. */
public final class CsvFile {
    public final String name;
    public final List<String> header;
    public final List<TextLine> rows;

    private CsvFile(String name, List<String> header, List<TextLine> rows) {
        this.name = name;
        this.header = header;
        this.rows = rows;
    }

    /** Null when the file is absent (the section then says it was not run). */
    public static CsvFile read(Path file) throws IOException {
        return read(file, 0);
    }

    /** {@link #read(Path)} of a file its run stamped with format {@code format} (0: none), which its rows keep. */
    public static CsvFile read(Path file, int format) throws IOException {
        if (!Files.isRegularFile(file)) {
            return null;
        }
        return parse(file.getFileName().toString(), Files.readString(file, StandardCharsets.UTF_8), format);
    }

    public static CsvFile parse(String name, String text) {
        return parse(name, text, 0);
    }

    private static CsvFile parse(String name, String text, int format) {
        List<List<String>> lines = new ArrayList<>();
        for (String line : text.split("\r?\n")) {
            if (!line.isBlank()) {
                lines.add(split(line));
            }
        }
        List<String> header = new ArrayList<>();
        List<TextLine> rows = new ArrayList<>();
        if (lines.isEmpty()) {
            return new CsvFile(name, header, rows);
        }
        for (String h : lines.get(0)) {
            header.add(h.trim());
        }
        Header columns = new Header(header, format);
        for (List<String> l : lines.subList(1, lines.size())) {
            rows.add(new TextLine(name, columns, l));
        }
        return new CsvFile(name, header, rows);
    }

    /** One line's cells, as the results side writes them ({@link handoff.harness.results.CsvFormat#split}). */
    public static List<String> split(String line) {
        return CsvFormat.split(line);
    }

    /**
     * This file's rows, then {@code next}'s, under this file's name: a study's per-trial file that two of its runs
     * hold ({@code report.Study.PER_TRIAL}); each row keeps its own run's format. Refused (IllegalArgumentException) where
     * the headers differ.
     */
    public CsvFile then(CsvFile next) {
        if (!header.equals(next.header)) {
            throw new IllegalArgumentException(name + ": the runs' headers differ (" + String.join(",", header) + " vs "
                    + String.join(",", next.header) + ")");
        }
        List<TextLine> all = new ArrayList<>(rows);
        all.addAll(next.rows);
        return new CsvFile(name, header, all);
    }

    /** Every row in file order, ok or not. */
    public List<TextLine> rows() {
        return Collections.unmodifiableList(rows);
    }

    public List<TextLine> ok() {
        List<TextLine> out = new ArrayList<>();
        for (TextLine r : rows) {
            if (r.ok()) {
                out.add(r);
            }
        }
        return out;
    }

    public List<TextLine> notOk() {
        List<TextLine> out = new ArrayList<>();
        for (TextLine r : rows) {
            if (!r.ok()) {
                out.add(r);
            }
        }
        return out;
    }
}
