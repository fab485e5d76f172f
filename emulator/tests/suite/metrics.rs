//! Exact metric counts, worked out by hand in the comments. Allocations are assumed to start on a
//! 32-byte boundary (sector counts depend on it; DeviceMemory spaces allocations far wider).
//! The same PTX was run on an H200 under Nsight Compute (fixtures/gpu/run.sh, output in
//! fixtures/gpu/h200-ncu.txt): requests, sectors, bank conflicts and FFMA/FMUL counts there
//! agree with every hand-worked number below.

use crate::common::*;
use emulator::{DeviceMemory, KernelArg};

#[test]
fn conv1d_100_elements_5_taps_exact_counts() {
    let module = module("conv1d");
    let n: Vec<f32> = (0..100).map(|i| i as f32).collect();
    let f = [1.0f32, 3.0, 5.0, 3.0, 1.0];
    let mut mem = DeviceMemory::new();
    let (dn, df) = (mem.alloc_f32(&n).unwrap(), mem.alloc_f32(&f).unwrap());
    let dp = mem.alloc_zeroed(400).unwrap();
    // 4 blocks of 32 = 128 threads, 4 warps; the last warp has 4 threads inside the array.
    let report = run_clean(
        &module,
        "convolution_1D_basic_kernel",
        cfg([4, 1, 1], [32, 1, 1]),
        &[KernelArg::Ptr(dn), KernelArg::Ptr(df), KernelArg::Ptr(dp), KernelArg::I32(2), KernelArg::I32(100)],
        &[],
        &mut mem,
    );
    let m = &report.metrics;
    // Taps: 100 outputs × 5 = 500, minus the ghost cells skipped at the ends: output 0 skips 2,
    // output 1 skips 1, output 98 skips 1, output 99 skips 2 → 494 in-range taps.
    // FLOPs: one fma.rn.f32 (2 FLOPs) per in-range tap → 988.
    assert_eq!(m.flops, 988, "flops");
    assert_eq!(m.other_float_ops, 0, "other float ops");
    // Loads: per in-range tap one 4-byte N load and one 4-byte F load → 988 loads, 3952 bytes.
    assert_eq!(m.global_loads, 988, "thread-level global loads");
    assert_eq!(m.global_load_bytes, 3952, "global load bytes");
    assert_eq!(m.global_store_bytes, 400, "global store bytes");
    // Compulsory traffic: every N element (400 bytes) and every F tap (20 bytes) at least once.
    assert_eq!(m.unique_global_load_bytes, 420, "unique bytes");
    // Requests: every warp has at least one in-range lane for each of the 5 taps, so each of the
    // 4 warps issues 5 N loads and 5 F loads → 40.
    assert_eq!(m.global_load_requests, 40, "requests");
    // Sectors (32 bytes = 8 floats). F: every lane reads the same tap → 1 sector × 20 requests.
    // N, warp 0 (i 0..31): taps read idx 0..29, 0..30, 0..31 (4 sectors each), 1..32, 2..33
    //   (5 each) → 22. Warps 1 and 2 (i 32..63, 64..95): idx ranges start 2 before the warp's first
    //   element; unaligned by 2 or 1 → 5 sectors, aligned (tap 2) → 4: 5+5+4+5+5 = 24 each.
    //   Warp 3 (i 96..99): idx 94..97 and 95..98 straddle the sector boundary at 96 → 2 each;
    //   96..99, 97..99, 98..99 → 1 each → 7.
    // N: 22 + 24 + 24 + 7 = 77; all: 77 + 20 = 97.
    assert_eq!(m.global_load_sectors, 97, "sectors");
    // A thread with all 5 taps in range loads 5 N + 5 F.
    assert_eq!(m.max_global_loads_per_thread, 10, "max loads per thread");
    assert_eq!((m.threads, m.blocks), (128, 4));
    assert_eq!((m.shared_load_bytes, m.shared_store_bytes, m.const_load_bytes, m.barriers), (0, 0, 0, 0));
    // The values themselves: y[i] = x[i-2] + 3x[i-1] + 5x[i] + 3x[i+1] + x[i+2] = 13 i inside.
    let p = mem.read_f32(dp, 100).unwrap();
    assert_eq!(p[50], 650.0);
    assert_eq!(p[0], 5.0 * 0.0 + 3.0 * 1.0 + 2.0); // x0 = 0, x1 = 1, x2 = 2
}

