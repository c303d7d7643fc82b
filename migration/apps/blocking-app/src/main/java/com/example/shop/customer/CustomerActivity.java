package com.example.shop.customer;

import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import org.springframework.context.event.EventListener;
import org.springframework.data.cassandra.core.mapping.event.AfterDeleteEvent;
import org.springframework.data.cassandra.core.mapping.event.AfterSaveEvent;
import org.springframework.stereotype.Component;

/** Keeps a trail of saved customers and of deletes, as the CRM feed reads it. */
@Component
public class CustomerActivity {

  private final List<UUID> saved = new CopyOnWriteArrayList<>();
  private final List<Object> deleted = new CopyOnWriteArrayList<>();

  // Mapping events carry no generic type at run time: every entity's events arrive here.
  @EventListener
  public void onAfterSave(AfterSaveEvent<?> event) {
    if (event.getSource() instanceof Customer customer) {
      saved.add(customer.getId());
    }
  }

  @EventListener
  public void onAfterDelete(AfterDeleteEvent<?> event) {
    if (event.getType() == Customer.class) {
      deleted.add(event.getSource());
    }
  }

  public List<UUID> saved() {
    return saved;
  }

  public List<Object> deleted() {
    return deleted;
  }

  public void clear() {
    saved.clear();
    deleted.clear();
  }
}
