package handoff.harness.results;

import java.util.List;

/**
 * Where the schemas come from: the suite registry, which sits above this package and so is found at run time
 * ({@link java.util.ServiceLoader}, named in {@code META-INF/services/handoff.harness.results.SchemaSource}) rather
 * than imported. There is one: {@code handoff.harness.suites.SuiteSchemas}.
 */
public interface SchemaSource {
    /** Every registered suite's schema, in registry order. */
    List<Schema> schemas();
}
