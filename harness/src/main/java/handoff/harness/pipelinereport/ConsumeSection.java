package handoff.harness.pipelinereport;

import handoff.harness.page.MarkdownTable;
import handoff.harness.page.NumberText;
import handoff.harness.page.Page;
import handoff.harness.page.Prose;
import handoff.harness.page.RunData;
import handoff.harness.page.Section;
import handoff.harness.page.TestedClaims;
import handoff.harness.page.TextLine;
import handoff.harness.pipeline.PipelineAxes;
import handoff.harness.pipeline.PipelineLine;

import java.util.ArrayList;
import java.util.List;

/**
 * Like for like where the reader compares (issue 40): the decision table's queue rows take one event per poll with
 * a buffer per hop, its rings every waiting event as one batch with one buffer in all. Right below the table, each
 * queue's rows that this run also measured the rings' way ({@value PipelineAxes#VARIANTS_FILE}: consuming in batches,
 * or one at a time at a ring's total buffering) beside its decision-table row and the rings at the same wait, each
 * variant tested against the decision-table row on the forks' throughputs. Where no variant was measured, one line
 * saying that the table compares the consumer modes too.
 */
final class ConsumeSection implements Section {
    private static final Prose TEXT = Prose.of("decision");

    @Override
    public void write(Page doc) {
        RunData run = doc.run;
        List<TextLine> variants = RunData.eq(run.ok(PipelineAxes.VARIANTS_FILE), "workers", "1");
        List<TextLine> main = RunData.eq(run.ok(ThroughputFigure.FILE), "workers", "1");
        if (main.isEmpty()) {
            return;
        }
        if (variants.isEmpty()) {
            boolean ring = main.stream().anyMatch(r -> run.traits.get(PipelineLine.of(r).transport()).preallocated());
            boolean one = main.stream().anyMatch(r -> "one".equals(PipelineLine.of(r).consume()));
            if (ring && one) {
                doc.p(TEXT.fill("consume.no-variants").with("file", PipelineAxes.VARIANTS_FILE).text());
            }
            return;
        }
        MarkdownTable t = new MarkdownTable("transport/wait", "P", "consumes", "buffering (events held)", "saturation [interval]", "mean batch",
                "vs the decision-table row");
        List<String> rings = new ArrayList<>();
        for (TextLine base : main) {
            List<TextLine> mine = variants.stream().filter(v -> same(v, base)).toList();
            if (mine.isEmpty()) {
                continue;
            }
            t.row(cells(base, TEXT.get("consume.base")));
            for (TextLine v : mine) {
                t.row(cells(v, TestedClaims.verdict(TestedClaims.compare(v, base, "throughput_eps"), TEXT.get("word.higher"), TEXT.get("word.lower"))));
            }
            PipelineLine b = PipelineLine.of(base);
            for (TextLine r : main) {
                String ring = r.label() + " " + NumberText.withInterval(ThroughputFigure.saturation(r), NumberText::rate);
                PipelineLine l = PipelineLine.of(r);
                if (run.traits.get(l.transport()).preallocated() && l.waitStrategy().equals(b.waitStrategy())
                        && l.producers().equals(b.producers()) && !rings.contains(ring)) {
                    rings.add(ring);
                }
            }
        }
        doc.h3(TEXT.get("consume.title"));
        doc.p(TEXT.fill("consume.intro").with("file", PipelineAxes.VARIANTS_FILE)
                .with("rings", rings.isEmpty() ? "" : " " + TEXT.fill("consume.rings").with("rings", String.join("; ", rings)).text()).text());
        doc.table(t);
    }

    /** The same configuration but for its consumer mode and buffering. */
    private static boolean same(TextLine v, TextLine base) {
        PipelineLine a = PipelineLine.of(v);
        PipelineLine b = PipelineLine.of(base);
        return a.transport().equals(b.transport()) && a.producers().equals(b.producers())
                && a.waitStrategy().equals(b.waitStrategy()) && a.work().equals(b.work()) && a.workers().equals(b.workers())
                && v.sameRuntime(base);
    }

    private static List<String> cells(TextLine r, String versus) {
        PipelineLine l = PipelineLine.of(r);
        String held = l.bufferEvents().isEmpty() ? TEXT.get("consume.unbounded") : l.bufferEvents();
        return List.of(r.label(), l.producers(), l.consume().equals("batch") ? TEXT.get("consume.batch")
                        : TEXT.get("consume.one"), l.buffering() + " (" + held + ")",
                NumberText.withInterval(ThroughputFigure.saturation(r), NumberText::rate) + r.marks(),
                !Double.isNaN(l.meanBatch()) ? NumberText.sig3(l.meanBatch()) : NumberText.NONE, versus);
    }
}
