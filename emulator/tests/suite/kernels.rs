//! Every fixture kernel run on random inputs (fixed seeds) and compared with a CPU reference
//! written here, across awkward sizes: not multiples of the tile, smaller than a tile, 1×N, N×1.

use crate::common::*;
use emulator::{DeviceMemory, KernelArg, LaunchConfig, Module};
use rand::Rng;

fn div_up(a: usize, b: usize) -> u32 {
    a.div_ceil(b) as u32
}

// ---------------------------------------------------------------------------------------------
// Convolutions

/// Exact 2D convolution in f64 with zero ghost cells, and the sum of |terms| for the tolerance.
fn conv2d_reference(n: &[f32], f: &[f32], r: usize, w: usize, h: usize) -> (Vec<f64>, Vec<f64>) {
    let k = 2 * r + 1;
    let mut exact = vec![0.0; w * h];
    let mut mag = vec![0.0; w * h];
    for row in 0..h as i64 {
        for col in 0..w as i64 {
            let (mut s, mut m) = (0.0f64, 0.0f64);
            for fr in 0..k as i64 {
                for fc in 0..k as i64 {
                    let (ir, ic) = (row - r as i64 + fr, col - r as i64 + fc);
                    if ir >= 0 && ir < h as i64 && ic >= 0 && ic < w as i64 {
                        let t = f[(fr * k as i64 + fc) as usize] as f64 * n[(ir * w as i64 + ic) as usize] as f64;
                        s += t;
                        m += t.abs();
                    }
                }
            }
            exact[(row * w as i64 + col) as usize] = s;
            mag[(row * w as i64 + col) as usize] = m;
        }
    }
    (exact, mag)
}

#[test]
fn conv1d_matches_reference_on_awkward_sizes() {
    let module = module("conv1d");
    let mut rng = rng(1);
    for &width in &[1usize, 2, 5, 31, 32, 33, 100, 1000] {
        for &r in &[0usize, 1, 2, 3] {
            let n = random_f32(&mut rng, width);
            let f = random_f32(&mut rng, 2 * r + 1);
            let mut mem = DeviceMemory::new();
            let (dn, df) = (mem.alloc_f32(&n).unwrap(), mem.alloc_f32(&f).unwrap());
            let dp = mem.alloc_zeroed(4 * width).unwrap();
            run_clean(
                &module,
                "convolution_1D_basic_kernel",
                cfg([div_up(width, 32), 1, 1], [32, 1, 1]),
                &[
                    KernelArg::Ptr(dn),
                    KernelArg::Ptr(df),
                    KernelArg::Ptr(dp),
                    KernelArg::I32(r as i32),
                    KernelArg::I32(width as i32),
                ],
                &[],
                &mut mem,
            );
            // A 1D convolution is the 2D one on a 1-row image with a (2r+1)² filter whose middle
            // row is f (the other rows only ever meet ghost cells).
            let k = 2 * r + 1;
            let mut f2 = vec![0.0f32; k * k];
            f2[r * k..r * k + k].copy_from_slice(&f);
            let (exact, mag) = conv2d_reference(&n, &f2, r, width, 1);
            let got = mem.read_f32(dp, width).unwrap();
            assert_close_bound(&format!("conv1d width {width} r {r}"), &got, &exact, &mag, k);
        }
    }
}

#[test]
fn conv2d_basic_matches_reference_on_awkward_sizes() {
    let module = module("conv2d_basic");
    let mut rng = rng(2);
    for &(w, h) in &[(1usize, 1usize), (1, 37), (37, 1), (5, 4), (16, 16), (33, 17), (70, 45)] {
        for &r in &[1usize, 2, 3] {
            let k = 2 * r + 1;
            let n = random_f32(&mut rng, w * h);
            let f = random_f32(&mut rng, k * k);
            let mut mem = DeviceMemory::new();
            let (dn, df) = (mem.alloc_f32(&n).unwrap(), mem.alloc_f32(&f).unwrap());
            let dp = mem.alloc_zeroed(4 * w * h).unwrap();
            run_clean(
                &module,
                "convolution_2D_basic_kernel",
                cfg([div_up(w, 16), div_up(h, 16), 1], [16, 16, 1]),
                &[
                    KernelArg::Ptr(dn),
                    KernelArg::Ptr(df),
                    KernelArg::Ptr(dp),
                    KernelArg::I32(r as i32),
                    KernelArg::I32(w as i32),
                    KernelArg::I32(h as i32),
                ],
                &[],
                &mut mem,
            );
            let (exact, mag) = conv2d_reference(&n, &f, r, w, h);
            let got = mem.read_f32(dp, w * h).unwrap();
            assert_close_bound(&format!("conv2d_basic {w}x{h} r {r}"), &got, &exact, &mag, k * k);
        }
    }
}

/// The sizes every radius-2 constant-memory convolution is tried on.
const CONV_SIZES: &[(usize, usize)] =
    &[(1, 1), (1, 100), (100, 1), (5, 3), (28, 28), (29, 29), (32, 32), (33, 31), (64, 33), (100, 70)];

