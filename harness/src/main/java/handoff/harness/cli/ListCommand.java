package handoff.harness.cli;

import handoff.harness.trial.Profile;
import handoff.harness.suites.Suites;
import handoff.queues.Transport;
import handoff.queues.Transports;
import handoff.queues.Wait;
import picocli.CommandLine.Command;

import java.util.stream.Collectors;

/** What can be swept: transports with their waits, suites, profiles. */
@Command(name = "list", mixinStandardHelpOptions = true, versionProvider = BuildInfo.Provider.class, description = "List transports, suites and profiles.")
final class ListCommand implements Runnable {
    @Override
    public void run() {
        System.out.println("transports:");
        for (Transport t : Transports.all()) {
            System.out.printf("  %-10s %-70s waits: %s%n", t.id(), t.description(),
                    t.waits().stream().map(Wait::id).collect(Collectors.joining(",")));
        }
        System.out.println("suites:   " + String.join(", ", Suites.names()));
        System.out.println("profiles: " + Profile.allowed());
        System.out.println("waits:    " + Wait.allowed());
    }
}
