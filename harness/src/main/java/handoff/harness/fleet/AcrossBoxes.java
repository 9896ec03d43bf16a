package handoff.harness.fleet;

import handoff.harness.page.Prose;
import handoff.harness.report.Declared;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The study across boxes (README "Many boxes"): for each declared question ({@link Declared#ALL}), each box's verdict
 * on each row as that box's run made it ({@link RunVerdict}: its report's and {@code compare}'s, never a test run again
 * here, so a comparison the run did not judge reads "not judged"), and whether the verdicts hold on every box, on some,
 * or reverse. Absolute figures are never pooled or set side by side; each ratio is the run's test's own estimate. A box
 * is a machine (CPU model and CPUs); where several runs of one box hold a question, the latest (by run id) speaks for it.
 */
public final class AcrossBoxes {
    /** The page's words ({@code text/across-boxes.md}). */
    private static final Prose TEXT = Prose.of("across-boxes");
    /** How the boxes' verdicts on one row relate. */
    enum Agreement {
        EVERY(TEXT.get("agreement.every")), SOME(TEXT.get("agreement.some")), REVERSES(TEXT.get("agreement.reverses")),
        NONE(TEXT.get("agreement.none"));

        final String words;

        Agreement(String words) {
            this.words = words;
        }
    }

    /**
     * What one box says on one question: the run that speaks for it and its call on each row (by verdict key).
     *
     * @param runId the box's latest run that holds the question
     * @param calls verdict key → the call
     */
    private record BoxCalls(String runId, Map<String, Call> calls) {
    }

    private AcrossBoxes() {
    }

    /** The boxes' calls on one row agree, differ or reverse; boxes without the row are left out. */
    static Agreement agreement(List<Call> calls) {
        boolean up = calls.stream().anyMatch(c -> c.side() == 1);
        boolean down = calls.stream().anyMatch(c -> c.side() == -1);
        if (up && down) {
            return Agreement.REVERSES;
        }
        if (calls.stream().noneMatch(Call::decided)) {
            return Agreement.NONE;
        }
        return calls.stream().allMatch(Call::decided) && calls.stream().map(Call::key).distinct().count() == 1 ? Agreement.EVERY : Agreement.SOME;
    }

    /** The study as Markdown. */
    public static String markdown(List<RunOutcome> runs) {
        StringBuilder b = new StringBuilder(TEXT.get("title")).append("\n\n");
        b.append(TEXT.get("intro")).append("\n\n");
        b.append("| box | runs |\n|---|---|\n");
        Map<String, List<RunOutcome>> boxes = new LinkedHashMap<>();
        for (RunOutcome r : runs.stream().sorted(Comparator.comparing((RunOutcome r) -> r.facts().runId())).toList()) {
            boxes.computeIfAbsent(r.facts().machine(), m -> new ArrayList<>()).add(r);
        }
        boxes.forEach((m, rs) -> b.append("| ").append(m).append(" | ").append(String.join(", ", rs.stream()
                .map(r -> TEXT.fill("box.run").with("run", r.facts().runId()).with("jvm", or(r.facts().jvm()))
                        .with("commit", abbrev(r.facts().commit())).text()).toList())).append(" |\n"));
        for (Declared q : Declared.ALL) {
            question(b, q, boxes);
        }
        return b.toString();
    }

    private static void question(StringBuilder b, Declared q, Map<String, List<RunOutcome>> boxes) {
        b.append("\n## ").append(q.id()).append("\n\n").append(q.question()).append(" (").append(q.file()).append(", ")
                .append(q.metric()).append("; ").append(q.family()).append(")\n\n");
        Map<String, BoxCalls> byBox = new LinkedHashMap<>(); // box → its latest run's calls
        Map<String, String> configs = new LinkedHashMap<>(); // verdict key → the row's configuration, in first-seen order
        boxes.forEach((m, rs) -> {
            for (int i = rs.size() - 1; i >= 0; i--) {
                List<RunVerdict> said = rs.get(i).on(q.id());
                if (!said.isEmpty()) {
                    Map<String, Call> calls = new LinkedHashMap<>();
                    said.forEach(v -> {
                        calls.put(v.key(), v.call());
                        configs.putIfAbsent(v.key(), v.config());
                    });
                    byBox.put(m, new BoxCalls(rs.get(i).facts().runId(), calls));
                    return;
                }
            }
        });
        if (byBox.size() < 2) {
            b.append(byBox.isEmpty() ? TEXT.get("no-verdicts") : TEXT.fill("one-box").with("box", String.join("", byBox.keySet()))
                    .with("run", String.join("", byBox.values().stream().map(BoxCalls::runId).toList())).text()).append('\n');
            return;
        }
        List<String> names = new ArrayList<>(byBox.keySet());
        b.append("| configuration |");
        names.forEach(n -> b.append(' ').append(n).append(" (").append(byBox.get(n).runId()).append(") |"));
        b.append(" across boxes |\n|---|").append("---|".repeat(names.size())).append("---|\n");
        Map<Agreement, Integer> count = new LinkedHashMap<>();
        int shared = 0;
        for (Map.Entry<String, String> c : configs.entrySet()) {
            List<Call> calls = new ArrayList<>();
            b.append("| ").append(c.getValue()).append(" |");
            for (String n : names) {
                Call call = byBox.get(n).calls().get(c.getKey());
                b.append(' ').append(call == null ? TEXT.get("no-verdict") : call.word()).append(" |");
                if (call != null) {
                    calls.add(call);
                }
            }
            if (calls.size() < 2) {
                b.append(' ').append(TEXT.get("one-box-only")).append(" |\n");
                continue;
            }
            shared++;
            Agreement a = agreement(calls);
            count.merge(a, 1, Integer::sum);
            b.append(' ').append(a.words).append(" |\n");
        }
        b.append("\n").append(summary(shared, count)).append('\n');
    }

    /** The question's line: how many rows on two or more boxes hold everywhere, on some, reverse. */
    static String summary(int shared, Map<Agreement, Integer> count) {
        if (shared == 0) {
            return TEXT.get("summary.none-shared");
        }
        String verdict = count.getOrDefault(Agreement.REVERSES, 0) > 0 ? TEXT.get("summary.reverses")
                : count.getOrDefault(Agreement.EVERY, 0) == shared ? TEXT.get("summary.every")
                : count.getOrDefault(Agreement.NONE, 0) == shared ? TEXT.get("summary.none") : TEXT.get("summary.some");
        return TEXT.fill("summary").with("verdict", verdict).with("shared", shared).with("every", count.getOrDefault(Agreement.EVERY, 0))
                .with("some", count.getOrDefault(Agreement.SOME, 0)).with("reverse", count.getOrDefault(Agreement.REVERSES, 0))
                .with("none", count.getOrDefault(Agreement.NONE, 0)).text();
    }

    private static String or(String s) {
        return s.isEmpty() ? TEXT.get("unknown") : s;
    }

    private static String abbrev(String commit) {
        return commit.isEmpty() ? TEXT.get("unknown") : commit.substring(0, Math.min(7, commit.length()));
    }
}
