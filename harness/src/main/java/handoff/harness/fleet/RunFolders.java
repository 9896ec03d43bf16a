package handoff.harness.fleet;

import handoff.harness.results.RunFolder;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** The run folders the user named: a folder with a manifest is a run; any other folder is searched one level down. */
final class RunFolders {
    private RunFolders() {
    }

    /**
     * @throws IllegalArgumentException where an argument is neither a run folder nor a folder holding one
     */
    static List<Path> expand(List<Path> args) throws IOException {
        List<Path> out = new ArrayList<>();
        for (Path a : args) {
            if (Files.isRegularFile(a.resolve(RunFolder.MANIFEST))) {
                out.add(a);
                continue;
            }
            if (!Files.isDirectory(a)) {
                throw new IllegalArgumentException(a + " is not a folder; allowed: run folders, or folders that hold them");
            }
            try (Stream<Path> s = Files.list(a)) {
                List<Path> runs = s.filter(p -> Files.isRegularFile(p.resolve(RunFolder.MANIFEST))).sorted().toList();
                if (runs.isEmpty()) {
                    throw new IllegalArgumentException(a + " is neither a run folder (no " + RunFolder.MANIFEST
                            + ") nor a folder holding one; allowed: run folders, or folders that hold them");
                }
                out.addAll(runs);
            }
        }
        return out;
    }
}
