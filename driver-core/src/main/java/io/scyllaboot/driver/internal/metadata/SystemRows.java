package io.scyllaboot.driver.internal.metadata;

import io.netty.buffer.ByteBuf;
import io.scyllaboot.driver.api.cql.ColumnDefinitions;
import io.scyllaboot.driver.internal.protocol.codec.CodecRegistry;
import io.scyllaboot.driver.internal.protocol.message.RowsResult;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the rows of the small system-table queries of the control connection into maps by column
 * name, and releases the page. Not for the request path: it allocates freely.
 */
final class SystemRows {
  private SystemRows() {}

  static List<Map<String, Object>> read(RowsResult rows) {
    try {
      ColumnDefinitions columns = rows.columns();
      List<Map<String, Object>> result = new ArrayList<>(rows.rowCount());
      ByteBuf buffer = rows.buffer();
      for (int r = 0; r < rows.rowCount(); r++) {
        Map<String, Object> row = new HashMap<>();
        for (int c = 0; c < rows.columnCount(); c++) {
          int offset = rows.cellOffset(r, c);
          int length = buffer.getInt(offset);
          Object value =
              length < 0
                  ? null
                  : CodecRegistry.DEFAULT
                      .codecFor(columns.get(c).type())
                      .decode(buffer, offset + 4, length);
          row.put(columns.get(c).name(), value);
        }
        result.add(row);
      }
      return result;
    } finally {
      rows.release();
    }
  }
}
