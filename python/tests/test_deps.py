"""The suite's guard (conftest.py): a run that lacks a package `make deps`
installs for the tests fails, naming it, instead of skipping what needs
it."""
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def test_missing_dependency_fails_the_run(tmp_path):
    """The guard in conftest.py: with pandas hidden, the suite does not
    skip what needs it but fails at once, naming the package to
    install."""
    fake = tmp_path / "pandas"
    fake.mkdir()
    (fake / "__init__.py").write_text("raise ImportError('hidden')\n")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [str(tmp_path), os.path.dirname(HERE)]))
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p",
                          "no:cacheprovider", "--collect-only", HERE],
                         capture_output=True, text=True, env=env)
    assert run.returncode != 0
    assert "python3-pandas" in run.stdout + run.stderr
