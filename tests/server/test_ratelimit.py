"""The per-connection token bucket, on a clock the test moves by hand."""

from __future__ import annotations

import pytest

from isla.server.ratelimit import TokenBucket


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_a_burst_passes_and_the_next_message_is_refused() -> None:
    bucket = TokenBucket(rate=2.0, burst=5, clock=Clock())
    assert [bucket.take() for _ in range(5)] == [True] * 5
    assert bucket.take() is False
    assert bucket.refused_in_a_row == 1


def test_tokens_come_back_at_the_rate_and_never_beyond_the_burst() -> None:
    clock = Clock()
    bucket = TokenBucket(rate=2.0, burst=3, clock=clock)
    for _ in range(3):
        bucket.take()
    clock.now += 1.0  # two tokens back
    assert [bucket.take() for _ in range(3)] == [True, True, False]
    clock.now += 1000.0  # a long pause refills only up to the burst
    assert [bucket.take() for _ in range(4)] == [True, True, True, False]


def test_flooding_is_a_whole_burst_refused_in_a_row_and_a_pass_forgives_it() -> None:
    clock = Clock()
    bucket = TokenBucket(rate=1.0, burst=2, clock=clock)
    bucket.take()
    bucket.take()
    bucket.take()
    assert not bucket.flooding()
    clock.now += 1.0
    assert bucket.take() is True  # the sender slowed down: its refusals are forgotten
    assert bucket.refused_in_a_row == 0
    bucket.take()
    bucket.take()
    assert bucket.flooding()


@pytest.mark.parametrize(("rate", "burst"), [(0.0, 5), (-1.0, 5), (1.0, 0)])
def test_a_bucket_that_could_never_pass_anything_is_refused(rate: float, burst: int) -> None:
    with pytest.raises(ValueError, match="positive rate"):
        TokenBucket(rate=rate, burst=burst)