/// Runs one of the three constant-memory convolutions (r = 2, F in the symbol `F`) and checks it.
fn check_const_conv(
    fixture: &str,
    kernel: &str,
    runtime_r: bool,
    grid_for: impl Fn(usize, usize) -> ([u32; 3], [u32; 3]),
    seed: u64,
) {
    let module = module(fixture);
    let mut rng = rng(seed);
    let r = 2usize;
    for &(w, h) in CONV_SIZES {
        let n = random_f32(&mut rng, w * h);
        let f = random_f32(&mut rng, 25);
        let mut mem = DeviceMemory::new();
        let dn = mem.alloc_f32(&n).unwrap();
        let dp = mem.alloc_zeroed(4 * w * h).unwrap();
        let mut args = vec![KernelArg::Ptr(dn), KernelArg::Ptr(dp)];
        if runtime_r {
            args.push(KernelArg::I32(r as i32));
        }
        args.extend([KernelArg::I32(w as i32), KernelArg::I32(h as i32)]);
        let (grid, block) = grid_for(w, h);
        let fb = f32_bytes(&f);
        run_clean(&module, kernel, cfg(grid, block), &args, &[("F", &fb)], &mut mem);
        let (exact, mag) = conv2d_reference(&n, &f, r, w, h);
        let got = mem.read_f32(dp, w * h).unwrap();
        assert_close_bound(&format!("{fixture} {w}x{h}"), &got, &exact, &mag, 25);
    }
}

#[test]
fn conv2d_const_matches_reference() {
    check_const_conv(
        "conv2d_const",
        "convolution_2D_const_mem_kernel",
        true,
        |w, h| ([div_up(w, 16), div_up(h, 16), 1], [16, 16, 1]),
        3,
    );
}

#[test]
fn conv2d_tiled_matches_reference() {
    // IN_TILE_DIM 32, r = 2: OUT_TILE_DIM 28 outputs per block and dimension.
    check_const_conv(
        "conv2d_tiled",
        "convolution_tiled_2D_const_mem_kernel",
        false,
        |w, h| ([div_up(w, 28), div_up(h, 28), 1], [32, 32, 1]),
        4,
    );
}

#[test]
fn conv2d_cached_tiled_matches_reference() {
    check_const_conv(
        "conv2d_cached_tiled",
        "convolution_cached_tiled_2D_const_mem_kernel",
        false,
        |w, h| ([div_up(w, 32), div_up(h, 32), 1], [32, 32, 1]),
        5,
    );
}

/// A `__device__` filter is set by name like a `__constant__` one (cudaMemcpyToSymbol does
/// both); its reads are global loads, so they count in `global_load_bytes`.
#[test]
fn device_variable_filter_is_set_by_name_and_read_from_global_memory() {
    let module = module("conv2d_device_filter");
    let kernel = "convolution_2D_device_filter_kernel";
    let mut rng = rng(31);
    let r = 2usize;
    for &(w, h) in &[(1usize, 1usize), (5, 3), (33, 31), (64, 33)] {
        let n = random_f32(&mut rng, w * h);
        let f = random_f32(&mut rng, 25);
        let mut mem = DeviceMemory::new();
        let dn = mem.alloc_f32(&n).unwrap();
        let dp = mem.alloc_zeroed(4 * w * h).unwrap();
        let args = [
            KernelArg::Ptr(dn),
            KernelArg::Ptr(dp),
            KernelArg::I32(r as i32),
            KernelArg::I32(w as i32),
            KernelArg::I32(h as i32),
        ];
        let grid = cfg([div_up(w, 16), div_up(h, 16), 1], [16, 16, 1]);
        let fb = f32_bytes(&f);
        let rep = run_clean(&module, kernel, grid, &args, &[("F", &fb)], &mut mem);
        let (exact, mag) = conv2d_reference(&n, &f, r, w, h);
        let got = mem.read_f32(dp, w * h).unwrap();
        assert_close_bound(&format!("device filter {w}x{h}"), &got, &exact, &mag, 25);
        // Every in-bounds tap loads one filter value and one input value, 4 bytes each.
        let mut taps = 0u64;
        for row in 0..h as i64 {
            for col in 0..w as i64 {
                for dr in -2..=2i64 {
                    for dc in -2..=2i64 {
                        let (ir, ic) = (row + dr, col + dc);
                        taps += (ir >= 0 && ir < h as i64 && ic >= 0 && ic < w as i64) as u64;
                    }
                }
            }
        }
        assert_eq!(rep.metrics.global_load_bytes, 8 * taps, "{w}x{h}: filter and input reads");
        assert_eq!(rep.metrics.const_load_bytes, 0, "{w}x{h}: F is not in constant memory");
        // The value stays in device memory for the next launch, as after cudaMemcpyToSymbol.
        let dp2 = mem.alloc_zeroed(4 * w * h).unwrap();
        let args2 = [
            KernelArg::Ptr(dn),
            KernelArg::Ptr(dp2),
            KernelArg::I32(r as i32),
            KernelArg::I32(w as i32),
            KernelArg::I32(h as i32),
        ];
        run_clean(&module, kernel, grid, &args2, &[], &mut mem);
        assert_eq!(mem.read_f32(dp2, w * h).unwrap(), got, "{w}x{h}: second launch without setting F");
    }
    // Wrong name or size: a clear launch error.
    let mut mem = DeviceMemory::new();
    let dn = mem.alloc_f32(&[1.0]).unwrap();
    let dp = mem.alloc_zeroed(4).unwrap();
    let args = [KernelArg::Ptr(dn), KernelArg::Ptr(dp), KernelArg::I32(2), KernelArg::I32(1), KernelArg::I32(1)];
    let too_big = [0u8; 104];
    for (sym, bytes, want) in [
        ("G", &too_big[..4], "no __constant__ or __device__ symbol named `G`"),
        ("F", &too_big[..], "`F` is 100 bytes"),
    ] {
        let l = emulator::Launch { kernel, config: cfg([1, 1, 1], [1, 1, 1]), args: &args, constants: &[(sym, bytes)] };
        let e = emulator::launch(&module, &l, &mut mem, &options(1)).expect_err("bad symbol accepted");
        assert!(e.message.contains(want), "{}", e.message);
    }
}

