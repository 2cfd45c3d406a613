//! A hint that memory will be read soon. The efficiency bot's lookups land at random places in tables of
//! megabytes, each a wait for memory; issued together ahead of their reads, a turn's lookups wait once.

/// Starts loading the cache line of `item` (nothing else: no result depends on it).
#[inline(always)]
pub(crate) fn prefetch<T>(item: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch reads nothing and cannot fault; the address is that of a live reference.
    unsafe {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        _mm_prefetch::<_MM_HINT_T0>((item as *const T).cast());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = item;
}
