import os

import pokerbull as pb


def test_backend_is_the_expected_one():
    """CI sets POKERBULL_EXPECT_BACKEND=cython: the suite must run on the compiled core."""
    expected = os.environ.get("POKERBULL_EXPECT_BACKEND")
    assert pb.backend() in ("cython", "python")
    if expected:
        assert pb.backend() == expected
