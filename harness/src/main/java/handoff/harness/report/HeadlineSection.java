package handoff.harness.report;

import handoff.harness.page.BoxLabel;
import handoff.harness.page.JmhWindow;
import handoff.harness.page.Lines;
import handoff.harness.page.Manifest;
import handoff.harness.page.MarkdownTable;
import handoff.harness.page.NumberText;
import handoff.harness.page.Page;
import handoff.harness.page.Prose;
import handoff.harness.page.RunData;
import handoff.harness.page.Section;
import handoff.harness.page.TextLine;
import handoff.harness.report.DeclaredVerdicts.Judged;
import handoff.harness.report.DeclaredVerdicts.Word;
import handoff.harness.stats.LogT;
import handoff.harness.stats.Stats;
import handoff.harness.trial.Profile;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The headline answers of one or more boxes, each with whether it can be cited ({@link Citability}): the top page's
 * first section. One line per declared answer a reader would quote — the pipeline's best group and its ratio to the
 * JDK's ArrayBlockingQueue, the RTT send path closest to the SPSC floor and abq's, ours ÷ LMAX per topology — with the
 * test's own estimate (the geometric mean of per-round ratios) and its interval, the forks of each side, the measured
 * seconds per fork, and the run and commit that measured it. Every number comes from {@link DeclaredVerdicts}, the one
 * place the declared verdicts are computed; this class only chooses and words them.
 */
public final class HeadlineSection implements Section {
    static final Prose TEXT = Prose.of("headline");

    /** One line of the table: its cells as text and the citation behind the last. */
    public record Line(String id, String box, String question, String answer, String ratio, String forks, String secondsPerFork, String measuredBy,
                       Citability.Citation citation) {
    }

    private final List<RunData> boxes;
    private final List<RunData> earlier;

    /** @param boxes the runs (or studies) of each box, the main one first */
    public HeadlineSection(List<RunData> boxes) {
        this(boxes, List.of());
    }

    /**
     * @param boxes   the runs (or studies) of each box, the main one first
     * @param earlier earlier runs or studies of the main box: lines for the questions the main one does not answer, each
     *                with its own citability (a run measured under another test is exploratory)
     */
    public HeadlineSection(List<RunData> boxes, List<RunData> earlier) {
        this.boxes = List.copyOf(boxes);
        this.earlier = List.copyOf(earlier);
    }

    @Override
    public void write(Page doc) {
        doc.h2(TEXT.fill("title").with("boxes", String.join(" and ", boxes.stream().map(b -> BoxLabel.of(b).cpus()).toList())).text());
        doc.p(TEXT.fill("intro").with("testId", "`" + Declared.TEST_ID + "`").with("minForks", Stats.MIN_FORKS).text());
        MarkdownTable t = new MarkdownTable("box", "question", "answer", "ratio [interval, level]", "forks (each side)", "measured s/fork", "measured by",
                "citable");
        for (int b = 0; b < boxes.size(); b++) {
            List<Line> lines = new ArrayList<>(lines(boxes.get(b)));
            if (b == 0) {
                for (RunData e : earlier) {
                    Set<String> answered = new HashSet<>(lines.stream().map(Line::id).toList());
                    lines(e).stream().filter(l -> !answered.contains(l.id())).forEach(lines::add);
                }
            }
            for (Line l : lines) {
                t.row(l.box(), l.question(), l.answer(), l.ratio(), l.forks(), l.secondsPerFork(), l.measuredBy(), l.citation().words());
            }
        }
        if (t.isEmpty()) {
            doc.p(TEXT.get("none"));
        } else {
            doc.table(t);
        }
    }

    /** The headline lines of one box, in the order of the questions. */
    public static List<Line> lines(RunData run) {
        List<Line> out = new ArrayList<>();
        BoxLines l = new BoxLines(run);
        l.pipeline(out);
        l.rtt(out);
        l.oursVsLmax(out);
        return out;
    }

    /** What one box's lines are made from: its declared verdicts, the run holding each file, and that run's twin. */
    private static final class BoxLines {
        private final RunData run;
        private final Map<String, Judged> judged;
        private final String box;
        private final Map<String, Citability.Twin> twins = new HashMap<>();
        private final Map<String, DeclaredVerdicts> twinVerdicts = new HashMap<>();

        BoxLines(RunData run) {
            this.run = run;
            this.judged = DeclaredVerdicts.of(run).judged();
            this.box = BoxLabel.of(run).cpus();
        }

