/** The plain-driver quick start. */
package io.scyllaboot.samples.quickstart;
