"""The page's JSON merge patch (static/common.js ``WT.mergePatch``), which turns the public snapshot after
one log entry into the next one's (the ``after`` of each log entry), checked with Node against the
examples of RFC 7386 (appendix A) and for not changing the snapshot it starts from."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

COMMON = Path(__file__).resolve().parents[2] / "src" / "webtable" / "static" / "common.js"

# RFC 7386, appendix A: (target, patch, result)
CASES = [
    ({"a": "b"}, {"a": "c"}, {"a": "c"}),
    ({"a": "b"}, {"b": "c"}, {"a": "b", "b": "c"}),
    ({"a": "b"}, {"a": None}, {}),
    ({"a": "b", "b": "c"}, {"a": None}, {"b": "c"}),
    ({"a": ["b"]}, {"a": "c"}, {"a": "c"}),
    ({"a": "c"}, {"a": ["b"]}, {"a": ["b"]}),
    ({"a": {"b": "c"}}, {"a": {"b": "d", "c": None}}, {"a": {"b": "d"}}),
    ({"a": [{"b": "c"}]}, {"a": [1]}, {"a": [1]}),
    (["a", "b"], ["c", "d"], ["c", "d"]),
    ({"a": "b"}, ["c"], ["c"]),
    ({"a": "foo"}, None, None),
    ({"a": "foo"}, "bar", "bar"),
    ({"e": None}, {"a": 1}, {"e": None, "a": 1}),
    ([1, 2], {"a": "b", "c": None}, {"a": "b"}),
    ({}, {"a": {"bb": {"ccc": None}}}, {"a": {"bb": {}}}),
]

SCRIPT = """
const fs = require("fs");
global.document = {}; global.localStorage = {};
eval(fs.readFileSync(process.argv[1], "utf8") + "; global.WT = WT;");
const cases = JSON.parse(fs.readFileSync(0, "utf8"));
const out = cases.map(([target, patch]) => {
  const before = JSON.stringify(target);
  const result = WT.mergePatch(target, patch);
  return [result === undefined ? null : result, JSON.stringify(target) === before];
});
process.stdout.write(JSON.stringify(out));
"""


def test_merge_patch_follows_rfc_7386_and_keeps_the_earlier_snapshot() -> None:
    node = shutil.which("node")
    if node is None:
        pytest.fail("Node is needed to run the page's script outside a browser", pytrace=False)
    run = subprocess.run(
        [node, "-e", SCRIPT, str(COMMON)],
        input=json.dumps([[t, p] for t, p, _ in CASES]),
        capture_output=True,
        text=True,
        check=True,
    )
    results = json.loads(run.stdout)
    for (target, patch, expected), (got, unchanged) in zip(CASES, results, strict=True):
        assert got == expected, (target, patch)
        assert unchanged, f"the patch changed its target: {target!r}"
