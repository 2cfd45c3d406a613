"""The simulator's random numbers, bit for bit as the Rust engine's ``rng`` (its documentation is the
specification): SplitMix64 seeding, xoshiro256** output, Lemire's bounded draw, Fisher–Yates from the back."""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import Any

from ...errors import InvalidArgumentError

__all__ = ["Rng", "WALL_STREAM", "bot_stream"]

_MASK = (1 << 64) - 1
_GOLDEN_GAMMA = 0x9E3779B97F4A7C15

WALL_STREAM = 0


def bot_stream(seat: int) -> int:
    """The stream of the bot sitting at ``seat``."""
    return 1 + seat


def _splitmix64_output(state: int) -> int:
    """The output of the SplitMix64 step whose (already advanced) state is ``state``."""
    x = state
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
    return x ^ (x >> 31)


def _mix(z: int) -> int:
    """One SplitMix64 step from state ``z``: a 64-bit hash of ``z``."""
    return _splitmix64_output((z + _GOLDEN_GAMMA) & _MASK)


def _rotl(x: int, k: int) -> int:
    return ((x << k) | (x >> (64 - k))) & _MASK


class Rng:
    """xoshiro256** seeded for one (seed, deal, stream)."""

    def __init__(self, seed: int, deal: int, stream: int) -> None:
        state = _mix(_mix(_mix(seed & _MASK) ^ (deal & _MASK)) ^ (stream & _MASK))
        words = []
        for _ in range(4):
            state = (state + _GOLDEN_GAMMA) & _MASK
            words.append(_splitmix64_output(state))
        self._s = words

    def state(self) -> tuple[int, int, int, int]:
        """The four state words (``from_state`` resumes the stream from them)."""
        s = self._s
        return s[0], s[1], s[2], s[3]

    @classmethod
    def from_state(cls, state: Sequence[int]) -> Rng:
        """The generator resuming from ``state`` (four words, not all zero, as ``state`` gave them)."""
        words = [int(w) for w in state]
        if len(words) != 4 or any(not 0 <= w <= _MASK for w in words) or not any(words):
            raise InvalidArgumentError(f"an Rng state is four 64-bit words, not all zero; not {state!r:.80}")
        rng = cls.__new__(cls)
        rng._s = words
        return rng

    def next_u64(self) -> int:
        s = self._s
        result = (_rotl((s[1] * 5) & _MASK, 7) * 9) & _MASK
        t = (s[1] << 17) & _MASK
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = _rotl(s[3], 45)
        return result

    def below(self, n: int) -> int:
        """A uniform integer in ``0..n`` (Lemire's multiply-and-reject); 0 when ``n`` is 0."""
        if n == 0:
            return 0
        product = self.next_u64() * n
        if product & _MASK < n:
            threshold = ((1 << 64) - n) % n
            while product & _MASK < threshold:
                product = self.next_u64() * n
        return product >> 64

    def shuffle(self, items: MutableSequence[Any]) -> None:
        """Fisher–Yates from the back."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
