package handoff.harness.fleet;

import handoff.harness.page.NumberText;
import handoff.harness.page.RunData;
import handoff.harness.page.TextLine;
import handoff.harness.report.DeclaredVerdicts;
import handoff.harness.report.VerdictKey;
import handoff.harness.results.CsvSchema;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One verdict a run made on a declared question, as its own report and {@code compare} make it
 * ({@link DeclaredVerdicts}): what the study across boxes sets side by side, never a test it runs again. Its ratio is
 * the test's own estimate (docs/statistics.md §4), the one the run's report prints.
 *
 * @param key    the verdict's key ({@link VerdictKey}: question | table | row), what matches it across boxes
 * @param config the row's configuration as {@code forks.csv} names it ({@code k=v} of its key and match columns)
 * @param word   the verdict's words ({@link DeclaredVerdicts.Word}), e.g. {@code above}, {@code not judged}
 * @param ratio  the test's estimate of the ratio; NaN where it has none
 * @param flags  the flags the row's schema raises on it, space-separated
 */
public record RunVerdict(String key, String config, String word, double ratio, String flags) {
    /** The columns of a fleet database's {@code verdicts} table, after {@code run_id}. */
    static final List<String> COLUMNS = List.of("verdict_key", "config", "word", "ratio", "flags");

    /** Every verdict the run makes on the declared questions, in its order. */
    static List<RunVerdict> of(RunData run) {
        DeclaredVerdicts v = DeclaredVerdicts.of(run);
        List<RunVerdict> out = new ArrayList<>();
        for (Map.Entry<String, DeclaredVerdicts.Word> e : v.all().entrySet()) {
            TextLine r = v.row(e.getKey());
            CsvSchema schema = run.schema(r.file());
            out.add(new RunVerdict(e.getKey(), r.describe(TidyForks.configColumns(run, r.file())), e.getValue().toString(),
                    v.ratio(e.getKey()), schema == null ? "" : TidyForks.flags(schema, r)));
        }
        return out;
    }

    String question() {
        return VerdictKey.question(key);
    }

    /** The verdict's cells as a database row holds them, in {@link #COLUMNS} order. */
    List<String> cells() {
        return List.of(key, config, word, ForkValue.exact(ratio), flags);
    }

    /** What the across-box page shows and compares: the words, the test's ratio, the row's flags. */
    Call call() {
        int side = switch (word) {
            case "above", "best" -> 1;
            case "below", "not best" -> -1;
            case "alike" -> 0;
            default -> Call.UNDECIDED;
        };
        String shown = word + (Double.isNaN(ratio) ? "" : " " + NumberText.ratio(ratio)) + (flags.isEmpty() ? "" : " [" + flags + "]");
        return new Call(shown, side, word);
    }
}
