package handoff.harness.sweep;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The code a run was made from, so every number traces back to it: the commit and dirty flag the harness's own build
 * recorded (the code that runs: handoff.jar's build info), and, where the current folder's differ (a {@code git pull}
 * after the build, then {@code --no-build}), the folder's too.
 *
 * @param commit       the commit the classes were built from (full), or {@code unknown} where the build could not say
 * @param dirty        whether the code had uncommitted changes when it was built
 * @param folderCommit the current folder's commit ({@code git rev-parse HEAD}), or {@code unknown} outside git
 * @param folderDirty  whether the current folder's code has uncommitted changes
 */
public record SourceCommit(String commit, boolean dirty, String folderCommit, boolean folderDirty) {
    public static final String UNKNOWN = "unknown";

    /** The build's commit and dirty flag, beside the current folder's. */
    public static SourceCommit of(String builtCommit, boolean builtDirty) {
        String head = run("git", "rev-parse", "HEAD");
        return new SourceCommit(builtCommit, builtDirty, head.isEmpty() ? UNKNOWN : head, !head.isEmpty() && codeDirty());
    }

    /** The first 7 characters of the commit, for the run id; {@code nogit} where it is unknown. */
    public String shortCommit() {
        return commit.equals(UNKNOWN) ? "nogit" : commit.substring(0, Math.min(7, commit.length()));
    }

    /** Whether the current folder holds other code than the build's (another commit, or changes the build did not have). */
    public boolean folderDiffers() {
        return !folderCommit.equals(commit) || folderDirty != dirty;
    }

    /** The manifest's record: the build's commit and dirty flag, and the folder's beside them where they differ. */
    public void into(Map<String, Object> manifest) {
        manifest.put("git_commit", commit);
        manifest.put("git_dirty", dirty);
        if (folderDiffers()) {
            manifest.put("folder_git_commit", folderCommit);
            manifest.put("folder_git_dirty", folderDirty);
        }
    }

    /** One line where the folder's code is not the build's, naming both; null where they are the same. */
    public String warning() {
        if (!folderDiffers()) {
            return null;
        }
        return "the harness was built from commit " + words(commit, dirty) + ", but this folder is at " + words(folderCommit, folderDirty)
                + ": the run records the build's (git_commit) and this folder's (folder_git_commit); rebuild (drop --no-build) to run this folder's code";
    }

    private static String words(String commit, boolean dirty) {
        return (commit.equals(UNKNOWN) ? "unknown" : commit.substring(0, Math.min(7, commit.length()))) + (dirty ? " with uncommitted changes" : "");
    }

    /**
     * Whether the code is dirty, leaving out what a report writes (the run folders and the top-level REPORT.md):
     * regenerating a committed report must not call its own output a change to the code that generated it. The build
     * asks the same question of its working tree (harness/pom.xml).
     */
    static boolean codeDirty() {
        return !run("git", "status", "--porcelain", "--untracked-files=no", "--", ".", ":(exclude)results",
                ":(exclude)REPORT.md").isEmpty();
    }

    static String run(String... cmd) {
        try {
            Process p = new ProcessBuilder(List.of(cmd)).redirectErrorStream(false).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            if (!p.waitFor(10, TimeUnit.SECONDS) || p.exitValue() != 0) {
                return "";
            }
            return out;
        } catch (IOException e) {
            return "";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "";
        }
    }
}