#[test]
fn conv1d_textbook_example() {
    // x = [8,2,5,4,1,7,3], f = [1,3,5,3,1]: y[1] = 53 (one ghost cell), y[2] = 52, y[3] = 47.
    let module = module("conv1d");
    let mut mem = DeviceMemory::new();
    let dn = mem.alloc_f32(&[8.0, 2.0, 5.0, 4.0, 1.0, 7.0, 3.0]).unwrap();
    let df = mem.alloc_f32(&[1.0, 3.0, 5.0, 3.0, 1.0]).unwrap();
    let dp = mem.alloc_zeroed(28).unwrap();
    run_clean(
        &module,
        "convolution_1D_basic_kernel",
        cfg([1, 1, 1], [32, 1, 1]),
        &[KernelArg::Ptr(dn), KernelArg::Ptr(df), KernelArg::Ptr(dp), KernelArg::I32(2), KernelArg::I32(7)],
        &[],
        &mut mem,
    );
    let y = mem.read_f32(dp, 7).unwrap();
    assert_eq!(&y[1..4], &[53.0, 52.0, 47.0]);
}

#[test]
fn conv2d_basic_5x4_image_3x3_filter_exact_counts() {
    let module = module("conv2d_basic");
    let (w, h) = (5usize, 4usize);
    let n: Vec<f32> = (0..w * h).map(|i| i as f32 * 0.5).collect();
    let f = [1.0f32; 9];
    let mut mem = DeviceMemory::new();
    let (dn, df) = (mem.alloc_f32(&n).unwrap(), mem.alloc_f32(&f).unwrap());
    let dp = mem.alloc_zeroed(4 * w * h).unwrap();
    // One 8×8 block: warp 0 holds rows 0..3 (20 threads inside the image), warp 1 rows 4..7 (none).
    let report = run_clean(
        &module,
        "convolution_2D_basic_kernel",
        cfg([1, 1, 1], [8, 8, 1]),
        &[
            KernelArg::Ptr(dn),
            KernelArg::Ptr(df),
            KernelArg::Ptr(dp),
            KernelArg::I32(1),
            KernelArg::I32(w as i32),
            KernelArg::I32(h as i32),
        ],
        &[],
        &mut mem,
    );
    let m = &report.metrics;
    // In-range taps = (rows in range per output row, summed) × (cols in range per output col,
    // summed) = (2+3+3+2) × (2+3+3+3+2) = 10 × 13 = 130; FLOPs = 2 × 130.
    assert_eq!(m.flops, 260, "flops");
    assert_eq!(m.global_load_bytes, 130 * 8, "one N and one F load per in-range tap");
    assert_eq!(m.global_store_bytes, 80);
    assert_eq!(m.unique_global_load_bytes, 80 + 36, "whole image + whole filter");
    assert_eq!(m.max_global_loads_per_thread, 18, "an interior pixel: 9 taps × 2 loads");
    // Only warp 0 loads: 9 taps × (N + F) = 18 requests.
    assert_eq!(m.global_load_requests, 18, "requests");
    // Sectors: F 1 per tap = 9. N: the image is 80 bytes = sectors {0: idx 0..7, 1: 8..15,
    // 2: 16..19}. Taps of filter row 0 read image rows 0..2 (idx ≤ 14) → sectors {0,1} = 2 each;
    // filter rows 1 and 2 read rows 0..3 or 1..3, which include row 3 (idx 15..19, sector 2) and
    // row 1 (idx 5..9, sectors 0 and 1) → 3 each. N = 3×2 + 6×3 = 24; total 33.
    assert_eq!(m.global_load_sectors, 33, "sectors");
    assert_eq!((m.threads, m.blocks), (64, 1));
    let p = mem.read_f32(dp, w * h).unwrap();
    // Pixel (1,1): the 3×3 neighbourhood of idx 0,1,2,5,6,7,10,11,12 → sum 54 × 0.5.
    assert_eq!(p[6], 27.0);
}

