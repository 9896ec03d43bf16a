package handoff.harness.page;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import handoff.harness.results.CsvSchema;
import handoff.harness.results.Schema;
import handoff.harness.results.Schemas;
import org.junit.jupiter.api.Test;

import java.lang.invoke.MethodHandles;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A file's lines read as records ({@link Lines}): as {@link TextLine} reads a cell, and never a column the file lacks. */
class LinesTest {
    record Widget(String gadget, double sizeNs, String colour) {
    }

    private static final Lines<Widget> WIDGETS = Lines.of(MethodHandles.lookup(), "widgets.csv", Widget.class,
            "gadget", "size_ns", "colour");

    private static Schemas widgets(String... columns) {
        return Schemas.of(List.of(Schema.of(CsvSchema.of("widgets.csv", "gadget").withColumns(List.of(columns)))));
    }

    @Test
    void aCellReadsAsTheRowReadsIt() {
        Map<String, String> cells = new LinkedHashMap<>();
        cells.put("gadget", " sprocket ");
        cells.put("size_ns", "");
        TextLine row = new TextLine("widgets.csv", cells);
        Widget w = WIDGETS.of(row);
        assertThat(w.gadget()).isEqualTo(row.get("gadget")).isEqualTo("sprocket");
        assertThat(w.sizeNs()).isNaN();
        assertThat(row.num("size_ns")).isNaN();
        assertThat(w.colour()).as("a column the line lacks").isEqualTo(row.get("colour")).isEmpty();
    }

    @Test
    void aColumnRenamedInTheFileFailsItsReader() {
        WIDGETS.check(widgets("gadget", "size_ns", "colour"));
        assertThatThrownBy(() -> WIDGETS.check(widgets("gadget", "size_ns", "color")))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("Widget reads column colour, which widgets.csv does not have");
    }

    /** The columns {@link TextLine}'s accessors read are the suites' own: a shared column renamed in the tables fails here. */
    @Test
    void theSharedColumnsAreDeclaredByTheSuitesFiles() {
        for (String c : TextLine.SHARED) {
            assertThat(Schemas.registered().all().stream().filter(f -> f.columns().contains(c)).map(CsvSchema::file).toList())
                    .as("files with column %s", c).isNotEmpty();
        }
        for (String file : List.of("rtt.csv", "pipeline.csv")) {
            assertThat(Schemas.registered().get(file).columns()).as(file)
                    .contains("transport", "wait", "producers", "threads", "cpus");
        }
    }

    /** Every reader in harness main, checked against the registry: a column renamed in a suite's table fails here. */
    @Test
    void everyReaderOfTheHarnessReadsOnlyColumnsItsFileHas() throws Exception {
        List<String> readers = new ArrayList<>();
        for (JavaClass c : new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("handoff.harness")) {
            for (Field f : Class.forName(c.getName()).getDeclaredFields()) {
                if (Modifier.isStatic(f.getModifiers()) && f.getType() == Lines.class) {
                    f.setAccessible(true);
                    Lines<?> lines = (Lines<?>) f.get(null);
                    lines.check(Schemas.registered());
                    readers.add(c.getSimpleName() + "." + f.getName() + " of " + lines.file());
                }
            }
        }
        assertThat(readers).as("the readers found").isNotEmpty();
    }
}
