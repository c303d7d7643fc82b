package io.scyllaboot.autoconfigure;

/**
 * {@code scylla.profiles.<name>.*}: an execution profile, the options a statement takes when it
 * names the profile ({@code withProfile("name")}, or {@code @Consistency(profile = "name")} on a
 * repository method): those of {@code scylla.request.*} that a statement can override. An option
 * left unset is the session's.
 */
public class ProfileProperties extends RequestSettings {}
