package handoff.harness.gate;

import handoff.harness.page.NumberText;
import handoff.harness.results.AtomicFiles;
import handoff.harness.results.Json;
import handoff.harness.stats.Stats;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The machine-readable verdict {@code compare} writes beside its figure (results/README.md, "compare's verdict"):
 * {@code <base>.verdict.json} (schema {@value #SCHEMA}: every line of every comparison with its values, flags, both
 * tests and the gate's outcome) and {@code <base>.junit.xml} (JUnit XML: one test suite per compared run, one test
 * case per line; a regression is a failure, a line the gate cannot judge — flagged, unresolvable, untested — is
 * skipped with its reason), so a CI server shows the study like any other test run.
 */
final class GateFiles {
    static final String SCHEMA = "handoff-compare/1";

    private GateFiles() {
    }

    /** The two files' paths for a figure at {@code png}: same folder and base name. */
    static Path[] paths(Path png) {
        String base = png.getFileName().toString().replaceFirst("\\.png$", "");
        return new Path[] {png.resolveSibling(base + ".verdict.json"), png.resolveSibling(base + ".junit.xml")};
    }

    static void write(List<Comparer> comparers, List<Gate> gates, String failOn, Path json, Path junit) {
        AtomicFiles.write(json, json(comparers, gates, failOn));
        AtomicFiles.write(junit, junit(comparers, gates));
    }

    static String json(List<Comparer> comparers, List<Gate> gates, String failOn) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("schema", SCHEMA);
        root.put("base", comparers.get(0).runA.runId);
        root.put("fail_on", failOn);
        root.put("threshold", gates.get(0).threshold);
        root.put("alpha", Stats.ALPHA);
        root.put("gate_test", Gate.TOGETHER_TEST + " of the headline rows together at α/2; " + Gate.TEST + " per line of "
                + Gate.ALONE_FORKS + "+ forks a run, Holm at α/2; every line, Holm at α, where the rows together show a regression (fallback)");
        root.put("difference_test", Comparer.TEST + " (two-sided) on per-fork values, Holm over the lines tested together");
        boolean failed = gates.stream().anyMatch(Gate::failed);
        root.put("regression", failed);
        root.put("exit_code", failOn != null && failed ? 1 : 0);
        List<Object> runs = new ArrayList<>();
        for (int i = 0; i < comparers.size(); i++) {
            Comparer c = comparers.get(i);
            Gate g = gates.get(i);
            Map<String, Object> run = new LinkedHashMap<>();
            run.put("run", c.runB.runId);
            run.put("status", c.runB.manifest.status());
            run.put("regressions", g.count(Gate.Outcome.REGRESSION));
            run.put("gate_family", g.family);
            run.put("gate_can_fail", g.canFail());
            run.put("gate_line_alpha", g.lineAlpha);
            if (g.together != null) {
                Map<String, Object> t = new LinkedHashMap<>();
                t.put("lines", g.together.lines());
                t.put("worse_way_ratio", num(g.together.test().ratio()));
                t.put("p", num(g.together.p()));
                t.put("detectable", num(g.together.detectable()));
                t.put("regression", g.together.regression());
                t.put("verdict", g.togetherWords());
                run.put("gate_together", t);
            }
            List<Object> rows = new ArrayList<>();
            for (ComparedMetric l : c.lines) {
                rows.add(row(l, g.result(l)));
            }
            run.put("lines", rows);
            run.put("notes", c.notes);
            runs.add(run);
        }
        root.put("runs", runs);
        return Json.write(root);
    }

    private static Map<String, Object> row(ComparedMetric l, Gate.Result g) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("file", l.file.file());
        m.put("metric", l.metric.column());
        m.put("label", l.metric.label());
        m.put("better", l.metric.better().word());
        m.put("unit", l.metric.unit());
        m.put("configuration", l.config);
        m.put("a", num(l.a));
        m.put("b", num(l.b));
        m.put("ratio", num(l.ratio));
        m.put("forks_a", l.forksA == null ? null : l.forksA.length);
        m.put("forks_b", l.forksB == null ? null : l.forksB.length);
        m.put("flags", l.flags);
        m.put("difference", l.kind.name().toLowerCase(Locale.ROOT));
        m.put("difference_p_holm", num(l.pHolm));
        m.put("difference_verdict", l.verdict);
        m.put("gate", g.outcome().name().toLowerCase(Locale.ROOT));
        m.put("gate_p", num(g.p()));
        m.put("gate_p_holm", num(g.pHolm()));
        m.put("gate_verdict", g.words());
        return m;
    }

    /** A number, or null where it is unknown (JSON has no NaN). */
    private static Double num(double v) {
        return Double.isNaN(v) || Double.isInfinite(v) ? null : v;
    }

    static String junit(List<Comparer> comparers, List<Gate> gates) {
        StringBuilder s = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        long tests = comparers.stream().mapToLong(c -> c.lines.size()).sum();
        long failures = gates.stream().mapToLong(g -> g.count(Gate.Outcome.REGRESSION)).sum();
        long skipped = tests - failures - gates.stream().mapToLong(g -> g.count(Gate.Outcome.NOT_SHOWN)).sum();
        tests += gates.stream().filter(g -> g.together != null).count();
        failures += gates.stream().filter(g -> g.together != null && g.together.regression()).count();
        s.append(String.format(Locale.ROOT, "<testsuites name=\"handoff compare\" tests=\"%d\" failures=\"%d\" errors=\"0\" skipped=\"%d\">%n",
                tests, failures, skipped));
        for (int i = 0; i < comparers.size(); i++) {
            Comparer c = comparers.get(i);
            Gate g = gates.get(i);
            long f = g.count(Gate.Outcome.REGRESSION);
            long sk = c.lines.size() - f - g.count(Gate.Outcome.NOT_SHOWN);
            boolean together = g.together != null;
            boolean togetherFailed = together && g.together.regression();
            s.append(String.format(Locale.ROOT, "  <testsuite name=\"%s\" tests=\"%d\" failures=\"%d\" errors=\"0\" skipped=\"%d\">%n",
                    xml(c.runB.runId + " vs " + c.runA.runId), c.lines.size() + (together ? 1 : 0), f + (togetherFailed ? 1 : 0), sk));
            if (together) {
                s.append("    <testcase classname=\"handoff.compare.gate\" name=\"headline rows together\"")
                        .append(togetherFailed ? ">\n      <failure type=\"regression\" message=\"" + xml(g.togetherWords()) + "\"/>\n    </testcase>\n" : "/>\n");
            }
            for (ComparedMetric l : c.lines) {
                Gate.Result r = g.result(l);
                s.append("    <testcase classname=\"").append(xml("handoff.compare." + l.file.file().replaceFirst("\\.csv$", "")))
                        .append("\" name=\"").append(xml(l.name())).append('"');
                String detail = l.metric.label() + " a = " + l.format(l.a) + ", b = " + l.format(l.b) + " (b/a " + NumberText.ratio(l.ratio) + ")";
                switch (r.outcome()) {
                    case REGRESSION -> s.append(">\n      <failure type=\"regression\" message=\"").append(xml(r.words())).append("\">")
                            .append(xml(detail)).append("</failure>\n    </testcase>\n");
                    case NOT_SHOWN -> s.append("/>\n");
                    default -> s.append(">\n      <skipped message=\"").append(xml(r.words())).append("\"/>\n    </testcase>\n");
                }
            }
            s.append("  </testsuite>\n");
        }
        return s.append("</testsuites>\n").toString();
    }

    static String xml(String v) {
        StringBuilder b = new StringBuilder();
        for (char ch : v.toCharArray()) {
            switch (ch) {
                case '&' -> b.append("&amp;");
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&apos;");
                default -> b.append(ch < 0x20 && ch != '\t' && ch != '\n' && ch != '\r' ? ' ' : ch);
            }
        }
        return b.toString();
    }
}
