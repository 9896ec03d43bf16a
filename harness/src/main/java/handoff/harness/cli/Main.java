package handoff.harness.cli;

import handoff.harness.results.WriteFailed;
import handoff.harness.sweep.ParentWatch;
import handoff.harness.sweep.RunFolderBusy;
import picocli.CommandLine.Command;
import picocli.CommandLine;

/**
 * The harness CLI. {@code run-bench.sh} drives it; every sub-command can also be run by hand:
 * {@code java -jar harness/target/handoff.jar --help}.
 */
@Command(name = "handoff", mixinStandardHelpOptions = true, versionProvider = BuildInfo.Provider.class,
        description = "Inter-thread hand-off study: sweeps, single trials, reports.",
        subcommands = {SweepCommand.class, TrialCommand.class, ListCommand.class, PreflightCommand.class, RefoldCommand.class,
                AbCommand.class})
public final class Main implements Runnable {
    /** Exit code for bad input: one line on stderr, nothing written. */
    public static final int BAD_INPUT = 2;
    /** Exit code for a failure of the harness itself (EX_SOFTWARE): never 1, which a gate reads as a regression. */
    public static final int INTERNAL_ERROR = 70;

    @Override
    public void run() {
        new CommandLine(this).usage(System.out);
    }

    public static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new Main());
        for (Object extra : Extensions.commands()) {
            cl.addSubcommand(extra);
        }
        cl.setParameterExceptionHandler((ex, args) -> {
            ex.getCommandLine().getErr().println("handoff: " + ex.getMessage() + " (see --help)");
            return BAD_INPUT;
        });
        cl.setExecutionExceptionHandler((ex, cmd, parsed) -> {
            if (ex instanceof WriteFailed w) { // a full disk, a permission lost: not an interrupt
                cmd.getErr().println("handoff: " + w.getMessage());
                return WriteFailed.EXIT_CODE;
            }
            if (ex instanceof RunFolderBusy busy) { // refused before anything is written, as bad input is
                cmd.getErr().println("handoff: " + busy.getMessage());
                return RunFolderBusy.EXIT_CODE;
            }
            if (ex instanceof BadInput || ex instanceof IllegalArgumentException) { // a parser's refusal names the value
                cmd.getErr().println("handoff: " + ex.getMessage());
                return BAD_INPUT;
            }
            ex.printStackTrace(cmd.getErr()); // a bug: the trace for the report, then one line that says what it is
            cmd.getErr().println("handoff: internal error in '" + cmd.getCommandName() + "': " + ex + " (exit " + INTERNAL_ERROR
                    + "; not a verdict: please report it with the trace above)");
            return INTERNAL_ERROR;
        });
        return cl;
    }

    public static void main(String[] args) {
        ParentWatch.startIfAsked(); // first: a trial JVM whose sweep is gone must not load classes to find out
        int code;
        try {
            code = commandLine().execute(args);
        } catch (Throwable t) { // what the handler above does not see (an Error): still not a verdict
            t.printStackTrace();
            System.err.println("handoff: internal error: " + t + " (exit " + INTERNAL_ERROR + ")");
            code = INTERNAL_ERROR;
        }
        System.exit(code);
    }

    /** Input the user can fix: reported as one line, exit code {@value #BAD_INPUT}. */
    public static final class BadInput extends RuntimeException {
        private static final long serialVersionUID = 1L;

        public BadInput(String message) {
            super(message, null, false, false);
        }
    }
}
