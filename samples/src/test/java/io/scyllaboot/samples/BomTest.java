package io.scyllaboot.samples;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * The build's release shape: {@code scylla-boot-bom} lists exactly the published jars (every module
 * not marked {@code maven.deploy.skip}) at the project's version, and every published pom carries
 * what a repository manager requires, itself or through the parent.
 */
class BomTest {
  private static final List<String> REQUIRED_OF_THE_PARENT =
      List.of("url", "licenses", "scm", "developers");

  private static Path root() {
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      if (Files.isRegularFile(dir.resolve("pom.xml")) && Files.isDirectory(dir.resolve("bom"))) {
        return dir;
      }
    }
    throw new IllegalStateException("no root pom above " + Path.of("").toAbsolutePath());
  }

  private static Element pom(Path file) throws Exception {
    DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
    factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
    Document document = factory.newDocumentBuilder().parse(file.toFile());
    return document.getDocumentElement();
  }

  /** The text of the direct child {@code name} of {@code parent}, or null. */
  private static String child(Element parent, String name) {
    for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element e && e.getTagName().equals(name)) {
        return e.getTextContent().trim();
      }
    }
    return null;
  }

  private static Element element(Element parent, String name) {
    for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element e && e.getTagName().equals(name)) {
        return e;
      }
    }
    return null;
  }

  private static List<Element> children(Element parent, String name) {
    List<Element> found = new ArrayList<>();
    for (Node n = parent == null ? null : parent.getFirstChild();
        n != null;
        n = n.getNextSibling()) {
      if (n instanceof Element e && e.getTagName().equals(name)) {
        found.add(e);
      }
    }
    return found;
  }

  @Test
  void should_list_every_published_jar_at_the_project_version() throws Exception {
    Path root = root();
    Element parent = pom(root.resolve("pom.xml"));
    Map<String, String> published = new TreeMap<>();
    for (Element module : children(element(parent, "modules"), "module")) {
      Element pom = pom(root.resolve(module.getTextContent().trim()).resolve("pom.xml"));
      Element properties = element(pom, "properties");
      boolean skipped = properties != null && "true".equals(child(properties, "maven.deploy.skip"));
      String packaging = child(pom, "packaging");
      if (!skipped && (packaging == null || packaging.equals("jar"))) {
        published.put(child(pom, "artifactId"), module.getTextContent().trim());
        assertThat(child(pom, "name")).as("name of %s", module.getTextContent()).isNotBlank();
        assertThat(child(pom, "description"))
            .as("description of %s", module.getTextContent())
            .isNotBlank();
      }
    }
    assertThat(published)
        .containsKeys(
            "scylla-boot-driver",
            "scylla-boot-data",
            "scylla-boot-autoconfigure",
            "scylla-boot-starter",
            "scylla-boot-test")
        .doesNotContainKeys("scylla-boot-samples", "scylla-boot-benchmarks");

    Element bom = pom(root.resolve("bom/pom.xml"));
    assertThat(child(bom, "artifactId")).isEqualTo("scylla-boot-bom");
    assertThat(child(bom, "version")).isEqualTo(child(parent, "version"));
    assertThat(element(bom, "parent")).as("the BOM imports nothing of the parent's").isNull();
    Map<String, String> listed = new TreeMap<>();
    for (Element dependency :
        children(element(element(bom, "dependencyManagement"), "dependencies"), "dependency")) {
      assertThat(child(dependency, "groupId")).isEqualTo("io.scyllaboot");
      listed.put(child(dependency, "artifactId"), child(dependency, "version"));
    }
    assertThat(listed.keySet()).containsExactlyElementsOf(published.keySet());
    assertThat(listed.values()).allMatch("${project.version}"::equals);

    for (Element pom : List.of(parent, bom)) {
      for (String required : REQUIRED_OF_THE_PARENT) {
        assertThat(element(pom, required))
            .as("%s of %s", required, child(pom, "artifactId"))
            .isNotNull();
      }
    }
    assertThat(child(element(element(parent, "licenses"), "license"), "name"))
        .isEqualTo("Apache License, Version 2.0");
    assertThat(child(element(parent, "properties"), "project.build.outputTimestamp"))
        .matches("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z");
  }
}
