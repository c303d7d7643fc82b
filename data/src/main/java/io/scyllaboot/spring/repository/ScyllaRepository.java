package io.scyllaboot.spring.repository;

import java.util.List;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.Slice;
import org.springframework.data.repository.ListCrudRepository;
import org.springframework.data.repository.NoRepositoryBean;

/**
 * The repository interface to extend. Every CRUD method runs through the entity template ({@link
 * io.scyllaboot.spring.core.ScyllaTemplate}), as a prepared statement from the driver's cache, with
 * the template's callbacks and events. {@code save} is an INSERT of every column (an upsert, as
 * always in CQL), except for a {@code @Version}ed entity that is not new: then it is an UPDATE
 * {@code IF version = ?} that fails with {@link
 * org.springframework.dao.OptimisticLockingFailureException} when the row changed. {@code
 * deleteAll()} is a TRUNCATE. {@code ID} is the primary key's only column type, or a record/class
 * whose properties are named like the entity's primary key properties (composite keys).
 *
 * @param <T> the entity type, annotated {@link io.scyllaboot.spring.mapping.Table}
 * @param <ID> the primary key type
 */
@NoRepositoryBean
public interface ScyllaRepository<T, ID> extends ListCrudRepository<T, ID> {

  /**
   * Inserts an entity whatever its state (a versioned one {@code IF NOT EXISTS}, with its first
   * version); returns the entity as written.
   */
  <S extends T> S insert(S entity);

  /** Inserts every entity, a bounded number at a time; returns them as written, in order. */
  <S extends T> List<S> insert(Iterable<S> entities);

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
