package handoff.harness.sweep;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A side of {@code ab}: what the user names is resolved before anything is built (a commit of this repository, or a
 * jar that holds the harness; anything else is bad input naming what is allowed), and a commit is built in a worktree
 * of its own under a folder outside the checkout, which {@link SideBuild#remove} takes away; a build that fails says
 * so with the end of its log. The build runs a stand-in for Maven here (the real one takes minutes).
 */
class SideBuildTest {
    @TempDir
    Path tmp;

    @Test
    void whatIsNamedIsACommitOrAHarnessJarAndAnythingElseIsBadInput() throws IOException {
        SideBuild head = SideBuild.resolve("head", "HEAD");
        assertThat(head.commit()).matches("[0-9a-f]{40}");
        assertThat(head.built()).isFalse();
        assertThatThrownBy(() -> SideBuild.resolve("base", "no-such-commit-xyz")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("BASE 'no-such-commit-xyz' is neither a jar file nor a commit").hasMessageContaining("allowed");
        assertThatThrownBy(() -> SideBuild.resolve("base", tmp.resolve("missing.jar").toString()))
                .hasMessageContaining("does not exist");
        Path other = jar(tmp.resolve("other.jar"), "some/Other.class");
        assertThatThrownBy(() -> SideBuild.resolve("head", other.toString())).hasMessageContaining("is not a handoff jar");
        Path harness = jar(tmp.resolve("handoff.jar"), SideBuild.MAIN);
        SideBuild given = SideBuild.resolve("head", harness.toString());
        assertThat(given.built()).isTrue();
        assertThat(given.build(tmp, "mvn")).isSameAs(given); // a jar given as built is not built again
        assertThat(given.sha256()).matches("[0-9a-f]{64}");
    }

    @Test
    void aCommitIsBuiltInAWorktreeOutsideTheCheckoutAndTakenAwayAfter() throws Exception {
        Path repo = Files.createDirectories(tmp.resolve("repo"));
        git(repo, "init", "-q");
        Files.writeString(repo.resolve("README"), "x");
        git(repo, "add", "README");
        git(repo, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "one");
        String commit = new String(new ProcessBuilder("git", "-C", repo.toString(), "rev-parse", "HEAD").start().getInputStream().readAllBytes()).trim();
        Path made = jar(tmp.resolve("made.jar"), SideBuild.MAIN);
        Path builds = tmp.resolve("builds");
        SideBuild side = new SideBuild("head", "HEAD", commit, null, repo, null);

        SideBuild built = side.build(builds, script("mvn-ok", "mkdir -p harness/target && cp " + made + " " + SideBuild.BUILT_JAR));
        assertThat(built.jar()).isEqualTo(builds.resolve("head").resolve(SideBuild.BUILT_JAR)).exists();
        assertThat(built.worktree()).isEqualTo(builds.resolve("head"));
        assertThat(built.worktree().resolve("README")).exists();
        built.remove();
        assertThat(built.worktree()).doesNotExist();
        assertThat(repo.resolve("README")).exists(); // the checkout itself untouched

        assertThatThrownBy(() -> side.build(tmp.resolve("again"), script("mvn-bad", "echo '[ERROR] COMPILATION ERROR'; exit 1")))
                .isInstanceOf(SideBuild.BuildFailed.class).hasMessageContaining("HEAD (" + commit.substring(0, 7) + ") did not build")
                .hasMessageContaining("COMPILATION ERROR");
    }

    /** The SLOW fixture of ab's measured check applies to this tree, and its script is a script. */
    @Test
    void theSlowFixtureAppliesToThisTree() throws Exception {
        Path fixture = Path.of("src/test/resources/handoff/ab").toAbsolutePath();
        Process check = new ProcessBuilder("git", "apply", "--check", fixture.resolve("slow-disruptor-send.patch").toString())
                .directory(Path.of("..").toFile()).redirectErrorStream(true).start();
        String out = new String(check.getInputStream().readAllBytes());
        assertThat(check.waitFor()).as(out).isZero();
        assertThat(Files.readString(fixture.resolve("slow-disruptor-send.patch"))).contains("DisruptorTransport.java")
                .doesNotContain("+++ b/harness");
        assertThat(new ProcessBuilder("bash", "-n", fixture.resolve("slow-commit.sh").toString()).start().waitFor()).isZero();
    }

    private String script(String name, String body) throws IOException {
        Path s = tmp.resolve(name);
        Files.writeString(s, "#!/bin/sh\n" + body + "\n");
        assertThat(s.toFile().setExecutable(true)).isTrue();
        return s.toAbsolutePath().toString();
    }

    private static void git(Path repo, String... args) throws Exception {
        List<String> cmd = new java.util.ArrayList<>(List.of("git", "-C", repo.toString()));
        cmd.addAll(List.of(args));
        assertThat(new ProcessBuilder(cmd).inheritIO().start().waitFor()).isZero();
    }

    private static Path jar(Path at, String entry) throws IOException {
        try (JarOutputStream j = new JarOutputStream(Files.newOutputStream(at))) {
            j.putNextEntry(new JarEntry(entry));
            j.write(new byte[] {0});
            j.closeEntry();
        }
        return at;
    }
}