        void pipeline(List<Line> out) {
            List<TextLine> rows = RunData.where(RunData.eq(RunData.eq(run.ok(RunData.PIPELINE), "workers", "1"), "producers", "1"),
                    r -> Declared.inPipelineFamilies(r) && r.runtime().isEmpty());
            if (rows.isEmpty()) {
                return;
            }
            List<TextLine> group = new ArrayList<>();
            List<String> unplaced = new ArrayList<>(); // rows of forks enough that a refused comparison left untested
            boolean single = false;
            for (TextLine r : rows) {
                Judged j = judged.get(VerdictKey.pipeline(VerdictKey.PIPELINE_BEST, r));
                if (j != null && (j.word() == Word.BEST || j.word() == Word.BEST_GROUP)) {
                    group.add(r);
                    single |= j.word() == Word.BEST;
                } else if (j != null && j.word() == Word.UNTESTED && Citability.fewestForks(j) >= Stats.MIN_FORKS) {
                    unplaced.add(describe(r));
                }
            }
            if (group.isEmpty() || group.size() == rows.size()) {
                return; // nothing told apart, or the run judged no row: the decision table says so
            }
            group.sort(Comparator.comparingDouble((TextLine r) -> PipelineCells.of(r).throughputEps()).reversed());
            int k = (int) rows.stream().filter(r -> Citability.fewestForks(Judged.bare(Word.UNTESTED, List.of(r))) >= Stats.MIN_FORKS).count();
            String how = single ? TEXT.fill("a.best.how.one").with("k", k).text()
                    : group.size() == 1 ? TEXT.fill("a.best.how.alone").with("k", k).text() : TEXT.fill("a.best.how.group").with("k", k).text();
            if (!unplaced.isEmpty()) {
                how = TEXT.fill("a.best.how.untested").with("how", how).with("rows", String.join(", ", unplaced)).text();
            }
            List<String> names = group.stream().map(r -> describe(r) + " " + NumberText.rate(PipelineCells.of(r).throughputEps())).toList();
            Judged best = Judged.bare(single ? Word.BEST : Word.BEST_GROUP, group);
            String key = VerdictKey.pipeline(VerdictKey.PIPELINE_BEST, group.get(0));
            out.add(line(RunData.PIPELINE, key, TEXT.get("q.best"), TEXT.fill("a.best").with("standing", single ? "best" : "best group")
                    .with("rows", String.join("; ", names)).with("how", how).text(), best, forksOf(group)));
            int ref = Declared.abqReference(rows);
            if (ref < 0) {
                return;
            }
            TextLine abq = rows.get(ref);
            for (TextLine r : group) {
                String vsKey = VerdictKey.pipeline(VerdictKey.PIPELINE_VS_ABQ, r);
                Judged j = judged.get(vsKey);
                if (j == null) {
                    continue;
                }
                out.add(line(RunData.PIPELINE, vsKey, TEXT.fill("q.vsabq").with("abqUse", abqUse(abq)).text(), TEXT.fill("a.ratio")
                        .with("row", describe(r)).with("reference", describe(abq)).with("word", word(j)).with("pRaw", pRaw(j))
                        .with("pHolm", pHolm(j)).text(), j, null));
            }
        }

        void rtt(List<Line> out) {
            String prefix = VerdictKey.RTT_VS_BASELINE + " | P=1 burst=1 | ";
            List<Map.Entry<String, Judged>> at = judged.entrySet().stream().filter(e -> e.getKey().startsWith(prefix)
                    && !Double.isNaN(e.getValue().ratio())).toList();
            if (at.isEmpty()) {
                return;
            }
            Map.Entry<String, Judged> lowest = at.stream().min(Comparator.comparingDouble(e -> e.getValue().ratio())).get();
            List<Map.Entry<String, Judged>> chosen = new ArrayList<>(List.of(lowest));
            at.stream().filter(e -> e.getValue().rows().get(0).transport().equals("abq") && e != lowest).findFirst().ifPresent(chosen::add);
            for (Map.Entry<String, Judged> e : chosen) {
                Judged j = e.getValue();
                out.add(line(RunData.RTT, e.getKey(), TEXT.fill("q.rtt").with("burst", "1").text(), TEXT.fill("a.ratio")
                        .with("row", describe(j.rows().get(0))).with("reference", j.rows().get(1).label()).with("word", word(j))
                        .with("pRaw", pRaw(j)).with("pHolm", pHolm(j)).text(), j, null));
            }
        }

        void oursVsLmax(List<Line> out) {
            for (Map.Entry<String, Judged> e : judged.entrySet()) {
                if (!VerdictKey.question(e.getKey()).equals(VerdictKey.OURS_VS_LMAX)) {
                    continue;
                }
                Judged j = e.getValue();
                RatioLine r = RatioLine.of(j.rows().get(0));
                boolean tuned = Declared.slipTunedOn(r.benchmark(), r.waitStrategy());
                out.add(line(RatioLine.FILE, e.getKey(), TEXT.fill("q.lmax").with("topology", r.benchmark()).with("wait", r.waitStrategy())
                        .text(), TEXT.fill("a.lmax").with("slip", "slip on").with("word", word(j)).with("pRaw", pRaw(j)).with("pHolm", pHolm(j))
                        .with("tuned", tuned ? TEXT.get("tuned") : "").text(), j, null));
            }
        }

        private Line line(String file, String key, String question, String answer, Judged j, String forks) {
            Path source = sourceOf(file);
            Manifest measuring = Manifest.read(source);
            String commit = measuring.str("git_commit");
            String measuredBy = "`" + source.getFileName() + "` @ `" + (commit.length() > 7 ? commit.substring(0, 7) : commit) + "`";
            Citability.Citation c = Citability.of(j, measuring, twin(source, file, key));
            return new Line(VerdictKey.question(key), box, question, answer, ratio(j), forks != null ? forks : forksOf(j), secondsPerFork(source, file), measuredBy, c);
        }

