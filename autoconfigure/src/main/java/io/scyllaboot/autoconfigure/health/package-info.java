/** The scylla health indicator. */
package io.scyllaboot.autoconfigure.health;
