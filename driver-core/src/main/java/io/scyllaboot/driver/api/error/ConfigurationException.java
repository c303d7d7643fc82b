package io.scyllaboot.driver.api.error;

/** The statement conflicts with the server's configuration (code 0x2300). */
public class ConfigurationException extends ServerException {

  public ConfigurationException(String serverMessage) {
    super(ErrorCodes.CONFIG_ERROR, serverMessage);
  }
}
