"""A fake ``nmcli`` on ``PATH``: it writes down its argv and answers as NetworkManager's does.

:class:`FakeNmcli` makes an executable called ``nmcli`` in a directory put first on
``PATH``; each run appends its argv (as JSON) to ``calls.jsonl`` and answers from
``replies.json``: the first reply whose ``argv`` is a prefix of the run's
(after ``nmcli``) gives its stdout, stderr and exit code. The texts are
nmcli's real terse formats (``-t -e yes``), so the parser is tried on them.
"""

from __future__ import annotations

import json
import os
import stat
import sys
from dataclasses import dataclass
from pathlib import Path

SCRIPT = """#!{python}
import json, os, sys
here = os.path.dirname(os.path.abspath(__file__))
argv = sys.argv[1:]
with open(os.path.join(here, "calls.jsonl"), "a", encoding="utf-8") as f:
    f.write(json.dumps(argv) + "\\n")
with open(os.path.join(here, "replies.json"), encoding="utf-8") as f:
    replies = json.load(f)
for r in replies:
    if argv[:len(r["argv"])] == r["argv"]:
        sys.stdout.write(r.get("stdout", ""))
        sys.stderr.write(r.get("stderr", ""))
        sys.exit(r.get("code", 0))
sys.stderr.write("Error: fake nmcli has no reply for " + " ".join(argv) + "\\n")
sys.exit(2)
"""

STATUS_DISCONNECTED = "wlan0:wifi:disconnected:\neth0:ethernet:unavailable:\nlo:loopback:connected (externally):lo\n"


@dataclass
class FakeNmcli:
    bin: Path

    @classmethod
    def install(cls, tmp_path: Path) -> FakeNmcli:
        bin_dir = tmp_path / "bin"
        bin_dir.mkdir()
        exe = bin_dir / "nmcli"
        exe.write_text(SCRIPT.format(python=sys.executable), encoding="utf-8")
        exe.chmod(exe.stat().st_mode | stat.S_IXUSR)
        fake = cls(bin_dir)
        fake.reply([])
        return fake

    def reply(self, replies: list[dict[str, object]]) -> None:
        """Replies in the order they are tried (put the longer argv prefixes first)."""
        (self.bin / "replies.json").write_text(json.dumps(replies), encoding="utf-8")

    def calls(self) -> list[list[str]]:
        path = self.bin / "calls.jsonl"
        if not path.exists():
            return []
        return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]

    def path_env(self) -> str:
        return f"{self.bin}{os.pathsep}{os.environ.get('PATH', '')}"
