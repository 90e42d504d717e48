# All metadata lives in pyproject.toml. This file exists only because pyproject's
# `packages.find` cannot also name a package whose folder is outside the found tree:
# the top-level wgsl/ folder is shipped as the package wgarray.wgsl (see package-dir
# in pyproject.toml).
from setuptools import find_packages, setup

setup(packages=find_packages(include=["wgarray*"]) + ["wgarray.wgsl"])
