//! The one-block probe (`Options::watch`) on the tiled convolution: a block loads exactly its
//! input tile, stores every shared cell once, and a computing thread reads its 5×5 window.

use crate::common::*;
use emulator::{DeviceMemory, KernelArg, Options, Watch};

#[test]
fn a_tiled_block_loads_its_tile_and_a_thread_reads_its_window() {
    let module = module("conv2d_tiled");
    let (w, h) = (150usize, 97usize);
    let n = random_f32(&mut rng(7), w * h);
    let fb = f32_bytes(&random_f32(&mut rng(8), 25));
    let mut mem = DeviceMemory::new();
    let dn = mem.alloc_f32(&n).unwrap();
    let dp = mem.alloc_zeroed(4 * w * h).unwrap();
    // Block (1, 1): its input tile is columns and rows 26..58 (OUT_TILE_DIM = 28, r = 2);
    // thread (10, 12) computes output (36, 38) from N_s rows 10..15, columns 8..13.
    let watch = Watch { block: [1, 1, 0], thread: [10, 12, 0] };
    let opts = Options { watch: Some(watch), ..Options::default() };
    let args = [KernelArg::Ptr(dn), KernelArg::Ptr(dp), KernelArg::I32(w as i32), KernelArg::I32(h as i32)];
    let r = run_with(
        &module,
        "convolution_tiled_2D_const_mem_kernel",
        cfg([6, 4, 1], [32, 32, 1]),
        &args,
        &[("F", &fb)],
        &mut mem,
        &opts,
    );
    assert_clean("conv2d_tiled", &r);
    let b = r.block.expect("the watched block ran");
    let base = dn.0 >> 2;
    let loaded: Vec<(usize, usize)> =
        b.global_loads.keys().map(|&word| (((word - base) as usize) % w, ((word - base) as usize) / w)).collect();
    assert_eq!(loaded.len(), 32 * 32, "one load per tile element");
    assert!(loaded.iter().all(|&(x, y)| (26..58).contains(&x) && (26..58).contains(&y)), "{loaded:?}");
    assert!(b.global_loads.values().all(|&(block, _)| block == 1));
    // The thread's own load: tile element (10, 12) = pixel (36, 38).
    let mine: Vec<u64> = b.global_loads.iter().filter(|(_, c)| c.1 > 0).map(|(&w, _)| w - base).collect();
    assert_eq!(mine, [(38 * w + 36) as u64]);
    // Every shared cell stored once; the thread read a 5×5 window of N_s at rows 10..15, columns 8..13.
    assert_eq!(b.shared.len(), 32 * 32);
    assert!(b.shared.values().all(|&(stores, _, _)| stores == 1));
    let window: Vec<(u32, u32)> = b.shared.iter().filter(|(_, c)| c.2 > 0).map(|(&w, _)| (w % 32, w / 32)).collect();
    let expected: Vec<(u32, u32)> = (10..15).flat_map(|y| (8..13).map(move |x| (x, y))).collect();
    let mut sorted = window.clone();
    sorted.sort_by_key(|&(x, y)| (y, x));
    assert_eq!(sorted, expected);
    // Unwatched: nothing recorded, nothing else changes.
    let plain = run_with(
        &module,
        "convolution_tiled_2D_const_mem_kernel",
        cfg([6, 4, 1], [32, 32, 1]),
        &args,
        &[("F", &fb)],
        &mut mem,
        &Options::default(),
    );
    assert!(plain.block.is_none());
    assert_eq!(plain.metrics, r.metrics);
}
