package io.scyllaboot.driver.testing.apifixture.internal;

/** An internal type for {@code PublicApiRulesTest}: public, but in an internal package. */
public class Hidden {}