        /** The run folder that holds a file: the run itself, or the member of a study that measured it. */
        private Path sourceOf(String file) {
            for (Path s : run.sources) {
                if (Files.isRegularFile(s.resolve(file))) {
                    return s;
                }
            }
            return run.dir;
        }

        private Citability.Twin twin(Path source, String file, String key) {
            String cacheKey = source + "|" + file;
            if (!twinVerdicts.containsKey(cacheKey)) {
                Path t = Citability.twin(source, file);
                DeclaredVerdicts v = null;
                if (t != null) {
                    try {
                        v = DeclaredVerdicts.of(RunData.load(t));
                        twins.put(cacheKey, new Citability.Twin(t.getFileName().toString(), null));
                    } catch (IOException | RuntimeException e) {
                        v = null;
                    }
                }
                twinVerdicts.put(cacheKey, v);
            }
            DeclaredVerdicts v = twinVerdicts.get(cacheKey);
            return v == null ? null : new Citability.Twin(twins.get(cacheKey).runId(), v.all().get(key));
        }
    }

    /** A row's label with what a reader must know beside a ratio: the consumer's mode, and for abq which API it measures. */
    public static String describe(TextLine r) {
        String consume = PipelineCells.of(r).consume();
        String mode = r.transport().equals("abq") ? abqUse(r)
                : consume.isEmpty() ? "" : consume.equals("batch") ? TEXT.get("consume.batch")
                : TEXT.get("consume.one");
        String model = r.producerModel().isEmpty() ? "" : " " + r.producerModel();
        return r.label() + model + (mode.isEmpty() ? "" : " (" + mode + ")");
    }

    /** How an abq row uses the queue: put/take at {@code block} (the JDK's intended use), busy-polling at {@code spin}. */
    public static String abqUse(TextLine r) {
        return switch (r.waitStrategy()) {
            case "block" -> TEXT.get("abq.block");
            case "spin" -> TEXT.get("abq.spin");
            default -> TEXT.fill("abq.other").with("wait", r.waitStrategy()).text();
        };
    }

    /** A verdict's word, saying so where the test refused to run (forks spread over 2×). */
    static String word(Judged j) {
        return LogT.refusedDesign(j.test()) ? TEXT.get("refused") : j.word().toString();
    }

    private static String pRaw(Judged j) {
        return Double.isNaN(j.p()) ? TEXT.get("p.none") : TEXT.fill("p.raw").with("p", Stats.formatP(j.p())).text();
    }

    private static String pHolm(Judged j) {
        return Double.isNaN(j.pAdjusted()) || j.family() < 2 ? ""
                : TEXT.fill("p.holm").with("p", Stats.formatP(j.pAdjusted())).with("family", j.family()).text();
    }

    static String ratio(Judged j) {
        if (Double.isNaN(j.ratio())) {
            return NumberText.NONE;
        }
        return NumberText.ratio(j.ratio()) + (Double.isNaN(j.lo()) ? "" : " [" + NumberText.ratio(j.lo()) + ", " + NumberText.ratio(j.hi()) + ", "
                + Stats.formatLevel(j.level()) + "]");
    }

    private static String forksOf(Judged j) {
        if (j.forksA() > 0) {
            return j.forksA() == j.forksB() ? j.forksA() + " / " + j.forksB() : j.forksA() + " / " + j.forksB();
        }
        return forksOf(j.rows());
    }

    private static String forksOf(List<TextLine> rows) {
        return String.join(" / ", rows.stream().map(r -> Citability.Side.of(r).forksWritten()).toList());
    }

    /**
     * The measured seconds of one fork, as the measuring run recorded them: a JMH suite's measurement iterations × their
     * time (its jmh/ files); RTT's measured window from the run's profile. Empty where the run holds neither.
     */
    static String secondsPerFork(Path source, String file) {
        String prefix = switch (file) {
            case RunData.PIPELINE -> "pipeline_";
            case "disruptor-ratio.csv" -> "disruptor_";
            default -> null;
        };
        if (prefix != null) {
            return JmhWindow.secondsPerFork(source.resolve("jmh"), prefix);
        }
        if (file.equals(RunData.RTT)) {
            String profile = Manifest.read(source).str("profile");
            for (Profile p : Profile.values()) {
                if (p.id().equals(profile)) {
                    return TEXT.fill("window").with("seconds", NumberText.sig3(p.rttMeasureMs / 1000.0)).with("profile", profile).text();
                }
            }
        }
        return NumberText.NONE;
    }

    /**
     * A line of {@code pipeline.csv} as the headline reads it: its saturation and how its consumer takes events
     * ({@code consume}; "" on a line of another file, an RTT row described alike).
     */
    private record PipelineCells(double throughputEps, String consume) {
        static final Lines<PipelineCells> LINES = Lines.of(MethodHandles.lookup(), RunData.PIPELINE, PipelineCells.class,
                "throughput_eps", "consume");

        static PipelineCells of(TextLine r) {
            return LINES.of(r);
        }
    }
}
