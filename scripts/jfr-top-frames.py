#!/usr/bin/env python3
"""Summarises the CPU samples of a JFR recording (jdk.ExecutionSample) as markdown tables.

    scripts/jfr-top-frames.py RECORDING.jfr [--top 20] [--title TEXT]

Prints the samples per thread, the top frames by self samples (the frame on top of the stack) and
by inclusive samples (each method counted once per stack it appears in), as shares of all samples.
Reads the recording with the JDK's `jfr print --json` (the `jfr` next to the running `java`, or on
PATH). Used for the round-three profiles under benchmarks/results/round3/.
"""
import argparse
import collections
import json
import os
import shutil
import subprocess
import sys


def jfr_tool():
    java_home = os.environ.get("JAVA_HOME")
    if java_home and os.path.exists(os.path.join(java_home, "bin", "jfr")):
        return os.path.join(java_home, "bin", "jfr")
    found = shutil.which("jfr")
    if found:
        return found
    java = shutil.which("java")
    if java:
        candidate = os.path.join(os.path.dirname(os.path.realpath(java)), "jfr")
        if os.path.exists(candidate):
            return candidate
    sys.exit("no jfr tool found (set JAVA_HOME)")


def frame_name(frame):
    method = frame.get("method") or {}
    owner = (method.get("type") or {}).get("name", "?")
    return owner + "." + method.get("name", "?")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("recording")
    parser.add_argument("--top", type=int, default=20)
    parser.add_argument("--title", default=None)
    parser.add_argument(
        "--callers",
        action="append",
        default=[],
        help="also list the callers (3 frames down) of the samples whose top frame contains this",
    )
    args = parser.parse_args()
    raw = subprocess.run(
        [jfr_tool(), "print", "--json", "--events", "jdk.ExecutionSample", args.recording],
        check=True,
        capture_output=True,
    ).stdout
    events = json.loads(raw)["recording"]["events"]
    callers = {name: collections.Counter() for name in args.callers}
    self_counts = collections.Counter()
    inclusive = collections.Counter()
    threads = collections.Counter()
    for event in events:
        values = event["values"]
        thread = (values.get("sampledThread") or {}).get("javaName") or "?"
        # pool threads are numbered: group them by name without the number
        threads[thread.rstrip("0123456789-")] += 1
        frames = ((values.get("stackTrace") or {}).get("frames")) or []
        if not frames:
            continue
        self_counts[frame_name(frames[0])] += 1
        for name, counter in callers.items():
            if name in frame_name(frames[0]):
                counter[" <- ".join(frame_name(f) for f in frames[1:4])] += 1
        for name in set(frame_name(f) for f in frames):
            inclusive[name] += 1
    total = len(events)
    print(f"### {args.title or os.path.basename(args.recording)}\n")
    print(f"{total} CPU samples (jdk.ExecutionSample, JFR `profile` settings, sampling every 1 ms).\n")
    print("| thread | samples |\n|---|--:|")
    for name, count in threads.most_common(8):
        print(f"| {name} | {100.0 * count / total:.1f}% |")
    print("\n| top frame (self) | self |\n|---|--:|")
    for name, count in self_counts.most_common(args.top):
        print(f"| `{name}` | {100.0 * count / total:.1f}% |")
    print("\n| frame (inclusive) | inclusive |\n|---|--:|")
    for name, count in inclusive.most_common(args.top + 10):
        print(f"| `{name}` | {100.0 * count / total:.1f}% |")
    print()
    for name, counter in callers.items():
        print(f"| callers of `{name}` (top frame) | samples |\n|---|--:|")
        for chain, count in counter.most_common(6):
            print(f"| `{chain}` | {100.0 * count / total:.1f}% |")
        print()


if __name__ == "__main__":
    main()
