package handoff.harness.sweep;

import handoff.harness.results.Json;
import handoff.harness.results.RunFolder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** Every change to manifest.json is a read-modify-write of its tree, written atomically: no temp file left, no fact lost. */
class ManifestWriterTest {
    /** A manifest as an older harness wrote it: counts as doubles, no write_failure/timing keys, a key this one does not know. */
    private static final String OLD = "{\n  \"run_id\": \"x\",\n  \"status\": \"interrupted\",\n  \"finished_utc\": \"2026-11-01T00:00:00Z\",\n"
            + "  \"resumed_utc\": \"\",\n  \"machine\": {\n    \"online_cpus\": 2.0\n  },\n  \"someone_elses\": [1, {\"k\": \"v\"}]\n}\n";

    @TempDir
    Path dir;

    @Test
    void resumeAndFinishChangeTheirKeysKeepTheRestAndLeaveNoTempFile() throws Exception {
        Files.writeString(dir.resolve(RunFolder.MANIFEST), OLD);
        ManifestWriter m = ManifestWriter.resume(new RunFolder(dir), GitRecordTest.BUILT);
        m.timing(Timing.toJson(Map.of("rtt", new Timing("rtt", 198, 401.25, 412))));
        m.finish("complete", null);

        String text = Files.readString(dir.resolve(RunFolder.MANIFEST));
        Map<?, ?> tree = (Map<?, ?>) Json.parse(text);
        assertThat(tree.get("status")).isEqualTo("complete");
        assertThat((String) tree.get("resumed_utc")).isNotBlank();
        assertThat(tree.get(ManifestWriter.WRITE_FAILURE)).isEqualTo("");
        assertThat(tree.get("someone_elses")).isEqualTo(List.of(1L, Map.of("k", "v")));
        assertThat(tree.get("machine")).isEqualTo(Map.of("online_cpus", 2.0));
        assertThat(text).contains("\"trials\": 198,").doesNotContain("198.0");
        assertThat(Timing.fromJson(tree.get(ManifestWriter.TIMING)).get("rtt").trials()).isEqualTo(198);
        try (Stream<Path> s = Files.list(dir)) {
            assertThat(s.map(p -> p.getFileName().toString())).containsExactly(RunFolder.MANIFEST);
        }
    }

    @Test
    void aWriteFailureIsMarkedInTheTree() throws Exception {
        Files.writeString(dir.resolve(RunFolder.MANIFEST), OLD);
        ManifestWriter m = ManifestWriter.resume(new RunFolder(dir), GitRecordTest.BUILT);
        assertThat(m.writeFailed(new handoff.harness.results.WriteFailed(dir.resolve("trials/a"),
                new java.io.IOException("No space left on device")))).isTrue();
        Map<?, ?> tree = (Map<?, ?>) Json.parse(Files.readString(dir.resolve(RunFolder.MANIFEST)));
        assertThat(tree.get("status")).isEqualTo(ManifestWriter.WRITE_FAILED);
        assertThat((String) tree.get(ManifestWriter.WRITE_FAILURE)).contains("trials/a").contains("No space left on device");
        assertThat(tree.get("run_id")).isEqualTo("x");
    }
}
