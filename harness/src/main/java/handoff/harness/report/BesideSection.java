package handoff.harness.report;

import handoff.harness.page.BoxLabel;
import handoff.harness.page.MarkdownTable;
import handoff.harness.page.NumberText;
import handoff.harness.page.Page;
import handoff.harness.page.Prose;
import handoff.harness.page.RunData;
import handoff.harness.page.Section;
import handoff.harness.page.TextLine;
import handoff.harness.stats.Stats;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The same configuration on both reference boxes, where both measured it: each as a ratio to its own box's reference
 * row (pipeline saturation ÷ abq at the same producers, wait and workers; RTT p50 ÷ the baseline at the same P, burst
 * and wait), since absolute figures differ between machines. A row either box lacks, or whose reference row it
 * lacks, is not shown; the counts say how many were left out.
 */
public final class BesideSection implements Section {
    private static final Prose TEXT = Prose.of("beside");

    /** One table: its file, metric, reference transport, the columns that make "the same configuration" and its reading. */
    record Kind(String title, String file, String metric, String reference, List<String> group, String reading) {
    }

    static final List<Kind> KINDS = List.of(
            new Kind(TEXT.get("pipeline.title"), RunData.PIPELINE, "throughput_eps", "abq", List.of("producers", "wait", "workers", "buffering"),
                    TEXT.get("pipeline.reading")),
            new Kind(TEXT.get("rtt.title"), RunData.RTT, "p50_ns", "baseline", List.of("producers", "burst", "wait", "messages"),
                    TEXT.get("rtt.reading")));

    private final RunData other;

    /** @param other the other reference box's run */
    public BesideSection(RunData other) {
        this.other = other;
    }

    @Override
    public void write(Page doc) {
        BoxLabel mine = BoxLabel.of(doc.run);
        BoxLabel theirs = BoxLabel.of(other);
        doc.h2(TEXT.fill("title").with("mine", mine.cpus()).with("theirs", theirs.cpus()).text());
        doc.p(TEXT.fill("intro").with("mineLabel", mine.label()).with("theirsLabel", theirs.label()).with("otherRun", other.runId).text());
        for (Kind k : KINDS) {
            MarkdownTable t = new MarkdownTable(TEXT.get("column.configuration"),
                    TEXT.fill("column.ratio").with("title", k.title()).with("cpus", mine.cpus()).text(),
                    TEXT.fill("column.ratio").with("title", k.title()).with("cpus", theirs.cpus()).text(),
                    TEXT.fill("column.flags").with("mine", mine.cpus()).with("theirs", theirs.cpus()).text());
            int onlyOne = 0;
            List<TextLine> rows = doc.run.inOrder(doc.run.ok(k.file()));
            Set<String> seen = new LinkedHashSet<>();
            for (TextLine r : rows) {
                String config = config(r, k);
                TextLine ref = reference(doc.run, r, k);
                TextLine twin = same(other, r, k);
                TextLine twinRef = twin == null ? null : reference(other, twin, k);
                if (r.transport().equals(k.reference()) || r.transport().equals("nanotime") || !seen.add(config)) {
                    continue;
                }
                if (ref == null || twin == null || twinRef == null) {
                    onlyOne++;
                    continue;
                }
                t.row(config, ratio(r, ref, k), ratio(twin, twinRef, k),
                        flags(r, ref) + " / " + flags(twin, twinRef));
            }
            doc.h3(TEXT.fill("heading").with("title", k.title()).with("reading", k.reading()).text());
            if (t.isEmpty()) {
                doc.p(onlyOne > 0
                        ? TEXT.fill("none.one-side").with("file", k.file()).with("reference", k.reference()).with("onlyOne", onlyOne)
                                .with("mine", mine.cpus()).text()
                        : TEXT.fill("none").with("file", k.file()).with("reference", k.reference()).text());
            } else {
                doc.table(t);
                if (onlyOne > 0) {
                    doc.p(TEXT.fill("left-out").with("onlyOne", onlyOne).with("file", k.file()).with("mine", mine.cpus()).text());
                }
            }
        }
    }

    /** TextLine ÷ reference by the test's estimator ({@link handoff.harness.stats.Stats#shiftTest}); "—" where it has none. */
    private static String ratio(TextLine r, TextLine ref, Kind k) {
        double[] a = r.forks(k.metric());
        double[] b = ref.forks(k.metric());
        return a == null || b == null ? NumberText.NONE : NumberText.ratio(Stats.shiftTest(a, b).ratio());
    }

    private static String config(TextLine r, Kind k) {
        List<String> parts = new ArrayList<>();
        parts.add(r.transport());
        for (String c : k.group()) {
            if (r.has(c)) {
                parts.add(c + " " + r.get(c));
            }
        }
        if (!r.producerModel().isEmpty()) {
            parts.add(r.producerModel());
        }
        return String.join(", ", parts);
    }

    /** The same box's reference row at the same grouping columns. */
    private static TextLine reference(RunData run, TextLine r, Kind k) {
        return run.ok(k.file()).stream().filter(x -> x.transport().equals(k.reference()) && sameGroup(x, r, k)).findFirst().orElse(null);
    }

    /** The other box's row of the same transport, grouping columns and producer model. */
    private static TextLine same(RunData run, TextLine r, Kind k) {
        return run.ok(k.file()).stream().filter(x -> x.transport().equals(r.transport()) && sameGroup(x, r, k)
                && x.producerModel().equals(r.producerModel())).findFirst().orElse(null);
    }

    private static boolean sameGroup(TextLine a, TextLine b, Kind k) {
        return k.group().stream().allMatch(c -> a.get(c).equals(b.get(c)));
    }

    private static String flags(TextLine a, TextLine b) {
        String f = TextLine.flags(a, b);
        return f.isBlank() ? "—" : f;
    }
}
