"""What the wheel carries: the code under scorekeeper/, and templates/, static/ and migrations/ inside it.

In the checkout the three folders sit at the top level (the project's layout); an installed package has no
top level to put them in, so the wheel carries them as ``scorekeeper/_data/<folder>`` and nothing lands at
the top of site-packages. ``scorekeeper/app.py`` looks for ``_data`` first, then beside the package.

pyproject.toml says everything else. This file exists because mapping a folder into the package means
naming packages, and pyproject's table takes either ``find`` (which cannot see the mapped folders) or a
hand-kept list (which would silently leave out the next subpackage of scorekeeper/).
"""

from setuptools import find_namespace_packages, setup

FOLDERS = ("templates", "static", "migrations")
CARRIED = {f"scorekeeper._data.{folder}": folder for folder in FOLDERS}

setup(
    packages=[*find_namespace_packages(include=["scorekeeper", "scorekeeper.*"], exclude=["*.__pycache__"]),
              *CARRIED],
    package_dir=CARRIED,
    package_data={package: ["**/*"] for package in CARRIED},
    exclude_package_data={package: ["*.pyc"] for package in CARRIED},
)
