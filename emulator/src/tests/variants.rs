//! NVRTC 12.9 output for natural variations of the course's kernels (`testdata/variants.cu`):
//! everything must load, and a few are run against CPU results.

use super::*;

const VARIANTS: &str = include_str!("../testdata/variants.ptx");

#[test]
fn every_variant_loads() {
    let m = Module::parse(VARIANTS).unwrap_or_else(|e| panic!("{e}"));
    let names: Vec<String> = m.kernels().into_iter().map(|k| k.name).collect();
    for k in ["k_int", "k_double", "k_fast", "k_atomic", "k_warp", "k_misc", "k_stencil"] {
        assert!(names.iter().any(|n| n == k), "{k} missing from {names:?}");
    }
    assert_eq!(m.kernel("k_misc").unwrap().static_shared_bytes, 256);
    assert!(m.constant_symbols().iter().any(|(n, s)| n == "ctab" && *s == 16));
}

fn run(
    m: &Module,
    mem: &mut DeviceMemory,
    kernel: &str,
    grid: [u32; 3],
    block: [u32; 3],
    args: &[KernelArg],
) -> LaunchReport {
    let rep = launch(
        m,
        &Launch { kernel, config: LaunchConfig { grid, block, dynamic_shared_bytes: 0 }, args, constants: &[] },
        mem,
        &opts(2),
    )
    .unwrap();
    assert!(rep.completed && rep.findings.is_empty(), "{kernel}: {:?}", rep.findings);
    rep
}

#[test]
fn integer_variant_matches_cpu() {
    let m = Module::parse(VARIANTS).unwrap();
    let n = 300usize;
    let a: Vec<i32> = (0..n as i32).map(|i| (i * 37) % 101 - 50).collect();
    let mut mem = DeviceMemory::new();
    let da = mem.alloc_i32(&a).unwrap();
    let db = mem.alloc_zeroed(4 * n).unwrap();
    run(
        &m,
        &mut mem,
        "k_int",
        [3, 1, 1],
        [128, 1, 1],
        &[KernelArg::Ptr(da), KernelArg::Ptr(db), KernelArg::U32(n as u32)],
    );
    let b = mem.read_i32(db, n).unwrap();
    for (i, &got) in b.iter().enumerate() {
        let mut acc = 0i32;
        for k in -2i32..=2 {
            let j = (i as i32 + k).clamp(0, n as i32 - 1) as usize;
            acc += a[j] * (k + 3);
        }
        let want = acc / 7 + acc % 5 - (acc >> 2) + ((acc as u32) >> 3) as i32;
        assert_eq!(got, want, "index {i}");
    }
}

#[test]
fn warp_and_atomic_variants_run() {
    let m = Module::parse(VARIANTS).unwrap();
    let mut mem = DeviceMemory::new();
    let a: Vec<i32> = (0..32).map(|i| i - 5).collect();
    let da = mem.alloc_i32(&a).unwrap();
    let db = mem.alloc_zeroed(4 * 32).unwrap();
    run(&m, &mut mem, "k_warp", [1, 1, 1], [32, 1, 1], &[KernelArg::Ptr(da), KernelArg::Ptr(db)]);
    // Shuffle/vote results are checked one by one in `instructions`; here: it runs clean.
    // Atomics: 1000 small floats summed (exact in f32 whatever the order), histogram of 8 bins, max index.
    let n = 1000usize;
    let vals: Vec<f32> = (0..n).map(|i| (i % 8) as f32).collect();
    let dv = mem.alloc_f32(&vals).unwrap();
    let dsum = mem.alloc_zeroed(4).unwrap();
    let dh = mem.alloc_zeroed(4 * 8).unwrap();
    let dm = mem.alloc_zeroed(4 * 9).unwrap();
    run(
        &m,
        &mut mem,
        "k_atomic",
        [4, 1, 1],
        [256, 1, 1],
        &[KernelArg::Ptr(dv), KernelArg::Ptr(dsum), KernelArg::Ptr(dh), KernelArg::Ptr(dm), KernelArg::I32(n as i32)],
    );
    assert_eq!(mem.read_f32(dsum, 1).unwrap()[0], vals.iter().sum::<f32>());
    assert_eq!(mem.read_i32(dh, 8).unwrap(), vec![125; 8]);
    let mx = mem.read_i32(dm, 9).unwrap();
    assert_eq!(mx[0], 999);
    assert_eq!(mx[1], -999);
    // atomicInc(p, 100) wraps to 0 after 100: 1000 increments from 0 leave 1000 mod 101.
    assert_eq!(mx[7], 1000 % 101);
    // atomicDec(p, 100) wraps from 0 to 100: 1000 decrements leave (-1000) mod 101.
    assert_eq!(mx[8], (-1000i32).rem_euclid(101));
}

#[test]
fn stencil_variant_matches_cpu() {
    let m = Module::parse(VARIANTS).unwrap();
    let n = 20usize;
    let input = image(n * n * n, 9);
    let mut mem = DeviceMemory::new();
    let di = mem.alloc_f32(&input).unwrap();
    let dout = mem.alloc_f32(&input).unwrap();
    run(
        &m,
        &mut mem,
        "k_stencil",
        [3, 3, 3],
        [8, 8, 8],
        &[KernelArg::Ptr(di), KernelArg::Ptr(dout), KernelArg::U32(n as u32)],
    );
    let out = mem.read_f32(dout, n * n * n).unwrap();
    let at = |i: usize, j: usize, k: usize| input[i * n * n + j * n + k];
    for i in 1..n - 1 {
        for j in 1..n - 1 {
            for k in 1..n - 1 {
                let want = 0.5 * at(i, j, k)
                    + 0.1 * at(i, j, k - 1)
                    + 0.1 * at(i, j, k + 1)
                    + 0.1 * at(i, j - 1, k)
                    + 0.1 * at(i, j + 1, k)
                    + 0.05 * at(i - 1, j, k)
                    + 0.05 * at(i + 1, j, k);
                let got = out[i * n * n + j * n + k];
                assert!((got - want).abs() < 1e-4, "({i},{j},{k}): {got} vs {want}");
            }
        }
    }
}

/// Every `.ptx` file in `$PTX_DIR` loads (for checking a batch of NVRTC outputs by hand).
#[test]
#[ignore = "needs PTX_DIR"]
fn every_ptx_in_dir_loads() {
    let dir = std::env::var("PTX_DIR").expect("set PTX_DIR");
    let mut n = 0;
    for e in std::fs::read_dir(&dir).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "ptx") {
            let text = std::fs::read_to_string(&p).unwrap();
            match Module::parse(&text) {
                Ok(m) => eprintln!(
                    "{}: ok, kernels {:?}",
                    p.display(),
                    m.kernels().iter().map(|k| &k.name).collect::<Vec<_>>()
                ),
                Err(e) => panic!("{}: {e}", p.display()),
            }
            n += 1;
        }
    }
    assert!(n > 0, "no .ptx files in {dir}");
}
