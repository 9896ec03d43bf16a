package handoff.harness.suites;

import handoff.harness.results.Schema;
import handoff.harness.results.SchemaSource;

import java.util.List;

/**
 * The registry's schemas for the layers below it ({@link handoff.harness.results.Schemas#registered()}), which
 * cannot import this package: named in {@code META-INF/services/handoff.harness.results.SchemaSource} and found by
 * {@link java.util.ServiceLoader}.
 */
public final class SuiteSchemas implements SchemaSource {
    public SuiteSchemas() {
    }

    @Override
    public List<Schema> schemas() {
        return Suites.schemas();
    }
}
