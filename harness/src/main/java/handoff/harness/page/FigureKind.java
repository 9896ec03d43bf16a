package handoff.harness.page;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * A kind of figure: owns, in one class, the data files it writes under {@code <run>/plots/data/}, the gnuplot
 * script that draws them ({@code plots/<script>.gp}, run by {@code plot-all.sh} once per figure with
 * {@code name} set), and each figure's table and caption ({@link Plot}). Returns no figure when its data is
 * absent.
 */
public interface FigureKind {
    /** The script under plots/, without {@code .gp}. */
    String script();

    /** Writes the data files of every figure of this kind for the run; the figures, in report order. */
    List<Plot> write(RunData run, Path dataDir) throws IOException;
}
