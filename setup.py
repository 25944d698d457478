"""The wheel's build compiles the screen's catalogues (docs/translating.md).

Everything else is in pyproject.toml; this only adds the step that turns each
ui/locale/<lang>/LC_MESSAGES/tressette.po into the .mo the box reads (the .mo files are
not committed). Babel is a build requirement (pyproject.toml [build-system]).
"""

from __future__ import annotations

import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent


class BuildWithCatalogues(build_py):
    """build_py, then every .po compiled into the build's ui/locale as ``pybabel compile`` does."""

    def run(self) -> None:
        super().run()
        sys.path.insert(0, str(HERE))
        from ui.locale_tool import compile_all

        for mo in compile_all(Path(self.build_lib) / "ui" / "locale"):
            print(f"compiled {mo}")


setup(cmdclass={"build_py": BuildWithCatalogues})
