package io.scyllaboot.driver.internal.protocol.frame;

/** Layout of the 9-byte frame header of protocol v3 and later (section 2 of the specification). */
public final class FrameHeader {
  public static final int LENGTH = 9;
  public static final int VERSION_OFFSET = 0;
  public static final int FLAGS_OFFSET = 1;
  public static final int STREAM_OFFSET = 2;
  public static final int OPCODE_OFFSET = 4;
  public static final int BODY_LENGTH_OFFSET = 5;

  public static final int RESPONSE_BIT = 0x80;

  public static final int FLAG_COMPRESSED = 0x01;
  public static final int FLAG_TRACING = 0x02;
  public static final int FLAG_CUSTOM_PAYLOAD = 0x04;
  public static final int FLAG_WARNING = 0x08;
  public static final int FLAG_USE_BETA = 0x10;

  /** Responses to this stream id are server-pushed events. */
  public static final int EVENT_STREAM_ID = -1;

  private FrameHeader() {}
}
