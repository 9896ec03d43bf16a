package handoff.harness.results;

import org.HdrHistogram.Histogram;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * A record's cells, each under its key, declared once: each component of the record {@code R}, in order, with the key
 * it is written under. A trial record in a trial's properties: the trial JVM writes it through its codec
 * ({@link #write}) and the fold reads it back ({@link #read}), so a key is spelled in one place and a record written and
 * read back is equal (for numbers: as {@link Cells#format} writes them). The same for any record held as
 * text cells by key.
 *
 * <p>A component's key is its name in snake case ({@code jvmSettings} is {@code jvm_settings}), checked when the codec
 * is made; a key its component's name does not spell is written {@code key=component} ({@code "wait=waitStrategy"}).
 * A component of a type not listed below is given as a {@link Key}, its key with its {@link Text} (a trial's status:
 * {@code Status.KEY}). A component that is itself such a record is given as that record's codec: its keys sit beside
 * the others, under the same prefix; it is null where the cells lack its first key, and a null one writes none. The
 * text of a value, by the component's type:
 * <ul>
 * <li>{@code String}: as is; null is no key (and an absent key null);</li>
 * <li>{@code int}, {@code long}: the integer; an absent or empty cell 0. {@code Integer}, {@code Long}, {@code Boolean}:
 * likewise, null where absent or empty, and not written when null;</li>
 * <li>{@code double}: {@link Cells#format} (NaN the empty cell), read by {@link Cells#parse} (absent NaN);
 * {@code Double} likewise, but null where absent (a cell the trial has, even empty, is not null);</li>
 * <li>{@code boolean}: {@code true} or {@code false}; anything but {@code true} is false;</li>
 * <li>{@link Histogram}: {@link Histograms#encode}; null, absent or empty is null;</li>
 * <li>{@code double[]}: each value {@link Cells#format}ted, {@code ;}-separated; an empty item NaN, an absent or empty
 * cell no values, and empty items at the end none (a list whose last values are unknown reads shorter).</li>
 * </ul>
 * Immutable; made once per record type, as a static constant beside the record.
 *
 * @param <R> the record, e.g. {@code RttResult}
 */
public final class CellCodec<R extends Record> {
    private final Class<R> type;
    private final List<Slot> slots;
    private final MethodHandle constructor;

    /** One component: its accessor, and either its key and text form or the codec of the record it is. */
    private record Slot(String key, Text<?> text, CellCodec<?> nested, MethodHandle accessor) {
    }

    /**
     * How a value of one type is written as a cell and read back from one.
     *
     * @param render the cell of a value (never called with null: a null writes no key)
     * @param parse  the value of a cell; given null where the trial has no such key
     */
    public record Text<V>(Function<V, String> render, Function<String, V> parse) {
        @SuppressWarnings("unchecked")
        String write(Object value) {
            return value == null ? null : render.apply((V) value);
        }
    }

    /** A key whose component's type has its own {@link Text}, e.g. a trial's {@code status}. */
    public record Key<V>(String name, Text<V> text) {
        /** The value of this key in a trial's properties. */
        public V get(TrialProperties trial) {
            return text.parse().apply(trial.get(name));
        }

        /** A value under this key, on its own (a record of one key needs no codec); a null writes none. */
        public void put(TrialProperties.Builder out, V value) {
            String cell = text.write(value);
            if (cell != null) {
                out.put(name, cell);
            }
        }
    }

    private CellCodec(Class<R> type, List<Slot> slots, MethodHandle constructor) {
        this.type = type;
        this.slots = List.copyOf(slots);
        this.constructor = constructor;
    }

    /**
     * The codec of {@code type}, whose components are declared by {@code parts} in order: each a key ({@code String},
     * see the class comment), a {@link Key}, or the codec of a component that is a record. {@code lookup} is the declaring class's
     * ({@code MethodHandles.lookup()}), which may read its own records. Throws IllegalArgumentException naming the
     * record and the component where a part does not fit its component.
     */
    public static <R extends Record> CellCodec<R> of(MethodHandles.Lookup lookup, Class<R> type, Object... parts) {
        RecordComponent[] components = type.getRecordComponents();
        if (components.length != parts.length) {
            throw new IllegalArgumentException(type.getSimpleName() + ": " + components.length + " components, "
                    + parts.length + " keys");
        }
        List<Slot> slots = new ArrayList<>();
        Class<?>[] types = new Class<?>[components.length];
        try {
            for (int i = 0; i < components.length; i++) {
                RecordComponent c = components[i];
                types[i] = c.getType();
                MethodHandle accessor = lookup.unreflect(c.getAccessor());
                if (parts[i] instanceof Key<?> k) {
                    checkName(type, k.name(), camel(k.name()), c);
                    slots.add(new Slot(k.name(), k.text(), null, accessor));
                } else if (parts[i] instanceof CellCodec<?> nested) {
                    if (nested.type != c.getType()) {
                        throw new IllegalArgumentException(type.getSimpleName() + "." + c.getName() + " is a "
                                + c.getType().getSimpleName() + ", not a " + nested.type.getSimpleName());
                    }
                    slots.add(new Slot(null, null, nested, accessor));
                } else if (parts[i] instanceof String declared) {
                    String key = declared.contains("=") ? declared.substring(0, declared.indexOf('=')) : declared;
                    String name = declared.contains("=") ? declared.substring(declared.indexOf('=') + 1) : camel(key);
                    checkName(type, key, name, c);
                    slots.add(new Slot(key, text(type, c), null, accessor));
                } else {
                    throw new IllegalArgumentException(type.getSimpleName() + "." + c.getName() + ": a key, a Key or a codec, "
                            + "not " + parts[i]);
                }
            }
            return new CellCodec<>(type, slots, lookup.findConstructor(type,
                    MethodType.methodType(void.class, types)));
        } catch (IllegalAccessException | NoSuchMethodException e) {
            throw new IllegalArgumentException(type.getSimpleName() + ": " + e.getMessage(), e);
        }
    }

    private static void checkName(Class<?> type, String key, String name, RecordComponent c) {
        if (!name.equals(c.getName())) {
            throw new IllegalArgumentException(type.getSimpleName() + ": key " + key + " names component " + name
                    + ", the component there is " + c.getName());
        }
    }

    /** {@code jvm_settings} as a component's name: {@code jvmSettings}. */
    static String camel(String key) {
        StringBuilder b = new StringBuilder();
        boolean up = false;
        for (char ch : key.toCharArray()) {
            if (ch == '_') {
                up = true;
            } else {
                b.append(up ? Character.toUpperCase(ch) : ch);
                up = false;
            }
        }
        return b.toString();
    }

    private static final Map<Class<?>, Text<?>> TEXTS = Map.ofEntries(
            Map.entry(String.class, new Text<String>(s -> s, s -> s)),
            Map.entry(int.class, new Text<Integer>(i -> Integer.toString(i), s -> blank(s) ? 0 : Integer.valueOf(s))),
            Map.entry(Integer.class, new Text<Integer>(i -> Integer.toString(i), s -> blank(s) ? null : Integer.valueOf(s))),
            Map.entry(long.class, new Text<Long>(l -> Long.toString(l), s -> blank(s) ? 0L : Long.valueOf(s))),
            Map.entry(Long.class, new Text<Long>(l -> Long.toString(l), s -> blank(s) ? null : Long.valueOf(s))),
            Map.entry(double.class, new Text<Double>(Cells::format, Cells::parse)),
            Map.entry(Double.class, new Text<Double>(Cells::format, s -> s == null ? null : Cells.parse(s))),
            Map.entry(boolean.class, new Text<Boolean>(b -> Boolean.toString(b), "true"::equals)),
            Map.entry(Boolean.class, new Text<Boolean>(b -> Boolean.toString(b), s -> blank(s) ? null : "true".equals(s))),
            Map.entry(Histogram.class, new Text<Histogram>(Histograms::encode, s -> blank(s) ? null : Histograms.decode(s))),
            Map.entry(double[].class, new Text<double[]>(CellCodec::joined, CellCodec::values)));

    private static Text<?> text(Class<?> record, RecordComponent c) {
        Text<?> t = TEXTS.get(c.getType());
        if (t == null) {
            throw new IllegalArgumentException(record.getSimpleName() + "." + c.getName() + ": no cell text for a "
                    + c.getType().getSimpleName());
        }
        return t;
    }

    private static boolean blank(String s) {
        return s == null || s.isEmpty();
    }

    private static String joined(double[] values) {
        return String.join(";", Arrays.stream(values).mapToObj(Cells::format).toList());
    }

    private static double[] values(String text) {
        return blank(text) ? new double[0]
                : Arrays.stream(text.split(";")).mapToDouble(x -> x.isEmpty() ? Double.NaN : Double.parseDouble(x)).toArray();
    }

    /** The record's cells into {@code out}, in component order; a null value writes no key. */
    public void write(R record, TrialProperties.Builder out) {
        write(record, out, "");
    }

    /** {@link #write(Record, TrialProperties.Builder)} with each key under {@code prefix} (e.g. {@code c4.}). */
    public void write(R record, TrialProperties.Builder out, String prefix) {
        for (Slot s : slots) {
            Object value = get(s, record);
            if (s.nested() != null) {
                if (value != null) {
                    writeNested(s.nested(), value, out, prefix);
                }
            } else {
                String cell = s.text().write(value);
                if (cell != null) {
                    out.put(prefix + s.key(), cell);
                }
            }
        }
    }

    @SuppressWarnings("unchecked")
    private static <N extends Record> void writeNested(CellCodec<N> codec, Object value, TrialProperties.Builder out,
                                                       String prefix) {
        codec.write((N) value, out, prefix);
    }

    /** The record's cells on their own, in component order. */
    public TrialProperties properties(R record) {
        TrialProperties.Builder out = TrialProperties.builder();
        write(record, out);
        return out.build();
    }

    /** The record a trial's properties carry (each absent cell read as the class comment says). */
    public R read(TrialProperties trial) {
        return read(trial, "");
    }

    /** The record held by cells by key (a CSV line's, say). */
    public R read(Map<String, String> cells) {
        return read(TrialProperties.of(cells), "");
    }

    /** {@link #read(TrialProperties)} of the keys under {@code prefix}. */
    public R read(TrialProperties trial, String prefix) {
        Object[] values = new Object[slots.size()];
        for (int i = 0; i < values.length; i++) {
            Slot s = slots.get(i);
            values[i] = s.nested() == null ? s.text().parse().apply(trial.get(prefix + s.key()))
                    : s.nested().carried(trial, prefix) ? s.nested().read(trial, prefix) : null;
        }
        try {
            return type.cast(constructor.invokeWithArguments(values));
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(type.getSimpleName() + ": " + e.getMessage(), e);
        }
    }

    /** Whether the trial carries its first key under {@code prefix}: whether a nested record of this type is there. */
    private boolean carried(TrialProperties trial, String prefix) {
        return trial.containsKey(prefix + keys().get(0));
    }

    /** The record this codec reads and writes. */
    public Class<R> type() {
        return type;
    }

    /** Every key it writes, nested codecs' in place, in order (without a prefix). */
    public List<String> keys() {
        List<String> keys = new ArrayList<>();
        for (Slot s : slots) {
            if (s.nested() != null) {
                keys.addAll(s.nested().keys());
            } else {
                keys.add(s.key());
            }
        }
        return keys;
    }

    private static Object get(Slot s, Object record) {
        try {
            return s.accessor().invoke(record);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public String toString() {
        return type.getSimpleName() + keys();
    }
}
