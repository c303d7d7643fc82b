package io.scyllaboot.driver.internal.mapper;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.mapper.annotations.Dao;
import io.scyllaboot.driver.api.mapper.annotations.DaoFactory;
import io.scyllaboot.driver.api.mapper.annotations.DaoKeyspace;
import io.scyllaboot.driver.api.mapper.annotations.DaoTable;
import io.scyllaboot.driver.api.mapper.annotations.Mapper;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.lang.reflect.Proxy;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;

/**
 * A {@link Mapper} interface's implementation: its factory methods hand out one DAO per arguments.
 */
public final class MapperInvocationHandler implements InvocationHandler {
  private final Class<?> mapperInterface;
  private final CqlSession session;
  private final @Nullable String defaultKeyspace;
  private final boolean validateSchema;
  private final Map<List<Object>, Object> daos = new ConcurrentHashMap<>();

  private MapperInvocationHandler(
      Class<?> mapperInterface,
      CqlSession session,
      @Nullable String defaultKeyspace,
      boolean validateSchema) {
    this.mapperInterface = mapperInterface;
    this.session = session;
    this.defaultKeyspace = defaultKeyspace;
    this.validateSchema = validateSchema;
  }

  public static <M> M mapper(
      Class<M> mapperInterface,
      CqlSession session,
      @Nullable String defaultKeyspace,
      boolean validateSchema) {
    if (!mapperInterface.isInterface() || !mapperInterface.isAnnotationPresent(Mapper.class)) {
      throw new IllegalArgumentException(
          mapperInterface.getName() + " is not an interface annotated @Mapper");
    }
    return mapperInterface.cast(
        Proxy.newProxyInstance(
            mapperInterface.getClassLoader(),
            new Class<?>[] {mapperInterface},
            new MapperInvocationHandler(
                mapperInterface, session, defaultKeyspace, validateSchema)));
  }

  @Override
  public @Nullable Object invoke(Object proxy, Method method, Object @Nullable [] arguments)
      throws Throwable {
    Object[] args = arguments == null ? new Object[0] : arguments;
    if (method.getDeclaringClass() == Object.class) {
      return ObjectMethods.invoke(proxy, method, args, "mapper " + mapperInterface.getSimpleName());
    }
    if (method.isDefault()) {
      return InvocationHandler.invokeDefault(proxy, method, args);
    }
    if (!method.isAnnotationPresent(DaoFactory.class)) {
      throw new UnsupportedOperationException(
          method + " is neither a default method nor annotated @DaoFactory");
    }
    List<Object> key = new java.util.ArrayList<>(args.length + 1);
    key.add(method);
    key.addAll(Arrays.asList(args));
    return daos.computeIfAbsent(List.copyOf(key), k -> dao(method, args));
  }

  private Object dao(Method factory, Object[] args) {
    Class<?> daoInterface = factory.getReturnType();
    if (!daoInterface.isInterface() || !daoInterface.isAnnotationPresent(Dao.class)) {
      throw new IllegalArgumentException(factory + " does not return an interface annotated @Dao");
    }
    String keyspace = defaultKeyspace;
    String table = null;
    Parameter[] parameters = factory.getParameters();
    for (int i = 0; i < parameters.length; i++) {
      if (parameters[i].isAnnotationPresent(DaoKeyspace.class)) {
        keyspace = args[i] == null ? null : args[i].toString();
      } else if (parameters[i].isAnnotationPresent(DaoTable.class)) {
        table = args[i] == null ? null : args[i].toString();
      }
    }
    return DaoInvocationHandler.dao(
        daoInterface, new DaoContext(session, keyspace, table, validateSchema));
  }
}
