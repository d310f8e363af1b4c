import os

import pokerbull as pb


def test_backend_is_the_expected_one():
    """CI sets POKERBULL_EXPECT_BACKEND=cython: the suite must run on the compiled core."""
    expected = os.environ.get("POKERBULL_EXPECT_BACKEND")
    assert pb.backend() in ("cython", "python")
    if expected:
        assert pb.backend() == expected


def _run(code: str, **env: str) -> str:
    import subprocess
    import sys
    full_env = {k: v for k, v in os.environ.items() if k != "POKERBULL_PURE"}
    full_env.update(env)
    out = subprocess.run([sys.executable, "-W", "always", "-c", code], env=full_env,
                         capture_output=True, text=True, check=True)
    return out.stdout.strip() + "|" + out.stderr.strip()


def test_pokerbull_pure_forces_the_python_backend():
    out = _run("import pokerbull as pb; print(pb.backend(), pb.ladder('pagat')._kernel.__module__)",
               POKERBULL_PURE="1")
    assert out.startswith("python pokerbull.core._pure|")


def test_missing_core_falls_back_with_a_warning():
    code = ("import sys; sys.modules['pokerbull.core._core'] = None\n"
            "import pokerbull as pb\n"
            "print(pb.backend(), pb.ladder('pagat').holds('one Ace', pb.Pool.parse('As')))")
    out, err = _run(code).split("|", 1)
    assert out == "python True"
    assert "the compiled core (pokerbull.core._core)" in err
    assert "RuntimeWarning" in err and "circular import" not in err


def test_a_core_never_built_says_how_to_build_it(tmp_path):
    import shutil
    source = os.path.dirname(pb.__file__)
    shutil.copytree(source, tmp_path / "pokerbull",
                    ignore=shutil.ignore_patterns("*.so", "*.pyd", "*.c", "__pycache__"))
    out, err = _run("import pokerbull as pb; print(pb.backend())",
                    PYTHONPATH=str(tmp_path)).split("|", 1)
    assert out == "python"
    assert "the compiled core (pokerbull.core._core) was not found: build it with" in err
    assert "pip install -e ." in err and "circular import" not in err



def _run_failing(code: str, **env: str) -> str:
    import subprocess
    import sys
    full_env = {k: v for k, v in os.environ.items()
                if k not in ("POKERBULL_PURE", "POKERBULL_SIMD", "POKERBULL_NO_SIMD")}
    full_env.update(env)
    out = subprocess.run([sys.executable, "-c", code], env=full_env, capture_output=True, text=True)
    assert out.returncode != 0
    return out.stderr


def test_simd_path_is_the_fastest_this_cpu_runs_unless_forced():
    assert pb.simd_path() in pb.simd_paths()
    assert pb.simd_paths()[-1] == "scalar"
    if not os.environ.get("POKERBULL_SIMD") and not os.environ.get("POKERBULL_NO_SIMD") \
            and pb.backend() == "cython":
        assert pb.simd_path() == pb.simd_paths()[0]
        assert pb.ladder("pagat")._kernel.path == pb.simd_path()


def test_pokerbull_simd_forces_each_path_this_cpu_runs():
    code = ("import pokerbull as pb; print(pb.simd_path(), pb.ladder('holdem')._kernel.path, "
            "pb.evaluate_many([0b11111]).tolist() == [pb.evaluate(0b11111).value])")
    for path in pb.simd_paths():
        out = _run(code, POKERBULL_SIMD=path, POKERBULL_NO_SIMD="").split("|")[0]
        assert out == f"{path} {path} True"
    assert _run(code, POKERBULL_NO_SIMD="1", POKERBULL_SIMD="").split("|")[0] == "scalar scalar True"


def test_pokerbull_simd_refuses_an_unknown_path_or_one_the_cpu_lacks():
    if pb.backend() != "cython":
        import pytest
        pytest.skip("the pure backend reads no POKERBULL_SIMD")
    # the core loads (and reads the variables) with the call layer at `import pokerbull`;
    # the script asks for the backend too, so it fails whichever loads the core first
    first_use = "import pokerbull as pb; pb.backend()"
    err = _run_failing(first_use, POKERBULL_SIMD="sse9")
    assert "POKERBULL_SIMD='sse9' is not a batch path" in err
    for path in {"avx2", "avx512"} - set(pb.simd_paths()):
        err = _run_failing(first_use, POKERBULL_SIMD=path)
        assert f"POKERBULL_SIMD={path}: this CPU cannot run that path" in err
    err = _run_failing(first_use, POKERBULL_SIMD="avx2", POKERBULL_NO_SIMD="1")
    assert "POKERBULL_NO_SIMD is set but POKERBULL_SIMD asks for 'avx2'" in err
