package handoff.harness.fleet;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.SQLException;
import java.util.Properties;

/**
 * DuckDB's JDBC driver, found at run time: on the class path where it is (the tests), else the jar given with
 * {@code --driver}, else {@code org.duckdb:duckdb_jdbc:}{@value #VERSION} in the local Maven repository. It is not
 * shaded into handoff.jar: its native libraries for every platform weigh 83 MB, five times the rest of the jar
 * (README "Many boxes").
 */
public final class Duck {
    /** The driver version the build tests against (the parent pom's {@code duckdb.version}). */
    public static final String VERSION = "1.5.0.0";
    static final String DRIVER = "org.duckdb.DuckDBDriver";

    private Duck() {
    }

    /** The jar in the local Maven repository ({@code maven.repo.local}, else ~/.m2/repository). */
    static Path mavenJar() {
        String repo = System.getProperty("maven.repo.local", System.getProperty("user.home") + "/.m2/repository");
        return Path.of(repo, "org", "duckdb", "duckdb_jdbc", VERSION, "duckdb_jdbc-" + VERSION + ".jar");
    }

    /** The fetch command printed where the driver is missing. */
    public static final String FETCH = "mvn -B -q dependency:get -Dartifact=org.duckdb:duckdb_jdbc:" + VERSION;

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
        try {
            if (jar == null) {
                try {
                    return (Driver) Class.forName(DRIVER).getDeclaredConstructor().newInstance();
                } catch (ClassNotFoundException e) {
                    jar = mavenJar();
                }
            }
            if (!Files.isRegularFile(jar)) {
                throw new IllegalArgumentException("DuckDB's JDBC driver " + jar + " does not exist; allowed: --driver PATH to a "
                        + "duckdb_jdbc jar, or fetch " + VERSION + " into the Maven repository with: " + FETCH);
            }
            URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, Duck.class.getClassLoader());
            return (Driver) Class.forName(DRIVER, true, loader).getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException | java.net.MalformedURLException e) {
            throw new IllegalArgumentException("--driver " + jar + " holds no DuckDB JDBC driver (" + e + "); allowed: a duckdb_jdbc jar");
        }
    }
}
