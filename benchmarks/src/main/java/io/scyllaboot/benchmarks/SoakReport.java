package io.scyllaboot.benchmarks;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * The soak's samples (see {@link Soak}): CSV, a chart of four stacked panels over time (ops/s
 * against the target, p50 and p99, heap, direct memory), and the verdict on memory and p99.
 */
final class SoakReport {
  private static final String[] COLUMNS = {
    "t_s",
    "ops_per_s",
    "p50_us",
    "p99_us",
    "heap_used_mib",
    "heap_after_gc_mib",
    "direct_jvm_mib",
    "direct_netty_mib",
    "errors",
    "skipped"
  };
  private final List<double[]> samples;
  private final double max;
  private final double rate;
  private final double fraction;
  private final String started;
  private final String load;
  private final String node;
  private boolean memoryFlat;
  private boolean p99Stable;

  SoakReport(
      List<double[]> samples,
      double max,
      double rate,
      double fraction,
      String started,
      String load,
      String node) {
    this.samples = List.copyOf(samples);
    this.max = max;
    this.rate = rate;
    this.fraction = fraction;
    this.started = started;
    this.load = load;
    this.node = node;
  }

  String csv() {
    StringBuilder out = new StringBuilder(String.join(",", COLUMNS)).append('\n');
    for (double[] s : samples) {
      for (int i = 0; i < s.length; i++) {
        out.append(i == 0 ? "" : ",").append(String.format(Locale.ROOT, "%.2f", s[i]));
      }
      out.append('\n');
    }
    return out.toString();
  }

  String summary() {
    return String.format(
        Locale.ROOT,
        "Soak %s against %s: maximum %.0f ops/s (256 in flight), then %.0f%% of it (%.0f ops/s)"
            + " for %.1f min, sampled %d times; load %s; errors %.0f, skipped %.0f",
        started,
        node,
        max,
        fraction * 100,
        rate,
        samples.isEmpty() ? 0 : samples.get(samples.size() - 1)[0] / 60,
        samples.size(),
        load,
        samples.stream().mapToDouble(s -> s[8]).sum(),
        samples.stream().mapToDouble(s -> s[9]).sum());
  }

  /** The first and last thirds of the samples after the first (pools and JIT still warming). */
  private double[][] thirds(int column) {
    List<double[]> settled = samples.size() > 3 ? samples.subList(1, samples.size()) : samples;
    int third = Math.max(1, settled.size() / 3);
    double[] first = settled.subList(0, third).stream().mapToDouble(s -> s[column]).toArray();
    double[] last =
        settled.subList(settled.size() - third, settled.size()).stream()
            .mapToDouble(s -> s[column])
            .toArray();
    return new double[][] {first, last};
  }

  private double[][] directThirds() {
    double[][] jvm = thirds(6);
    double[][] netty = thirds(7);
    double[][] out = new double[2][];
    for (int t = 0; t < 2; t++) {
      out[t] = new double[jvm[t].length];
      for (int i = 0; i < jvm[t].length; i++) {
        out[t][i] = Math.max(jvm[t][i], netty[t][i]); // one may count the other's chunks
      }
    }
    return out;
  }

  String verdict() {
    if (samples.size() < 3) {
      return "SOAK CHECK: too few samples (" + samples.size() + ") to judge";
    }
    double[][] heap = thirds(5);
    double[][] direct = directThirds();
    double[][] p99 = thirds(3);
    double[][] ops = thirds(1);
    double heapFirst = mean(heap[0]);
    double heapLast = mean(heap[1]);
    double directFirst = mean(direct[0]);
    double directLast = mean(direct[1]);
    boolean heapFlat = heapLast <= heapFirst * 1.25 + 16;
    boolean directFlat = directLast <= directFirst * 1.25 + 16;
    memoryFlat = heapFlat && directFlat;
    double p99First = median(p99[0]);
    double p99Last = median(p99[1]);
    p99Stable = p99Last <= 2 * p99First + 1000;
    double held = mean(samples.stream().mapToDouble(s -> s[1]).toArray()) / rate;
    return String.format(
        Locale.ROOT,
        "SOAK CHECK memory flat: %s (heap after GC %.1f -> %.1f MiB, direct %.1f -> %.1f MiB,"
            + " mean of the first -> last third; bound: x1.25 + 16 MiB)%n"
            + "SOAK CHECK p99 stable: %s (median p99 %.0f -> %.0f us; bound: x2 + 1 ms)%n"
            + "SOAK rate held: %.1f%% of the target on average (ops/s first third %.0f, last third"
            + " %.0f)",
        memoryFlat ? "PASS" : "FAIL",
        heapFirst,
        heapLast,
        directFirst,
        directLast,
        p99Stable ? "PASS" : "FAIL",
        p99First,
        p99Last,
        held * 100,
        mean(ops[0]),
        mean(ops[1]));
  }

