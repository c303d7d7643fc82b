package io.scyllaboot.benchmarks;

import io.scyllaboot.benchmarks.ScaleReport.Metric;
import io.scyllaboot.benchmarks.ScaleWork.Axis;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.text.DecimalFormat;
import java.util.List;
import javax.imageio.ImageIO;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * The scale run's charts, PNG through JFreeChart (headless): per axis and metric, ours against the
 * Apache driver ({@code scale-AXIS-METRIC.png}), and per axis a 2x2 panel of ops/s, CPU, allocation
 * and p99 ({@code scale-AXIS.png}, the ones docs/performance.md shows). The x axis is logarithmic
 * (every axis grows by factors); so is the y axis when its values span more than a factor of 30.
 */
final class ScaleCharts {
  static final Color OURS = new Color(0x1F77B4);
  static final Color APACHE = new Color(0xE6550D);
  private static final List<Metric> PANEL =
      List.of(Metric.OPS, Metric.CPU, Metric.ALLOC, Metric.P99);

  private ScaleCharts() {}

  static void write(Path dir, ScaleReport report) throws IOException {
    System.setProperty("java.awt.headless", "true");
    for (Axis axis : report.axes()) {
      for (Metric metric : Metric.values()) {
        if (metric == Metric.CACHE_HITS && axis != Axis.STATEMENTS) {
          continue;
        }
        JFreeChart chart = chart(report, axis, metric, true);
        ChartUtils.saveChartAsPNG(
            dir.resolve("scale-" + axis.label + "-" + metric.column + ".png").toFile(),
            chart,
            640,
            420);
      }
      int w = 1200;
      int h = 820;
      BufferedImage image = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
      Graphics2D g = image.createGraphics();
      g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
      g.setColor(Color.WHITE);
      g.fillRect(0, 0, w, h);
      g.setColor(Color.BLACK);
      g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 18));
      g.drawString(
          "How cost grows with " + axis.title + " (C = " + concurrencyText(axis) + ")", 16, 26);
      for (int i = 0; i < PANEL.size(); i++) {
        JFreeChart chart = chart(report, axis, PANEL.get(i), false);
        chart.draw(
            g,
            new Rectangle2D.Double(
                (i % 2) * w / 2.0, 36 + (i / 2) * (h - 36) / 2.0, w / 2.0, (h - 36) / 2.0));
      }
      g.dispose();
      ImageIO.write(image, "png", dir.resolve("scale-" + axis.label + ".png").toFile());
    }
  }

  private static String concurrencyText(Axis axis) {
    return axis.concurrency == 0 ? "x" : String.valueOf(axis.concurrency);
  }

  private static JFreeChart chart(ScaleReport report, Axis axis, Metric metric, boolean title) {
    XYSeries ours = new XYSeries("ours (async)");
    XYSeries apache = new XYSeries("Apache 4.19 (async)");
    for (int x : report.points(axis)) {
      add(ours, x, report.median(axis, x, "scylla", metric));
      add(apache, x, report.median(axis, x, "apache", metric));
    }
    XYSeriesCollection data = new XYSeriesCollection();
    data.addSeries(ours);
    if (metric != Metric.CACHE_HITS) {
      data.addSeries(apache); // the Apache driver does not count its cache's hits
    }
    return lineChart(
        title ? metric.label + " vs " + axis.title : metric.label, axis.title, metric.label, data);
  }

  private static void add(XYSeries series, int x, double y) {
    if (!Double.isNaN(y) && y >= 0) {
      series.add(x, y);
    }
  }

  /** A line chart of these series, log x; colours ours then Apache's. */
  static JFreeChart lineChart(String title, String xLabel, String yLabel, XYSeriesCollection data) {
    ValueAxis x;
    if (data.getDomainUpperBound(false) / data.getDomainLowerBound(false) >= 30) {
      x = decades(xLabel);
    } else {
      NumberAxis linear = new NumberAxis(xLabel); // 1, 3, 9 nodes: too short a span for decades
      linear.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
      x = linear;
    }
    XYPlot plot = new XYPlot(data, x, yAxis(yLabel, data), renderer());
    plot.setBackgroundPaint(Color.WHITE);
    plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
    plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
    JFreeChart chart = new JFreeChart(title, new Font(Font.SANS_SERIF, Font.BOLD, 14), plot, true);
    chart.setBackgroundPaint(Color.WHITE);
    return chart;
  }

  static ValueAxis yAxis(String label, XYSeriesCollection data) {
    double min = Double.MAX_VALUE;
    double max = 0;
    for (int s = 0; s < data.getSeriesCount(); s++) {
      for (int i = 0; i < data.getItemCount(s); i++) {
        double y = data.getYValue(s, i);
        min = Math.min(min, y);
        max = Math.max(max, y);
      }
    }
    if (min > 0 && max / min > 30) {
      return decades(label);
    }
    NumberAxis linear = new NumberAxis(label);
    linear.setAutoRangeIncludesZero(true);
    return linear;
  }

  /** A base-10 log axis labelled at each decade, minor ticks between. */
  static LogAxis decades(String label) {
    LogAxis log = new LogAxis(label);
    log.setBase(10);
    log.setSmallestValue(0.01);
    log.setTickUnit(new NumberTickUnit(1));
    log.setMinorTickCount(9);
    log.setMinorTickMarksVisible(true);
    log.setNumberFormatOverride(new DecimalFormat("#,##0.##"));
    return log;
  }

  static XYLineAndShapeRenderer renderer() {
    XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, true);
    renderer.setSeriesPaint(0, OURS);
    renderer.setSeriesPaint(1, APACHE);
    renderer.setSeriesStroke(0, new BasicStroke(2.5f));
    renderer.setSeriesStroke(1, new BasicStroke(2.5f));
    return renderer;
  }
}
