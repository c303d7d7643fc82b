package io.scyllaboot.spring.repository;

import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.Slice;
import org.springframework.data.repository.ListCrudRepository;
import org.springframework.data.repository.NoRepositoryBean;

/**
 * The repository interface to extend. Every CRUD method runs as a prepared statement through the
 * driver's statement cache. {@code save} is an INSERT (an upsert, as always in CQL); {@code
 * deleteAll()} is a TRUNCATE. {@code ID} is the primary key's only column type, or a record/class
 * whose properties are named like the entity's primary key properties (composite keys).
 *
 * @param <T> the entity type, annotated {@link io.scyllaboot.spring.mapping.Table}
 * @param <ID> the primary key type
 */
@NoRepositoryBean
public interface ScyllaRepository<T, ID> extends ListCrudRepository<T, ID> {

  /**
   * One slice of every row, in token order, paged by the server's paging state: pass {@code
   * CqlPageRequest.first(size)} and then the returned slice's {@code nextPageable()}. A plain
   * {@code PageRequest} for page n reads the n pages before it. A sort is refused (CQL cannot order
   * a whole table).
   *
   * @throws IllegalArgumentException for an unpaged or sorted {@code Pageable}
   */
  Slice<T> findAll(Pageable pageable);
}
