package io.scyllaboot.migration;

import static org.openrewrite.java.Assertions.java;
import static org.openrewrite.maven.Assertions.pomXml;

import org.junit.jupiter.api.Test;
import org.openrewrite.test.RecipeSpec;
import org.openrewrite.test.RewriteTest;
import org.openrewrite.test.TypeValidation;

/**
 * The DataStax object mapper's shapes (an entity, a mapper with its generated builder, a DAO, a
 * query provider on entity helpers, a batch built statement by statement) moved onto Scylla Boot's
 * run-time mapper; every output compiled against Scylla Boot's driver.
 */
class MapperMigrationTest implements RewriteTest {

  @Override
  public void defaults(RecipeSpec spec) {
    RecipeSpecs.driverMigration(spec);
    // The generated ShopMapperBuilder has no source, as in an application before its build.
    spec.typeValidationOptions(TypeValidation.none());
  }

  @Test
  void entityMapperDaoAndQueryProviderMoveToTheRunTimeMapper() {
    rewriteRun(
        java(
            """
            package shop;

            import com.datastax.oss.driver.api.mapper.annotations.ClusteringColumn;
            import com.datastax.oss.driver.api.mapper.annotations.CqlName;
            import com.datastax.oss.driver.api.mapper.annotations.Entity;
            import com.datastax.oss.driver.api.mapper.annotations.PartitionKey;
            import java.util.UUID;

            @Entity
            @CqlName("orders")
            public class Order {
              @PartitionKey private UUID customer;
              @ClusteringColumn private UUID id;
              private String item;

              public UUID getCustomer() { return customer; }
              public void setCustomer(UUID customer) { this.customer = customer; }
              public UUID getId() { return id; }
              public void setId(UUID id) { this.id = id; }
              public String getItem() { return item; }
              public void setItem(String item) { this.item = item; }
            }
            """,
            """
            package shop;

            import io.scyllaboot.driver.api.mapper.annotations.ClusteringColumn;
            import io.scyllaboot.driver.api.mapper.annotations.CqlName;
            import io.scyllaboot.driver.api.mapper.annotations.Entity;
            import io.scyllaboot.driver.api.mapper.annotations.PartitionKey;

            import java.util.UUID;

            @Entity
            @CqlName("orders")
            public class Order {
              @PartitionKey private UUID customer;
              @ClusteringColumn private UUID id;
              private String item;

              public UUID getCustomer() { return customer; }
              public void setCustomer(UUID customer) { this.customer = customer; }
              public UUID getId() { return id; }
              public void setId(UUID id) { this.id = id; }
              public String getItem() { return item; }
              public void setItem(String item) { this.item = item; }
            }
            """),
        java(
            """
            package shop;

            import com.datastax.oss.driver.api.core.CqlSession;
            import com.datastax.oss.driver.api.mapper.MapperBuilder;
            import com.datastax.oss.driver.api.mapper.annotations.DaoFactory;
            import com.datastax.oss.driver.api.mapper.annotations.Mapper;

            @Mapper
            public interface ShopMapper {
              @DaoFactory
              OrderDao orderDao();

              static MapperBuilder<ShopMapper> builder(CqlSession session) {
                return new ShopMapperBuilder(session);
              }
            }
            """,
            """
            package shop;

            import io.scyllaboot.driver.api.CqlSession;
            import io.scyllaboot.driver.api.mapper.MapperBuilder;
            import io.scyllaboot.driver.api.mapper.annotations.DaoFactory;
            import io.scyllaboot.driver.api.mapper.annotations.Mapper;

            @Mapper
            public interface ShopMapper {
              @DaoFactory
              OrderDao orderDao();

              static MapperBuilder<ShopMapper> builder(CqlSession session) {
                return MapperBuilder.of(ShopMapper.class, session);
              }
            }
            """),
        java(
            """
            package shop;

            import com.datastax.oss.driver.api.core.PagingIterable;
            import com.datastax.oss.driver.api.core.cql.BoundStatement;
            import com.datastax.oss.driver.api.core.cql.BoundStatementBuilder;
            import com.datastax.oss.driver.api.core.cql.Row;
            import com.datastax.oss.driver.api.mapper.annotations.Dao;
            import com.datastax.oss.driver.api.mapper.annotations.GetEntity;
            import com.datastax.oss.driver.api.mapper.annotations.Increment;
            import com.datastax.oss.driver.api.mapper.annotations.QueryProvider;
            import com.datastax.oss.driver.api.mapper.annotations.Select;
            import com.datastax.oss.driver.api.mapper.annotations.SetEntity;
            import com.datastax.oss.driver.api.mapper.annotations.StatementAttributes;
            import com.datastax.oss.driver.api.mapper.annotations.Update;
            import com.datastax.oss.driver.api.mapper.entity.saving.NullSavingStrategy;
            import java.util.List;
            import java.util.UUID;
            import java.util.function.Function;

            @Dao
            public interface OrderDao {
              @Select
              PagingIterable<Order> byCustomer(UUID customer);

              @Update(nullSavingStrategy = NullSavingStrategy.DO_NOT_SET)
              void update(Order order);

              @QueryProvider(providerClass = PlaceOrders.class, entityHelpers = Order.class)
              boolean place(List<Order> orders);

              @GetEntity
              Order asOrder(Row row);

              @SetEntity
              BoundStatement bind(Order order, BoundStatement bound);

              @Increment(entityClass = Order.class)
              void addItems(UUID customer, UUID id, long items);

              @Select
              @StatementAttributes(consistencyLevel = "QUORUM", pageSize = 100)
              PagingIterable<Order> byCustomerWith(
                  UUID customer, Function<BoundStatementBuilder, BoundStatementBuilder> options);
            }
            """,
            """
            package shop;

            import io.scyllaboot.driver.api.cql.BoundStatement;
            import io.scyllaboot.driver.api.cql.PagingIterable;
            import io.scyllaboot.driver.api.cql.Row;
            import io.scyllaboot.driver.api.mapper.annotations.*;
            import io.scyllaboot.driver.api.mapper.entity.saving.NullSavingStrategy;

            import java.util.List;
            import java.util.UUID;
            import java.util.function.Function;

            @Dao
            public interface OrderDao {
              @Select
              PagingIterable<Order> byCustomer(UUID customer);

              @Update(nullSavingStrategy = NullSavingStrategy.DO_NOT_SET)
              void update(Order order);

              @QueryProvider(providerClass = PlaceOrders.class, entityHelpers = Order.class)
              boolean place(List<Order> orders);

              @GetEntity
              Order asOrder(Row row);

              @SetEntity
              BoundStatement bind(Order order, BoundStatement bound);

              @Increment(entityClass = Order.class)
              void addItems(UUID customer, UUID id, long items);

              @Select
              @StatementAttributes(consistencyLevel = "QUORUM", pageSize = 100)
              PagingIterable<Order> byCustomerWith(
                  UUID customer, Function<BoundStatement, BoundStatement> options);
            }
            """),
        java(
            """
            package shop;

            import static com.datastax.oss.driver.api.querybuilder.QueryBuilder.bindMarker;

            import com.datastax.oss.driver.api.core.CqlSession;
            import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
            import com.datastax.oss.driver.api.core.cql.BatchStatement;
            import com.datastax.oss.driver.api.core.cql.BatchStatementBuilder;
            import com.datastax.oss.driver.api.core.cql.BoundStatementBuilder;
            import com.datastax.oss.driver.api.core.cql.DefaultBatchType;
            import com.datastax.oss.driver.api.core.cql.PreparedStatement;
            import com.datastax.oss.driver.api.mapper.MapperContext;
            import com.datastax.oss.driver.api.mapper.entity.EntityHelper;
            import com.datastax.oss.driver.api.mapper.entity.saving.NullSavingStrategy;
            import java.util.List;

            class PlaceOrders {
              private final CqlSession session;
              private final EntityHelper<Order> orders;
              private final PreparedStatement insert;
              private final PreparedStatement cancel;

              PlaceOrders(MapperContext context, EntityHelper<Order> orders) {
                this.session = context.getSession();
                this.orders = orders;
                this.insert = session.prepare(orders.insert().ifNotExists().asCql());
                this.cancel =
                    session.prepare(
                        orders
                            .deleteByPrimaryKey()
                            .ifColumn("item")
                            .isEqualTo(bindMarker("item"))
                            .builder()
                            .setConsistencyLevel(DefaultConsistencyLevel.QUORUM)
                            .build());
              }

              boolean place(List<Order> all) {
                BatchStatementBuilder batch = BatchStatement.builder(DefaultBatchType.LOGGED);
                for (Order order : all) {
                  BoundStatementBuilder bound = insert.boundStatementBuilder();
                  orders.set(order, bound, NullSavingStrategy.DO_NOT_SET, false);
                  batch.addStatement(bound.build());
                }
                return session.execute(batch.build()).wasApplied();
              }
            }
            """,
            """
            package shop;

            import io.scyllaboot.driver.api.ConsistencyLevel;
            import io.scyllaboot.driver.api.CqlSession;
            import io.scyllaboot.driver.api.cql.BatchStatement;
            import io.scyllaboot.driver.api.cql.BatchStatement.BatchType;
            import io.scyllaboot.driver.api.cql.BoundStatement;
            import io.scyllaboot.driver.api.cql.PreparedStatement;
            import io.scyllaboot.driver.api.mapper.MapperContext;
            import io.scyllaboot.driver.api.mapper.entity.EntityHelper;
            import io.scyllaboot.driver.api.mapper.entity.saving.NullSavingStrategy;

            import java.util.List;

            import static io.scyllaboot.driver.api.mapper.entity.EntityQuery.bindMarker;

            class PlaceOrders {
              private final CqlSession session;
              private final EntityHelper<Order> orders;
              private final PreparedStatement insert;
              private final PreparedStatement cancel;

              PlaceOrders(MapperContext context, EntityHelper<Order> orders) {
                this.session = context.session();
                this.orders = orders;
                this.insert = session.prepare(orders.insert().ifNotExists().asCql());
                this.cancel =
                    session.prepare(
                        orders
                            .deleteByPrimaryKey()
                            .ifColumn("item")
                            .isEqualTo(bindMarker("item"))
                            .build()
                            .withConsistency(ConsistencyLevel.QUORUM));
              }

              boolean place(List<Order> all) {
                BatchStatement batch = BatchStatement.of(BatchType.LOGGED);
                for (Order order : all) {
                  BoundStatement bound = insert.bind();
                  bound = orders.set(order, bound, NullSavingStrategy.DO_NOT_SET, false);
                  batch = batch.add(bound);
                }
                return session.execute(batch).wasApplied();
              }
            }
            """));
  }

