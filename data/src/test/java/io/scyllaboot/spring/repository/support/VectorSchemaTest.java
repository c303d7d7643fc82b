package io.scyllaboot.spring.repository.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.scyllaboot.spring.mapping.Indexed;
import io.scyllaboot.spring.mapping.PartitionKey;
import io.scyllaboot.spring.mapping.SaiIndexed;
import io.scyllaboot.spring.mapping.ScyllaMappingContext;
import io.scyllaboot.spring.mapping.ScyllaPersistentEntity;
import io.scyllaboot.spring.mapping.SimilarityFunction;
import io.scyllaboot.spring.mapping.Table;
import io.scyllaboot.spring.mapping.VectorType;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.data.domain.Vector;

/** The CQL that schema creation sends for vector columns and annotated indexes (no server). */
class VectorSchemaTest {
  private final ScyllaMappingContext context = new ScyllaMappingContext();
  private final SchemaCreator creator = new SchemaCreator(null, context);

  @Table(keyspace = "shop")
  record Product(
      @PartitionKey int id,
      @VectorType(dimensions = 4) @SaiIndexed(similarityFunction = SimilarityFunction.DOT_PRODUCT)
          float[] embedding,
      @VectorType(dimensions = 2) List<Float> pair,
      @VectorType(dimensions = 3) Vector position,
      @Indexed("by_kind") String kind,
      @SaiIndexed(options = {"case_sensitive=false", "normalize = true"}) String name,
      float[] plain) {}

  @Table
  record VectorWithoutDimensions(@PartitionKey int id, Vector position) {}

  @Table
  record VectorOnText(@PartitionKey int id, @VectorType(dimensions = 2) String text) {}

  @Table
  record BadOption(@PartitionKey int id, @SaiIndexed(options = "similarity") String name) {}

  private ScyllaPersistentEntity<?> entity(Class<?> type) {
    return context.getRequiredPersistentEntity(type);
  }

  @Test
  void should_create_vector_columns_with_their_dimensions() {
    assertThat(creator.createTableCql(entity(Product.class)))
        .isEqualTo(
            "CREATE TABLE IF NOT EXISTS shop.product (id int, embedding vector<float, 4>,"
                + " pair vector<float, 2>, position vector<float, 3>, kind text, name text,"
                + " plain list<float>, PRIMARY KEY ((id)))");
  }

  @Test
  void should_create_secondary_and_sai_indexes_with_their_options() {
    assertThat(SchemaIndexes.createIndexCql(entity(Product.class)))
        .containsExactly(
            "CREATE CUSTOM INDEX IF NOT EXISTS product_embedding_idx ON shop.product (embedding)"
                + " USING 'StorageAttachedIndex' WITH OPTIONS = {'similarity_function':"
                + " 'dot_product'}",
            "CREATE INDEX IF NOT EXISTS by_kind ON shop.product (kind)",
            "CREATE CUSTOM INDEX IF NOT EXISTS product_name_idx ON shop.product (name)"
                + " USING 'StorageAttachedIndex' WITH OPTIONS = {'case_sensitive': 'false',"
                + " 'normalize': 'true'}");
  }

  @Test
  void should_name_the_property_whose_vector_mapping_is_wrong() {
    assertThatThrownBy(() -> creator.createTableCql(entity(VectorWithoutDimensions.class)))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("VectorWithoutDimensions.position")
        .hasMessageContaining("@VectorType(dimensions = n)");
    assertThatThrownBy(() -> creator.createTableCql(entity(VectorOnText.class)))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("VectorOnText.text of type java.lang.String");
    assertThatThrownBy(() -> SchemaIndexes.createIndexCql(entity(BadOption.class)))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("BadOption.name")
        .hasMessageContaining("'similarity' is not of the form key=value");
  }
}
