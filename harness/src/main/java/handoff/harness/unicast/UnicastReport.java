package handoff.harness.unicast;

import handoff.harness.page.FigureKind;
import handoff.harness.page.ReportParts;
import handoff.harness.page.Section;

import java.util.List;

/** The unicast suite's part of the report: time per item, a figure with its table. */
public final class UnicastReport implements ReportParts {
    private final UnicastFigure figure = new UnicastFigure();

    @Override
    public List<String> files() {
        return List.of(UnicastFigure.FILE);
    }

    @Override
    public List<FigureKind> figureKinds() {
        return List.of(figure);
    }

    @Override
    public List<Section> sections() {
        return List.of(doc -> {
            var plots = doc.plots(figure.script()).stream().filter(p -> p.name().equals("unicast-per-item")).toList();
            if (!plots.isEmpty()) {
                doc.h2("Unicast: one producer, one consumer");
                plots.forEach(doc::figure);
            }
        });
    }
}
