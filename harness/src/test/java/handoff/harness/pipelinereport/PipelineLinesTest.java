package handoff.harness.pipelinereport;

import handoff.harness.latency.CapacityLine;
import handoff.harness.latency.HopLine;
import handoff.harness.latency.LatencyLine;
import handoff.harness.page.RunData;
import handoff.harness.page.TextLine;
import handoff.harness.pipeline.PipelineLine;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The pipeline and latency suites' files read back into typed lines from every format the committed runs hold:
 * pipeline.csv 1 (20261124-034411), 2 (20261124-203515) and 3; pipeline-latency.csv and pipeline-capacity.csv 1
 * (20261124-203515) and 2; a column a format lacks reads empty (NaN), the line agrees with the row's own cells.
 */
class PipelineLinesTest {
    private static RunData run(String id) throws IOException {
        return RunData.load(Path.of("../results", id));
    }

    @Test
    void everyCommittedFormatReads() throws IOException {
        for (String id : List.of("20261124-034411-882f0bd", "20261124-203515-472f2c7", "20261126-110444-566b0ac")) {
            for (TextLine r : run(id).ok(ThroughputFigure.FILE)) {
                PipelineLine l = PipelineLine.of(r);
                assertThat(l.transport()).isEqualTo(r.get("transport"));
                assertThat(l.throughput().centre()).as(id).isEqualTo(r.num("throughput_eps")).isPositive();
            }
        }
        PipelineLine first = PipelineLine.of(run("20261124-034411-882f0bd").ok(ThroughputFigure.FILE).get(0));
        assertThat(first.consume()).as("format 1 had no consumer modes").isEmpty();
        assertThat(first.meanBatch()).isNaN();
        for (String id : List.of("20261124-203515-472f2c7", "20261126-110444-566b0ac")) {
            RunData run = run(id);
            for (TextLine r : run.ok(SameRateLatencyFigure.FILE)) {
                assertThat(LatencyLine.of(r).p99().centre()).isEqualTo(r.num("p99_ns"));
            }
            for (TextLine r : run.ok("pipeline-hops.csv")) {
                assertThat(HopLine.of(r).meanNs()).isEqualTo(r.num("mean_ns"));
            }
            for (TextLine r : run.ok("pipeline-capacity.csv")) {
                assertThat(CapacityLine.of(r).sustainableEps()).isEqualTo(r.num("sustainable_eps"));
            }
        }
        TextLine older = run("20261124-203515-472f2c7").ok("pipeline-capacity.csv").get(0);
        assertThat(CapacityLine.of(older).generatorEps()).as("format 1 had no generator ceiling").isNaN();
    }
}
