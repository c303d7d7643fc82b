package com.example.stock;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.DefaultBatchType;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.servererrors.InvalidQueryException;
import com.datastax.oss.driver.api.core.uuid.Uuids;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletionStage;

/** The items in store and their movements, on the DataStax driver's API. */
public class StockStore {

  private final CqlSession session;
  private final PreparedStatement insertItem;
  private final PreparedStatement selectItem;
  private final PreparedStatement setQuantity;
  private final PreparedStatement insertMovement;
  private final PreparedStatement claim;

  public StockStore(CqlSession session) {
    this.session = session;
    insertItem =
        session.prepare(
            "INSERT INTO items (sku, name, quantity, tags, updated) VALUES (?, ?, ?, ?, ?)");
    selectItem = session.prepare("SELECT sku, name, quantity, tags, updated FROM items WHERE sku = ?");
    setQuantity =
        session.prepare("UPDATE items SET quantity = :quantity, updated = :updated WHERE sku = :sku");
    insertMovement =
        session.prepare("INSERT INTO movements (sku, id, delta, note) VALUES (?, ?, ?, ?)");
    claim = session.prepare("INSERT INTO claims (sku, owner) VALUES (?, ?) IF NOT EXISTS");
  }

  /** Writes an item, bound by index. */
  public void save(Item item) {
    session.execute(
        insertItem
            .bind()
            .setString(0, item.sku())
            .setString(1, item.name())
            .setInt(2, item.quantity())
            .setList(3, item.tags(), String.class)
            .setInstant(4, item.updated())
            .setIdempotent(true));
  }

  /** Reads an item at QUORUM, or null. */
  public Item find(String sku) {
    Row row = session.execute(selectItem.bind(sku).setConsistencyLevel(ConsistencyLevel.QUORUM)).one();
    return row == null ? null : item(row);
  }

  /** Sets an item's quantity, bound by name, and records the movement in the same logged batch. */
  public Movement adjust(String sku, int newQuantity, int delta, String note) {
    Movement movement = new Movement(sku, Uuids.random(), delta, note);
    BatchStatement batch =
        BatchStatement.newInstance(
            DefaultBatchType.LOGGED,
            setQuantity
                .bind()
                .setInt("quantity", newQuantity)
                .setInstant("updated", Instant.now())
                .setString("sku", sku));
    batch =
        batch.add(
            insertMovement
                .bind()
                .setString(0, movement.sku())
                .setUuid(1, movement.id())
                .setInt(2, movement.delta())
                .setString(3, movement.note()));
    session.execute(batch);
    return movement;
  }

  /** An item's movements, newest first, with a plain statement. */
  public List<Movement> history(String sku) {
    SimpleStatement statement =
        SimpleStatement.newInstance("SELECT sku, id, delta, note FROM movements WHERE sku = ?", sku)
            .setTimeout(Duration.ofSeconds(10))
            .setConsistencyLevel(ConsistencyLevel.LOCAL_ONE);
    List<Movement> movements = new ArrayList<>();
    for (Row row : session.execute(statement)) {
      movements.add(
          new Movement(
              row.getString("sku"), row.getUuid("id"), row.getInt("delta"), row.getString(3)));
    }
    return movements;
  }

  /** Every item's SKU, read in pages of {@code pageSize} rows as the result is iterated. */
  public List<String> allSkus(int pageSize) {
    SimpleStatement statement =
        SimpleStatement.builder("SELECT sku FROM items").setPageSize(pageSize).setIdempotence(true).build();
    ResultSet result = session.execute(statement);
    List<String> skus = new ArrayList<>();
    for (Row row : result) {
      skus.add(row.getString(0));
    }
    return skus;
  }

  /** The first page of the items only: how many rows it held, and whether more pages wait. */
  public PageInfo firstPage(int pageSize) {
    AsyncResultSet page =
        session
            .executeAsync(SimpleStatement.newInstance("SELECT sku FROM items").setPageSize(pageSize))
            .toCompletableFuture()
            .join();
    return new PageInfo(page.remaining(), page.hasMorePages());
  }

  /** The first page of the items in the "report" profile of application.conf (its page size). */
  public PageInfo reportFirstPage() {
    AsyncResultSet page =
        session
            .executeAsync(
                SimpleStatement.newInstance("SELECT sku FROM items").setExecutionProfileName("report"))
            .toCompletableFuture()
            .join();
    return new PageInfo(page.remaining(), page.hasMorePages());
  }

  /** Reads an item with tracing on; the trace's id from the execution info, or null. */
  public UUID tracedRead(String sku) {
    ResultSet result = session.execute(selectItem.bind(sku).setTracing(true));
    return result.getExecutionInfo().getTracingId();
  }

  /** Total quantity of all items, paging asynchronously with fetchNextPage. */
  public CompletionStage<Long> totalQuantity(int pageSize) {
    SimpleStatement statement =
        SimpleStatement.newInstance("SELECT quantity FROM items").setPageSize(pageSize);
    return session.executeAsync(statement).thenCompose(page -> sum(page, 0L));
  }

  private static CompletionStage<Long> sum(AsyncResultSet page, long soFar) {
    long total = soFar;
    for (Row row : page.currentPage()) {
      total += row.getInt("quantity");
    }
    if (!page.hasMorePages()) {
      return java.util.concurrent.CompletableFuture.completedFuture(total);
    }
    long carried = total;
    return page.fetchNextPage().thenCompose(next -> sum(next, carried));
  }

  /** Claims an item for an owner with a lightweight transaction: only the first claim applies. */
  public boolean claim(String sku, String owner) {
    return session.execute(claim.bind(sku, owner)).wasApplied();
  }

  /** The columns a read of the item table returns, by name, in order. */
  public List<String> itemColumns() {
    ResultSet result = session.execute(selectItem.bind("none"));
    List<String> names = new ArrayList<>();
    for (int i = 0; i < result.getColumnDefinitions().size(); i++) {
      names.add(result.getColumnDefinitions().get(i).getName().asInternal());
    }
    return names;
  }

  /** The rows of a table of the keyspace, or -1 when the server refuses the query (no such table). */
  public long count(String table) {
    try {
      return session.execute("SELECT count(*) FROM " + table).one().getLong(0);
    } catch (InvalidQueryException e) {
      return -1;
    }
  }

  private static Item item(Row row) {
    return new Item(
        row.getString("sku"),
        row.getString("name"),
        row.getInt("quantity"),
        row.getList("tags", String.class),
        row.getInstant("updated"));
  }

  /** What a first page held. */
  public record PageInfo(int rows, boolean morePages) {}
}
