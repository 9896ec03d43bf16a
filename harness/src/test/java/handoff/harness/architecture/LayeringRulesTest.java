package handoff.harness.architecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import handoff.harness.architecture.Layering.Layer;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The rules of {@link LayeringTest} can fail: each is run on planted packages under {@code fixture} (test classes,
 * so never part of the harness's own check), once where it must hold and once where it must not.
 * {@code fixture.lower.Lower} uses {@code fixture.upper.Upper}; {@code fixture.ping} and {@code fixture.pong} use
 * each other.
 */
class LayeringRulesTest {
    private static final String FIXTURE = "handoff.harness.architecture.fixture";
    private static final JavaClasses UP_DOWN = new ClassFileImporter().importPackages(FIXTURE + ".upper", FIXTURE + ".lower");
    private static final JavaClasses CYCLE = new ClassFileImporter().importPackages(FIXTURE + ".ping", FIXTURE + ".pong");

    @Test
    void aLowerLayerUsingAHigherOneFails() {
        List<Layer> wrong = List.of(new Layer("upper", "upper"), new Layer("lower", "lower"));
        assertThatThrownBy(() -> Layering.downwardOnly(FIXTURE, wrong, List.of()).check(UP_DOWN))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining(FIXTURE + ".lower.Lower")
                .hasMessageContaining(FIXTURE + ".upper.Upper");
    }

    @Test
    void theSameUseDownwardPasses() {
        List<Layer> right = List.of(new Layer("lower", "lower"), new Layer("upper", "upper"));
        assertThatCode(() -> Layering.downwardOnly(FIXTURE, right, List.of()).check(UP_DOWN)).doesNotThrowAnyException();
    }

    @Test
    void packagesOfOneLayerMayUseEachOtherButNotInACycle() {
        List<Layer> one = List.of(new Layer("both", "ping", "pong"));
        assertThatCode(() -> Layering.downwardOnly(FIXTURE, one, List.of()).check(CYCLE)).doesNotThrowAnyException();
        assertThatThrownBy(() -> Layering.acyclic(FIXTURE, List.of()).check(CYCLE))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("Cycle")
                .hasMessageContaining(FIXTURE + ".ping.Ping")
                .hasMessageContaining(FIXTURE + ".pong.Pong");
    }

    @Test
    void aDependencyOneWayIsNoCycle() {
        assertThatCode(() -> Layering.acyclic(FIXTURE, List.of()).check(UP_DOWN)).doesNotThrowAnyException();
    }

    @Test
    void anExemptionToleratesItsOneDependencyOnly() {
        List<Layer> wrong = List.of(new Layer("upper", "upper"), new Layer("lower", "lower"));
        Layering.Exemption lowerUsesUpper = new Layering.Exemption(FIXTURE + ".lower.Lower", FIXTURE + ".upper.Upper", "planted");
        assertThatCode(() -> Layering.downwardOnly(FIXTURE, wrong, List.of(lowerUsesUpper)).check(UP_DOWN)).doesNotThrowAnyException();
        Layering.Exemption pingUsesPong = new Layering.Exemption(FIXTURE + ".ping.Ping", FIXTURE + ".pong.Pong", "planted");
        assertThatCode(() -> Layering.acyclic(FIXTURE, List.of(pingUsesPong)).check(CYCLE)).doesNotThrowAnyException();
        Layering.Exemption unrelated = new Layering.Exemption(FIXTURE + ".upper.Upper", FIXTURE + ".lower.Lower", "planted");
        assertThatThrownBy(() -> Layering.downwardOnly(FIXTURE, wrong, List.of(unrelated)).check(UP_DOWN))
                .isInstanceOf(AssertionError.class);
        assertThatThrownBy(() -> Layering.acyclic(FIXTURE, List.of(unrelated)).check(CYCLE))
                .isInstanceOf(AssertionError.class);
    }

    @Test
    void aPackageInNoLayerFails() {
        List<Layer> partial = List.of(new Layer("upper", "upper"));
        assertThatThrownBy(() -> Layering.everyPackagePlaced(FIXTURE, partial).check(UP_DOWN))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining(FIXTURE + ".lower.Lower");
    }

    @Test
    void aForbiddenModuleDependencyFails() {
        assertThatThrownBy(() -> Layering.independentOf(FIXTURE + ".upper..", FIXTURE + ".lower..").check(UP_DOWN))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining(FIXTURE + ".upper.Upper");
        assertThatCode(() -> Layering.independentOf(FIXTURE + ".lower..", FIXTURE + ".upper..").check(UP_DOWN))
                .doesNotThrowAnyException();
    }
}