#[test]
fn conv2d_tiled_64x64_exact_counts() {
    let module = module("conv2d_tiled");
    let (w, h) = (64usize, 64usize);
    let mut rng = rng(30);
    let n = random_f32(&mut rng, w * h);
    let f = random_f32(&mut rng, 25);
    let mut mem = DeviceMemory::new();
    let dn = mem.alloc_f32(&n).unwrap();
    let dp = mem.alloc_zeroed(4 * w * h).unwrap();
    // OUT_TILE_DIM = 32 − 4 = 28 → grid ⌈64/28⌉ = 3 per dimension, 9 blocks of 1024 threads.
    let fb = f32_bytes(&f);
    let report = run_clean(
        &module,
        "convolution_tiled_2D_const_mem_kernel",
        cfg([3, 3, 1], [32, 32, 1]),
        &[KernelArg::Ptr(dn), KernelArg::Ptr(dp), KernelArg::I32(w as i32), KernelArg::I32(h as i32)],
        &[("F", &fb)],
        &mut mem,
    );
    let m = &report.metrics;
    // Each of the 4096 outputs: 25 fma from shared (ghost cells are zeros in the tile) = 50 FLOPs.
    assert_eq!(m.flops, 4096 * 50);
    // Shared: 32 × 32 floats = 4096 bytes static, no dynamic.
    assert_eq!(m.static_shared_bytes, 4096);
    assert_eq!(m.shared_bytes_per_block(), 4096);
    // Input tile columns of block bx: bx·28 − 2 … bx·28 + 29, inside [0, 64): 30, 32, 10 → 72
    // per dimension; loads = 72² = 5184 → 20736 bytes.
    assert_eq!(m.global_load_bytes, 72 * 72 * 4);
    assert_eq!(m.unique_global_load_bytes, 64 * 64 * 4);
    assert_eq!(m.global_store_bytes, 64 * 64 * 4);
    // F from constant memory: 25 × 4 bytes per output.
    assert_eq!(m.const_load_bytes, 4096 * 100);
    // Shared: one 4-byte store per thread (value or ghost 0), 25 loads per output.
    assert_eq!(m.shared_store_bytes, 9 * 1024 * 4);
    assert_eq!(m.shared_load_bytes, 4096 * 25 * 4);
    // A warp is one tile row; a row inside the image issues one load request: 72 rows × 3 blocks.
    assert_eq!(m.global_load_requests, 72 * 3);
    // Sectors per row (rows are 256 bytes, sector-aligned): cols 0..29 → bytes 0..119 → 4;
    // cols 26..57 → bytes 104..231 → sectors 3..7 = 5; cols 54..63 → bytes 216..255 → 2.
    // 11 per image row × 72 rows.
    assert_eq!(m.global_load_sectors, 72 * 11);
    assert_eq!((m.threads, m.blocks), (9 * 1024, 9));
    // One __syncthreads per block.
    assert_eq!(m.barriers, 9, "barriers (counted once per block per barrier)");
    // OP/B = 204800 / 20736.
    assert!((m.op_per_byte() - 204800.0 / 20736.0).abs() < 1e-12);
}

#[test]
fn stencil3d_basic_op_per_byte_is_13_over_28() {
    let module = module("stencil3d_basic");
    let n = 10usize;
    let mut rng = rng(31);
    let input = random_f32(&mut rng, n * n * n);
    let mut mem = DeviceMemory::new();
    let din = mem.alloc_f32(&input).unwrap();
    let dout = mem.alloc_f32(&input).unwrap();
    let report = run_clean(
        &module,
        "stencil_kernel",
        cfg([2, 2, 2], [8, 8, 8]),
        &[KernelArg::Ptr(din), KernelArg::Ptr(dout), KernelArg::U32(n as u32)],
        &[],
        &mut mem,
    );
    let m = &report.metrics;
    // 8³ = 512 interior points × (1 mul + 6 fma = 13 FLOPs, 7 loads of 4 bytes).
    assert_eq!(m.flops, 512 * 13);
    assert_eq!(m.global_load_bytes, 512 * 28);
    assert_eq!(m.global_store_bytes, 512 * 4);
    assert_eq!(m.op_per_byte(), 13.0 / 28.0);
    assert_eq!(m.max_global_loads_per_thread, 7);
    // Warps are 4 rows of 8 in (y, x) at one z. Warps with an interior lane: 8 z-slices (7 in the
    // first block layer, 1 in the second) × 3 y-quads (j 0..3, 4..7, 8..11) × 2 x-blocks = 48,
    // each issuing the 7 loads → 336 requests. Sectors as measured on the H200 (rows of 40 bytes
    // fall on varying sector offsets).
    assert_eq!(m.global_load_requests, 336);
    assert_eq!(m.global_load_sectors, 1092);
    assert_eq!((m.threads, m.blocks), (4096, 8));
}

fn strided(stride: i32) -> emulator::Metrics {
    let module = module("metrics_probe");
    let mut mem = DeviceMemory::new();
    let out = mem.alloc_zeroed(128).unwrap();
    let report = run_clean(
        &module,
        "strided_shared",
        cfg([1, 1, 1], [32, 1, 1]),
        &[KernelArg::Ptr(out), KernelArg::I32(stride)],
        &[],
        &mut mem,
    );
    assert_eq!(mem.read_f32(out, 32).unwrap(), (0..32).map(|t| t as f32).collect::<Vec<_>>());
    report.metrics
}

