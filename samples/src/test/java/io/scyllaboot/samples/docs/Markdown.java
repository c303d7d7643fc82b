package io.scyllaboot.samples.docs;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Just enough of a Markdown reader for the manual's checks: fenced code blocks with the marker
 * comment before them, headings and their GitHub anchors, and inline links and images outside code.
 */
final class Markdown {
  private static final Pattern FENCE = Pattern.compile("^(\\s*)(`{3,}|~{3,})\\s*([^`\\s]*).*$");
  private static final Pattern HEADING = Pattern.compile("^ {0,3}(#{1,6})\\s+(.*?)\\s*#*\\s*$");
  private static final Pattern HTML_ANCHOR =
      Pattern.compile("<a\\s+(?:id|name)=\"([^\"]+)\"", Pattern.CASE_INSENSITIVE);
  private static final Pattern CODE_SPAN = Pattern.compile("(`+)(.+?)\\1", Pattern.DOTALL);
  // [text](target) or ![alt](target), text possibly wrapped over lines; an optional "title".
  private static final Pattern LINK =
      Pattern.compile("!?\\[([^\\[\\]]*)\\]\\(\\s*<?([^)\\s>]+)>?(?:\\s+\"[^\"]*\")?\\s*\\)");
  private static final Pattern NOT_IN_SLUG = Pattern.compile("[^\\p{L}\\p{M}\\p{N}\\p{Pc} -]");

  /** A fenced code block: where it opens (1-based line), its info string, body, and marker. */
  record CodeBlock(int line, String info, List<String> body, String marker) {}

  /** An inline link or image: its line (1-based) and target as written. */
  record Link(int line, String target) {}

  private final List<String> lines;
  private final List<CodeBlock> blocks = new ArrayList<>();
  private final boolean[] inCode;

  Markdown(List<String> lines) {
    this.lines = List.copyOf(lines);
    this.inCode = new boolean[lines.size()];
    parseBlocks();
  }

  List<CodeBlock> codeBlocks() {
    return blocks;
  }

  /** The anchors GitHub makes for this page: one per heading, plus explicit HTML anchors. */
  Set<String> anchors() {
    Set<String> anchors = new LinkedHashSet<>();
    Map<String, Integer> seen = new HashMap<>();
    for (int i = 0; i < lines.size(); i++) {
      if (inCode[i]) {
        continue;
      }
      Matcher heading = HEADING.matcher(lines.get(i));
      if (heading.matches()) {
        String slug = slug(heading.group(2));
        int count = seen.merge(slug, 1, Integer::sum);
        anchors.add(count == 1 ? slug : slug + "-" + (count - 1));
      }
      Matcher html = HTML_ANCHOR.matcher(lines.get(i));
      while (html.find()) {
        anchors.add(html.group(1));
      }
    }
    return anchors;
  }

  /** Every inline link and image outside code blocks and code spans. */
  List<Link> links() {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < lines.size(); i++) {
      text.append(inCode[i] ? "" : lines.get(i)).append('\n');
    }
    // Blank code spans out (same length, newlines kept) so that offsets still give line numbers.
    Matcher span = CODE_SPAN.matcher(text);
    StringBuilder prose = new StringBuilder();
    while (span.find()) {
      span.appendReplacement(prose, "");
      prose.append(span.group().replaceAll("[^\n]", "x"));
    }
    span.appendTail(prose);
    List<Link> links = new ArrayList<>();
    Matcher link = LINK.matcher(prose);
    while (link.find()) {
      int line = 1 + (int) prose.substring(0, link.start()).chars().filter(c -> c == '\n').count();
      links.add(new Link(line, link.group(2)));
    }
    return links;
  }

  /**
   * GitHub's anchor for a heading: the rendered text (code spans and links as their text), lower
   * case, punctuation other than hyphens and underscores dropped, each space a hyphen.
   */
  static String slug(String heading) {
    String text = heading.replaceAll("!?\\[([^\\]]*)\\]\\([^)]*\\)", "$1").replace("`", "");
    text = text.replaceAll("<[^>]+>", "");
    return NOT_IN_SLUG.matcher(text.toLowerCase(Locale.ROOT)).replaceAll("").replace(' ', '-');
  }

  private void parseBlocks() {
    for (int i = 0; i < lines.size(); i++) {
      Matcher open = FENCE.matcher(lines.get(i));
      if (!open.matches()) {
        continue;
      }
      String fence = open.group(2);
      int indent = open.group(1).length();
      List<String> body = new ArrayList<>();
      int close = i + 1;
      while (close < lines.size() && !isClosing(lines.get(close), fence)) {
        String line = lines.get(close);
        int strip = Math.min(indent, line.length() - line.stripLeading().length());
        body.add(line.substring(strip));
        close++;
      }
      for (int j = i; j <= Math.min(close, lines.size() - 1); j++) {
        inCode[j] = true;
      }
      blocks.add(new CodeBlock(i + 1, open.group(3), body, markerBefore(i)));
      i = close;
    }
  }

  private static boolean isClosing(String line, String fence) {
    String trimmed = line.strip();
    return trimmed.startsWith(fence) && trimmed.chars().allMatch(c -> c == fence.charAt(0));
  }

  /** The nearest non-blank line before line {@code index} if it is an HTML comment, else "". */
  private String markerBefore(int index) {
    for (int i = index - 1; i >= 0; i--) {
      String line = lines.get(i).strip();
      if (!line.isEmpty()) {
        return line.startsWith("<!--") && line.endsWith("-->")
            ? line.substring(4, line.length() - 3).strip()
            : "";
      }
    }
    return "";
  }
}
