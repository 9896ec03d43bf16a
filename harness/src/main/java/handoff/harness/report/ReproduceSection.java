package handoff.harness.report;

import handoff.harness.page.Manifest;
import handoff.harness.page.Page;
import handoff.harness.page.Prose;
import handoff.harness.page.Section;

import java.nio.file.Path;

/** The commands that made the run and that regenerate this report from its folder alone. */
public final class ReproduceSection implements Section {
    private static final Prose TEXT = Prose.of("status");

    @Override
    public void write(Page doc) {
        Manifest m = doc.run.manifest;
        String commit = m.str("git_commit");
        doc.h2(TEXT.get("reproduce.title"));
        doc.p("```sh\n" + (Manifest.UNKNOWN.equals(commit) ? "" : "git checkout " + commit + "\n") + m.str("command_line")
                + "\n" + TEXT.get("reproduce.regenerate") + "\njava -jar harness/target/handoff.jar report "
                + path(doc.run.dir) + "\n```");
    }

    private static String path(Path dir) {
        Path cwd = Path.of("").toAbsolutePath();
        Path abs = dir.toAbsolutePath().normalize();
        return abs.startsWith(cwd) ? cwd.relativize(abs).toString() : abs.toString();
    }
}
