package io.scyllaboot.spring.aot;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.spring.mapping.ScyllaManagedTypes;
import io.scyllaboot.spring.mapping.Table;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.aot.generate.ClassNameGenerator;
import org.springframework.aot.generate.DefaultGenerationContext;
import org.springframework.aot.generate.InMemoryGeneratedFiles;
import org.springframework.aot.hint.MemberCategory;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.predicate.RuntimeHintsPredicates;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.aot.ApplicationContextAotGenerator;
import org.springframework.data.annotation.Id;

/** Spring's AOT processing of an application that declares its entities as managed types. */
class ScyllaManagedTypesAotTest {

  @Table
  public record Parcel(@Id UUID id, String destination) {}

  @Configuration(proxyBeanMethods = false)
  static class Entities {
    @Bean
    static ScyllaManagedTypes scyllaManagedTypes() {
      return ScyllaManagedTypes.from(Parcel.class);
    }
  }

  @Test
  void should_register_reflection_hints_for_each_managed_entity() {
    AnnotationConfigApplicationContext context = new AnnotationConfigApplicationContext();
    context.register(Entities.class);
    DefaultGenerationContext generation =
        new DefaultGenerationContext(
            new ClassNameGenerator(org.springframework.javapoet.ClassName.get(Entities.class)),
            new InMemoryGeneratedFiles());

    new ApplicationContextAotGenerator().processAheadOfTime(context, generation);

    RuntimeHints hints = generation.getRuntimeHints();
    assertThat(RuntimeHintsPredicates.reflection().onType(Parcel.class)).accepts(hints);
    assertThat(
            RuntimeHintsPredicates.reflection()
                .onType(Parcel.class)
                .withMemberCategory(MemberCategory.INVOKE_DECLARED_CONSTRUCTORS))
        .accepts(hints);
  }
}
