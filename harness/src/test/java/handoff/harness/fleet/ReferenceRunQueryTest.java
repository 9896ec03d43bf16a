package handoff.harness.fleet;

import handoff.harness.page.TextLine;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.StringWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The committed reference run collected as it is, then README query (a) and (b): every ratio equals the quotient of the
 * run's own CSV cells (pipeline {@code throughput_eps}, RTT {@code p50_fork_median_ns}: each the median over the row's forks).
 */
class ReferenceRunQueryTest {
    @TempDir
    Path tmp;

    @Test
    void theReferenceRunsRatiosAreItsCsvsRatios() throws Exception {
        Path run = SyntheticRuns.REFERENCE;
        Path db = tmp.resolve("reference.duckdb");
        assertThat(FleetDbTest.collect(db, new StringWriter(), run.toString())).isZero();
        List<Map<String, Object>> ratios = FleetDbTest.query(db, FleetDbTest.sql("ratio-to-reference.sql"));
        assertThat(ratios).hasSizeGreaterThan(30);
        for (Map<String, Object> q : ratios) {
            String file = FleetDbTest.s(q.get("file"));
            Map<String, String> keys = new LinkedHashMap<>();
            for (String k : List.of("transport", "wait", "producers", "burst", "workers", "producer_model", "messages")) {
                if (q.get(k) != null) {
                    keys.put(k, FleetDbTest.s(q.get(k)));
                }
            }
            TextLine r = FleetDbTest.row(run, file, keys);
            keys.put("transport", file.equals("pipeline.csv") ? "abq" : "baseline");
            keys.remove("producer_model");
            keys.remove("messages");
            TextLine ref = FleetDbTest.row(run, file, keys);
            double want = r.num(FleetDbTest.cell(file)) / ref.num(FleetDbTest.cell(file));
            assertThat((Double) q.get("ratio_to_reference")).as("%s", q).isCloseTo(want, within(1e-3 * want)); // cells carry 5 digits
        }
        List<Map<String, Object>> commits = FleetDbTest.query(db, FleetDbTest.sql("over-commits.sql"));
        assertThat(commits).hasSize(1);
        TextLine abq = FleetDbTest.row(run, "rtt.csv", Map.of("transport", "abq", "wait", "spin", "burst", "1", "producers", "1"));
        assertThat((Double) commits.get(0).get("median_over_forks")).isEqualTo(abq.num("p50_fork_median_ns"));
        assertThat(FleetDbTest.query(db, FleetDbTest.sql("jdk-effect.sql"))).as("one JVM: no JDK effect to show").isEmpty();
    }
}