// ---------------------------------------------------------------------------------------------
// Stencils

#[test]
fn stencil1d_clamped_average_matches_reference() {
    let module = module("stencil1d");
    let mut rng = rng(6);
    for &block in &[256u32, 32, 100] {
        // 100: the last warp of every block has 4 lanes
        for &n in &[1usize, 2, 3, 31, 32, 33, 255, 256, 257, 1000] {
            let a: Vec<i32> = (0..n).map(|_| rng.gen_range(-1000..1000)).collect();
            let mut mem = DeviceMemory::new();
            let da = mem.alloc_i32(&a).unwrap();
            let dc = mem.alloc_zeroed(4 * n).unwrap();
            let config = LaunchConfig {
                grid: [div_up(n, block as usize), 1, 1],
                block: [block, 1, 1],
                dynamic_shared_bytes: (block + 2) * 4,
            };
            let report = run_clean(
                &module,
                "stencil1D_kernel",
                config,
                &[KernelArg::Ptr(da), KernelArg::Ptr(dc), KernelArg::I32(n as i32)],
                &[],
                &mut mem,
            );
            assert_eq!(report.metrics.dynamic_shared_bytes, ((block + 2) * 4) as u64);
            let expected: Vec<i32> = (0..n)
                .map(|i| {
                    let left = if i == 0 { a[0] } else { a[i - 1] };
                    let right = if i + 1 == n { a[n - 1] } else { a[i + 1] };
                    (left + a[i] + right) / 3 // Rust's `/` truncates toward zero like C's
                })
                .collect();
            assert_eq!(mem.read_i32(dc, n).unwrap(), expected, "stencil1d n {n} block {block}");
        }
    }
}

#[test]
fn stencil1d_textbook_example() {
    // (7 + 2 + 9) / 3 = 6 at index 2 of [4, 7, 2, 9, 1, 8, 3, 6]; clamped ends: (4+4+7)/3 = 5,
    // (3+6+6)/3 = 5.
    let module = module("stencil1d");
    let a = [4, 7, 2, 9, 1, 8, 3, 6];
    let mut mem = DeviceMemory::new();
    let da = mem.alloc_i32(&a).unwrap();
    let dc = mem.alloc_zeroed(32).unwrap();
    let config = LaunchConfig { grid: [1, 1, 1], block: [256, 1, 1], dynamic_shared_bytes: 258 * 4 };
    run_clean(
        &module,
        "stencil1D_kernel",
        config,
        &[KernelArg::Ptr(da), KernelArg::Ptr(dc), KernelArg::I32(8)],
        &[],
        &mut mem,
    );
    assert_eq!(mem.read_i32(dc, 8).unwrap(), vec![5, 4, 6, 4, 6, 4, 5, 5]);
}

/// Seven-point reference in f64: interior points computed, boundary points keep their input.
fn stencil3d_reference(input: &[f32], n: usize) -> (Vec<f64>, Vec<f64>) {
    let c = STENCIL_COEFFS;
    let at = |i: usize, j: usize, k: usize| input[(i * n + j) * n + k] as f64;
    let mut exact: Vec<f64> = input.iter().map(|&x| x as f64).collect();
    let mut mag: Vec<f64> = input.iter().map(|&x| (x as f64).abs()).collect();
    for i in 1..n.saturating_sub(1) {
        for j in 1..n - 1 {
            for k in 1..n - 1 {
                let terms = [
                    c[0] as f64 * at(i, j, k),
                    c[1] as f64 * at(i, j, k - 1),
                    c[2] as f64 * at(i, j, k + 1),
                    c[3] as f64 * at(i, j - 1, k),
                    c[4] as f64 * at(i, j + 1, k),
                    c[5] as f64 * at(i - 1, j, k),
                    c[6] as f64 * at(i + 1, j, k),
                ];
                exact[(i * n + j) * n + k] = terms.iter().sum();
                mag[(i * n + j) * n + k] = terms.iter().map(|t| t.abs()).sum();
            }
        }
    }
    (exact, mag)
}

fn check_stencil3d(fixture: &str, sizes: &[usize], geometry: impl Fn(usize) -> ([u32; 3], [u32; 3]), seed: u64) {
    let module: Module = module(fixture);
    let mut rng = rng(seed);
    for &n in sizes {
        let input = random_f32(&mut rng, n * n * n);
        let mut mem = DeviceMemory::new();
        let din = mem.alloc_f32(&input).unwrap();
        // The grader copies the input to the output first: boundary points are never written.
        let dout = mem.alloc_f32(&input).unwrap();
        let (grid, block) = geometry(n);
        run_clean(
            &module,
            "stencil_kernel",
            cfg(grid, block),
            &[KernelArg::Ptr(din), KernelArg::Ptr(dout), KernelArg::U32(n as u32)],
            &[],
            &mut mem,
        );
        let (exact, mag) = stencil3d_reference(&input, n);
        let got = mem.read_f32(dout, n * n * n).unwrap();
        assert_close_bound(&format!("{fixture} N {n}"), &got, &exact, &mag, 7);
    }
}

