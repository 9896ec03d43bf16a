package handoff.harness.page;

import handoff.harness.results.Histograms;
import handoff.harness.results.PlotFiles;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The .hgrm files open in HdrHistogram's own tools: parsed as its GoogleChartsExample/plotFiles.html does
 * (trim, split on runs of spaces, skip lines starting with '#', keep lines of exactly 4 fields whose 1st and
 * 4th parse as numbers), and the report's reader gets the same points and the footer's max; the CSV form
 * of runs committed before still reads.
 */
class HgrmTest {
    @TempDir
    Path dir;

    static List<double[]> plotFilesPoints(String text) {
        return PlotFiles.points(text);
    }

    private static Histogram sample() {
        Histogram h = Histograms.newNanos();
        for (int i = 1; i <= 10_000; i++) {
            h.recordValue(100 + i * 7L);
        }
        h.recordValue(5_000_000); // one outlier: the max
        return h;
    }

    @Test
    void standardTextFormOpensInPlotFilesAndInTheReport() throws Exception {
        Histogram h = sample();
        String text = Histograms.percentileText(h);
        assertThat(text).startsWith("# handoff: values in nanoseconds").contains("#[Mean").contains("#[Max").contains("#[Buckets");
        List<double[]> pts = plotFilesPoints(text);
        assertThat(pts).hasSizeGreaterThan(20);
        for (String line : text.split("\n")) {
            String t = line.trim();
            if (t.isEmpty() || t.startsWith("#") || t.startsWith("Value")) {
                continue;
            }
            String[] f = t.split(" +");
            assertThat(f.length).as("data line '%s'", t).isBetween(3, 4);
            for (String c : f) {
                Double.parseDouble(c); // every field numeric
            }
        }
        assertThat(pts.get(0)[0]).isEqualTo(1.0);
        assertThat(pts.get(pts.size() - 1)[1]).isLessThanOrEqualTo(h.getMaxValue());

        Path f = dir.resolve("x.hgrm");
        Files.writeString(f, text);
        Hgrm read = Hgrm.read(f);
        assertThat(read.points).hasSize(pts.size());
        assertThat(read.max).as("max from the #[Max] footer").isEqualTo((double) h.getMaxValue());
        assertThat(read.total).isEqualTo(10_001.0);
        assertThat(read.at(50)).isCloseTo(h.getValueAtPercentile(50), within(h.getValueAtPercentile(50) * 0.01));
    }

    @Test
    void committedRunsCsvFormStillReads() throws Exception {
        Histogram h = sample();
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        h.outputPercentileDistribution(new java.io.PrintStream(out, true), 5, 1.0, true);
        Path f = dir.resolve("old.hgrm");
        Files.write(f, out.toByteArray());
        Hgrm read = Hgrm.read(f);
        assertThat(read.points).hasSizeGreaterThan(20);
        assertThat(read.max).isEqualTo((double) h.getMaxValue());
        assertThat(read.at(50)).isCloseTo(h.getValueAtPercentile(50), within(h.getValueAtPercentile(50) * 0.01));
    }

    /** A committed quick run of the 2-vCPU box: every suite that writes .hgrm files ran in it. */
    static final String COMMITTED_RUN = "20261126-153132-9042223";

    /**
     * Every .hgrm of a run folder: the committed run {@link #COMMITTED_RUN} by default, or the folder given as
     * -Dhandoff.hgrm.dir=results/RUN (e.g. a fresh quick run).
     */
    @Test
    void everyHgrmOfARunOpensInPlotFiles() throws Exception {
        String given = System.getProperty("handoff.hgrm.dir");
        Path dir = given != null ? Path.of(given) : handoff.harness.results.ResultsReadme.folder().resolve(COMMITTED_RUN).resolve("hgrm");
        assertThat(dir).as("the run's hgrm files").isDirectory();
        List<Path> files;
        try (Stream<Path> s = Files.walk(dir)) {
            files = s.filter(p -> p.toString().endsWith(".hgrm")).toList();
        }
        assertThat(files).isNotEmpty();
        for (Path p : files) {
            String text = Files.readString(p);
            assertThat(plotFilesPoints(text)).as(p.toString()).isNotEmpty();
            assertThat(Hgrm.read(p).max).as(p.toString()).isPositive();
        }
    }
}
