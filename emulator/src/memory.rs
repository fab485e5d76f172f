//! Global memory of the emulated device and the address map of the generic space.
//!
//! Allocations live at addresses like those `cudaMalloc` returns on an H100/H200
//! (`0x7f1f9be00000`, `0x7f1f9c000000`: ascending, 2 MiB-aligned for large allocations, on a
//! 512-byte granularity for small ones), from a base that a seed picks
//! ([`DeviceMemory::with_seed`]), so that a kernel cannot rely on where its buffers are. A gap
//! of 16 MiB follows each allocation, so a pointer that runs off one lands in no allocation and
//! is reported. Storage is made
//! of atomics so that blocks running on several host threads may write it through shared
//! references (relaxed loads/stores compile to plain moves on x86 and ARM).

use std::collections::HashMap;
use std::sync::atomic::{AtomicU16, AtomicU32, AtomicU64, AtomicU8, Ordering::Relaxed};

use crate::types::{DevicePtr, LaunchError};

/// The range the first global address is picked from (by the seed, at `LARGE_ALIGN`), as a
/// GPU's allocations lie (0x7f.. on Linux's unified address space); far below the generic
/// windows (`FUNCTION_WINDOW` and up), even after `MAX_TOTAL_BYTES` and many gaps.
const GLOBAL_RANGE: (u64, u64) = (0x7f00_0000_0000, 0x7fff_0000_0000);
/// Room kept above the base for the allocations themselves (and their gaps).
const GLOBAL_ROOM: u64 = 64 << 30;
/// Alignment of the base and of allocations of at least this size (cudaMalloc's 2 MiB pages).
const LARGE_ALIGN: u64 = 2 << 20;
/// Alignment of the smaller allocations (cudaMalloc's sub-allocation granularity).
const SMALL_ALIGN: u64 = 512;
/// The seed of [`DeviceMemory::new`]: one fixed base, so runs and tests are repeatable.
pub const DEFAULT_MEMORY_SEED: u64 = 0;
/// Gap left after each allocation.
const GLOBAL_GAP: u64 = 1 << 24;
/// All allocations together may not exceed this.
pub(crate) const MAX_TOTAL_BYTES: u64 = 4 << 30;

/// Windows of the generic address space (what `cvta.shared` etc. produce).
pub(crate) const SHARED_WINDOW: u64 = 0xFE00_0000_0000;
pub(crate) const LOCAL_WINDOW: u64 = 0xFD00_0000_0000;
pub(crate) const CONST_WINDOW: u64 = 0xFC00_0000_0000;
pub(crate) const WINDOW_SIZE: u64 = 1 << 32;
/// Where function pointers point (`mov.u64 %rd, func`): the k-th `.func` of the module at
/// `FUNCTION_WINDOW + 16 k`. No memory is there, so a load through one is out of bounds.
pub(crate) const FUNCTION_WINDOW: u64 = 0xFB00_0000_0000;

pub(crate) struct Allocation {
    pub base: u64,
    pub len: u64,
    /// Bytes, stored as 64-bit atomics (every legal access is naturally aligned, so it never
    /// straddles two words).
    pub words: Vec<AtomicU64>,
    /// One bit per byte: read by some thread during the current launch.
    pub read_bits: Vec<AtomicU64>,
}

impl Allocation {
    #[inline]
    fn ptr(&self, off: u64) -> *const u8 {
        // SAFETY: callers check off + size <= len and natural alignment.
        unsafe { (self.words.as_ptr() as *const u8).add(off as usize) }
    }

    /// Read `size` (1, 2, 4, 8) bytes at `off` (in bounds, aligned), zero-extended.
    #[inline]
    pub fn load(&self, off: u64, size: u32) -> u64 {
        let p = self.ptr(off);
        // SAFETY: in bounds and aligned (checked by the caller); atomics make concurrent access defined.
        unsafe {
            match size {
                1 => (*(p as *const AtomicU8)).load(Relaxed) as u64,
                2 => (*(p as *const AtomicU16)).load(Relaxed) as u64,
                4 => (*(p as *const AtomicU32)).load(Relaxed) as u64,
                _ => (*(p as *const AtomicU64)).load(Relaxed),
            }
        }
    }

    #[inline]
    pub fn store(&self, off: u64, size: u32, v: u64) {
        let p = self.ptr(off);
        // SAFETY: as in `load`.
        unsafe {
            match size {
                1 => (*(p as *const AtomicU8)).store(v as u8, Relaxed),
                2 => (*(p as *const AtomicU16)).store(v as u16, Relaxed),
                4 => (*(p as *const AtomicU32)).store(v as u32, Relaxed),
                _ => (*(p as *const AtomicU64)).store(v, Relaxed),
            }
        }
    }

    #[inline]
    pub fn atomic32(&self, off: u64) -> &AtomicU32 {
        // SAFETY: in bounds and 4-aligned (checked by the caller).
        unsafe { &*(self.ptr(off) as *const AtomicU32) }
    }

    #[inline]
    pub fn atomic64(&self, off: u64) -> &AtomicU64 {
        // SAFETY: in bounds and 8-aligned (checked by the caller).
        unsafe { &*(self.ptr(off) as *const AtomicU64) }
    }

