/** The mapper's annotations: entities, their keys and names, mappers, DAOs and their methods. */
@NullMarked
package io.scyllaboot.driver.api.mapper.annotations;

import org.jspecify.annotations.NullMarked;