#[test]
fn stencil3d_basic_matches_reference() {
    check_stencil3d(
        "stencil3d_basic",
        &[1, 2, 3, 7, 8, 9, 17, 20],
        |n| ([div_up(n, 8), div_up(n, 8), div_up(n, 8)], [8, 8, 8]),
        7,
    );
}

#[test]
fn stencil3d_tiled_matches_reference() {
    // IN_TILE_DIM 8: 6 outputs per block and dimension.
    check_stencil3d(
        "stencil3d_tiled",
        &[1, 2, 3, 6, 7, 8, 13, 20],
        |n| ([div_up(n, 6), div_up(n, 6), div_up(n, 6)], [8, 8, 8]),
        8,
    );
}

#[test]
fn stencil3d_coarsened_matches_reference() {
    // IN_TILE_DIM 32, each block computes 30×30 outputs per plane over 30 planes.
    check_stencil3d(
        "stencil3d_coarsened",
        &[1, 3, 5, 30, 33],
        |n| ([div_up(n, 30), div_up(n, 30), div_up(n, 30)], [32, 32, 1]),
        9,
    );
}

#[test]
fn stencil3d_coarsened_as_printed_copies_unwritten_planes_without_findings() {
    // Fig. 8.10 as printed: out-of-grid slots are never written and the plane rotation copies
    // them. Only copied, never used: no finding (compute-sanitizer agrees), and right results.
    check_stencil3d(
        "stencil3d_coarsened_textbook",
        &[10, 33],
        |n| ([div_up(n, 30), div_up(n, 30), div_up(n, 30)], [32, 32, 1]),
        11,
    );
}

#[test]
fn stencil3d_register_tiled_matches_reference() {
    check_stencil3d(
        "stencil3d_register",
        &[1, 3, 5, 30, 33],
        |n| ([div_up(n, 30), div_up(n, 30), div_up(n, 30)], [32, 32, 1]),
        10,
    );
}

// ---------------------------------------------------------------------------------------------
// Variations: number formats, atomics, warp-level operations, special loads

#[test]
fn doubles_fma_product_and_narrowing() {
    let module = module("doubles");
    let mut rng = rng(11);
    let n = 77usize;
    let x: Vec<f64> = (0..n).map(|_| rng.gen_range(-1e3..1e3)).collect();
    let y: Vec<f64> = (0..n).map(|_| rng.gen_range(-1e3..1e3)).collect();
    let a = 1.0 / 3.0;
    let mut mem = DeviceMemory::new();
    let as_bytes = |v: &[f64]| -> Vec<u8> { v.iter().flat_map(|x| x.to_le_bytes()).collect() };
    let dx = mem.alloc_bytes(&as_bytes(&x)).unwrap();
    let dy = mem.alloc_bytes(&as_bytes(&y)).unwrap();
    let dprod = mem.alloc_zeroed(8 * n).unwrap();
    let dnarrow = mem.alloc_zeroed(4 * n).unwrap();
    run_clean(
        &module,
        "daxpy_mix",
        cfg([3, 1, 1], [32, 1, 1]),
        &[
            KernelArg::Ptr(dx),
            KernelArg::Ptr(dy),
            KernelArg::Ptr(dprod),
            KernelArg::Ptr(dnarrow),
            KernelArg::F64(a),
            KernelArg::I32(n as i32),
        ],
        &[],
        &mut mem,
    );
    // NVRTC contracts a*x + y into one fma.rn.f64 (reproduced by mul_add) but keeps (x*3) - yi
    // as mul.f64 then sub.f64 (see fixtures/ptx/doubles.ptx): the comparison is bit for bit.
    let yi: Vec<f64> = (0..n).map(|i| a.mul_add(x[i], y[i])).collect();
    let prod: Vec<f64> = (0..n).map(|i| x[i] * 3.0 - yi[i]).collect();
    assert_eq!(read_f64(&mem, dy, n), yi);
    assert_eq!(read_f64(&mem, dprod, n), prod);
    let narrowed: Vec<f32> = yi.iter().map(|&v| v as f32).collect();
    assert_eq!(mem.read_f32(dnarrow, n).unwrap(), narrowed);
}

#[test]
fn unsigned_math_wraps_divides_and_shifts() {
    let module = module("unsigned_math");
    let mut rng = rng(12);
    let n = 100usize;
    let mut a: Vec<u32> = (0..n).map(|_| rng.gen()).collect();
    let mut b: Vec<u32> = (0..n).map(|_| rng.gen()).collect();
    // Edges: zero, all ones, equal operands.
    a[0] = 0;
    b[1] = u32::MAX;
    a[2] = u32::MAX;
    b[2] = u32::MAX;
    a[3] = 12345;
    b[3] = 12345;
    let mut mem = DeviceMemory::new();
    let to_i32 = |v: &[u32]| -> Vec<i32> { v.iter().map(|&x| x as i32).collect() };
    let da = mem.alloc_i32(&to_i32(&a)).unwrap();
    let db = mem.alloc_i32(&to_i32(&b)).unwrap();
    let dout = mem.alloc_zeroed(4 * 7 * n).unwrap();
    run_clean(
        &module,
        "unsigned_ops",
        cfg([4, 1, 1], [32, 1, 1]),
        &[KernelArg::Ptr(da), KernelArg::Ptr(db), KernelArg::Ptr(dout), KernelArg::I32(n as i32)],
        &[],
        &mut mem,
    );
    let got = read_u32(&mem, dout, 7 * n);
    for i in 0..n {
        let (x, y) = (a[i], b[i]);
        let d = y | 1;
        let expected = [
            x.wrapping_mul(y).wrapping_add(0x9e37_79b9),
            x / d,
            x % d,
            x >> (y & 31),
            x.min(y),
            x.abs_diff(y),
            ((x as u64 * y as u64) >> 32) as u32,
        ];
        assert_eq!(&got[7 * i..7 * i + 7], &expected, "element {i}: a = {x}, b = {y}");
    }
}

