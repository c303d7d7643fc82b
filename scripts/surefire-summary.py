#!/usr/bin/env python3
"""What a Maven project's surefire reports say, for the proving-ground scripts.

    scripts/surefire-summary.py count PROJECT      prints "tests passed" ("0 0" when nothing ran)
    scripts/surefire-summary.py failures PROJECT   prints the failing tests, "Class.test: first line", '; '-separated
"""
import glob
import sys
import xml.etree.ElementTree as ET


def suites(project):
    return [ET.parse(f).getroot() for f in sorted(glob.glob(project + "/target/surefire-reports/TEST-*.xml"))]


def count(project):
    tests = bad = 0
    for suite in suites(project):
        tests += int(suite.get("tests"))
        bad += int(suite.get("failures")) + int(suite.get("errors")) + int(suite.get("skipped"))
    return f"{tests} {tests - bad}"


def failures(project):
    out = []
    for suite in suites(project):
        for case in suite.iter("testcase"):
            for kind in ("failure", "error"):
                element = case.find(kind)
                if element is not None:
                    message = (element.get("message") or element.get("type") or "").strip().splitlines()
                    name = case.get("name") or case.get("classname").rsplit(".", 1)[-1]
                    first = message[0] if message else ""
                    out.append(f"{case.get('classname').rsplit('.', 1)[-1]}.{name}: {first[:100]}")
    return "; ".join(out)


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in ("count", "failures"):
        sys.exit(__doc__)
    print(count(sys.argv[2]) if sys.argv[1] == "count" else failures(sys.argv[2]))
