/** Auto-configuration of entity mapping and repositories. */
package io.scyllaboot.autoconfigure.data;
