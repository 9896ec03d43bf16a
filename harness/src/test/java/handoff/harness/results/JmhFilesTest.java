package handoff.harness.results;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 48, item 7: a JMH result file is whole or absent. JMH creates its file when it starts, so a trial stopped while
 * JMH ran left an empty one under the result's name (results/20261126-081021-7531edb/jmh/
 * disruptor_multicast-1p3c_yield_lmax_f4.json, 0 bytes). JMH now writes beside it and the file is moved into place only
 * once it holds a result; a reader of jmh/ names what is not a result instead of reading it as one.
 */
class JmhFilesTest {
    @TempDir
    Path dir;

    @Test
    void onlyAWholeResultIsMovedIntoPlace() throws IOException {
        Path target = Files.createDirectories(dir.resolve(JmhFiles.DIR)).resolve("disruptor_unicast-1p1c_yield_lmax_f0.json");
        Path part = JmhFiles.part(target);
        assertThat(part.getFileName().toString()).startsWith(".").doesNotEndWith(".json");
        Files.writeString(part, ""); // what JMH leaves when its trial is stopped
        assertThat(JmhFiles.keep(part, target)).startsWith("0 bytes");
        assertThat(target).doesNotExist();
        assertThat(part).doesNotExist();
        Files.writeString(part, "[{\"benchmark\": \"x\", \"primaryMetric\": {\"score\": 1.0}");
        assertThat(JmhFiles.keep(part, target)).startsWith("not whole JSON");
        assertThat(target).doesNotExist();
        Files.writeString(part, "[{\"benchmark\": \"x\", \"primaryMetric\": {\"score\": 1.0}}]");
        assertThat(JmhFiles.keep(part, target)).isNull();
        assertThat(JmhFiles.read(target).whole()).isTrue();
        assertThat(part).doesNotExist();
        assertThat(JmhFiles.ignored(dir)).isEmpty();
    }

    @Test
    void theCommittedRunsEmptyFileIsNamedAndLeftOut() throws IOException {
        Path run = ResultsReadme.folder().resolve("20261126-081021-7531edb");
        assertThat(JmhFiles.ignored(run)).singleElement().asString()
                .startsWith("jmh/disruptor_multicast-1p3c_yield_lmax_f4.json: 0 bytes").endsWith("ignored (not read as a result)");
        assertThat(JmhFiles.all(run).stream().filter(JmhFiles.Read::whole).count()).isEqualTo(JmhFiles.all(run).size() - 1);
    }
}
