package handoff.harness.page;

import java.util.List;

/**
 * A suite's part of the report that is one section drawing its own figures: it is its own figure kind and its
 * own section, and draws on {@link IntervalChart}'s script unless it says otherwise.
 */
public interface FigureSection extends ReportParts, FigureKind, Section {
    @Override
    default List<FigureKind> figureKinds() {
        return List.of(this);
    }

    @Override
    default List<Section> sections() {
        return List.of(this);
    }

    @Override
    default String script() {
        return IntervalChart.SCRIPT;
    }
}
