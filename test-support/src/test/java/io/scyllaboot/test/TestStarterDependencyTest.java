package io.scyllaboot.test;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * scylla-boot-test is what the recipe puts in place of Boot's Cassandra test starters, which bring
 * spring-boot-starter-test (JUnit, AssertJ, Mockito, Spring's test support): it must bring them
 * too, or a migrated test that imports AssertJ stops compiling (spring-guides'
 * gs-accessing-data-cassandra did).
 */
class TestStarterDependencyTest {

  @Test
  void bringsSpringBootsTestStarter_inCompileScope() throws Exception {
    Element project =
        DocumentBuilderFactory.newInstance()
            .newDocumentBuilder()
            .parse(Path.of("pom.xml").toFile())
            .getDocumentElement();
    Element dependencies = (Element) project.getElementsByTagName("dependencies").item(0);
    List<String> compile = new ArrayList<>();
    NodeList each = dependencies.getElementsByTagName("dependency");
    for (int i = 0; i < each.getLength(); i++) {
      Element dependency = (Element) each.item(i);
      NodeList scope = dependency.getElementsByTagName("scope");
      if (scope.getLength() == 0 || "compile".equals(scope.item(0).getTextContent())) {
        compile.add(
            dependency.getElementsByTagName("groupId").item(0).getTextContent()
                + ":"
                + dependency.getElementsByTagName("artifactId").item(0).getTextContent());
      }
    }

    assertThat(compile).contains("org.springframework.boot:spring-boot-starter-test");
  }
}
