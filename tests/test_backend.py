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
    assert "compiled core unavailable" in err and "RuntimeWarning" in err
