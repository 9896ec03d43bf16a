package handoff.harness.versus;

import handoff.harness.page.CsvFile;
import handoff.harness.page.TextLine;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The details appendix's JMH table: "beyond error" only where the scores differ by more than their errors combined. */
class JmhScoresFigureTest {
    @Test
    void disruptorVsLmaxDifferenceCountsOnlyBeyondTheCombinedError() {
        CsvFile c = CsvFile.parse("disruptor.csv", "impl,score,score_err,unit\n"
                + "disruptor,100,30,ops/s\nlmax,140,30,ops/s\n" // |40| <= sqrt(30^2 + 30^2) = 42.4
                + "disruptor,100,20,ops/s\nlmax,140,20,ops/s\n" // |40| > 28.3
                + "disruptor,150,20,ops/s\nlmax,100,20,ops/s\n"
                + "disruptor,150,,ops/s\nlmax,100,20,ops/s\n");
        List<TextLine> r = c.rows();
        assertThat(JmhScoresFigure.significance(r.get(0), r.get(1))).isEqualTo("within error");
        assertThat(JmhScoresFigure.significance(r.get(2), r.get(3))).isEqualTo("**ours lower, beyond JMH error** (untested across forks)");
        assertThat(JmhScoresFigure.significance(r.get(4), r.get(5))).isEqualTo("ours higher, beyond JMH error (untested across forks)");
        assertThat(JmhScoresFigure.significance(r.get(6), r.get(7))).isEqualTo("no error recorded");
    }
}