  boolean passed() {
    return memoryFlat && p99Stable;
  }

  private static double mean(double[] values) {
    return Arrays.stream(values).filter(v -> v >= 0).average().orElse(-1);
  }

  private static double median(double[] values) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }

  void chart(Path file) throws IOException {
    System.setProperty("java.awt.headless", "true");
    NumberAxis time = new NumberAxis("minutes");
    CombinedDomainXYPlot plot = new CombinedDomainXYPlot(time);
    plot.setGap(12);
    plot.add(panel("ops/s", new int[] {1}, new String[] {"ops/s"}, rate, 1), 1);
    plot.add(
        panel("latency (ms)", new int[] {2, 3}, new String[] {"p50", "p99"}, -1, 1 / 1000.0), 1);
    plot.add(
        panel("heap (MiB)", new int[] {4, 5}, new String[] {"heap used", "heap after GC"}, -1, 1),
        1);
    plot.add(
        panel(
            "direct (MiB)",
            new int[] {6, 7},
            new String[] {"JVM direct pool", "Netty allocator"},
            -1,
            1),
        1);
    JFreeChart chart =
        new JFreeChart(
            String.format(
                Locale.ROOT,
                "Soak: our driver at %.0f%% of its maximum (%.0f of %.0f ops/s) against %s",
                fraction * 100,
                rate,
                max,
                node),
            new Font(Font.SANS_SERIF, Font.BOLD, 14),
            plot,
            true);
    chart.setBackgroundPaint(Color.WHITE);
    ChartUtils.saveChartAsPNG(file.toFile(), chart, 1000, 1000);
  }

  private XYPlot panel(String label, int[] columns, String[] names, double target, double scale) {
    XYSeriesCollection data = new XYSeriesCollection();
    for (int c = 0; c < columns.length; c++) {
      XYSeries series = new XYSeries(names[c]);
      for (double[] s : samples) {
        if (s[columns[c]] >= 0) {
          series.add(s[0] / 60, s[columns[c]] * scale);
        }
      }
      data.addSeries(series);
    }
    if (target > 0) {
      XYSeries line = new XYSeries("target");
      if (!samples.isEmpty()) {
        line.add(0, target);
        line.add(samples.get(samples.size() - 1)[0] / 60, target);
      }
      data.addSeries(line);
    }
    NumberAxis y = new NumberAxis(label);
    y.setAutoRangeIncludesZero(true);
    XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, false);
    Color[] colors = {ScaleCharts.OURS, ScaleCharts.APACHE, Color.GRAY};
    for (int s = 0; s < data.getSeriesCount(); s++) {
      renderer.setSeriesPaint(s, colors[Math.min(s, colors.length - 1)]);
      renderer.setSeriesStroke(s, new BasicStroke(2f));
    }
    if (target > 0) {
      renderer.setSeriesPaint(data.getSeriesCount() - 1, Color.GRAY);
      renderer.setSeriesStroke(
          data.getSeriesCount() - 1,
          new BasicStroke(
              1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 1, new float[] {6, 4}, 0));
    }
    XYPlot plot = new XYPlot(data, null, y, renderer);
    plot.setBackgroundPaint(Color.WHITE);
    plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
    plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
    return plot;
  }
}
