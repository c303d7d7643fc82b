package io.scyllaboot.driver.testing;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.JavaField;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.domain.JavaType;
import com.tngtech.archunit.core.domain.JavaTypeVariable;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.util.Optional;
import java.util.Set;

/**
 * The rule every published module checks: what a user can see of a public type (its supertypes,
 * type parameters, and the signatures of its public and protected fields, constructors and methods,
 * generic arguments included) names no {@code ..internal..} type. A dependency on internals inside
 * a method body is allowed; a signature that hands one out is not.
 */
public final class PublicApiRules {
  private static final String INTERNAL = ".internal.";

  private PublicApiRules() {}

  /** The rule for the public classes of {@code packages} (ArchUnit package patterns). */
  public static ArchRule exposeNoInternalTypes(String... packages) {
    return classes()
        .that()
        .resideInAnyPackage(packages)
        .and(VISIBLE_TO_USERS)
        .should(EXPOSE_NO_INTERNAL_TYPE)
        // A module whose packages hold no public class yet still passes.
        .allowEmptyShould(true);
  }

  /** Public, and so are the classes it is nested in. */
  private static final DescribedPredicate<JavaClass> VISIBLE_TO_USERS =
      new DescribedPredicate<>("are visible to users") {
        @Override
        public boolean test(JavaClass type) {
          for (Optional<JavaClass> c = Optional.of(type);
              c.isPresent();
              c = c.get().getEnclosingClass()) {
            if (!c.get().getModifiers().contains(JavaModifier.PUBLIC)
                || c.get().isAnonymousClass()
                || c.get().isLocalClass()) {
              return false;
            }
          }
          return true;
        }
      };

  private static final ArchCondition<JavaClass> EXPOSE_NO_INTERNAL_TYPE =
      new ArchCondition<>("expose no ..internal.. type in a public signature") {
        @Override
        public void check(JavaClass type, ConditionEvents events) {
          type.getSuperclass().ifPresent(s -> report(type, "extends", s, events));
          for (JavaType i : type.getInterfaces()) {
            report(type, "implements", i, events);
          }
          for (JavaTypeVariable<JavaClass> variable : type.getTypeParameters()) {
            report(type, "type parameter " + variable.getName(), variable, events);
          }
          for (JavaField field : type.getFields()) {
            if (visible(field.getModifiers())) {
              report(field.getFullName(), field.getType(), events);
            }
          }
          for (JavaCodeUnit unit : type.getCodeUnits()) {
            if (!visible(unit.getModifiers())) {
              continue;
            }
            report(unit.getFullName() + " returns", unit.getReturnType(), events);
            for (JavaType parameter : unit.getParameterTypes()) {
              report(unit.getFullName() + " takes", parameter, events);
            }
            for (JavaClass thrown : unit.getExceptionTypes()) {
              report(unit.getFullName() + " throws", thrown, events);
            }
            for (JavaTypeVariable<?> variable : unit.getTypeParameters()) {
              report(unit.getFullName() + " type parameter", variable, events);
            }
          }
        }
      };

  private static boolean visible(Set<JavaModifier> modifiers) {
    return (modifiers.contains(JavaModifier.PUBLIC) || modifiers.contains(JavaModifier.PROTECTED))
        && !modifiers.contains(JavaModifier.SYNTHETIC)
        && !modifiers.contains(JavaModifier.BRIDGE);
  }

  private static void report(JavaClass owner, String how, JavaType type, ConditionEvents events) {
    report(owner.getName() + " " + how, type, events);
  }

  private static void report(String where, JavaType type, ConditionEvents events) {
    for (JavaClass raw : type.getAllInvolvedRawTypes()) {
      JavaClass base = raw.getBaseComponentType();
      if (("." + base.getPackageName() + ".").contains(INTERNAL)) {
        events.add(SimpleConditionEvent.violated(base, where + " " + base.getName()));
      }
    }
  }
}
