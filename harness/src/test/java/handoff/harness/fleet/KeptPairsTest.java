package handoff.harness.fleet;

import handoff.harness.cli.Main;
import handoff.harness.page.CsvFile;
import handoff.harness.page.RunData;
import handoff.harness.page.TextLine;
import handoff.harness.results.ResultsReadme;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 48, item 9: a committed run keeps every per-fork value a verdict uses, in forks.csv at least. The 2-CPU
 * reference's ours ÷ LMAX and slip verdicts cited 6 pairs while its forks.csv had no disruptor line and its jmh/ kept 2
 * forks a side (each further round's forks overwrote the last's). Every committed run with ours-vs-LMAX rows, folded again
 * from what it keeps ({@code refold}) and exported, has in forks.csv each side's score for every pair its ratio rows cite.
 */
class KeptPairsTest {
    @TempDir
    Path tmp;

    @Test
    void everyPairARatioRowCitesIsInForksCsv() throws IOException {
        List<Path> runs;
        try (Stream<Path> s = Files.list(ResultsReadme.folder())) {
            runs = s.filter(p -> Files.isRegularFile(p.resolve("disruptor-ratio.csv"))).sorted().toList();
        }
        assertThat(runs).isNotEmpty();
        List<String> missing = new ArrayList<>();
        for (Path src : runs) {
            Path run = copy(src, tmp.resolve(src.getFileName().toString()));
            StringWriter out = new StringWriter();
            picocli.CommandLine cl = Main.commandLine();
            cl.setOut(new PrintWriter(out));
            cl.setErr(new PrintWriter(out));
            assertThat(cl.execute("refold", run.toString())).as(src.getFileName() + ": " + out).isZero();
            assertThat(cl.execute("export", run.toString())).as(src.getFileName() + ": " + out).isZero();
            RunData data = RunData.load(run);
            CsvFile forks = CsvFile.read(run.resolve(TidyForks.FILE));
            for (TextLine r : data.ok("disruptor-ratio.csv")) {
                if (r.get("p").isEmpty()) {
                    continue; // no test, no verdict
                }
                String[] sides = r.get("sides").isEmpty() ? new String[] {"disruptor", "lmax"} : r.get("sides").split("÷");
                for (String side : sides) {
                    long kept = forks.rows().stream().filter(f -> f.get("metric").equals("score") && f.get("benchmark").equals(r.get("benchmark"))
                            && f.get("wait").equals(r.get("wait")) && f.get("impl").equals(side)).count();
                    if (kept != (long) r.num("pairs")) {
                        missing.add(src.getFileName() + " " + r.get("benchmark") + " " + side + ": " + r.get("pairs") + " pairs cited, "
                                + kept + " in forks.csv");
                    }
                }
            }
        }
        assertThat(missing).isEmpty();
    }

    /** The files a fold and an export read: manifest, options, CSVs and jmh/. */
    private static Path copy(Path src, Path dst) throws IOException {
        Files.createDirectories(dst.resolve("jmh"));
        try (Stream<Path> s = Files.list(src)) {
            for (Path f : s.filter(Files::isRegularFile).toList()) {
                String n = f.getFileName().toString();
                if (n.endsWith(".csv") || n.equals("manifest.json") || n.equals("sweep.properties")) {
                    Files.copy(f, dst.resolve(n));
                }
            }
        }
        if (Files.isDirectory(src.resolve("jmh"))) {
            try (Stream<Path> s = Files.list(src.resolve("jmh"))) {
                for (Path f : s.toList()) {
                    Files.copy(f, dst.resolve("jmh").resolve(f.getFileName()));
                }
            }
        }
        return dst;
    }
}