#[test]
fn bank_conflicts_of_strided_shared_access() {
    // One warp, one shared store and one shared load of s[t·stride]; bank = word index mod 32.
    // stride 1: 32 banks, 1 wavefront each → 0 extra.
    // stride 2: lanes t and t+16 share bank 2t mod 32 at different words → 2-way → 1 extra each.
    // stride 32: every lane in bank 0 at 32 different words → 32-way → 31 extra each.
    let m1 = strided(1);
    assert_eq!(m1.shared_requests, 2);
    assert_eq!(m1.shared_bank_conflicts, 0, "stride 1");
    assert_eq!(strided(2).shared_bank_conflicts, 2, "stride 2: 2-way");
    assert_eq!(strided(32).shared_bank_conflicts, 62, "stride 32: 32-way");
    assert_eq!(m1.static_shared_bytes, 4096);
}

#[test]
fn active_lane_efficiency_of_100_threads() {
    let module = module("metrics_probe");
    let mut mem = DeviceMemory::new();
    let input: Vec<f32> = (0..100).map(|i| i as f32).collect();
    let din = mem.alloc_f32(&input).unwrap();
    let dout = mem.alloc_zeroed(400).unwrap();
    // One block of 100 threads: 4 warps, the last with 4 lanes. No branches: every thread runs
    // the same K instructions, so warp-instructions = 4K, lane-instructions = 100K.
    let report = run_clean(
        &module,
        "add_one",
        cfg([1, 1, 1], [100, 1, 1]),
        &[KernelArg::Ptr(din), KernelArg::Ptr(dout)],
        &[],
        &mut mem,
    );
    let m = &report.metrics;
    assert!(
        m.warp_instructions > 0 && m.warp_instructions.is_multiple_of(4),
        "warp instructions {}",
        m.warp_instructions
    );
    assert_eq!(m.lane_instructions, m.warp_instructions / 4 * 100);
    assert_eq!(m.active_lane_efficiency(), 100.0 / 128.0);
    assert_eq!(m.threads, 100);
    assert_eq!(m.flops, 100);
    // 400 bytes: warps 0..2 read 128 aligned bytes (4 sectors), warp 3 reads 16 (1 sector).
    assert_eq!((m.global_load_requests, m.global_load_sectors), (4, 13));
    assert_eq!(m.max_global_loads_per_thread, 1);
    assert_eq!(mem.read_f32(dout, 100).unwrap(), (0..100).map(|i| i as f32 + 1.0).collect::<Vec<_>>());
}

#[test]
fn unique_bytes_are_per_launch() {
    // Two launches on the same DeviceMemory, each reading its own 400-byte buffer: each report
    // counts only what its own launch read. Host-side reads and writes count nothing.
    let module = module("metrics_probe");
    let mut mem = DeviceMemory::new();
    let a = mem.alloc_f32(&[1.0; 100]).unwrap();
    let b = mem.alloc_f32(&[2.0; 100]).unwrap();
    let out = mem.alloc_zeroed(400).unwrap();
    let first = run_clean(
        &module,
        "add_one",
        cfg([1, 1, 1], [100, 1, 1]),
        &[KernelArg::Ptr(a), KernelArg::Ptr(out)],
        &[],
        &mut mem,
    );
    assert_eq!(first.metrics.unique_global_load_bytes, 400);
    mem.read_bytes(b, 400).unwrap();
    mem.write_bytes(a, &[0; 400]).unwrap();
    let second = run_clean(
        &module,
        "add_one",
        cfg([1, 1, 1], [100, 1, 1]),
        &[KernelArg::Ptr(b), KernelArg::Ptr(out)],
        &[],
        &mut mem,
    );
    assert_eq!(second.metrics.unique_global_load_bytes, 400, "the second launch read only b");
    let third = run_clean(
        &module,
        "add_one",
        cfg([1, 1, 1], [100, 1, 1]),
        &[KernelArg::Ptr(b), KernelArg::Ptr(out)],
        &[],
        &mut mem,
    );
    assert_eq!(third.metrics.unique_global_load_bytes, 400, "b again: still 400 for this launch");
    assert_eq!(mem.read_f32(out, 100).unwrap(), vec![3.0; 100]);
}
