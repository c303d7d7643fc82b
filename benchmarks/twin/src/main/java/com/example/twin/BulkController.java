package com.example.twin;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.IntStream;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * A catalogue import and withdrawal: {@code saveAll} of {@code count} products, {@code
 * findAllById} of them, {@code deleteAll} of them, each timed; then what is left of them.
 */
@RestController
public class BulkController {

  private final ProductRepository products;

  public BulkController(ProductRepository products) {
    this.products = products;
  }

  @PostMapping("/admin/bulk")
  public Map<String, Object> bulk(@RequestParam(defaultValue = "10000") int count) {
    List<Product> catalogue =
        IntStream.range(0, count)
            .mapToObj(
                i ->
                    new Product(
                        UUID.randomUUID(),
                        "Product " + i,
                        BigDecimal.valueOf(100 + i % 900, 2),
                        i % 50))
            .toList();
    List<UUID> ids = catalogue.stream().map(Product::getId).toList();
    long start = System.nanoTime();
    products.saveAll(catalogue);
    long saved = System.nanoTime();
    int found = products.findAllById(ids).size();
    long read = System.nanoTime();
    products.deleteAll(catalogue);
    long deleted = System.nanoTime();
    int remaining = products.findAllById(ids).size();
    Map<String, Object> result = new LinkedHashMap<>();
    result.put("count", count);
    result.put("found", found);
    result.put("remaining", remaining);
    result.put("saveAllMs", (saved - start) / 1_000_000);
    result.put("findAllByIdMs", (read - saved) / 1_000_000);
    result.put("deleteAllMs", (deleted - read) / 1_000_000);
    return result;
  }
}
