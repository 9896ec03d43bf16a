package handoff.harness.report;

import handoff.harness.page.BoxLabel;
import handoff.harness.page.MarkdownTable;
import handoff.harness.page.NumberText;
import handoff.harness.page.Page;
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
    /** One table: its file, metric, reference transport, the columns that make "the same configuration" and its reading. */
    record Kind(String title, String file, String metric, String reference, List<String> group, String reading) {
    }

    static final List<Kind> KINDS = List.of(
            new Kind("Pipeline saturation ÷ abq", RunData.PIPELINE, "throughput_eps", "abq", List.of("producers", "wait", "workers", "buffering"),
                    "> 1 = more events per second than abq on the same box"),
            new Kind("RTT p50 ÷ baseline", RunData.RTT, "p50_ns", "baseline", List.of("producers", "burst", "wait", "messages"),
                    "< 1 = a shorter round trip than the baseline on the same box"));

    private final RunData other;

    /** @param other the other reference box's run */
    public BesideSection(RunData other) {
        this.other = other;
    }

    @Override
    public void write(Page doc) {
        BoxLabel mine = BoxLabel.of(doc.run);
        BoxLabel theirs = BoxLabel.of(other);
        doc.h2("The same configuration on both boxes: " + mine.cpus() + " and " + theirs.cpus());
        doc.p("Each configuration both boxes measured, as a ratio to its own box's reference row (absolute figures differ between "
                + "machines): **" + mine.label() + "** (this report) and **" + theirs.label() + "** (run " + other.runId + "). Each ratio "
                + "is the study's one estimator of a ratio, the geometric mean of per-round ratios of the per-fork values "
                + "(`throughput_eps_forks`, `p50_ns_forks`; docs/statistics.md §3), against abq or the baseline at the same wait; "
                + "descriptive (no test across boxes); a ratio with an oversubscribed or unstable side is flagged, — where the forks "
                + "spread over 2× (the test's check refuses them).");
        for (Kind k : KINDS) {
            MarkdownTable t = new MarkdownTable("configuration", k.title() + " — " + mine.cpus(), k.title() + " — " + theirs.cpus(), "flags (" + mine.cpus()
                    + " / " + theirs.cpus() + ")");
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
            doc.h3(k.title() + " (" + k.reading() + ")");
            if (t.isEmpty()) {
                doc.p("No configuration of `" + k.file() + "` was measured on both boxes with its " + k.reference() + " row" + (onlyOne > 0
                        ? " (" + onlyOne + " measured on " + mine.cpus() + " only: the other box ran other waits or none of them)" : "") + ".");
            } else {
                doc.table(t);
                if (onlyOne > 0) {
                    doc.p(onlyOne + " configurations of `" + k.file() + "` were measured on " + mine.cpus() + " only and are not shown.");
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
