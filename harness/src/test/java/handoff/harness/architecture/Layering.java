package handoff.harness.architecture;

import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.library.Architectures.LayeredArchitecture;
import com.tngtech.archunit.library.dependencies.SliceRule;

import java.util.List;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The layering rules of docs/architecture.md §2 as ArchUnit rules over any package root, so that the same rules
 * that guard the harness can be shown to fail on planted violations ({@link LayeringRulesTest}). The rules read
 * the compiled classes: every reference in the bytecode counts, a fully qualified name as much as an import.
 */
final class Layering {
    /**
     * One layer: a name for the failure messages and the packages (relative to the root) it holds.
     *
     * @param name     e.g. {@code trial contract}
     * @param packages e.g. {@code trial}; each covers its sub-packages too
     */
    record Layer(String name, List<String> packages) {
        Layer(String name, String... packages) {
            this(name, List.of(packages));
        }

        String[] identifiers(String root) {
            return packages.stream().map(p -> root + "." + p + "..").toArray(String[]::new);
        }
    }

    /**
     * A dependency that breaks the rules today and is tolerated, by name, until it is removed: the rules stay
     * strict for every other class, and {@link LayeringTest} fails once the exemption is no longer needed.
     *
     * @param origin the class that uses, fully qualified
     * @param target the class it uses, fully qualified
     * @param why    what is wrong and how it goes away
     */
    record Exemption(String origin, String target, String why) {
    }

    private Layering() {
    }

    /**
     * Each layer may be used only by the layers above it (and by itself); the first layer by none. Only
     * dependencies between classes of the layers count (the JDK and the other modules are not layers here).
     *
     * @param layers top first
     */
    static ArchRule downwardOnly(String root, List<Layer> layers, List<Exemption> exempt) {
        LayeredArchitecture arch = layeredArchitecture().consideringOnlyDependenciesInLayers();
        for (Exemption e : exempt) {
            arch = arch.ignoreDependency(e.origin(), e.target());
        }
        for (Layer l : layers) {
            arch = arch.layer(l.name()).definedBy(l.identifiers(root));
        }
        arch = arch.whereLayer(layers.get(0).name()).mayNotBeAccessedByAnyLayer();
        for (int i = 1; i < layers.size(); i++) {
            String[] above = layers.subList(0, i).stream().map(Layer::name).toArray(String[]::new);
            arch = arch.whereLayer(layers.get(i).name()).mayOnlyBeAccessedByLayers(above);
        }
        return arch.because("a package may use its own layer and the layers below it (docs/architecture.md §2)");
    }

    /** No two packages directly under {@code root} depend on each other in a cycle, whatever their layers. */
    static ArchRule acyclic(String root, List<Exemption> exempt) {
        SliceRule rule = slices().matching(root + ".(*)..").should().beFreeOfCycles();
        for (Exemption e : exempt) {
            rule = rule.ignoreDependency(e.origin(), e.target());
        }
        return rule.because("packages form layers, and a cycle makes two packages one (docs/architecture.md §2)");
    }

    /** Every class under {@code root} lies in a package of some layer: a new package must be placed. */
    static ArchRule everyPackagePlaced(String root, List<Layer> layers) {
        String[] placed = layers.stream().flatMap(l -> List.of(l.identifiers(root)).stream()).toArray(String[]::new);
        return classes().that().resideInAPackage(root + "..").should().resideInAnyPackage(placed)
                .because("every package is placed in a layer of docs/architecture.md §2 and of LayeringTest.HARNESS");
    }

    /** No class of {@code packages} uses anything in {@code forbidden} (e.g. {@code handoff.harness..}). */
    static ArchRule independentOf(String forbidden, String... packages) {
        return noClasses().that().resideInAnyPackage(packages).should().dependOnClassesThat().resideInAPackage(forbidden)
                .because("the dependency direction is harness → pipelines → queues (docs/architecture.md §1)");
    }
}