#[test]
fn histogram_with_shared_and_global_atomics() {
    let module = module("histogram");
    let mut rng = rng(13);
    for &n in &[1usize, 100, 1000, 4099] {
        let data: Vec<u8> = (0..n).map(|_| rng.gen()).collect();
        let mut expected = [0u32; 16];
        for &d in &data {
            expected[(d % 16) as usize] += 1;
        }
        let max = *data.iter().max().unwrap() as i32;

        let mut mem = DeviceMemory::new();
        let dd = mem.alloc_bytes(&data).unwrap();
        let bins = mem.alloc_zeroed(64).unwrap();
        // Few blocks with a grid-stride loop: every thread adds into the shared bins many times.
        run_clean(
            &module,
            "histogram_shared",
            cfg([3, 1, 1], [128, 1, 1]),
            &[KernelArg::Ptr(dd), KernelArg::Ptr(bins), KernelArg::I32(n as i32)],
            &[],
            &mut mem,
        );
        assert_eq!(read_u32(&mem, bins, 16), expected, "shared-memory histogram, n {n}");

        let gbins = mem.alloc_zeroed(64).unwrap();
        let dmax = mem.alloc_i32(&[-1]).unwrap();
        run_clean(
            &module,
            "histogram_global",
            cfg([div_up(n, 64), 1, 1], [64, 1, 1]),
            &[KernelArg::Ptr(dd), KernelArg::Ptr(gbins), KernelArg::Ptr(dmax), KernelArg::I32(n as i32)],
            &[],
            &mut mem,
        );
        assert_eq!(read_u32(&mem, gbins, 16), expected, "global histogram, n {n}");
        assert_eq!(mem.read_i32(dmax, 1).unwrap(), vec![max], "atomicMax, n {n}");
    }
}

#[test]
fn warp_shuffle_reduction() {
    let module = module("warp_reduce");
    let mut rng = rng(14);
    for &n in &[1usize, 31, 32, 33, 200] {
        let input = random_f32(&mut rng, n);
        let warps = n.div_ceil(32);
        let mut mem = DeviceMemory::new();
        let din = mem.alloc_f32(&input).unwrap();
        let dout = mem.alloc_zeroed(4 * warps).unwrap();
        run_clean(
            &module,
            "warp_sum",
            cfg([warps as u32, 1, 1], [32, 1, 1]),
            &[KernelArg::Ptr(din), KernelArg::Ptr(dout), KernelArg::I32(n as i32)],
            &[],
            &mut mem,
        );
        // Replay the shuffle tree exactly: shfl.down gives lane l the value of lane l+offset, or
        // its own value when l+offset is past the warp. The f32 additions are the same ones in the
        // same order, so the sums agree bit for bit.
        let expected: Vec<f32> = (0..warps)
            .map(|w| {
                let mut v: Vec<f32> = (0..32).map(|l| input.get(w * 32 + l).copied().unwrap_or(0.0)).collect();
                let mut offset = 16;
                while offset > 0 {
                    let prev = v.clone();
                    for l in 0..32 {
                        v[l] = prev[l] + if l + offset < 32 { prev[l + offset] } else { prev[l] };
                    }
                    offset /= 2;
                }
                v[0]
            })
            .collect();
        assert_eq!(mem.read_f32(dout, warps).unwrap(), expected, "warp sums, n {n}");
    }
}

#[test]
fn warp_ballot_all_any() {
    let module = module("vote");
    let mut rng = rng(15);
    let n = 150usize; // 5 warps launched, the last one partly past n
    let mut input: Vec<i32> = (0..n).map(|_| rng.gen_range(-5..5)).collect();
    for v in &mut input[32..64] {
        *v = 1; // warp 1: all true
    }
    for v in &mut input[64..96] {
        *v = -1; // warp 2: all false
    }
    let warps = 5usize;
    let mut mem = DeviceMemory::new();
    let din = mem.alloc_i32(&input).unwrap();
    let (db, dall, dany) = (
        mem.alloc_zeroed(4 * warps).unwrap(),
        mem.alloc_zeroed(4 * warps).unwrap(),
        mem.alloc_zeroed(4 * warps).unwrap(),
    );
    run_clean(
        &module,
        "warp_votes",
        cfg([1, 1, 1], [(32 * warps) as u32, 1, 1]),
        &[
            KernelArg::Ptr(din),
            KernelArg::Ptr(db),
            KernelArg::Ptr(dall),
            KernelArg::Ptr(dany),
            KernelArg::I32(n as i32),
        ],
        &[],
        &mut mem,
    );
    for w in 0..warps {
        let mut ballot = 0u32;
        for l in 0..32 {
            let i = w * 32 + l;
            if i < n && input[i] > 0 {
                ballot |= 1 << l;
            }
        }
        assert_eq!(read_u32(&mem, db, warps)[w], ballot, "ballot of warp {w}");
        assert_eq!(mem.read_i32(dall, warps).unwrap()[w], (ballot == u32::MAX) as i32, "all of warp {w}");
        assert_eq!(mem.read_i32(dany, warps).unwrap()[w], (ballot != 0) as i32, "any of warp {w}");
    }
    assert_eq!(read_u32(&mem, db, warps)[1], u32::MAX);
    assert_eq!(read_u32(&mem, db, warps)[2], 0);
}

