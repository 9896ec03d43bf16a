package handoff.harness.gate;

import handoff.harness.page.CsvFile;
import handoff.harness.page.MarkdownTable;
import handoff.harness.page.NumberText;
import handoff.harness.page.Prose;
import handoff.harness.page.RunData;
import handoff.harness.page.TextLine;
import handoff.harness.report.DeclaredVerdicts;
import handoff.harness.results.CsvSchema;
import handoff.harness.results.Flag;
import handoff.harness.results.Metric;
import handoff.harness.stats.Holm;
import handoff.harness.stats.Stats;
import handoff.harness.stats.Verdict;
import handoff.harness.trial.RuntimeAxes;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Matches the rows two runs have in common, file by file as the suites declare them (their match columns and
 * metrics: {@link handoff.harness.results.Schemas}), and says per metric the ratio b/a and whether b differs from a
 * by a stated test: the two-sided Welch t-test on the two rows' log per-fork values ({@link Stats#acrossRuns}),
 * Holm-corrected over every line the comparison tests, at α = {@link Stats#ALPHA}. A line whose rows keep no per-fork
 * values is "untested", never "no difference"; one whose forks cannot reach α says so. Rows of run A are listed in
 * run A's own transport order. The regression gate's one-sided test is {@link Gate}'s.
 */
final class Comparer {
    private static final Prose TEXT = Prose.of("compare");
    /** The name of the test {@link Stats#shiftTest} runs, as it prints it (asked of it, not typed here). */
    static final String TEST = Stats.acrossRuns(new double[0], new double[0]).test();

    final RunData runA;
    final RunData runB;
    final List<ComparedMetric> lines = new ArrayList<>();
    final List<String> notes = new ArrayList<>();
    /** How many lines the two-sided test was run on (the Holm family). */
    int tested;

    Comparer(RunData a, RunData b) {
        this.runA = a;
        this.runB = b;
        for (CsvSchema f : a.schemas.all()) {
            if (!f.metrics().isEmpty()) {
                compareFile(f);
            }
        }
        test();
    }

    private void compareFile(CsvSchema f) {
        CsvFile ca = runA.get(f.file());
        CsvFile cb = runB.get(f.file());
        if (ca == null || cb == null) {
            if (ca != null || cb != null) {
                notes.add(TEXT.fill("note.one-run").with("file", f.file()).with("run", ca != null ? "a" : "b").text());
            }
            return;
        }
        List<String> keys = acrossRuntimes(f.file(), ca, cb, RunData.withRuntime(f.match()));
        Map<String, TextLine> rowsB = new LinkedHashMap<>();
        for (TextLine r : cb.ok()) {
            rowsB.putIfAbsent(key(f, r, keys), r);
        }
        int matched = 0;
        for (TextLine ra : runA.inOrder(ca.ok(), "wait")) {
            TextLine rb = rowsB.remove(key(f, ra, keys));
            if (rb == null) {
                continue;
            }
            matched++;
            List<String> flags = flags(f, ra, rb);
            for (Metric m : f.metrics()) {
                if (!Double.isNaN(ra.num(m.column())) && !Double.isNaN(rb.num(m.column()))) {
                    lines.add(new ComparedMetric(f, m, ra.describe(keys), ra, rb, flags));
                }
            }
        }
        int onlyA = ca.ok().size() - matched;
        if (onlyA > 0 || !rowsB.isEmpty()) {
            notes.add(TEXT.fill("note.unmatched").with("file", f.file()).with("matched", matched).with("onlyA", onlyA)
                    .with("onlyB", rowsB.size()).text());
        }
    }

    /** The flags either row raises (as the file declares them; more threads than CPUs counts even where undeclared). */
    static List<String> flags(CsvSchema f, TextLine a, TextLine b) {
        List<String> out = new ArrayList<>();
        for (Flag flag : f.flags()) {
            if (flag.raisedBy(a.get(flag.column())) || flag.raisedBy(b.get(flag.column()))) {
                out.add(flag.name());
            }
        }
        if (!out.contains(Flag.OVERSUBSCRIBED.name()) && (a.oversubscribed() || b.oversubscribed())) {
            out.add(0, Flag.OVERSUBSCRIBED.name());
        }
        return out;
    }

    /**
     * Runs that each ran on one runtime (one JDK, one collector, one thread kind) compare row by row whatever
     * those were: a runtime column that holds at most one value in each run is left out of the match and named
     * in a note; one that a run swept stays in it, so its rows match their like.
     */
    private List<String> acrossRuntimes(String file, CsvFile ca, CsvFile cb, List<String> keys) {
        List<String> out = new ArrayList<>(keys);
        for (String c : RuntimeAxes.CONFIG) {
            List<String> va = RunData.distinct(ca.ok(), c);
            List<String> vb = RunData.distinct(cb.ok(), c);
            if (va.size() <= 1 && vb.size() <= 1) {
                out.remove(c);
                String a = va.isEmpty() || va.get(0).isEmpty() ? "default" : va.get(0);
                String b = vb.isEmpty() || vb.get(0).isEmpty() ? "default" : vb.get(0);
                if (!a.equals(b)) {
                    notes.add(TEXT.fill("note.runtimes").with("file", file).with("column", c).with("a", a).with("b", b).text());
                }
            }
        }
        return out;
    }

    /**
     * A row's match key. A row that has none of the match columns which are not among its keys (an open-loop row
     * written before load_pct existed) also matches on its keys, so such rows never collapse into one.
     */
    static String key(CsvSchema f, TextLine r, List<String> keys) {
        List<String> extra = f.match().stream().filter(c -> !f.keys().contains(c)).toList();
        boolean lacking = !extra.isEmpty() && extra.stream().noneMatch(r::has);
        return r.key(keys) + (lacking ? "@" + r.key(f.keys()) : "");
    }

    /** The two-sided test of every line with per-fork values in both runs, Holm over them together. */
    private void test() {
        double[] p = new double[lines.size()];
        for (int i = 0; i < lines.size(); i++) {
            ComparedMetric l = lines.get(i);
            l.test = l.forksA == null || l.forksB == null ? null : Stats.acrossRuns(l.forksB, l.forksA);
            boolean testable = l.test != null && !Double.isNaN(l.test.p()) && l.test.nA() >= 2 && l.test.nB() >= 2;
            p[i] = testable ? l.test.p() : Double.NaN;
        }
        double[] adj = Holm.adjust(p);
        tested = (int) Arrays.stream(p).filter(x -> !Double.isNaN(x)).count();
        for (int i = 0; i < lines.size(); i++) {
            ComparedMetric l = lines.get(i);
            l.pHolm = adj[i];
            boolean up = l.metric.higherIsBetter();
            if (l.test == null) {
                l.kind = ComparedMetric.Kind.UNTESTED;
                String where = l.forksA == null && l.forksB == null ? TEXT.get("untested.either")
                        : l.forksA == null ? TEXT.get("untested.a") : TEXT.get("untested.b");
                l.verdict = TEXT.fill("untested").with("where", where).text();
                continue;
            }
            l.verdict = l.test.verdict(adj[i], tested, up ? TEXT.get("better.higher") : TEXT.get("worse.higher"),
                    up ? TEXT.get("worse.lower") : TEXT.get("better.lower"));
            Verdict v = Verdict.of(l.test, adj[i], Stats.ALPHA / Math.max(1, tested));
            l.kind = switch (v) {
                case ABOVE -> up ? ComparedMetric.Kind.BETTER : ComparedMetric.Kind.WORSE;
                case BELOW -> up ? ComparedMetric.Kind.WORSE : ComparedMetric.Kind.BETTER;
                case ALIKE -> ComparedMetric.Kind.ALIKE;
                case CANNOT_TELL -> ComparedMetric.Kind.CANNOT_TELL;
                case UNTESTED -> ComparedMetric.Kind.UNTESTED;
            };
        }
    }

    long count(ComparedMetric.Kind k) {
        return lines.stream().filter(l -> l.kind == k).count();
    }

    /** Empty for a complete run; otherwise its status, so a partial run is never read as a whole one. */
    static String status(RunData r) {
        return r.manifest.complete() ? "" : " — " + TEXT.fill("partial").with("status", r.manifest.status()).text();
    }

    /** What the comparison found, with its test and level. */
    String summary() {
        return TEXT.fill("summary").with("lines", lines.size()).with("better", count(ComparedMetric.Kind.BETTER))
                .with("worse", count(ComparedMetric.Kind.WORSE)).with("alike", count(ComparedMetric.Kind.ALIKE))
                .with("margin", Stats.formatPercent(Stats.MARGIN)).with("cannot", count(ComparedMetric.Kind.CANNOT_TELL))
                .with("untested", count(ComparedMetric.Kind.UNTESTED)).with("test", TEST).with("tested", tested)
                .with("alpha", Stats.formatP(Stats.ALPHA)).text();
    }

    /** The table's cells for a line: metric, configuration, a, b, b/a, verdict, gate, flags. */
    static String[] cells(ComparedMetric l, Gate.Result g) {
        return new String[] {l.metric.label(), l.config, l.format(l.a), l.format(l.b), NumberText.ratio(l.ratio), l.verdict,
                g == null ? "" : g.words(), l.flagWords()};
    }

    /** The text with the gate at its default threshold. */
    String text() {
        return text(new Gate(this, Gate.DEFAULT_THRESHOLD));
    }

    /** The Markdown with the gate at its default threshold. */
    String markdown() {
        return markdown(new Gate(this, Gate.DEFAULT_THRESHOLD));
    }

    String text(Gate gate) {
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"metric", "configuration", "a", "b", "b/a", "verdict", "gate", "flags"});
        for (ComparedMetric l : lines) {
            String[] c = cells(l, gate.result(l));
            c[7] = c[7].replace("**", "");
            rows.add(c);
        }
        int[] w = new int[8];
        for (String[] r : rows) {
            for (int i = 0; i < r.length; i++) {
                w[i] = Math.max(w[i], r[i].length());
            }
        }
        StringBuilder s = new StringBuilder("a = " + runA.runId + status(runA) + "\nb = " + runB.runId + status(runB) + "\n\n");
        for (String[] r : rows) {
            for (int i = 0; i < r.length; i++) {
                s.append(String.format(Locale.ROOT, "%-" + (w[i] + 2) + "s", r[i]));
            }
            while (s.charAt(s.length() - 1) == ' ') {
                s.setLength(s.length() - 1); // no trailing blanks: diff-friendly output
            }
            s.append('\n');
        }
        s.append('\n').append(summary()).append('\n').append(gate.summary()).append('\n').append(DeclaredVerdicts.words(runA, runB)).append('\n');
        for (String n : notes) {
            s.append("note: ").append(n).append('\n');
        }
        return s.toString();
    }

    String markdown(Gate gate) {
        StringBuilder s = new StringBuilder(TEXT.get("page.title")).append("\n\n");
        s.append(TEXT.fill("page.run").with("side", "a").with("run", runA.runId).with("machine", runA.manifest.machineLine())
                .with("jvm", runA.manifest.jvmLine()).with("commit", runA.manifest.str("git_commit")).with("status", status(runA)).text())
                .append("\n");
        s.append(TEXT.fill("page.run").with("side", "b").with("run", runB.runId).with("machine", runB.manifest.machineLine())
                .with("jvm", runB.manifest.jvmLine()).with("commit", runB.manifest.str("git_commit")).with("status", status(runB)).text())
                .append("\n\n");
        if (!runA.manifest.machineLine().equals(runB.manifest.machineLine())) {
            s.append(TEXT.get("page.machines")).append("\n\n");
        }
        s.append(summary()).append("\n\n").append(gate.summary()).append("\n\n")
                .append(DeclaredVerdicts.words(runA, runB).replace("\n", "\n\n")).append("\n\n");
        MarkdownTable t = new MarkdownTable("metric", "configuration", "a", "b", "b/a", "verdict", "gate", "flags");
        for (ComparedMetric l : lines) {
            String[] c = cells(l, gate.result(l));
            if (l.kind == ComparedMetric.Kind.BETTER || l.kind == ComparedMetric.Kind.WORSE) {
                c[5] = "**" + c[5] + "**";
            }
            if (gate.result(l).outcome() == Gate.Outcome.REGRESSION) {
                c[6] = "**" + c[6] + "**";
            }
            t.row(c);
        }
        s.append(t).append('\n');
        for (String n : notes) {
            s.append("- ").append(n).append('\n');
        }
        return s.toString();
    }
}
