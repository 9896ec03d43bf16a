package handoff.harness.sweep;

import handoff.harness.env.Machine;
import handoff.harness.results.Json;
import handoff.harness.results.RunFolder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The manifest names the code that ran: the harness build's commit and dirty flag, with the current folder's beside
 * them, and a one-line warning, where the folder holds other code (issue 50, item 2: {@code git pull}, then
 * {@code --no-build}).
 */
class GitRecordTest {
    static final String A = "36b93dce0e0e0e0e0e0e0e0e0e0e0e0e0e0e0e0e";
    static final String B = "4f1c2a9b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b";
    /** Code built from A, run in a folder at A: nothing to warn about. */
    static final SourceCommit BUILT = new SourceCommit(A, false, A, false);

    @TempDir
    Path dir;

    @Test
    void theSameCodeRecordsOneCommitAndWarnsOfNothing() throws Exception {
        Map<String, Object> m = manifest(BUILT, new ArrayList<>());
        assertThat(m.get("git_commit")).isEqualTo(A);
        assertThat(m.get("git_dirty")).isEqualTo(false);
        assertThat(m).doesNotContainKeys("folder_git_commit", "folder_git_dirty");
        assertThat(BUILT.warning()).isNull();
        assertThat(BUILT.shortCommit()).isEqualTo("36b93dc");
    }

    @Test
    void aFolderPulledAfterTheBuildIsRecordedBesideTheBuildsCommitAndWarnedOfInOneLine() throws Exception {
        SourceCommit pulled = new SourceCommit(A, false, B, false);
        List<String> warnings = new ArrayList<>(List.of("CPU governor is 'powersave'"));
        warnings.add(pulled.warning());
        Map<String, Object> m = manifest(pulled, warnings);
        assertThat(m.get("git_commit")).as("the code that ran").isEqualTo(A);
        assertThat(m.get("git_dirty")).isEqualTo(false);
        assertThat(m.get("folder_git_commit")).isEqualTo(B);
        assertThat(m.get("folder_git_dirty")).isEqualTo(false);
        assertThat(pulled.warning()).doesNotContain("\n").contains("built from commit 36b93dc").contains("this folder is at 4f1c2a9")
                .contains("git_commit").contains("folder_git_commit");
        assertThat(String.valueOf(m.get("warnings"))).contains(pulled.warning());
        assertThat(pulled.shortCommit()).as("the run id names the code that ran").isEqualTo("36b93dc");
    }

    @Test
    void changesMadeAfterTheBuildAreAFolderThatDiffersToo() {
        SourceCommit edited = new SourceCommit(A, false, A, true);
        assertThat(edited.folderDiffers()).isTrue();
        assertThat(edited.warning()).contains("this folder is at 36b93dc with uncommitted changes");
        assertThat(new SourceCommit(A, true, A, true).folderDiffers()).as("built dirty from the folder as it is").isFalse();
        assertThat(new SourceCommit(SourceCommit.UNKNOWN, false, A, false).shortCommit()).isEqualTo("nogit");
    }

    @Test
    void aResumeByOtherCodeIsAddedToTheManifest() throws Exception {
        manifest(BUILT, new ArrayList<>());
        ManifestWriter.resume(new RunFolder(dir), BUILT).finish("interrupted", null);
        assertThat(tree()).doesNotContainKey("resumed_git_commits");
        ManifestWriter.resume(new RunFolder(dir), new SourceCommit(B, true, B, true)).finish("complete", null);
        Map<String, Object> m = tree();
        assertThat(m.get("resumed_git_commits")).isEqualTo(B + "+dirty");
        assertThat(m.get("git_commit")).as("the code that started it stays").isEqualTo(A);
    }

    private Map<String, Object> manifest(SourceCommit git, List<String> warnings) throws Exception {
        ManifestWriter.create(new RunFolder(dir), "20990101-000000-" + git.shortCommit(), git, "test",
                Map.of("profile", "smoke", "suites", List.of("rtt")), Machine.probe(), warnings, "none");
        return tree();
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> tree() throws Exception {
        return (Map<String, Object>) Json.parse(Files.readString(dir.resolve(RunFolder.MANIFEST)));
    }
}
