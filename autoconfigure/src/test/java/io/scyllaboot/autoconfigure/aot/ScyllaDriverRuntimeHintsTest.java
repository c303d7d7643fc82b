package io.scyllaboot.autoconfigure.aot;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.driver.internal.util.ReflectiveTypes;
import org.junit.jupiter.api.Test;
import org.springframework.aot.hint.MemberCategory;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;
import org.springframework.aot.hint.TypeReference;
import org.springframework.aot.hint.predicate.RuntimeHintsPredicates;
import org.springframework.core.io.support.SpringFactoriesLoader;

class ScyllaDriverRuntimeHintsTest {

  @Test
  void should_be_registered_for_spring_aot_processing() {
    assertThat(
            SpringFactoriesLoader.forResourceLocation("META-INF/spring/aot.factories")
                .load(RuntimeHintsRegistrar.class))
        .hasAtLeastOneElementOfType(ScyllaDriverRuntimeHints.class);
  }

  @Test
  void should_let_reflection_construct_the_channel_and_the_cache_classes_and_read_lz4s_instances()
      throws Exception {
    RuntimeHints hints = new RuntimeHints();
    new ScyllaDriverRuntimeHints().registerHints(hints, getClass().getClassLoader());

    for (String name : ReflectiveTypes.CONSTRUCTED) {
      assertThat(
              RuntimeHintsPredicates.reflection()
                  .onType(TypeReference.of(name))
                  .withMemberCategory(MemberCategory.INVOKE_DECLARED_CONSTRUCTORS))
          .as(name)
          .accepts(hints);
    }
    for (String name : ReflectiveTypes.INSTANCE_FIELDS) {
      assertThat(
              RuntimeHintsPredicates.reflection()
                  .onFieldAccess(Class.forName(name).getField("INSTANCE")))
          .as(name)
          .accepts(hints);
    }
    assertThat(
            RuntimeHintsPredicates.reflection()
                .onType(TypeReference.of("io.netty.channel.socket.nio.NioSocketChannel")))
        .accepts(hints);
  }
}
