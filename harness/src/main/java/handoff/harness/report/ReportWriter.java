package handoff.harness.report;

import java.nio.file.Path;

final class ReportWriter {
    ReportWriter(RunData d, Figures f, Path t, Plotter.Result r) {
    }

    String render() {
        return "";
    }
}
