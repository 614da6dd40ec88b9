"""What the wheel carries: the code under scorekeeper/, and templates/, static/ and migrations/ inside it.

In the checkout the three folders sit at the top level (the project's layout); an installed package has no
top level to put them in, so the wheel carries them as ``scorekeeper/_data/<folder>`` and nothing lands at
the top of site-packages. ``scorekeeper/app.py`` looks for ``_data`` first, then beside the package.

The translations (``scorekeeper/translations/<lang>/LC_MESSAGES/messages.po``) are compiled to ``.mo`` here, in
the build: the repository keeps only the .po files, and the installed app reads .mo files.

pyproject.toml says everything else. This file exists because mapping a folder into the package means
naming packages, and pyproject's table takes either ``find`` (which cannot see the mapped folders) or a
hand-kept list (which would silently leave out the next subpackage of scorekeeper/).
"""

from pathlib import Path

from setuptools import find_namespace_packages, setup
from setuptools.command.build_py import build_py

FOLDERS = ("templates", "static", "migrations")
CARRIED = {f"scorekeeper._data.{folder}": folder for folder in FOLDERS}
CATALOGS = "translations/*/LC_MESSAGES/*.mo"


PYODIDE = Path("static/vendor/pyodide")
"""Pyodide, which the phone's engine runs in: fetched and checked by `make pyodide` (the Makefile pins
its version and SHA-256), git-ignored, and carried in the wheel with the rest of static/."""


class BuildWithCatalogs(build_py):
    """Pyodide fetched into static/vendor/ when a fresh checkout lacks it (`make pyodide`, a no-op once there),
    then build_py, then each translation's .po compiled to its .mo beside it in the build (what `pybabel compile
    -d scorekeeper/translations` does in a checkout)."""

    def run(self) -> None:
        import subprocess

        if Path("Makefile").is_file():
            subprocess.run(["make", "--no-print-directory", "pyodide"], check=True)
        elif not (PYODIDE / "VERSION").is_file():
            raise SystemExit(f"{PYODIDE} is missing: build the wheel from a checkout (its Makefile fetches it)")
        super().run()
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        for po in sorted(Path("scorekeeper/translations").glob("*/LC_MESSAGES/messages.po")):
            mo = Path(self.build_lib) / po.with_suffix(".mo")
            mo.parent.mkdir(parents=True, exist_ok=True)
            with po.open("rb") as source:
                catalog = read_po(source)
            with mo.open("wb") as target:
                write_mo(target, catalog)

setup(
    packages=[*find_namespace_packages(include=["scorekeeper", "scorekeeper.*"], exclude=["*.__pycache__"]),
              *CARRIED],
    package_dir=CARRIED,
    package_data={"scorekeeper": [CATALOGS], **{package: ["**/*"] for package in CARRIED}},
    exclude_package_data={package: ["*.pyc"] for package in CARRIED},
    cmdclass={"build_py": BuildWithCatalogs},
)
