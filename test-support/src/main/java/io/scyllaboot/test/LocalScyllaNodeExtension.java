package io.scyllaboot.test;

import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.springframework.core.annotation.MergedAnnotations;

/** Makes sure the node of the class's {@link WithLocalScyllaNode} is up before the class runs. */
public final class LocalScyllaNodeExtension implements BeforeAllCallback {
  @Override
  public void beforeAll(ExtensionContext context) {
    WithLocalScyllaNode settings = settings(context.getRequiredTestClass());
    node(settings);
  }

  /** The annotation of the class or its superclasses. */
  static WithLocalScyllaNode settings(Class<?> testClass) {
    return MergedAnnotations.from(testClass, MergedAnnotations.SearchStrategy.TYPE_HIERARCHY)
        .get(WithLocalScyllaNode.class)
        .synthesize(annotation -> annotation.isPresent())
        .orElseThrow(() -> new IllegalStateException(testClass + " has no @WithLocalScyllaNode"));
  }

  /** The running node the settings name. */
  static LocalScyllaNode node(WithLocalScyllaNode settings) {
    boolean reuse = settings.reuse() || Boolean.getBoolean("scylla.local-node.reuse");
    return LocalScyllaNode.at(settings.host(), settings.port()).ensureRunning(reuse);
  }
}
