package handoff.harness.echo;

import handoff.harness.page.FigureData;
import handoff.harness.page.FigureSection;
import handoff.harness.page.GnuplotInclude;
import handoff.harness.page.IntervalChart;
import handoff.harness.page.MarkdownTable;
import handoff.harness.page.NumberText;
import handoff.harness.page.Page;
import handoff.harness.page.Plot;
import handoff.harness.page.Prose;
import handoff.harness.page.RunData;
import handoff.harness.stats.Stats;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;


/**
 * The echo suite's part of the report: one figure (closed-loop p50 with its interval over forks, one row per
 * server configuration, one series per client count), the seed's observations with this run's verdicts in
 * the main text, and the full closed- and open-loop tables ({@link EchoSection}) in {@value #APPENDIX}.
 */
public final class EchoParts implements FigureSection {
    static final String APPENDIX = "appendix-echo.md";
    static final String NAME = "echo-clients";
    private static final Prose TEXT = Prose.of("echo");

    @Override
    public List<String> files() {
        return List.of(EchoCsv.FILE);
    }

    @Override
    public List<Plot> write(RunData run, Path dataDir) throws IOException {
        List<EchoFigure.Series> series = EchoFigure.series(EchoCsv.lines(run.holder(EchoCsv.FILE)));
        if (series.isEmpty()) {
            return List.of();
        }
        List<Integer> clients = series.stream().flatMap(s -> s.rows().stream()).map(EchoLine::clients)
                .distinct().sorted().toList();
        String title = TEXT.get("figure.title");
        IntervalChart c = new IntervalChart(NAME, title).axis(TEXT.get("figure.axis"), true).tics(GnuplotInclude::timeLabel);
        clients.forEach(n -> c.series(TEXT.fill("figure.series").with("clients", n).text()));
        MarkdownTable t = new MarkdownTable("server", "N", "p50 [interval]", "p99", "req/s", "vs inline", "flags");
        for (EchoFigure.Series s : series) {
            EchoLine first = s.rows().get(0);
            c.row(s.title() + marks(s.rows()), run.traits.colour(first.transport()));
            for (int i = 0; i < clients.size(); i++) {
                int n = clients.get(i);
                EchoLine r = s.rows().stream().filter(x -> x.clients() == n).findFirst().orElse(null);
                c.point(i, r == null ? IntervalChart.Point.of(Double.NaN, Double.NaN, Double.NaN, "")
                        : IntervalChart.Point.of(r.p50().centre(), r.p50().lo(), r.p50().hi(), ""));
                if (r != null) {
                    t.row(s.title(), Integer.toString(n), NumberText.time(r.p50().centre()) + " [" + NumberText.time(r.p50().lo()) + ", "
                            + NumberText.time(r.p50().hi()) + "]", NumberText.time(r.p99().centre()), NumberText.rate(r.throughputRps()),
                            r.vsInline(), marks(List.of(r)).trim());
                }
            }
        }
        c.write(dataDir);
        boolean flagged = series.stream().flatMap(s -> s.rows().stream()).anyMatch(r -> r.oversubscribed() || r.unstable());
        String level = FigureData.levelsOf(series.stream().flatMap(x -> x.rows().stream()).map(r -> r.p50().level()).toList());
        return List.of(new Plot(script(), NAME, title, TEXT.fill("figure.caption").with("level", level)
                .with("alpha", Stats.formatP(Stats.ALPHA)).text(), t, flagged));
    }

    private static String marks(List<EchoLine> rows) {
        boolean over = rows.stream().anyMatch(EchoLine::oversubscribed);
        boolean unstable = rows.stream().anyMatch(EchoLine::unstable);
        return (over ? " *" : "") + (unstable ? " !" : "");
    }

    @Override
    public void write(Page doc) throws IOException {
        List<EchoLine> rows = EchoCsv.lines(doc.run.holder(EchoCsv.FILE));
        if (rows.isEmpty()) {
            return;
        }
        doc.h2(TEXT.get("part.title"));
        doc.plots(script()).stream().filter(p -> p.name().equals(NAME)).forEach(doc::figure);
        // the claims and verdicts here; each verdict's evidence (rows, figures, test and level) in the echo appendix
        MarkdownTable obs = new MarkdownTable("published observation (2013 example)", "verdict");
        for (EchoObservations.Observation o : EchoObservations.of(rows)) {
            obs.row(o.claim(), "**" + o.verdict() + "**");
        }
        doc.table(obs);
        doc.appendixFile(APPENDIX, EchoSection.markdown(rows));
        doc.p(TEXT.fill("evidence").with("link", doc.link(APPENDIX, TEXT.get("evidence.link"))).text());
    }

    @Override
    public List<String> verdicts(RunData run) {
        List<EchoLine> all;
        try {
            all = EchoCsv.lines(run.holder(EchoCsv.FILE));
        } catch (IOException e) {
            return List.of(TEXT.fill("unreadable").with("why", String.valueOf(e.getMessage())).text());
        }
        List<EchoLine> ok = all.stream().filter(r -> r.ok() && "closed".equals(r.mode())).toList();
        if (ok.isEmpty()) {
            return List.of();
        }
        // `inline` answers on the receiving thread: no hand-off, so it is the control, not a hand-off row (issue 40)
        List<EchoLine> handoffs = ok.stream().filter(r -> !EchoSuite.INLINE.equals(r.variant())).toList();
        long over = handoffs.stream().filter(EchoLine::oversubscribed).count();
        long inlineWithin = ok.stream().filter(r -> EchoSuite.INLINE.equals(r.variant()) && !r.oversubscribed()).count();
        String inline = inlineWithin == 0 ? "" : " " + (inlineWithin == 1 ? TEXT.get("verdict.inline.one")
                : TEXT.fill("verdict.inline").with("inline", inlineWithin).text());
        String crowded = over == 0 ? TEXT.get("verdict.within") : over == handoffs.size() ? TEXT.get("verdict.all")
                : TEXT.get("verdict.others");
        return List.of(TEXT.fill("verdict").with("within", handoffs.size() - over).with("rows", handoffs.size()).text()
                + inline + crowded);
    }
}
