package handoff.harness.suites;

import handoff.harness.results.CsvSchema;
import handoff.harness.results.Schema;
import handoff.harness.results.Schemas;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Every registered suite declares its files, and the layers below find exactly those through the service loader. */
class SuiteSchemasTest {
    @Test
    void everySuiteDeclaresItsOwnCsvAndTheRegistryHandsThemDown() {
        for (String name : Suites.names()) {
            Schema s = Suites.get(name).schema();
            assertThat(s.files()).as(name).extracting(CsvSchema::file).contains(Suites.get(name).csvFile());
        }
        List<String> declared = Suites.schemas().stream().flatMap(s -> s.files().stream()).map(CsvSchema::file).toList();
        assertThat(Schemas.registered().files()).isEqualTo(declared);
        assertThat(new SuiteSchemas().schemas()).isEqualTo(Suites.schemas());
    }
}
