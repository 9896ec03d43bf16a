package handoff.harness.cli;

import handoff.harness.sweep.SourceCommit;
import picocli.CommandLine;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/**
 * What the jar was built from, as the build wrote it into {@code handoff/build.properties} (harness/pom.xml: the
 * project's version, {@code git rev-parse HEAD} and whether the code had uncommitted changes, the build's time). A
 * run's manifest records this commit and dirty flag as the code that ran ({@code git_commit}, {@code git_dirty};
 * {@link #git}), not the current folder's, which a {@code git pull} after the build would make another.
 * Unknown where the build could not say (no git, classes not built by Maven): "unknown", never a guess.
 *
 * @param version e.g. {@code 0.1.0-SNAPSHOT}
 * @param commit  the full commit, or {@code unknown}
 * @param dirty   whether the working tree had uncommitted changes to the code when built
 * @param built   when, UTC, ISO 8601, or {@code unknown}
 */
public record BuildInfo(String version, String commit, boolean dirty, String built) {
    static final String UNKNOWN = "unknown";

    static BuildInfo read() {
        Properties p = new Properties();
        try (InputStream in = BuildInfo.class.getResourceAsStream("/handoff/build.properties")) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            p.clear();
        }
        return new BuildInfo(value(p, "version"), value(p, "commit"), "true".equals(p.getProperty("dirty")), value(p, "built"));
    }

    /** A value the build filled in; {@code unknown} where it is missing or still the placeholder. */
    private static String value(Properties p, String key) {
        String v = p.getProperty(key, "").strip();
        return v.isEmpty() || v.startsWith("${") ? UNKNOWN : v;
    }

    /** e.g. {@code handoff 0.1.0-SNAPSHOT (commit 566b0ac, built 2026-11-26T12:48:55Z)}. */
    String line() {
        return "handoff " + version + " (commit " + commit.substring(0, Math.min(7, commit.length())) + (dirty ? " with uncommitted changes" : "")
                + ", built " + built + ")";
    }

    /** The code that runs, for a run's manifest and a report's generator line: this build's commit beside the current folder's. */
    static SourceCommit git() {
        BuildInfo b = read();
        return SourceCommit.of(b.commit, b.dirty);
    }

    /** Picocli's {@code --version}, for the CLI and its sub-commands. */
    public static final class Provider implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {read().line()};
        }
    }
}
