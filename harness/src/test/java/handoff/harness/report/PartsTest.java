package handoff.harness.report;

import handoff.harness.page.RunData;
import handoff.harness.page.Selector;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import java.io.IOException;

/** The published tables: every comparison resolves its cells, and a verdict only against a band from what varies. */
class PartsTest {
    @Test
    void everyComparisonResolvesItsPublishedCellsAndParses() throws IOException {
        Published pub = Published.load();
        assertThat(pub.tables.keySet()).containsExactly("A.1", "A.2", "B.1", "B.2", "C.1", "D.1", "E.1");
        assertThat(pub.sections).extracting(Published.Heading::letter).contains("F");
        assertThat(pub.tables.get("B.2").context).anyMatch(c -> c.startsWith("Table 3")).noneMatch(c -> c.startsWith("Table 2"));
        for (Published.Comparison c : pub.comparisons) {
            Published.Table t = pub.tables.get(c.table);
            assertThat(t).as(c.id).isNotNull();
            assertThat(Published.number(t.cell(c.pubNum))).as(c.id + " " + c.pubNum).isNotNaN();
            assertThat(Published.number(t.cell(c.pubDen))).as(c.id + " " + c.pubDen).isNotNaN();
            if (c.measurable()) {
                assertThat(RunData.FILES).contains(new Selector(c.runNum).file, new Selector(c.runDen).file);
            }
        }
    }

    @Test
    void aVerdictOnlyAgainstABandFromWhatVaries() {
        Agreement.Band band = new Agreement.Band(3.0, 5.0, 0.9);
        assertThat(Agreement.of(one(3.86), 4.0, band, false).kind()).isEqualTo(Agreement.Kind.INSIDE);
        assertThat(Agreement.of(one(3.86), 4.0, band, false).words()).startsWith("agrees: published inside this run's band [3.00, 5.00]");
        // 1.9x off used to "agree" (within 2x); against this run's own interval it differs
        assertThat(Agreement.of(one(7.6), 4.0, band, false).kind()).isEqualTo(Agreement.Kind.OUTSIDE);
        assertThat(Agreement.of(one(7.6), 4.0, band, false).words()).startsWith("differs: published 1.52× above");
        assertThat(Agreement.of(one(1.5), 4.0, band, false).words()).startsWith("differs: published 2.00× below");
        // no band: the ratio of ratios alone, no verdict word
        Agreement none = Agreement.of(one(3.86), 4.0, null, false);
        assertThat(none.kind()).isEqualTo(Agreement.Kind.NO_BAND);
        assertThat(none.words()).doesNotContain("agrees", "differs", "within");
        // a flagged side is not judged, whatever its band says
        assertThat(Agreement.of(one(3.86), 4.0, band, true).kind()).isEqualTo(Agreement.Kind.FLAGGED);
        assertThat(Agreement.of(one(Double.NaN), 4.0, band, false).kind()).isEqualTo(Agreement.Kind.UNMEASURED);
    }

    @Test
    void thePublishedSpreadOverMachinesIsABandToo() throws IOException {
        // B.1's Sandy Bridge and Nehalem columns give the same ratio twice: 5.52x and 4.87x
        Published pub = Published.load();
        Published.Comparison sb = pub.comparisons.stream().filter(c -> c.id.equals("B1-unicast-disruptor-sb")).findFirst().orElseThrow();
        Agreement.Spread s = Agreement.spread(pub, sb, 5.52);
        assertThat(s.figures()).isEqualTo(2);
        assertThat(s.lo()).isCloseTo(4.87, org.assertj.core.data.Offset.offset(0.01));
        assertThat(s.hi()).isEqualTo(5.52);
        assertThat(Agreement.of(s, 5.0, null, false).kind()).isEqualTo(Agreement.Kind.INSIDE);
        assertThat(Agreement.of(s, 39.6, null, false).words()).startsWith("differs: this run's ratio 7.17× above the published range");
        assertThat(Agreement.of(s, 39.6, new Agreement.Band(5.3, 44.9, 0.9), false).words())
                .startsWith("agrees: the published range [4.87, 5.52] over 2 machines overlaps this run's band");
        // one published figure and no interval: no band
        Published.Comparison a1 = pub.comparisons.stream().filter(c -> c.id.equals("A1-abq-baseline-mean")).findFirst().orElseThrow();
        assertThat(Agreement.spread(pub, a1, 3.86).range()).isFalse();
    }

    private static Agreement.Spread one(double published) {
        return new Agreement.Spread(published, published, published, 1);
    }
}
