//! `Options { threads: 1 }` and `threads: 0` (one worker per core) must give identical outputs,
//! metrics and findings: the results never depend on how blocks are spread over workers.

use crate::common::*;
use emulator::{DeviceMemory, KernelArg, LaunchReport, Options};

/// Runs `setup` twice (fresh memory each time) with 1 and with all workers; compares everything.
fn same_with_any_workers(what: &str, setup: impl Fn(&mut DeviceMemory, &Options) -> (LaunchReport, Vec<u8>)) {
    let mut mem1 = DeviceMemory::new();
    let (r1, out1) = setup(&mut mem1, &Options { threads: 1, ..Options::default() });
    let mut mem_n = DeviceMemory::new();
    let (rn, out_n) = setup(&mut mem_n, &Options { threads: 0, ..Options::default() });
    assert_eq!(r1.metrics, rn.metrics, "{what}: metrics differ");
    assert_eq!(r1.findings, rn.findings, "{what}: findings differ");
    assert_eq!(r1.findings_dropped, rn.findings_dropped, "{what}: dropped findings differ");
    assert_eq!(r1.completed, rn.completed, "{what}: completion differs");
    assert!(out1 == out_n, "{what}: outputs differ");
}

#[test]
fn tiled_convolution_same_with_any_workers() {
    let module = module("conv2d_tiled");
    let (w, h) = (150usize, 97usize);
    let mut rng = rng(50);
    let n = random_f32(&mut rng, w * h);
    let fb = f32_bytes(&random_f32(&mut rng, 25));
    same_with_any_workers("conv2d_tiled", |mem, opts| {
        let dn = mem.alloc_f32(&n).unwrap();
        let dp = mem.alloc_zeroed(4 * w * h).unwrap();
        let r = run_with(
            &module,
            "convolution_tiled_2D_const_mem_kernel",
            cfg([6, 4, 1], [32, 32, 1]),
            &[KernelArg::Ptr(dn), KernelArg::Ptr(dp), KernelArg::I32(w as i32), KernelArg::I32(h as i32)],
            &[("F", &fb)],
            mem,
            opts,
        );
        (r, mem.read_bytes(dp, 4 * w * h).unwrap())
    });
}

#[test]
fn stencil_coarsened_same_with_any_workers() {
    let module = module("stencil3d_coarsened");
    let n = 40usize;
    let input = random_f32(&mut rng(51), n * n * n);
    same_with_any_workers("stencil3d_coarsened", |mem, opts| {
        let din = mem.alloc_f32(&input).unwrap();
        let dout = mem.alloc_f32(&input).unwrap();
        let r = run_with(
            &module,
            "stencil_kernel",
            cfg([2, 2, 2], [32, 32, 1]),
            &[KernelArg::Ptr(din), KernelArg::Ptr(dout), KernelArg::U32(n as u32)],
            &[],
            mem,
            opts,
        );
        (r, mem.read_bytes(dout, 4 * n * n * n).unwrap())
    });
}

#[test]
fn atomics_same_with_any_workers() {
    let module = module("histogram");
    let data: Vec<u8> = (0..5000u32).map(|i| (i.wrapping_mul(2654435761) >> 24) as u8).collect();
    same_with_any_workers("histogram_shared", |mem, opts| {
        let dd = mem.alloc_bytes(&data).unwrap();
        let bins = mem.alloc_zeroed(64).unwrap();
        let r = run_with(
            &module,
            "histogram_shared",
            cfg([8, 1, 1], [96, 1, 1]),
            &[KernelArg::Ptr(dd), KernelArg::Ptr(bins), KernelArg::I32(data.len() as i32)],
            &[],
            mem,
            opts,
        );
        (r, mem.read_bytes(bins, 64).unwrap())
    });
}

