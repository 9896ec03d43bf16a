package handoff.harness.cli;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code --version} names the version and the commit the code was built from (issue 41, item 7). */
class VersionTest {
    @Test
    void versionNamesTheCommitItWasBuiltFrom() throws Exception {
        for (String[] args : new String[][] {{"--version"}, {"sweep", "--version"}}) {
            CommandLine cl = Main.commandLine();
            StringWriter out = new StringWriter();
            cl.setOut(new PrintWriter(out));
            assertThat(cl.execute(args)).isZero();
            String line = out.toString().strip();
            assertThat(line).as(String.join(" ", args)).doesNotContain("\n")
                    .matches("handoff [0-9][^ ]* \\(commit ([0-9a-f]{7}|unknown)( with uncommitted changes)?, built [^)]+\\)");
            String head = gitHead();
            if (!head.isEmpty()) { // built by Maven from this checkout in this same build: its commit, not unknown
                assertThat(line).contains("(commit " + head);
            }
        }
    }

    @Test
    void aPlaceholderTheBuildDidNotFillIsUnknown() {
        BuildInfo b = BuildInfo.read();
        assertThat(b.version()).doesNotContain("${");
        assertThat(new BuildInfo("0.1", BuildInfo.UNKNOWN, false, BuildInfo.UNKNOWN).line())
                .isEqualTo("handoff 0.1 (commit unknown, built unknown)");
    }

    /** A run's manifest records the build's commit and dirty flag (issue 50, item 2): the full commit this checkout was built at. */
    @Test
    void theCodeARunRecordsIsTheBuilds() throws Exception {
        BuildInfo b = BuildInfo.read();
        handoff.harness.sweep.SourceCommit g = BuildInfo.git();
        assertThat(g.commit()).isEqualTo(b.commit());
        assertThat(g.dirty()).isEqualTo(b.dirty());
        String head = gitHead("--verify");
        if (!head.isEmpty()) { // built by Maven from this checkout in this same build
            assertThat(b.commit()).matches("[0-9a-f]{40}").isEqualTo(head);
            assertThat(g.folderCommit()).isEqualTo(head);
        }
    }

    private static String gitHead() throws Exception {
        return gitHead("--short=7");
    }

    private static String gitHead(String form) throws Exception {
        try {
            Process p = new ProcessBuilder("git", "rev-parse", form, "HEAD").redirectErrorStream(false).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            return p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0 ? out : "";
        } catch (java.io.IOException e) {
            return "";
        }
    }
}
