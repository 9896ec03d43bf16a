package handoff.harness.page;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/** Runs plots/plot-all.sh on a run folder, passing its output through, and keeps its log for the report. */
public final class Plotter {
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
                case 0: return "ok";
                case 127: return "gnuplot is not installed";
                case 2: return "plot-all.sh usage error or no plot data";
                case -1: return log;
                default: return "a gnuplot script failed (exit " + exit + ")";
            }
        }
    }

    private Plotter() {
    }

    public static Result run(Path plotsDir, Path runDir, PrintWriter out) {
        Path script = plotsDir.resolve("plot-all.sh");
        if (!Files.isRegularFile(script)) {
            return new Result(-1, "no " + script + " (use --plots-dir, or run from the repository root)");
        }
        try {
            Process p = new ProcessBuilder("bash", script.toString(), runDir.toString()).redirectErrorStream(true).start();
            byte[] bytes = p.getInputStream().readAllBytes(); // the scripts print little; reading to EOF cannot deadlock
            if (!p.waitFor(10, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                return new Result(-1, "plot-all.sh did not finish within 10 minutes");
            }
            String log = new String(bytes, StandardCharsets.UTF_8);
            out.print(log);
            out.flush();
            return new Result(p.exitValue(), log);
        } catch (IOException e) {
            return new Result(-1, "could not run plot-all.sh: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Result(-1, "interrupted while plotting");
        }
    }
}