#[test]
fn findings_same_with_any_workers() {
    // Races in every block, and an out-of-bounds fault in a middle block: the findings kept (the
    // first ones in a deterministic order) and the count dropped must not depend on workers.
    let racy = module("bugs/missing_sync");
    let (w, h) = (100usize, 90usize);
    let n = random_f32(&mut rng(52), w * h);
    let fb = f32_bytes(&random_f32(&mut rng(53), 25));
    same_with_any_workers("missing_sync", |mem, opts| {
        let dn = mem.alloc_f32(&n).unwrap();
        let dp = mem.alloc_zeroed(4 * w * h).unwrap();
        let r = run_with(
            &racy,
            "convolution_tiled_2D_const_mem_kernel",
            cfg([4, 4, 1], [32, 32, 1]),
            &[KernelArg::Ptr(dn), KernelArg::Ptr(dp), KernelArg::I32(w as i32), KernelArg::I32(h as i32)],
            &[("F", &fb)],
            mem,
            opts,
        );
        (r, mem.read_bytes(dp, 4 * w * h).unwrap())
    });
    let oob = module("bugs/oob_global_read");
    same_with_any_workers("oob_global_read", |mem, opts| {
        let din = mem.alloc_f32(&vec![1.0; 1000]).unwrap();
        let dout = mem.alloc_zeroed(4 * 2048).unwrap();
        let r = run_with(
            &oob,
            "copy_no_check",
            cfg([64, 1, 1], [32, 1, 1]),
            &[KernelArg::Ptr(din), KernelArg::Ptr(dout), KernelArg::I32(1000)],
            &[],
            mem,
            opts,
        );
        (r, Vec::new()) // the output of a faulting launch is not defined
    });
    let spin = module("bugs/infinite_loop");
    same_with_any_workers("infinite_loop", |mem, opts| {
        let flag = mem.alloc_i32(&[0]).unwrap();
        let dout = mem.alloc_zeroed(4 * 64).unwrap();
        let opts = Options { instruction_budget: 1_000_000, ..opts.clone() };
        let r = run_with(
            &spin,
            "spin_forever",
            cfg([8, 1, 1], [64, 1, 1]),
            &[KernelArg::Ptr(flag), KernelArg::Ptr(dout)],
            &[],
            mem,
            &opts,
        );
        (r, Vec::new())
    });
}

#[test]
fn float_atomics_same_with_any_workers() {
    // Float addition is not associative: the emulator must apply the atomics of different blocks
    // in an order that does not depend on the workers, or the sum's last bits vary from run to
    // run. Several runs with more workers than cores make an interleaving all but certain.
    let module = module("atomic_float");
    let input: Vec<f32> = random_f32(&mut rng(54), 300_000).iter().map(|v| v * 1000.0).collect();
    let run = |threads: usize| -> (emulator::LaunchReport, f32) {
        let mut mem = DeviceMemory::new();
        let din = mem.alloc_f32(&input).unwrap();
        let dsum = mem.alloc_zeroed(4).unwrap();
        let opts = Options { threads, ..Options::default() };
        let r = run_with(
            &module,
            "atomic_float_sum",
            cfg([1172, 1, 1], [256, 1, 1]),
            &[KernelArg::Ptr(din), KernelArg::Ptr(dsum), KernelArg::I32(input.len() as i32)],
            &[],
            &mut mem,
            &opts,
        );
        (r, mem.read_f32(dsum, 1).unwrap()[0])
    };
    let (r1, sum1) = run(1);
    assert_clean("atomic_float_sum", &r1);
    // The total is the sum within the rounding of 300 000 additions.
    let exact: f64 = input.iter().map(|&v| v as f64).sum();
    let magnitude: f64 = input.iter().map(|&v| (v as f64).abs()).sum();
    assert_close_bound("atomic float sum", &[sum1], &[exact], &[magnitude], input.len());
    for (attempt, threads) in [0, 4, 0, 4, 8].into_iter().enumerate() {
        let (r, sum) = run(threads);
        assert_eq!(r.metrics, r1.metrics, "metrics with {threads} workers");
        assert_eq!(sum.to_bits(), sum1.to_bits(), "run {attempt}: sum {sum} with {threads} workers, {sum1} with 1");
    }
}
