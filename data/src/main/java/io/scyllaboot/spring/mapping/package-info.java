/** Entity mapping on Spring Data Commons: annotations, metadata, row conversion. */
package io.scyllaboot.spring.mapping;
