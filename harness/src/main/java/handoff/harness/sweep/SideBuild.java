package handoff.harness.sweep;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;

/**
 * One side of a run of two builds ({@code ab}): a jar given as built, or a commit of the repository built in a git
 * worktree of its own under a folder outside the user's checkout ({@code mvn package}, tests skipped), so that the
 * checkout is never touched. {@link #remove} takes the worktree away again.
 *
 * @param label    {@code base} or {@code head}
 * @param given    as the user named it (a commit, a branch, {@code HEAD}, or a jar's path)
 * @param commit   the full commit it resolved to; empty for a jar given as built
 * @param jar      the jar its trials run (null until built)
 * @param repo     the repository's top folder (null for a jar given as built)
 * @param worktree the worktree it was built in (null for a jar given as built, or before the build)
 */
public record SideBuild(String label, String given, String commit, Path jar, Path repo, Path worktree) {
    /** The entry a harness jar must have: the command line every trial JVM starts. */
    static final String MAIN = "handoff/harness/cli/Main.class";
    /** The harness's jar inside a built tree. */
    static final String BUILT_JAR = "harness/target/handoff.jar";
    /** A build that takes longer than this is stopped. */
    static final long BUILD_TIMEOUT_S = 30 * 60;

    /** A side that could not be built: its commit, the build's exit and where its log is. */
    public static final class BuildFailed extends RuntimeException {
        private static final long serialVersionUID = 1L;

        BuildFailed(String message) {
            super(message, null, false, false);
        }
    }

    /**
     * Resolves what the user named, building nothing: an existing jar file that holds the harness, or a commit of the
     * repository of the current folder.
     *
     * @throws IllegalArgumentException naming the value and what is allowed
     */
    public static SideBuild resolve(String label, String given) {
        Path asFile = Path.of(given);
        if (given.endsWith(".jar") || Files.isRegularFile(asFile)) {
            String why = !Files.isRegularFile(asFile) ? "does not exist" : harness(asFile) ? null : "is not a handoff jar (no " + MAIN + ")";
            if (why != null) {
                throw new IllegalArgumentException(label.toUpperCase(Locale.ROOT) + " '" + given + "' " + why
                        + "; allowed: a commit of this repository or a built harness/target/handoff.jar");
            }
            return new SideBuild(label, given, "", asFile.toAbsolutePath(), null, null);
        }
        String top = SourceCommit.run("git", "rev-parse", "--show-toplevel");
        String commit = top.isEmpty() ? "" : SourceCommit.run("git", "rev-parse", "--verify", "--quiet", given + "^{commit}");
        if (commit.isEmpty()) {
            throw new IllegalArgumentException(label.toUpperCase(Locale.ROOT) + " '" + given + "' is neither a jar file nor a commit of "
                    + (top.isEmpty() ? "a git repository (the current folder is in none)" : "this repository")
                    + "; allowed: a commit (HEAD, a branch, a sha) or a built harness/target/handoff.jar");
        }
        return new SideBuild(label, given, commit, null, Path.of(top), null);
    }

    /** Whether a jar holds the harness's command line. */
    static boolean harness(Path jar) {
        try (JarFile j = new JarFile(jar.toFile())) {
            return j.getEntry(MAIN) != null;
        } catch (IOException e) {
            return false;
        }
    }

    /** The side and its commit, e.g. {@code HEAD (0a1b2c3)}, for messages. */
    private String who() {
        return label.toUpperCase(Locale.ROOT) + " (" + shortName() + ")";
    }

    /** Whether the jar is already there (given as built, or built). */
    public boolean built() {
        return jar != null;
    }

    /** The short commit, or the jar's file name for a jar given as built. */
    public String shortName() {
        return commit.isEmpty() ? jar.getFileName().toString() : commit.substring(0, 7);
    }

    /** This side with another side's jar: one build serves both where the two name the same commit. */
    public SideBuild sharing(SideBuild built) {
        return new SideBuild(label, given, commit, built.jar, repo, built.worktree);
    }

    /**
     * Builds a commit in a worktree under {@code folder} (a folder outside the checkout), its output in
     * {@code <folder>/<label>-build.log}; a jar given as built is returned as it is.
     *
     * @param mvn the Maven command ({@code mvn})
     * @throws BuildFailed where the worktree cannot be made or the build fails
     */
    public SideBuild build(Path folder, String mvn) {
        if (built()) {
            return this;
        }
        Path tree = folder.resolve(label);
        Path log = folder.resolve(label + "-build.log");
        run(List.of("git", "-C", repo.toString(), "worktree", "add", "--detach", tree.toString(), commit), repo, log, "git worktree add");
        SideBuild inTree = new SideBuild(label, given, commit, null, repo, tree);
        run(List.of(mvn, "-B", "-q", "-DskipTests", "-Dhandoff.jcstress.skip=true", "package"), tree, log, "mvn package");
        Path jar = tree.resolve(BUILT_JAR);
        if (!harness(jar)) {
            inTree.remove();
            throw new BuildFailed(who() + " built no " + BUILT_JAR
                    + "; the end of its log:\n" + tail(log));
        }
        return new SideBuild(label, given, commit, jar, repo, tree);
    }

    private void run(List<String> cmd, Path dir, Path log, String what) {
        try {
            Files.createDirectories(log.getParent());
            Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
            if (!p.waitFor(BUILD_TIMEOUT_S, TimeUnit.SECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                throw new BuildFailed(who() + ": " + what + " ran past "
                        + BUILD_TIMEOUT_S / 60 + " minutes; the end of its log:\n" + tail(log));
            }
            if (p.exitValue() != 0) {
                throw new BuildFailed(who() + " did not build: " + what
                        + " exited " + p.exitValue() + "; the end of its log:\n" + tail(log));
            }
        } catch (IOException e) {
            throw new BuildFailed(who() + ": cannot run " + what + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BuildFailed(who() + ": " + what + " interrupted");
        }
    }

    /** The last lines of a build's log (the folder it is in goes when the run ends). */
    private static String tail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 25), lines.size()));
        } catch (IOException | UncheckedIOException e) {
            return "(" + log + " cannot be read: " + e.getMessage() + ")";
        }
    }

    /** Takes its worktree away (and the jar built in it); nothing for a jar given as built. */
    public void remove() {
        if (worktree != null) {
            SourceCommit.run("git", "-C", repo.toString(), "worktree", "remove", "--force", worktree.toString());
        }
    }

    /** Forgets the repository's worktrees whose folders are gone (one taken away mid-build); nothing for a jar as built. */
    public void prune() {
        if (repo != null) {
            SourceCommit.run("git", "-C", repo.toString(), "worktree", "prune");
        }
    }

    /** The jar's SHA-256, hex. */
    public String sha256() {
        try (InputStream in = Files.newInputStream(jar)) {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(in.readAllBytes()));
        } catch (IOException | NoSuchAlgorithmException e) {
            return "unknown (" + e.getMessage() + ")";
        }
    }

    /** The jar's own record of what it was built from ({@code handoff/build.properties}: version, commit, dirty, built); empty where it has none. */
    public Map<String, String> buildInfo() {
        Map<String, String> out = new TreeMap<>();
        try (JarFile j = new JarFile(jar.toFile())) {
            var entry = j.getEntry("handoff/build.properties");
            if (entry != null) {
                Properties p = new Properties();
                try (InputStream in = j.getInputStream(entry)) {
                    p.load(in);
                }
                p.stringPropertyNames().forEach(k -> out.put(k, p.getProperty(k)));
            }
        } catch (IOException e) {
            // none: the manifest says so by an empty map
        }
        return out;
    }
}
