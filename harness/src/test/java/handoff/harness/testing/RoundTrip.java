package handoff.harness.testing;

import handoff.harness.results.RunFolder;
import handoff.harness.results.TrialProperties;
import handoff.harness.results.CellCodec;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Test support: a trial record written through its codec, into a trial file and read back as the fold reads it, is
 * equal to the record (arrays and histograms compared by content).
 */
public final class RoundTrip {
    private RoundTrip() {
    }

    /** {@code record} under {@code prefix}, through a properties file in {@code dir}; returns the cells written. */
    public static <R extends Record> TrialProperties check(CellCodec<R> codec, R record, String prefix, Path dir) {
        TrialProperties.Builder out = TrialProperties.builder().put("status", "ok");
        codec.write(record, out, prefix);
        TrialProperties written = out.build();
        RunFolder folder = new RunFolder(dir);
        folder.writeTrial("t", written);
        TrialProperties read = RunFolder.readTrial(folder.trialFile("t"));
        assertThat(codec.read(read, prefix)).as(codec + " read back from " + read).usingRecursiveComparison()
                .withEqualsForType(org.HdrHistogram.Histogram::equals, org.HdrHistogram.Histogram.class)
                .withEqualsForType((a, b) -> Double.compare(a, b) == 0, Double.class)
                .isEqualTo(record);
        return written;
    }
}
