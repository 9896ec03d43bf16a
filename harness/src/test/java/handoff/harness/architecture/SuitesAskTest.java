package handoff.harness.architecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import handoff.harness.suites.Suites;
import org.junit.jupiter.api.Test;

import java.io.File;
import java.nio.file.Files;

import static org.assertj.core.api.Assertions.assertThat;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/**
 * Suites ask, never grep (issue 41 item 3): no suite package lists a folder; what a suite needs of another suite's
 * trials comes through {@link handoff.harness.trial.MeasuredRates} and {@link handoff.harness.results.RunFolder#trials}.
 */
class SuitesAskTest {
    /** The packages of the registered suites' classes: a suite moved to a package of its own is checked there. */
    private static String[] suitePackages() {
        return Suites.names().stream().map(n -> Suites.get(n).getClass().getPackageName() + "..").distinct().toArray(String[]::new);
    }

    @Test
    void noSuitePackageListsAFolder() {
        String[] packages = suitePackages();
        assertThat(packages).contains("handoff.harness.pipeline..", "handoff.harness.overload..");
        JavaClasses main = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("handoff.harness");
        ArchRule rule = noClasses().that().resideInAnyPackage(packages).should()
                .callMethod(Files.class, "list", java.nio.file.Path.class)
                .orShould().callMethod(Files.class, "newDirectoryStream", java.nio.file.Path.class)
                .orShould().callMethod(Files.class, "walk", java.nio.file.Path.class, java.nio.file.FileVisitOption[].class)
                .orShould().callMethod(File.class, "listFiles")
                .orShould().callMethod(File.class, "list")
                .because("a suite asks the run folder (RunFolder.trials, MeasuredRates) for trials, never lists files");
        rule.check(main);
    }
}