    /// Mark bytes [off, off+size) as read (size ≤ 16, aligned, so within one 64-bit bitmap word
    /// unless 16 bytes; handled by the loop).
    #[inline]
    pub fn mark_read(&self, off: u64, size: u32) {
        let mut o = off;
        let end = off + size as u64;
        while o < end {
            let word = (o / 64) as usize;
            let bit = o % 64;
            let n = (end - o).min(64 - bit);
            let mask = if n == 64 { u64::MAX } else { ((1u64 << n) - 1) << bit };
            let w = &self.read_bits[word];
            // Check first: the common case is "already marked", which needs no locked operation.
            if w.load(Relaxed) & mask != mask {
                w.fetch_or(mask, Relaxed);
            }
            o += n;
        }
    }

    pub fn reset_read_bits(&mut self) {
        self.read_bits = zeroed_words((self.len as usize).div_ceil(64));
    }

    pub fn read_byte_count(&self) -> u64 {
        self.read_bits.iter().map(|w| w.load(Relaxed).count_ones() as u64).sum()
    }
}

/// `n` zeroed words from the allocator's zeroed memory: the system maps a page only when it is
/// first written, so a large array a kernel barely touches costs what it touches (a student's
/// 64 MiB `__device__` array, a read bitmap).
fn zeroed_words(n: usize) -> Vec<AtomicU64> {
    const _: () = assert!(std::mem::align_of::<AtomicU64>() == std::mem::align_of::<u64>());
    let mut zeros = std::mem::ManuallyDrop::new(vec![0u64; n]);
    // SAFETY: AtomicU64 has the size, alignment (checked above) and bit validity of u64, and the
    // vector's allocation is handed over whole (pointer, length, capacity).
    unsafe { Vec::from_raw_parts(zeros.as_mut_ptr() as *mut AtomicU64, zeros.len(), zeros.capacity()) }
}

/// Global memory of the emulated device: separate allocations at distinct, spaced addresses so
/// that an access outside every allocation is an out-of-bounds finding.
#[derive(Default)]
pub struct DeviceMemory {
    pub(crate) allocs: Vec<Allocation>,
    /// Where the next allocation may start (0: none made yet, the base comes from `seed`).
    next_base: u64,
    /// Picks the first address ([`DeviceMemory::with_seed`]).
    seed: u64,
    total: u64,
    /// `.global` variables of modules, allocated on their first launch: (module id, name) → ptr.
    pub(crate) module_globals: HashMap<(u64, String), DevicePtr>,
}

/// A snapshot: the same allocations at the same addresses, with their current bytes.
impl Clone for Allocation {
    fn clone(&self) -> Allocation {
        let copy = |v: &Vec<AtomicU64>| v.iter().map(|w| AtomicU64::new(w.load(Relaxed))).collect();
        Allocation { base: self.base, len: self.len, words: copy(&self.words), read_bits: copy(&self.read_bits) }
    }
}

impl Clone for DeviceMemory {
    fn clone(&self) -> DeviceMemory {
        DeviceMemory {
            allocs: self.allocs.clone(),
            next_base: self.next_base,
            seed: self.seed,
            total: self.total,
            module_globals: self.module_globals.clone(),
        }
    }
}

/// Two memories are equal when they hold the same allocations with the same bytes.
impl PartialEq for DeviceMemory {
    fn eq(&self, other: &DeviceMemory) -> bool {
        let bytes = |a: &Allocation| a.words.iter().map(|w| w.load(Relaxed)).collect::<Vec<u64>>();
        self.allocs.len() == other.allocs.len()
            && self
                .allocs
                .iter()
                .zip(&other.allocs)
                .all(|(a, b)| a.base == b.base && a.len == b.len && bytes(a) == bytes(b))
            && self.module_globals == other.module_globals
    }
}

impl DeviceMemory {
    /// Memory whose allocations start at the base of [`DEFAULT_MEMORY_SEED`].
    pub fn new() -> Self {
        DeviceMemory::default()
    }

    /// Memory whose allocations start at a base picked by `seed`: a 2 MiB-aligned address in
    /// 0x7f00_0000_0000..0x7fff_0000_0000, as a GPU's are, different for different seeds (a
    /// grader passes its own seed, so that a kernel that depends on where its buffers lie gives
    /// different results from run to run, as on GPUs).
    pub fn with_seed(seed: u64) -> Self {
        DeviceMemory { seed, ..DeviceMemory::default() }
    }

    /// The first address of a memory made with `seed`.
    fn first_base(seed: u64) -> u64 {
        // splitmix64: neighbouring seeds give unrelated bases.
        let mut z = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^= z >> 31;
        let (low, high) = GLOBAL_RANGE;
        let slots = (high - GLOBAL_ROOM - low) / LARGE_ALIGN;
        low + (z % slots) * LARGE_ALIGN
    }

    /// Where an allocation of `len` bytes goes once the previous one ends at `next`.
    fn place(next: u64, len: u64) -> u64 {
        let align = if len >= LARGE_ALIGN { LARGE_ALIGN } else { SMALL_ALIGN };
        next.div_ceil(align) * align
    }

