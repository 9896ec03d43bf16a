package handoff.harness.report;

import handoff.harness.page.Lines;
import handoff.harness.page.Manifest;
import handoff.harness.page.Prose;
import handoff.harness.page.RunData;
import handoff.harness.page.TextLine;
import handoff.harness.results.Cells;
import handoff.harness.stats.Stats;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * Whether one declared verdict can be cited (docs/statistics.md §1, "Citable, or marked"), computed from the run that
 * measured it, never asserted:
 * <ol>
 * <li><b>declared</b>: the measuring run's manifest records, before its first trial, the study's test
 * ({@link Declared#TEST_ID}); a run measured under another test, or under none recorded, is re-analysed only as
 * exploratory, however right today's test;</li>
 * <li><b>sound</b>: every side has at least {@link Stats#MIN_FORKS} forks, none oversubscribed, none unstable; with fewer
 * forks a line may say what every fork shows, never a test verdict;</li>
 * <li><b>decided</b>: the verdict says something a reader can act on (not "cannot tell", not "not judged");</li>
 * <li><b>replicated</b>: where the box has a second run of the same commit ({@link Twin}), that run makes the same verdict.</li>
 * </ol>
 */
public final class Citability {
    private static final Prose TEXT = Prose.of("citability");

    /** What a line is, for a reader deciding whether to cite it. */
    public enum Kind {
        /** Declared, sound, decided and (where there is a twin run) replicated. */
        CITABLE(TEXT.get("kind.citable")),
        /** Measured under another test, or none recorded: describes the data; only new data can confirm it. */
        EXPLORATORY(TEXT.get("kind.exploratory")),
        /** A side with fewer forks than a test verdict needs: what every fork shows, no test. */
        DESCRIPTIVE(TEXT.get("kind.descriptive")),
        /** Declared and sound, but the test left it open, or the run did not judge it. */
        UNDECIDED(TEXT.get("kind.undecided")),
        /** Declared and decided, but a side is flagged or the twin run says otherwise. */
        NOT_SOUND(TEXT.get("kind.not-sound"));

        private final String word;

        Kind(String word) {
            this.word = word;
        }

        public String word() {
            return word;
        }
    }

    /** The standing of one line and why, in words a reader can check against the run's files. */
    public record Citation(Kind kind, String why) {
        public boolean citable() {
            return kind == Kind.CITABLE;
        }

        /** "yes: …" / "no: exploratory: …", the cell of the headline table. */
        public String words() {
            return kind.word() + (why.isEmpty() ? "" : " — " + why);
        }
    }

    /** Another complete run of the same commit on the same box, and what it says on the same comparison (null: it lacks it). */
    public record Twin(String runId, DeclaredVerdicts.Word word) {
    }

    private Citability() {
    }

    /**
     * Null where the run was measured under the study's test, recorded in its manifest before its first trial; else why
     * its verdicts are exploratory.
     */
    public static String exploratory(Manifest m) {
        String id = m.str(Declared.MANIFEST_KEY + ".test_id");
        if (Declared.TEST_ID.equals(id)) {
            return null;
        }
        if (!Manifest.UNKNOWN.equals(id)) {
            return TEXT.fill("exploratory.other-test").with("id", id).with("testId", Declared.TEST_ID).text();
        }
        String grants = m.str("forks_granted");
        if (grants.contains("Mann–Whitney")) {
            return TEXT.get("exploratory.mann-whitney");
        }
        return TEXT.get("exploratory.none");
    }

    /** The standing of a verdict measured by the run whose manifest is {@code measuring}; {@code twin} null where the box has none. */
    public static Citation of(DeclaredVerdicts.Judged j, Manifest measuring, Twin twin) {
        String exploratory = exploratory(measuring);
        if (exploratory != null) {
            return new Citation(Kind.EXPLORATORY, exploratory);
        }
        if (j.word() == DeclaredVerdicts.Word.NOT_JUDGED) {
            return new Citation(Kind.UNDECIDED, TEXT.get("not-judged"));
        }
        int fewest = fewestForks(j);
        if (fewest < Stats.MIN_FORKS) {
            return new Citation(Kind.DESCRIPTIVE, fewest == 1
                    ? TEXT.fill("descriptive.one").with("fewest", fewest).with("minForks", Stats.MIN_FORKS).text()
                    : TEXT.fill("descriptive.many").with("fewest", fewest).with("minForks", Stats.MIN_FORKS).text());
        }
        String flagged = flagged(j.rows());
        if (flagged != null) {
            return new Citation(Kind.NOT_SOUND, flagged);
        }
        if (!j.word().decided() && j.word() != DeclaredVerdicts.Word.BEST_GROUP) {
            return new Citation(Kind.UNDECIDED, j.word().toString());
        }
        if (twin != null && twin.word() != j.word()) {
            return new Citation(Kind.NOT_SOUND, twin.word() == null
                    ? TEXT.fill("twin.silent").with("twinRun", twin.runId()).text()
                    : TEXT.fill("twin.differs").with("twinRun", twin.runId()).with("word", twin.word().toString()).text());
        }
        return new Citation(Kind.CITABLE, twin == null
                ? TEXT.fill("citable.alone").with("minForks", Stats.MIN_FORKS).text()
                : TEXT.fill("citable.twin").with("minForks", Stats.MIN_FORKS).with("twinRun", twin.runId()).text());
    }

    /** The fewest forks of any side: the test's own count where it ran, else the rows' forks. */
    static int fewestForks(DeclaredVerdicts.Judged j) {
        if (j.fewestForks() > 0) {
            return j.fewestForks();
        }
        int fewest = Integer.MAX_VALUE;
        for (TextLine r : j.rows()) {
            fewest = Math.min(fewest, forks(r));
        }
        return j.rows().isEmpty() ? 0 : fewest;
    }

    private static int forks(TextLine r) {
        Side s = Side.of(r);
        if (!s.pairs().isEmpty()) {
            return (int) Cells.parse(s.pairs());
        }
        double f = Cells.parse(s.forks());
        return Double.isNaN(f) ? 1 : (int) f;
    }

    /**
     * The cells of one side of a verdict that only its own file writes, as written: a {@code disruptor-ratio.csv}
     * line's benchmark and pairs ({@link RatioLine}), an {@code rtt.csv} or {@code pipeline.csv} line's forks; "" where
     * the line has none.
     */
    record Side(String benchmark, String pairs, String forks) {
        static Side of(TextLine r) {
            if (RatioLine.FILE.equals(r.file())) {
                RatioLine l = RatioLine.of(r);
                return new Side(l.benchmark(), l.pairs(), "");
            }
            Lines<ForksCell> forks = RunData.PIPELINE.equals(r.file()) ? ForksCell.PIPELINE : ForksCell.RTT;
            return new Side("", "", forks.of(r).forks());
        }

        /** "7 pairs" where the side is a ratio of pairs, else its forks as written. */
        String forksWritten() {
            return pairs.isEmpty() ? forks : pairs + " pairs";
        }
    }

    /** The {@code forks} cell of an {@code rtt.csv} or {@code pipeline.csv} line, as written. */
    private record ForksCell(String forks) {
        static final Lines<ForksCell> RTT = Lines.of(MethodHandles.lookup(), RunData.RTT, ForksCell.class, "forks");
        static final Lines<ForksCell> PIPELINE = Lines.of(MethodHandles.lookup(), RunData.PIPELINE, ForksCell.class, "forks");
    }

    /** Why a side is not sound (oversubscribed, unstable), or null. */
    static String flagged(List<TextLine> rows) {
        for (TextLine r : rows) {
            if (r.oversubscribed()) {
                return TEXT.fill("oversubscribed").with("label", r.label()).text();
            }
            if (r.unstable()) {
                String benchmark = Side.of(r).benchmark();
                return TEXT.fill("unstable").with("label", benchmark.isEmpty() ? r.label() : benchmark).text();
            }
        }
        return null;
    }

    /**
     * The twin of a run folder: another complete run of the same commit, profile and machine in the same parent folder
     * holding {@code file}, or null. Two runs of one commit on one box are the reproducibility check (docs/statistics.md §13).
     */
    public static Path twin(Path run, String file) {
        Manifest m = Manifest.read(run);
        Path parent = run.toAbsolutePath().normalize().getParent();
        if (parent == null || Manifest.UNKNOWN.equals(m.str("git_commit"))) {
            return null;
        }
        try (Stream<Path> s = Files.list(parent)) {
            return s.filter(d -> !d.toAbsolutePath().normalize().equals(run.toAbsolutePath().normalize()) && Files.isRegularFile(d.resolve(file)))
                    .sorted().filter(d -> sameRunOf(m, Manifest.read(d))).findFirst().orElse(null);
        } catch (IOException e) {
            return null;
        }
    }

    private static boolean sameRunOf(Manifest a, Manifest b) {
        if (!b.complete()) {
            return false;
        }
        for (String k : List.of("git_commit", "profile", "machine.cpu_model", "machine.online_cpus", "machine.hostname", "jvm.version",
                "command_line")) {
            if (!a.str(k).equals(b.str(k))) {
                return false;
            }
        }
        return a.strings("suites").equals(b.strings("suites"));
    }
}
