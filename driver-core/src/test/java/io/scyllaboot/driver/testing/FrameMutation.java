package io.scyllaboot.driver.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * The ways a hostile server corrupts a response frame ({@code [9-byte header][body]}, protocol v4
 * or a v5 envelope), each applied to the bytes of one whole frame. Structural kinds find what they
 * corrupt (a ROWS page's counts, its cells, a collection inside a cell) by walking the body; where
 * the frame has no such thing the kind does not apply and the frame passes unchanged.
 */
public enum FrameMutation {
  OPCODE_READY,
  OPCODE_SUPPORTED,
  OPCODE_EVENT,
  OPCODE_UNKNOWN,
  STREAM_EVENT,
  STREAM_ZERO,
  STREAM_UNUSED,
  VERSION_BYTE,
  FLAG_TRACING,
  FLAG_WARNING,
  FLAG_CUSTOM_PAYLOAD,
  FLAG_COMPRESSED,
  LENGTH_LONGER,
  LENGTH_SHORTER,
  BODY_CUT,
  BODY_GARBAGE_TAIL,
  RESULT_KIND,
  ROWS_FLAGS,
  COLUMN_COUNT,
  ROW_COUNT_UP,
  ROW_COUNT_DOWN,
  CELL_LENGTH_MINUS_TWO,
  CELL_LENGTH_GROW,
  CELL_LENGTH_SHRINK,
  COLLECTION_COUNT_ZERO,
  COLLECTION_COUNT_NEGATIVE,
  COLLECTION_COUNT_HUGE,
  COLLECTION_COUNT_UP,
  DUPLICATE,
  GARBAGE_BEFORE,
  CLOSE_MID_FRAME;

  private static final int HEADER = 9;
  private static final int STREAM_UNUSED_ID = 31_000; // above any id a test connection uses

  /** What to write instead of a frame: the chunks in order, then whether to close after them. */
  public record Output(List<byte[]> chunks, boolean close, boolean applied) {
    static Output unchanged(byte[] frame) {
      return new Output(List.of(frame), false, false);
    }

    static Output of(byte[] frame) {
      return new Output(List.of(frame), false, true);
    }
  }

  /** Applies this mutation to one whole frame (the array may be changed in place). */
  public Output apply(byte[] frame, Random random) {
    switch (this) {
      case OPCODE_READY -> frame[4] = 0x02;
      case OPCODE_SUPPORTED -> frame[4] = 0x06;
      case OPCODE_EVENT -> frame[4] = 0x0C;
      case OPCODE_UNKNOWN -> frame[4] = 0x7F;
      case STREAM_EVENT -> setShort(frame, 2, -1);
      case STREAM_ZERO -> setShort(frame, 2, 0);
      case STREAM_UNUSED -> setShort(frame, 2, STREAM_UNUSED_ID);
      case VERSION_BYTE -> frame[0] = (byte) 0x8A;
      case FLAG_TRACING -> frame[1] |= 0x02;
      case FLAG_WARNING -> frame[1] |= 0x08;
      case FLAG_CUSTOM_PAYLOAD -> frame[1] |= 0x04;
      case FLAG_COMPRESSED -> frame[1] |= 0x01;
      case LENGTH_LONGER -> setInt(frame, 5, getInt(frame, 5) + 1 + random.nextInt(16));
      case LENGTH_SHORTER -> {
        if (getInt(frame, 5) < 2) {
          return Output.unchanged(frame);
        }
        setInt(frame, 5, getInt(frame, 5) - 1 - random.nextInt(Math.min(8, getInt(frame, 5) - 1)));
      }
      case BODY_CUT -> {
        int body = frame.length - HEADER;
        if (body < 2) {
          return Output.unchanged(frame);
        }
        int cut = 1 + random.nextInt(Math.min(8, body - 1));
        byte[] shorter = java.util.Arrays.copyOf(frame, frame.length - cut);
        setInt(shorter, 5, body - cut);
        return Output.of(shorter);
      }
      case BODY_GARBAGE_TAIL -> {
        int extra = 1 + random.nextInt(12);
        byte[] longer = java.util.Arrays.copyOf(frame, frame.length + extra);
        for (int i = frame.length; i < longer.length; i++) {
          longer[i] = (byte) random.nextInt(256);
        }
        setInt(longer, 5, longer.length - HEADER);
        return Output.of(longer);
      }
      case RESULT_KIND -> {
        if (frame.length < HEADER + 4) {
          return Output.unchanged(frame);
        }
        int kind = getInt(frame, HEADER);
        setInt(frame, HEADER, kind == 1 ? 2 + random.nextInt(5) : (kind % 6) + 1);
      }
      case DUPLICATE -> {
        return new Output(List.of(frame, frame.clone()), false, true);
      }
      case GARBAGE_BEFORE -> {
        byte[] garbage = new byte[1 + random.nextInt(20)];
        random.nextBytes(garbage);
        return new Output(List.of(garbage, frame), false, true);
      }
      case CLOSE_MID_FRAME -> {
        return new Output(
            List.of(java.util.Arrays.copyOf(frame, Math.max(1, frame.length / 2))), true, true);
      }
      default -> {
        return mutateRows(frame, random);
      }
    }
    return Output.of(frame);
  }

  private Output mutateRows(byte[] frame, Random random) {
    Rows rows = Rows.locate(frame);
    if (rows == null) {
      return Output.unchanged(frame);
    }
    switch (this) {
      case ROWS_FLAGS -> setInt(frame, rows.flagsAt, getInt(frame, rows.flagsAt) ^ 0x0007);
      case COLUMN_COUNT ->
          setInt(
              frame,
              rows.flagsAt + 4,
              getInt(frame, rows.flagsAt + 4) + (random.nextBoolean() ? 1 : -1));
      case ROW_COUNT_UP -> setInt(frame, rows.rowCountAt, getInt(frame, rows.rowCountAt) + 1);
      case ROW_COUNT_DOWN -> {
        if (getInt(frame, rows.rowCountAt) == 0) {
          return Output.unchanged(frame);
        }
        setInt(frame, rows.rowCountAt, getInt(frame, rows.rowCountAt) - 1);
      }
      case CELL_LENGTH_MINUS_TWO, CELL_LENGTH_GROW, CELL_LENGTH_SHRINK -> {
        List<Integer> valued = new ArrayList<>();
        for (int cell : rows.cells) {
          if (getInt(frame, cell) > 0) {
            valued.add(cell);
          }
        }
        if (valued.isEmpty()) {
          return Output.unchanged(frame);
        }
        int cell = valued.get(random.nextInt(valued.size()));
        int length = getInt(frame, cell);
        setInt(
            frame,
            cell,
            switch (this) {
              case CELL_LENGTH_MINUS_TWO -> -2;
              case CELL_LENGTH_GROW -> length + 1 + random.nextInt(4);
              default -> length - 1 - random.nextInt(Math.min(4, length));
            });
      }
      default -> {
        List<Integer> collections = new ArrayList<>();
        for (int cell : rows.cells) {
          if (looksLikeCollection(frame, cell + 4, getInt(frame, cell))) {
            collections.add(cell + 4);
          }
        }
        if (collections.isEmpty()) {
          return Output.unchanged(frame);
        }
        int at = collections.get(random.nextInt(collections.size()));
        int count = getInt(frame, at);
        setInt(
            frame,
            at,
            switch (this) {
              case COLLECTION_COUNT_ZERO -> 0;
              case COLLECTION_COUNT_NEGATIVE -> -1 - random.nextInt(3);
              case COLLECTION_COUNT_HUGE -> Integer.MAX_VALUE - random.nextInt(3);
              default -> count + 1;
            });
      }
    }
    return Output.of(frame);
  }

  /**
   * Whether {@code length} bytes at {@code at} read as a non-empty list/set ({@code [int n]} then n
   * elements) or map (2n elements) filling the value exactly: a collection, whatever its type.
   */
  static boolean looksLikeCollection(byte[] frame, int at, int length) {
    if (length < 8) {
      return false;
    }
    int count = getInt(frame, at);
    if (count < 1 || count > length) {
      return false;
    }
    int end = at + length;
    for (int perEntry = 1; perEntry <= 2; perEntry++) {
      int position = at + 4;
      boolean fits = true;
      for (int i = 0; i < count * perEntry && fits; i++) {
        if (end - position < 4) {
          fits = false;
        } else {
          int element = getInt(frame, position);
          position += 4 + Math.max(element, 0);
          fits = element >= -1 && position <= end;
        }
      }
      if (fits && position == end) {
        return true;
      }
    }
    return false;
  }

  /** Where a ROWS body's flags, row count and cells are in a frame; null for anything else. */
  record Rows(int flagsAt, int rowCountAt, List<Integer> cells) {
    static Rows locate(byte[] frame) {
      try {
        if ((frame[4] & 0xFF) != 0x08 || getInt(frame, HEADER) != 2) {
          return null;
        }
        int version = frame[0] & 0x7F;
        int flagsAt = HEADER + 4;
        int flags = getInt(frame, flagsAt);
        int columns = getInt(frame, flagsAt + 4);
        int position = flagsAt + 8;
        if ((flags & 0x0002) != 0) {
          position += 4 + Math.max(getInt(frame, position), 0);
        }
        if (version >= 5 && (flags & 0x0008) != 0) {
          position += 2 + getShort(frame, position);
        }
        if ((flags & 0x0004) == 0) {
          boolean global = (flags & 0x0001) != 0;
          if (global) {
            position = skipString(frame, skipString(frame, position));
          }
          for (int c = 0; c < columns; c++) {
            if (!global) {
              position = skipString(frame, skipString(frame, position));
            }
            position = skipType(frame, skipString(frame, position));
          }
        }
        int rowCountAt = position;
        int rows = getInt(frame, position);
        position += 4;
        List<Integer> cells = new ArrayList<>();
        for (int i = 0; i < rows * columns; i++) {
          cells.add(position);
          position += 4 + Math.max(getInt(frame, position), 0);
        }
        return position == frame.length ? new Rows(flagsAt, rowCountAt, cells) : null;
      } catch (ArrayIndexOutOfBoundsException notRows) {
        return null;
      }
    }

    private static int skipString(byte[] frame, int at) {
      return at + 2 + getShort(frame, at);
    }

    private static int skipType(byte[] frame, int at) {
      int id = getShort(frame, at);
      int position = at + 2;
      return switch (id) {
        case 0x0000 -> skipString(frame, position);
        case 0x0020, 0x0022 -> skipType(frame, position);
        case 0x0021 -> skipType(frame, skipType(frame, position));
        case 0x0030 -> {
          position = skipString(frame, skipString(frame, position));
          int fields = getShort(frame, position);
          position += 2;
          for (int f = 0; f < fields; f++) {
            position = skipType(frame, skipString(frame, position));
          }
          yield position;
        }
        case 0x0031 -> {
          int components = getShort(frame, position);
          position += 2;
          for (int c = 0; c < components; c++) {
            position = skipType(frame, position);
          }
          yield position;
        }
        default -> position;
      };
    }
  }

  static int getInt(byte[] bytes, int at) {
    return ((bytes[at] & 0xFF) << 24)
        | ((bytes[at + 1] & 0xFF) << 16)
        | ((bytes[at + 2] & 0xFF) << 8)
        | (bytes[at + 3] & 0xFF);
  }

  static int getShort(byte[] bytes, int at) {
    return ((bytes[at] & 0xFF) << 8) | (bytes[at + 1] & 0xFF);
  }

  static void setInt(byte[] bytes, int at, int value) {
    bytes[at] = (byte) (value >>> 24);
    bytes[at + 1] = (byte) (value >>> 16);
    bytes[at + 2] = (byte) (value >>> 8);
    bytes[at + 3] = (byte) value;
  }

  static void setShort(byte[] bytes, int at, int value) {
    bytes[at] = (byte) (value >>> 8);
    bytes[at + 1] = (byte) value;
  }
}
