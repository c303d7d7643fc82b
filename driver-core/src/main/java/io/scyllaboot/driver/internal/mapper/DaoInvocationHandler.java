package io.scyllaboot.driver.internal.mapper;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Proxy;
import java.util.HashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** A {@code @Dao} interface's implementation: each abstract method compiled once, when built. */
final class DaoInvocationHandler implements InvocationHandler {
  private final Class<?> daoInterface;
  private final Map<Method, DaoMethod> methods;

  private DaoInvocationHandler(Class<?> daoInterface, Map<Method, DaoMethod> methods) {
    this.daoInterface = daoInterface;
    this.methods = methods;
  }

  static Object dao(Class<?> daoInterface, DaoContext context) {
    Map<Method, DaoMethod> methods = new HashMap<>();
    Class<?> daoEntity = DaoMethods.onlyEntity(daoInterface);
    for (Method method : daoInterface.getMethods()) {
      if (!method.isDefault() && !Modifier.isStatic(method.getModifiers())) {
        methods.put(method, DaoMethods.compile(method, context, daoEntity));
      }
    }
    return Proxy.newProxyInstance(
        daoInterface.getClassLoader(),
        new Class<?>[] {daoInterface},
        new DaoInvocationHandler(daoInterface, Map.copyOf(methods)));
  }

  @Override
  public @Nullable Object invoke(Object proxy, Method method, Object @Nullable [] arguments)
      throws Throwable {
    Object[] args = arguments == null ? new Object[0] : arguments;
    if (method.getDeclaringClass() == Object.class) {
      return ObjectMethods.invoke(proxy, method, args, "DAO " + daoInterface.getSimpleName());
    }
    if (method.isDefault()) {
      return InvocationHandler.invokeDefault(proxy, method, args);
    }
    return methods.get(method).invoke(args);
  }

  /** One DAO method, ready to run. */
  @FunctionalInterface
  interface DaoMethod {
    @Nullable Object invoke(Object[] args) throws Throwable;
  }
}
