"""docs/cli.md's examples run, in order, in an empty folder, with the exit status each says; and every
example in a command's `--help` is one of them."""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from pathlib import Path

from referee.cli import build_parser

DOCS = (Path(__file__).parent.parent / "docs" / "cli.md").read_text()
BLOCKS = re.findall(r"```sh\n(.*?)```", DOCS, re.S)
INTERACTIVE = ("referee play", "referee demo")  # they open the dashboard: the Pilot tests drive it


def _script() -> str:
    """The examples as one bash script: each `# exit 2` line must exit 2, every other line 0."""
    lines = ["set -euo pipefail"]
    for block in BLOCKS[1:]:  # the first one makes the empty folder, which the test gives
        for line in block.splitlines():
            if line.startswith(INTERACTIVE):
                continue
            command, marked = re.subn(r"\s+# exit 2$", "", line)
            if marked:
                quoted = command.replace("'", "'\\''")
                line = (f"set +e; {command}; code=$?; set -e; "
                        f"[ $code -eq 2 ] || {{ echo 'exit '$code' not 2: {quoted}' >&2; exit 1; }}")
            lines.append(line)
    return "\n".join(lines) + "\n"


def test_the_reference_examples_run_in_order_with_the_exit_status_they_give(tmp_path):
    assert len(BLOCKS) > 30, "the reference's examples are found"
    env = {**os.environ, "REFEREE_SESSIONS": str(tmp_path / "sessions"), "XDG_DATA_HOME": str(tmp_path / "data"),
           "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    done = subprocess.run(["bash", "-c", _script()], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    assert (tmp_path / "tuesday-review.html").exists() and (tmp_path / "sim.db").exists(), "the last steps ran"


def test_every_help_example_is_one_of_the_references_and_every_option_is_explained():
    parser = build_parser()
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices
    for name, command in commands.items():
        examples = command.epilog.splitlines()[1:]
        assert examples and all(line.startswith("  referee ") or " | referee " in line for line in examples), name
        for example in examples:
            assert example.strip() in DOCS, f"{name}: {example.strip()} is not in docs/cli.md"
        for action in command._actions:
            assert action.help, f"referee {name} {action.dest} has no help text"