#[test]
fn float_division_sqrt_exp() {
    let module = module("float_math");
    let mut rng = rng(16);
    let n = 300usize;
    let a: Vec<f32> = (0..n).map(|_| rng.gen_range(-100.0f32..100.0)).collect();
    let b: Vec<f32> = (0..n)
        .map(|_| {
            let v: f32 = rng.gen_range(0.01f32..20.0);
            if rng.gen() {
                v
            } else {
                -v
            }
        })
        .collect();
    let mut mem = DeviceMemory::new();
    let (da, db) = (mem.alloc_f32(&a).unwrap(), mem.alloc_f32(&b).unwrap());
    let dout = mem.alloc_zeroed(16 * n).unwrap();
    run_clean(
        &module,
        "float_math",
        cfg([div_up(n, 64), 1, 1], [64, 1, 1]),
        &[KernelArg::Ptr(da), KernelArg::Ptr(db), KernelArg::Ptr(dout), KernelArg::I32(n as i32)],
        &[],
        &mut mem,
    );
    let got = mem.read_f32(dout, 4 * n).unwrap();
    for i in 0..n {
        // Division, sqrt and the reciprocal are correctly rounded (div.rn / sqrt.rn / rcp.rn
        // under NVRTC's default -prec-div -prec-sqrt): exact.
        assert_eq!(got[4 * i], a[i] / b[i], "division {i}");
        assert_eq!(got[4 * i + 1], a[i].abs().sqrt(), "sqrt {i}");
        assert_eq!(got[4 * i + 3], 1.0 / b[i], "reciprocal {i}");
        // expf is within 2 ulp on the device (CUDA programming guide, table of maximum ulp
        // errors); allow 4 ulp of the exact value.
        let exact = (b[i] as f64).exp();
        let ulp = (exact as f32).abs() * f32::EPSILON;
        assert!(
            (got[4 * i + 2] as f64 - exact).abs() <= 4.0 * ulp as f64,
            "expf({}) = {}, exact {exact}",
            b[i],
            got[4 * i + 2]
        );
    }
}

#[test]
fn signed_division_and_remainder_with_negatives() {
    let module = module("int_divrem");
    let mut rng = rng(17);
    let mut a: Vec<i32> = (0..200).map(|_| rng.gen_range(-100_000..100_000)).collect();
    let mut b: Vec<i32> = (0..200)
        .map(|_| loop {
            let v = rng.gen_range(-50..50);
            if v != 0 {
                break v;
            }
        })
        .collect();
    // Hand-picked signs: -7/2 = -3 rem -1, 7/-2 = -3 rem 1, -7/-2 = 3 rem -1, INT_MIN / 1.
    a[..4].copy_from_slice(&[-7, 7, -7, i32::MIN]);
    b[..4].copy_from_slice(&[2, -2, -2, 1]);
    let n = a.len();
    let mut mem = DeviceMemory::new();
    let (da, db) = (mem.alloc_i32(&a).unwrap(), mem.alloc_i32(&b).unwrap());
    let dout = mem.alloc_zeroed(12 * n).unwrap();
    run_clean(
        &module,
        "int_divrem",
        cfg([div_up(n, 64), 1, 1], [64, 1, 1]),
        &[KernelArg::Ptr(da), KernelArg::Ptr(db), KernelArg::Ptr(dout), KernelArg::I32(n as i32)],
        &[],
        &mut mem,
    );
    let got = mem.read_i32(dout, 3 * n).unwrap();
    assert_eq!(&got[..12], &[-3, -1, -1, -3, 1, 0, 3, -1, -1, i32::MIN, 0, i32::MIN >> 3]);
    for i in 0..n {
        assert_eq!(
            &got[3 * i..3 * i + 3],
            &[a[i] / b[i], a[i] % b[i], a[i] >> 3],
            "element {i}: {} and {}",
            a[i],
            b[i]
        );
    }
}

#[test]
fn float4_vector_loads_and_stores() {
    let module = module("vector_load");
    let mut rng = rng(18);
    let n = 45usize;
    let input = random_f32(&mut rng, 4 * n);
    let mut mem = DeviceMemory::new();
    let din = mem.alloc_f32(&input).unwrap();
    let (dsum, ddbl) = (mem.alloc_zeroed(4 * n).unwrap(), mem.alloc_zeroed(16 * n).unwrap());
    let report = run_clean(
        &module,
        "float4_sum",
        cfg([2, 1, 1], [32, 1, 1]),
        &[KernelArg::Ptr(din), KernelArg::Ptr(dsum), KernelArg::Ptr(ddbl), KernelArg::I32(n as i32)],
        &[],
        &mut mem,
    );
    let sums: Vec<f32> = input.chunks_exact(4).map(|v| (v[0] + v[1]) + (v[2] + v[3])).collect();
    assert_eq!(mem.read_f32(dsum, n).unwrap(), sums);
    assert_eq!(mem.read_f32(ddbl, 4 * n).unwrap(), input.iter().map(|x| 2.0 * x).collect::<Vec<_>>());
    // One 16-byte load per thread: 45 × 16 bytes, in one request per warp (2 warps) covering
    // 16 × 32 / 32 = 16 sectors for the full warp and 13 × 16 / 32 = 6.5 → 7 for the second.
    assert_eq!(report.metrics.global_load_bytes, 16 * 45);
    assert_eq!(report.metrics.global_load_requests, 2);
    assert_eq!(report.metrics.global_load_sectors, 16 + 7);
}

