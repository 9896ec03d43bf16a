package handoff.harness.page;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/** Runs plots/plot-all.sh on a run folder, passing its output through, and keeps its log for the report. */
public final class Plotter {
    private static final Prose TEXT = Prose.of("page");
    public static final class Result {
        final int exit;
        final String log;

        Result(int exit, String log) {
            this.exit = exit;
            this.log = log;
        }

        public boolean ok() {
            return exit == 0;
        }

        public String summary() {
            switch (exit) {
                case 0: return TEXT.get("plotter.ok");
                case 127: return TEXT.get("plotter.no-gnuplot");
                case 2: return TEXT.get("plotter.usage");
                case -1: return log;
                default: return TEXT.fill("plotter.failed").with("exit", exit).text();
            }
        }
    }

    private Plotter() {
    }

    public static Result run(Path plotsDir, Path runDir, PrintWriter out) {
        Path script = plotsDir.resolve("plot-all.sh");
        if (!Files.isRegularFile(script)) {
            return new Result(-1, TEXT.fill("plotter.no-script").with("script", script.toString()).text());
        }
        try {
            Process p = new ProcessBuilder("bash", script.toString(), runDir.toString()).redirectErrorStream(true).start();
            byte[] bytes = p.getInputStream().readAllBytes(); // the scripts print little; reading to EOF cannot deadlock
            if (!p.waitFor(10, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                return new Result(-1, TEXT.get("plotter.timeout"));
            }
            String log = new String(bytes, StandardCharsets.UTF_8);
            out.print(log);
            out.flush();
            return new Result(p.exitValue(), log);
        } catch (IOException e) {
            return new Result(-1, TEXT.fill("plotter.cannot-run").with("error", String.valueOf(e.getMessage())).text());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Result(-1, TEXT.get("plotter.interrupted"));
        }
    }
}
