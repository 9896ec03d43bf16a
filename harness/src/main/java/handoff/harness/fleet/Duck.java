package handoff.harness.fleet;

import java.io.IOException;
import java.io.InputStream;
import java.net.MalformedURLException;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * DuckDB's JDBC driver, found at run time: on the class path where it is (the tests), else the jar given with
 * {@code --driver}, else {@code lib/duckdb_jdbc-}{@link #VERSION}{@code .jar} beside handoff.jar (the build copies it
 * there: harness/target/lib/), else the local Maven repository ({@code -Dmaven.repo.local}, the
 * {@code <localRepository>} of ~/.m2/settings.xml, else ~/.m2/repository). It is not shaded into handoff.jar: its
 * native libraries for every platform weigh 83 MB, five times the rest of the jar (README "Many boxes").
 */
public final class Duck {
    /** The driver version the build tests against and copies beside the jar: the parent pom's {@code duckdb.version}. */
    public static final String VERSION = buildVersion();
    static final String DRIVER = "org.duckdb.DuckDBDriver";
    /** The build's record of {@link #VERSION} (harness/src/main/build-info, filtered by Maven). */
    static final String RESOURCE = "/handoff/fleet/duckdb.properties";

    private Duck() {
    }

    /** The version the build wrote; {@code unknown} where the classes were not built by Maven. */
    private static String buildVersion() {
        Properties p = new Properties();
        try (InputStream in = Duck.class.getResourceAsStream(RESOURCE)) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            p.clear();
        }
        String v = p.getProperty("version", "").strip();
        return v.isEmpty() || v.startsWith("${") ? "unknown" : v;
    }

    /** The jar's file name, e.g. {@code duckdb_jdbc-1.5.0.0.jar}. */
    static String jarName() {
        return "duckdb_jdbc-" + VERSION + ".jar";
    }

    /** Where the build puts the driver: {@code lib/} beside handoff.jar (beside the class folder when run from classes). */
    static Path besideJar() {
        try {
            Path code = Path.of(Duck.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            return code.toAbsolutePath().getParent().resolve("lib").resolve(jarName());
        } catch (URISyntaxException | RuntimeException e) {
            return Path.of("lib", jarName());
        }
    }

    /** The jar in the local Maven repository: {@code maven.repo.local}, else the user's settings.xml, else ~/.m2/repository. */
    static Path mavenJar(Path userHome) {
        String repo = System.getProperty("maven.repo.local");
        if (repo == null) {
            repo = localRepository(userHome.resolve(".m2").resolve("settings.xml"), userHome);
        }
        return Path.of(repo, "org", "duckdb", "duckdb_jdbc", VERSION, jarName());
    }

    /** The {@code <localRepository>} a settings.xml names ({@code ${user.home}} expanded), else ~/.m2/repository. */
    static String localRepository(Path settings, Path userHome) {
        String fallback = userHome.resolve(".m2").resolve("repository").toString();
        try {
            Matcher m = Pattern.compile("<localRepository>\\s*([^<]+?)\\s*</localRepository>").matcher(Files.readString(settings));
            return m.find() ? m.group(1).replace("${user.home}", userHome.toString()) : fallback;
        } catch (IOException | RuntimeException e) {
            return fallback;
        }
    }

    /** Where the driver is looked for when no {@code --driver} is given, in order. */
    static List<Path> places() {
        List<Path> out = new ArrayList<>();
        out.add(besideJar());
        out.add(mavenJar(Path.of(System.getProperty("user.home"))));
        return out;
    }

    /** The fetch command printed where the driver is missing. */
    public static final String FETCH = "mvn -B -q dependency:get -Dartifact=org.duckdb:duckdb_jdbc:" + VERSION;

    /** Where the driver is read from, for the commands' help: one line. */
    public static String where() {
        return "org.duckdb:duckdb_jdbc:" + VERSION + " (not in handoff.jar) is read from --driver, else lib/" + jarName()
                + " beside handoff.jar (the build puts it in harness/target/lib/: copy that folder with the jar), else the local"
                + " Maven repository; or fetch it with: " + FETCH;
    }

    /**
     * The help of a command with a {@code --driver} option (collect, compare-boxes): where the driver is read from, with
     * the version the build wrote, added to its description and to the option's.
     */
    public static final class Help implements picocli.CommandLine.IModelTransformer {
        @Override
        public picocli.CommandLine.Model.CommandSpec transform(picocli.CommandLine.Model.CommandSpec command) {
            List<String> lines = new ArrayList<>(List.of(command.usageMessage().description()));
            lines.add(lines.size() - 1, "The driver, " + where());
            command.usageMessage().description(lines.toArray(String[]::new));
            picocli.CommandLine.Model.OptionSpec driver = command.findOption("--driver");
            if (driver != null) {
                command.remove(driver);
                command.addOption(driver.toBuilder().description("DuckDB's JDBC driver jar (default: " + jarName()
                        + " on the class path, else in " + places() + ")").build());
            }
            return command;
        }
    }

    /**
     * A connection to the database file (created where absent).
     *
     * @param jar the driver jar given by the user, or null
     * @throws IllegalArgumentException where no driver is found: one line naming where it looked and how to fetch it
     */
    public static Connection open(Path db, Path jar) throws SQLException {
        Driver d = driver(jar);
        Connection c = d.connect("jdbc:duckdb:" + db.toAbsolutePath(), new Properties());
        if (c == null) {
            throw new SQLException("DuckDB's driver refused the URL for " + db);
        }
        return c;
    }

    private static Driver driver(Path jar) {
        if (jar == null) {
            try {
                return (Driver) Class.forName(DRIVER).getDeclaredConstructor().newInstance();
            } catch (ReflectiveOperationException e) {
                List<Path> places = places();
                jar = places.stream().filter(Files::isRegularFile).findFirst().orElseThrow(() -> new IllegalArgumentException(
                        "DuckDB's JDBC driver " + VERSION + " is in none of " + places + "; allowed: --driver PATH to a duckdb_jdbc jar,"
                                + " lib/ beside handoff.jar (the build's harness/target/lib/), or fetch it with: " + FETCH));
            }
        }
        if (!Files.isRegularFile(jar)) {
            throw new IllegalArgumentException("--driver " + jar + " does not exist; allowed: a duckdb_jdbc jar (" + where() + ")");
        }
        try {
            URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, Duck.class.getClassLoader());
            return (Driver) Class.forName(DRIVER, true, loader).getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException | MalformedURLException e) {
            throw new IllegalArgumentException("--driver " + jar + " holds no DuckDB JDBC driver (" + e + "); allowed: a duckdb_jdbc jar");
        }
    }
}
