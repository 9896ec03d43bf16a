package handoff.harness.page;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The synthetic run folders under src/test/resources/report/, copied so tests can write plots/ and REPORT.md. */
public final class Fixtures {
    private Fixtures() {
    }

    public static Path resource(String name) {
        try {
            return Path.of(Fixtures.class.getResource("/report/" + name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    public static Path copy(String name, Path into) throws IOException {
        return copyTree(resource(name), into.resolve(name));
    }

    /** A folder copied whole. */
    public static Path copyTree(Path src, Path dst) throws IOException {
        return handoff.harness.results.ResultsReadme.copyTree(src, dst);
    }

    /** A command line whose output goes to a buffer, not the build log. */
    public static picocli.CommandLine quiet(Object command) {
        picocli.CommandLine cl = new picocli.CommandLine(command);
        java.io.StringWriter sink = new java.io.StringWriter();
        cl.setOut(new java.io.PrintWriter(sink));
        cl.setErr(new java.io.PrintWriter(sink));
        return cl;
    }

    /** The repository's plots/ folder (surefire runs in harness/). */
    public static Path plotsDir() {
        for (Path p : new Path[] {Path.of("..", "plots"), Path.of("plots")}) {
            if (Files.isRegularFile(p.resolve("plot-all.sh"))) {
                return p.toAbsolutePath().normalize();
            }
        }
        return null;
    }
}