  @Test
  void theMapperRuntimeAndItsProcessorLeaveThePom() {
    rewriteRun(
        pomXml(
            """
            <project>
              <modelVersion>4.0.0</modelVersion>
              <groupId>com.example</groupId>
              <artifactId>shop</artifactId>
              <version>1.0.0</version>
              <dependencies>
                <dependency>
                  <groupId>org.apache.cassandra</groupId>
                  <artifactId>java-driver-core</artifactId>
                  <version>4.19.3</version>
                </dependency>
                <dependency>
                  <groupId>org.apache.cassandra</groupId>
                  <artifactId>java-driver-mapper-runtime</artifactId>
                  <version>4.19.3</version>
                </dependency>
              </dependencies>
              <build>
                <plugins>
                  <plugin>
                    <groupId>org.apache.maven.plugins</groupId>
                    <artifactId>maven-compiler-plugin</artifactId>
                    <configuration>
                      <annotationProcessorPaths>
                        <path>
                          <groupId>org.apache.cassandra</groupId>
                          <artifactId>java-driver-mapper-processor</artifactId>
                          <version>4.19.3</version>
                        </path>
                        <path>
                          <groupId>org.projectlombok</groupId>
                          <artifactId>lombok</artifactId>
                          <version>1.18.36</version>
                        </path>
                      </annotationProcessorPaths>
                    </configuration>
                  </plugin>
                </plugins>
              </build>
            </project>
            """,
            """
            <project>
              <modelVersion>4.0.0</modelVersion>
              <groupId>com.example</groupId>
              <artifactId>shop</artifactId>
              <version>1.0.0</version>
              <dependencies>
                <dependency>
                  <groupId>io.scyllaboot</groupId>
                  <artifactId>scylla-boot-driver</artifactId>
                  <version>0.1.0-SNAPSHOT</version>
                </dependency>
              </dependencies>
              <build>
                <plugins>
                  <plugin>
                    <groupId>org.apache.maven.plugins</groupId>
                    <artifactId>maven-compiler-plugin</artifactId>
                    <configuration>
                      <annotationProcessorPaths>
                        <path>
                          <groupId>org.projectlombok</groupId>
                          <artifactId>lombok</artifactId>
                          <version>1.18.36</version>
                        </path>
                      </annotationProcessorPaths>
                    </configuration>
                  </plugin>
                </plugins>
              </build>
            </project>
            """));
  }
}
