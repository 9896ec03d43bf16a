package handoff.harness.architecture;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The names of docs/architecture.md §4's suffix table, true of the compiled main classes: one job per suffix, and no
 * class name under four letters. A failure lists the classes; rename them, or change the table and this test together.
 */
class NamesTest {
    private static List<JavaClass> classes;

    @BeforeAll
    static void importMainClasses() {
        JavaClasses all = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages(LayeringTest.ROOT);
        classes = all.stream().filter(c -> c.getEnclosingClass().isEmpty() && !c.getSimpleName().equals("package-info"))
                .toList();
    }

    private static List<String> names(java.util.function.Predicate<JavaClass> wrong) {
        return classes.stream().filter(wrong).map(JavaClass::getName).sorted().toList();
    }

    @Test
    void noClassNameIsUnderFourLetters() {
        assertThat(classes).hasSizeGreaterThan(200);
        assertThat(names(c -> c.getSimpleName().length() < 4)).isEmpty();
    }

    @Test
    void aRecordIsNeverARunAndARunnerIsNeverATrial() {
        assertThat(names(c -> c.isRecord() && c.getSimpleName().endsWith("Run"))).as("records named *Run").isEmpty();
        assertThat(names(c -> !c.isRecord() && c.getSimpleName().endsWith("Trial"))).as("*Trial that is not a record")
                .isEmpty();
    }

    @Test
    void aLineIsACsvLineReadBack() {
        assertThat(names(c -> c.getSimpleName().endsWith("Line") && !c.isRecord()
                && !c.getName().equals("handoff.harness.page.TextLine"))).as("*Line that is not a record").isEmpty();
    }
}
