package handoff.harness.sweep;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** The commit a run was made from, so every number traces back to code. */
public record Git(String commit, String shortCommit, boolean dirty) {
    public static Git probe() {
        String commit = run("git", "rev-parse", "HEAD");
        if (commit.isEmpty()) {
            return new Git("unknown", "nogit", false);
        }
        // the code, not what runs write: a run started after another has rewritten REPORT.md is as clean as its code
        return new Git(commit, commit.substring(0, 7), codeDirty());
    }

    /**
     * Whether the code is dirty, leaving out what a report writes (the run folders and the top-level REPORT.md):
     * regenerating a committed report must not call its own output a change to the code that generated it.
     */
    public static boolean codeDirty() {
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