#[test]
fn ldg_restrict_read_only_path() {
    let module = module("ldg_restrict");
    let ptx = fixture_text("ptx/ldg_restrict.ptx");
    assert!(ptx.contains("ld.global.nc"), "fixture should exercise ld.global.nc");
    let mut rng = rng(19);
    let n = 70usize;
    let input = random_f32(&mut rng, n);
    let mut mem = DeviceMemory::new();
    let din = mem.alloc_f32(&input).unwrap();
    let dout = mem.alloc_zeroed(4 * n).unwrap();
    let report = run_clean(
        &module,
        "scale_ldg",
        cfg([3, 1, 1], [32, 1, 1]),
        &[KernelArg::Ptr(din), KernelArg::Ptr(dout), KernelArg::F32(-1.5), KernelArg::I32(n as i32)],
        &[],
        &mut mem,
    );
    assert_eq!(mem.read_f32(dout, n).unwrap(), input.iter().map(|x| x * -1.5).collect::<Vec<_>>());
    // ld.global.nc is a global load like any other for the metrics.
    assert_eq!(report.metrics.global_load_bytes, 4 * n as u64);
}

#[test]
fn conversions_and_64_bit_integers() {
    let module = module("conversions");
    let mut rng = rng(20);
    let mut x: Vec<f32> = (0..130).map(|_| rng.gen_range(-1e6f32..1e6)).collect();
    // Rounding edges: halves go to even under rn, toward zero under rz, down under rm.
    x[..10].copy_from_slice(&[2.5, -2.5, 0.5, -0.5, 1.5, -1.5, 0.0, -0.0, 2.4999998, -7.75]);
    for v in &mut x[10..40] {
        *v = rng.gen_range(-4.0f32..4.0);
    }
    let big: Vec<i64> = (0..130).map(|_| rng.gen_range(-(1i64 << 61)..(1i64 << 61))).collect();
    let n = x.len();
    let mut mem = DeviceMemory::new();
    let dx = mem.alloc_f32(&x).unwrap();
    let dbig = mem.alloc_bytes(&big.iter().flat_map(|v| v.to_le_bytes()).collect::<Vec<_>>()).unwrap();
    let dout = mem.alloc_zeroed(32 * n).unwrap();
    run_clean(
        &module,
        "conversions",
        cfg([div_up(n, 64), 1, 1], [64, 1, 1]),
        &[KernelArg::Ptr(dx), KernelArg::Ptr(dbig), KernelArg::Ptr(dout), KernelArg::I32(n as i32)],
        &[],
        &mut mem,
    );
    let got = mem.read_i32(dout, 8 * n).unwrap();
    for i in 0..n {
        let (v, b) = (x[i], big[i]);
        let expected = [
            v as i32, // Rust's `as` truncates toward zero, like cvt.rzi
            v.round_ties_even() as i32,
            v.floor() as i32,
            (i as f32 * 0.5 - 3.0).to_bits() as i32,
            ((b as u32) as f32).to_bits() as i32,
            (b.wrapping_mul(3) / 7) as i32,
            (b >> 33) as i32,
            (if v > 0.0 { v.min(2.5) } else { v.max(-2.5) }).to_bits() as i32,
        ];
        assert_eq!(&got[8 * i..8 * i + 8], &expected, "element {i}: x = {v}, big = {b}");
    }
}

#[test]
fn local_array_indexed_at_run_time() {
    let module = module("local_array");
    let mut rng = rng(21);
    for &n in &[1usize, 7, 33, 100] {
        let input = random_f32(&mut rng, n);
        let picks: Vec<i32> = (0..n).map(|_| rng.gen_range(0..1000)).collect();
        let mut mem = DeviceMemory::new();
        let (din, dpicks) = (mem.alloc_f32(&input).unwrap(), mem.alloc_i32(&picks).unwrap());
        let dout = mem.alloc_zeroed(4 * n).unwrap();
        let report = run_clean(
            &module,
            "local_window",
            cfg([div_up(n, 32), 1, 1], [32, 1, 1]),
            &[KernelArg::Ptr(din), KernelArg::Ptr(dpicks), KernelArg::Ptr(dout), KernelArg::I32(n as i32)],
            &[],
            &mut mem,
        );
        // The same operations in the same order (fma where NVRTC contracts, see the PTX): exact.
        let expected: Vec<f32> = (0..n)
            .map(|i| {
                let mut window: Vec<f32> = (0..8).map(|k| input[(i + k) % n]).collect();
                let p = (picks[i] & 7) as usize;
                window[p] = window[p].mul_add((p + 1) as f32, 1.0);
                let mut acc = 0.0f32;
                for k in 0..8 {
                    acc = window[(k + p) & 7].mul_add((k + 1) as f32, acc);
                }
                acc
            })
            .collect();
        assert_eq!(mem.read_f32(dout, n).unwrap(), expected, "n {n}");
        // Per thread, from the PTX: two st.local.v4 (32 bytes) + the updated window[p] (4) stored;
        // window[p] re-read once and 7 more taps read (the first tap is forwarded): 8 × 4 loaded.
        // FLOPs: the helper's fma (2), one add (1), 7 fma (14) = 17.
        let m = &report.metrics;
        assert_eq!((m.local_store_bytes, m.local_load_bytes), (36 * n as u64, 32 * n as u64), "local bytes, n {n}");
        assert_eq!(m.flops, 17 * n as u64, "flops, n {n}");
    }
}

