//! The simulator's random numbers, specified bit for bit so that the pure-Python twin
//! (`mjcore.reference.sim.rng`) reproduces every wall and every random-bot choice.
//!
//! - **Seeding: SplitMix64** (Steele, Lea, Flood 2014). One step from state `z`:
//!   `z += 0x9E3779B97F4A7C15; x = z; x = (x ^ x >> 30) * 0xBF58476D1CE4E5B9;
//!   x = (x ^ x >> 27) * 0x94D049BB133111EB; output x ^ x >> 31` (all arithmetic mod 2^64).
//! - **Per-stream key**: `k = mix(mix(mix(seed) ^ deal) ^ stream)` where `mix(z)` is the output of one
//!   SplitMix64 step from state `z`. A deal's randomness therefore depends on (seed, deal index, stream) only,
//!   never on thread count or on how a run is split.
//! - **Generator: xoshiro256\*\*** (Blackman, Vigna 2018), its four state words being the next four SplitMix64
//!   outputs from state `k` (four consecutive outputs of a bijection are distinct, so the state is never all
//!   zero). Output: `rotl(s1 * 5, 7) * 9`, then `t = s1 << 17; s2 ^= s0; s3 ^= s1; s1 ^= s2; s0 ^= s3;
//!   s2 ^= t; s3 = rotl(s3, 45)`.
//! - **Bounded draw `below(n)`: Lemire's multiply-and-reject** (2019). `m = x * n` as a 128-bit product;
//!   if `low64(m) < n`, compute `t = (2^64 − n) mod n` and while `low64(m) < t` draw a new `x` and recompute `m`;
//!   the result is `high64(m)`. Exactly uniform on `0..n`.
//! - **Shuffle: Fisher–Yates** from the back: for `i` from `len − 1` down to 1, swap item `i` with item
//!   `below(i + 1)`.

const GOLDEN_GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

/// Streams of one deal: the wall, then one per seat for that seat's bot.
pub const WALL_STREAM: u64 = 0;

/// The stream of a deal's 换三张 direction (after the four bots').
pub const SWAP_STREAM: u64 = 5;

/// The stream of the bot sitting at `seat` (0..3).
pub const fn bot_stream(seat: u8) -> u64 {
    1 + seat as u64
}

/// One SplitMix64 step: advances `state` and returns the output.
fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(GOLDEN_GAMMA);
    let mut x = *state;
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// The SplitMix64 output from state `z`: a strong 64-bit hash of `z`.
fn mix(mut z: u64) -> u64 {
    splitmix64(&mut z)
}

/// xoshiro256** with the seeding and bounded draw specified in the module documentation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rng {
    s: [u64; 4],
}

impl Rng {
    /// The generator of `stream` of deal `deal` in the run seeded with `seed`.
    pub fn for_stream(seed: u64, deal: u64, stream: u64) -> Rng {
        let mut state = mix(mix(mix(seed) ^ deal) ^ stream);
        let s = [
            splitmix64(&mut state),
            splitmix64(&mut state),
            splitmix64(&mut state),
            splitmix64(&mut state),
        ];
        Rng { s }
    }

    /// The generator's four state words (to save a stream and resume it with [`Rng::from_state`]).
    pub fn state(&self) -> [u64; 4] {
        self.s
    }

    /// The generator resuming from `state` (as [`Rng::state`] gave it); `None` for the all-zero state,
    /// which no stream reaches.
    pub fn from_state(state: [u64; 4]) -> Option<Rng> {
        (state != [0; 4]).then_some(Rng { s: state })
    }

    pub fn next_u64(&mut self) -> u64 {
        let [s0, s1, s2, s3] = &mut self.s;
        let result = s1.wrapping_mul(5).rotate_left(7).wrapping_mul(9);
        let t = *s1 << 17;
        *s2 ^= *s0;
        *s3 ^= *s1;
        *s1 ^= *s2;
        *s0 ^= *s3;
        *s2 ^= t;
        *s3 = s3.rotate_left(45);
        result
    }

    /// A uniform integer in `0..n` (Lemire's method). `n` must be at least 1; `below(0)` returns 0.
    pub fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            return 0;
        }
        let mut product = u128::from(self.next_u64()) * u128::from(n);
        if (product as u64) < n {
            let threshold = n.wrapping_neg() % n;
            while (product as u64) < threshold {
                product = u128::from(self.next_u64()) * u128::from(n);
            }
        }
        (product >> 64) as u64
    }

    /// Fisher–Yates shuffle from the back.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u64 + 1) as usize;
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix64_matches_the_published_reference_output() {
        // First outputs of SplitMix64 seeded with 1234567 (the test vector of Vigna's splitmix64.c).
        let mut state = 1_234_567u64;
        assert_eq!(splitmix64(&mut state), 6_457_827_717_110_365_317);
        assert_eq!(splitmix64(&mut state), 3_203_168_211_198_807_973);
    }

    #[test]
    fn streams_differ_and_repeat() {
        let a = Rng::for_stream(7, 3, WALL_STREAM).next_u64();
        assert_eq!(a, Rng::for_stream(7, 3, WALL_STREAM).next_u64());
        assert_ne!(a, Rng::for_stream(7, 4, WALL_STREAM).next_u64());
        assert_ne!(a, Rng::for_stream(7, 3, bot_stream(0)).next_u64());
        assert_ne!(a, Rng::for_stream(8, 3, WALL_STREAM).next_u64());
    }

    #[test]
    fn below_is_in_range_and_covers_it() {
        let mut rng = Rng::for_stream(1, 2, 3);
        let mut seen = [false; 7];
        for _ in 0..1000 {
            let v = rng.below(7) as usize;
            seen[v] = true;
        }
        assert!(seen.iter().all(|&s| s));
        assert_eq!(rng.below(1), 0);
    }

    #[test]
    fn shuffle_is_a_permutation() {
        let mut items: Vec<u8> = (0..136).map(|i| (i / 4) as u8).collect();
        Rng::for_stream(0, 0, 0).shuffle(&mut items);
        let mut sorted = items.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..136).map(|i| (i / 4) as u8).collect::<Vec<_>>());
        assert_ne!(items, sorted);
    }
}
