package io.scyllaboot.spring.core;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.BoundStatement;
import io.scyllaboot.driver.api.cql.ExecutionInfo;
import io.scyllaboot.driver.api.cql.PreparedStatement;
import io.scyllaboot.driver.api.cql.ResultSet;
import io.scyllaboot.driver.api.cql.Row;
import io.scyllaboot.driver.api.cql.StatementOptions;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.mockito.Mockito;

/**
 * A mock session for template unit tests: records the CQL prepared and the values bound, answers
 * every write as applied and every query with the rows given to {@link #answerRows}.
 */
public final class RecordingSession {
  public final List<String> prepared = new ArrayList<>();
  public final List<Object[]> bound = new ArrayList<>();
  public final List<StatementOptions> options = new ArrayList<>();
  private List<Row> rows = List.of();
  public final CqlSession session;

  public RecordingSession() {
    session =
        Mockito.mock(
            CqlSession.class,
            invocation ->
                switch (invocation.getMethod().getName()) {
                  case "prepare" -> prepared((String) invocation.getArgument(0));
                  case "execute" -> result();
                  default ->
                      throw new UnsupportedOperationException(invocation.getMethod().getName());
                });
  }

  /** The rows every following query returns: each a map of column to value. */
  public void answerRows(List<Map<String, Object>> values) {
    List<Row> answer = new ArrayList<>();
    for (Map<String, Object> columns : values) {
      answer.add(
          Mockito.mock(Row.class, invocation -> columns.get((String) invocation.getArgument(0))));
    }
    rows = answer;
  }

  private PreparedStatement prepared(String cql) {
    prepared.add(cql);
    PreparedStatement[] statement = new PreparedStatement[1];
    statement[0] =
        Mockito.mock(
            PreparedStatement.class,
            invocation ->
                switch (invocation.getMethod().getName()) {
                  case "query" -> cql;
                  case "bind" -> {
                    bound.add(
                        invocation.getRawArguments().length == 1
                                && invocation.getRawArguments()[0] instanceof Object[] values
                            ? values
                            : invocation.getRawArguments());
                    BoundStatement[] boundStatement = new BoundStatement[1];
                    boundStatement[0] =
                        Mockito.mock(
                            BoundStatement.class,
                            call ->
                                switch (call.getMethod().getName()) {
                                  case "preparedStatement" -> statement[0];
                                  case "withOptions" -> {
                                    options.add(call.getArgument(0));
                                    yield boundStatement[0];
                                  }
                                  default -> null;
                                });
                    yield boundStatement[0];
                  }
                  default -> null;
                });
    return statement[0];
  }

  private ResultSet result() {
    ResultSet result = Mockito.mock(ResultSet.class);
    Iterator<Row> iterator = new ArrayList<>(rows).iterator();
    Mockito.when(result.wasApplied()).thenReturn(true);
    Mockito.when(result.iterator()).thenReturn(iterator);
    Mockito.when(result.one()).thenAnswer(i -> iterator.hasNext() ? iterator.next() : null);
    Mockito.when(result.all()).thenReturn(List.of());
    Mockito.when(result.executionInfo())
        .thenReturn(
            new ExecutionInfo(
                new InetSocketAddress("127.0.0.1", 9042),
                List.of(),
                List.of(),
                null,
                Map.of(),
                0,
                false,
                null,
                null));
    return result;
  }
}