    pub fn alloc_zeroed(&mut self, bytes: usize) -> Result<DevicePtr, LaunchError> {
        let len = bytes as u64;
        if self.total.saturating_add(len) > MAX_TOTAL_BYTES {
            return Err(LaunchError {
                message: format!(
                    "allocation of {bytes} bytes refused: device memory is limited to {} bytes in all ({} in use)",
                    MAX_TOTAL_BYTES, self.total
                ),
            });
        }
        if self.next_base == 0 {
            self.next_base = Self::first_base(self.seed);
        }
        let base = Self::place(self.next_base, len);
        self.next_base = base + len.max(1) + GLOBAL_GAP;
        self.total += len;
        let words = zeroed_words((len as usize).div_ceil(8));
        let mut a = Allocation { base, len, words, read_bits: Vec::new() };
        a.reset_read_bits();
        self.allocs.push(a);
        Ok(DevicePtr(base))
    }

    pub fn alloc_bytes(&mut self, data: &[u8]) -> Result<DevicePtr, LaunchError> {
        let p = self.alloc_zeroed(data.len())?;
        if data.iter().any(|&b| b != 0) {
            self.write_bytes(p, data)?;
        }
        Ok(p)
    }

    pub fn alloc_f32(&mut self, data: &[f32]) -> Result<DevicePtr, LaunchError> {
        let bytes: Vec<u8> = data.iter().flat_map(|v| v.to_le_bytes()).collect();
        self.alloc_bytes(&bytes)
    }

    pub fn alloc_i32(&mut self, data: &[i32]) -> Result<DevicePtr, LaunchError> {
        let bytes: Vec<u8> = data.iter().flat_map(|v| v.to_le_bytes()).collect();
        self.alloc_bytes(&bytes)
    }

    /// The allocation holding [addr, addr+len), if one does.
    pub(crate) fn find(&self, addr: u64, len: u64) -> Option<usize> {
        let i = self.allocs.partition_point(|a| a.base <= addr);
        if i == 0 {
            return None;
        }
        let a = &self.allocs[i - 1];
        let off = addr - a.base;
        if off <= a.len && len <= a.len - off {
            Some(i - 1)
        } else {
            None
        }
    }

    fn range(&self, ptr: DevicePtr, len: usize, what: &str) -> Result<(usize, u64), LaunchError> {
        self.find(ptr.0, len as u64).map(|i| (i, ptr.0 - self.allocs[i].base)).ok_or_else(|| LaunchError {
            message: format!("{what} of {len} bytes at {:#x} is outside every allocation", ptr.0),
        })
    }

    pub fn read_bytes(&self, ptr: DevicePtr, len: usize) -> Result<Vec<u8>, LaunchError> {
        let (i, off) = self.range(ptr, len, "read")?;
        let a = &self.allocs[i];
        // A word at a time where aligned (every case's buffers pass here, to and from the host).
        let mut out = Vec::with_capacity(len);
        let (mut k, len) = (0u64, len as u64);
        while k < len {
            let o = off + k;
            if o.is_multiple_of(8) && len - k >= 8 {
                out.extend_from_slice(&a.load(o, 8).to_le_bytes());
                k += 8;
            } else {
                out.push(a.load(o, 1) as u8);
                k += 1;
            }
        }
        Ok(out)
    }

    pub fn write_bytes(&mut self, ptr: DevicePtr, data: &[u8]) -> Result<(), LaunchError> {
        let (i, off) = self.range(ptr, data.len(), "write")?;
        let a = &self.allocs[i];
        let mut k = 0;
        while k < data.len() {
            let o = off + k as u64;
            if o.is_multiple_of(8) && data.len() - k >= 8 {
                a.store(o, 8, u64::from_le_bytes(data[k..k + 8].try_into().unwrap()));
                k += 8;
            } else {
                a.store(o, 1, data[k] as u64);
                k += 1;
            }
        }
        Ok(())
    }

    /// The 64-byte spans (offsets ÷ 64) of the allocation at `ptr` that the last launch read,
    /// in order: a sampled launch's few blocks read little of a large input, and only that need
    /// be given values (the system maps the rest of the zeroed allocation only if it is touched).
    pub fn spans_read(&self, ptr: DevicePtr) -> Result<Vec<u64>, LaunchError> {
        let (i, _) = self.range(ptr, 0, "spans read")?;
        let bits = &self.allocs[i].read_bits;
        Ok((0..bits.len() as u64).filter(|&w| bits[w as usize].load(Relaxed) != 0).collect())
    }

    pub fn read_f32(&self, ptr: DevicePtr, n: usize) -> Result<Vec<f32>, LaunchError> {
        let b = self.read_bytes(ptr, 4 * n)?;
        Ok(b.chunks_exact(4).map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect())
    }

    pub fn read_i32(&self, ptr: DevicePtr, n: usize) -> Result<Vec<i32>, LaunchError> {
        let b = self.read_bytes(ptr, 4 * n)?;
        Ok(b.chunks_exact(4).map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect())
    }
}
