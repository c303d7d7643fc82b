package io.scyllaboot.test.data.slice;

import org.springframework.boot.autoconfigure.SpringBootApplication;

/** The application the slice test finds, as a real application's tests find theirs. */
@SpringBootApplication
public class SliceApplication {}