#[test]
fn noinline_device_function_call_runs() {
    // A helper NVRTC keeps as a `.func` (call.uni with .param arguments and a return value).
    let module = module("device_call");
    let input = random_f32(&mut rng(22), 50);
    let mut mem = DeviceMemory::new();
    let din = mem.alloc_f32(&input).unwrap();
    let dout = mem.alloc_zeroed(200).unwrap();
    run_clean(
        &module,
        "call_helper",
        cfg([2, 1, 1], [32, 1, 1]),
        &[KernelArg::Ptr(din), KernelArg::Ptr(dout), KernelArg::I32(50)],
        &[],
        &mut mem,
    );
    let expected: Vec<f32> = (0..50).map(|i| input[i].mul_add((i % 5 + 1) as f32, 1.0)).collect();
    assert_eq!(mem.read_f32(dout, 50).unwrap(), expected);
}

// ---------------------------------------------------------------------------------------------
// Control flow, indexing, shared-memory layout

#[test]
fn divergent_loops_with_break_and_continue() {
    let module = module("control_flow");
    let mut rng = rng(23);
    let n = 200usize;
    let mut start: Vec<u32> = (0..n).map(|_| rng.gen_range(0..100_000)).collect();
    start[..6].copy_from_slice(&[0, 1, 2, 3, 27, 837_799]); // 27 and 837799 take long walks
    let mut mem = DeviceMemory::new();
    let dstart = mem.alloc_i32(&start.iter().map(|&v| v as i32).collect::<Vec<_>>()).unwrap();
    let dsteps = mem.alloc_zeroed(4 * n).unwrap();
    let dodd = mem.alloc_i32(&vec![-1; n]).unwrap();
    run_clean(
        &module,
        "collatz_steps",
        cfg([div_up(n, 64), 1, 1], [64, 1, 1]),
        &[KernelArg::Ptr(dstart), KernelArg::Ptr(dsteps), KernelArg::Ptr(dodd), KernelArg::I32(n as i32)],
        &[],
        &mut mem,
    );
    let (steps, odd) = (mem.read_i32(dsteps, n).unwrap(), mem.read_i32(dodd, n).unwrap());
    for i in 0..n {
        let (mut v, mut count, mut odds) = (start[i], 0, 0);
        while v > 1 {
            count += 1;
            if count > 1000 {
                break;
            }
            if v % 2 == 0 {
                v >>= 1;
            } else {
                odds += 1;
                v = v.wrapping_mul(3).wrapping_add(1);
            }
        }
        assert_eq!(steps[i], count, "steps of {}", start[i]);
        assert_eq!(odd[i], if odds > 0 { odds } else { -1 }, "odd steps of {}", start[i]);
    }
    assert_eq!(steps[4], 111, "27 takes 111 steps");
}

#[test]
fn every_index_in_odd_3d_blocks_and_grids() {
    let module = module("control_flow");
    let (grid, block) = ([3u32, 2, 2], [5u32, 3, 2]);
    let total = (3 * 2 * 2 * 5 * 3 * 2) as usize;
    let mut mem = DeviceMemory::new();
    let dout = mem.alloc_zeroed(32 * total).unwrap();
    let report = run_clean(&module, "indices", cfg(grid, block), &[KernelArg::Ptr(dout)], &[], &mut mem);
    assert_eq!((report.metrics.threads, report.metrics.blocks), (total as u64, 12));
    let got = mem.read_i32(dout, 8 * total).unwrap();
    let mut gid = 0;
    for bz in 0..2 {
        for by in 0..2 {
            for bx in 0..3 {
                for tz in 0..2 {
                    for ty in 0..3 {
                        for tx in 0..5 {
                            assert_eq!(
                                &got[8 * gid..8 * gid + 8],
                                &[tx, ty, tz, bx, by, bz, 50302, 30202],
                                "thread {gid}"
                            );
                            gid += 1;
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn static_and_dynamic_shared_memory_do_not_overlap() {
    let module = module("control_flow");
    let n = 48usize;
    let input: Vec<i32> = (0..n as i32).map(|v| v * 7).collect();
    let mut mem = DeviceMemory::new();
    let din = mem.alloc_i32(&input).unwrap();
    let dout = mem.alloc_zeroed(4 * n).unwrap();
    let config =
        emulator::LaunchConfig { grid: [1, 1, 1], block: [n as u32, 1, 1], dynamic_shared_bytes: 4 * n as u32 };
    let report =
        run_clean(&module, "mixed_shared", config, &[KernelArg::Ptr(din), KernelArg::Ptr(dout)], &[], &mut mem);
    let expected: Vec<i32> = (0..n).map(|t| input[n - 1 - t] + 1000 + (t % 16) as i32).collect();
    assert_eq!(mem.read_i32(dout, n).unwrap(), expected);
    assert_eq!((report.metrics.static_shared_bytes, report.metrics.dynamic_shared_bytes), (64, 4 * n as u64));
}
