/** The reactive sample: readings over WebFlux, stored through a reactive repository. */
package io.scyllaboot.samples.reactive;
