//! The per-line traffic probe (`Options::traffic_per_line`) on hand-worked kernels: each line's
//! counts, worked out from the source, and the lines summing to the launch's metrics exactly.

use crate::common::*;
use emulator::{DeviceMemory, KernelArg, LaunchReport, LineCounts, Metrics, Options};

fn line_of(cu: &str, needle: &str) -> u32 {
    let src = fixture_text(cu);
    let hits: Vec<usize> = src.lines().enumerate().filter(|(_, l)| l.contains(needle)).map(|(i, _)| i + 1).collect();
    assert_eq!(hits.len(), 1, "{needle} in {cu}");
    hits[0] as u32
}

/// Every per-line count summed over the lines equals the launch's counter of that name, or the
/// counters it sums.
fn assert_lines_sum_to_metrics(r: &LaunchReport) {
    let m = &r.metrics;
    let metric = |name: &str| m.counters().find(|c| c.0 == name).map(|c| c.1);
    for (i, name) in LineCounts::NAMES.iter().enumerate() {
        let sum: u64 = r.lines.iter().map(|l| l.counters().nth(i).unwrap().1).sum();
        let expected = match *name {
            "other_memory_bytes" => m.const_load_bytes + m.param_load_bytes + m.local_load_bytes + m.local_store_bytes,
            "atomic_bytes" => m.global_atomic_bytes + m.shared_atomic_bytes,
            _ => metric(name).unwrap_or_else(|| panic!("`{name}` is no metric")),
        };
        assert_eq!(sum, expected, "{name}");
    }
    assert!(Metrics::NAMES.contains(&"flops") && LineCounts::NAMES.contains(&"global_load_sectors"));
}

#[test]
fn basic_convolution_loads_on_the_tap_line() {
    // The 5×4 image, 3×3 filter of metrics.rs: 130 in-range taps, each one N and one F load.
    let module = module("conv2d_basic");
    let (w, h) = (5usize, 4usize);
    let n: Vec<f32> = (0..w * h).map(|i| i as f32 * 0.5).collect();
    let mut mem = DeviceMemory::new();
    let (dn, df) = (mem.alloc_f32(&n).unwrap(), mem.alloc_f32(&[1.0f32; 9]).unwrap());
    let dp = mem.alloc_zeroed(4 * w * h).unwrap();
    let args = [
        KernelArg::Ptr(dn),
        KernelArg::Ptr(df),
        KernelArg::Ptr(dp),
        KernelArg::I32(1),
        KernelArg::I32(w as i32),
        KernelArg::I32(h as i32),
    ];
    let opts = Options { traffic_per_line: true, ..Options::default() };
    let r = run_with(&module, "convolution_2D_basic_kernel", cfg([1, 1, 1], [8, 8, 1]), &args, &[], &mut mem, &opts);
    assert_clean("conv2d_basic", &r);
    let at = |needle: &str| {
        let line = line_of("conv2d_basic.cu", needle);
        r.lines
            .iter()
            .find(|l| l.line == line)
            .unwrap_or_else(|| panic!("no counts for line {line}: {:#?}", r.lines))
            .clone()
    };
    let tap = at("Pvalue += F[");
    assert_eq!((tap.global_loads, tap.global_load_bytes, tap.flops), (260, 1040, 260));
    assert_eq!((tap.global_load_requests, tap.global_load_sectors), (18, 33));
    assert_eq!(tap.global_store_bytes, 0);
    let store = at("P[outRow * width + outCol] = Pvalue;");
    assert_eq!((store.global_store_bytes, store.global_loads), (80, 0));
    assert!(r.lines.windows(2).all(|w| w[0].line < w[1].line), "in line order");
    assert!(r.lines.iter().all(|l| l.file.ends_with("conv2d_basic.cu")), "{:?}", r.lines);
    assert_lines_sum_to_metrics(&r);
    // Off by default: nothing counted per line.
    let mut mem2 = DeviceMemory::new();
    let (dn, df) = (mem2.alloc_f32(&n).unwrap(), mem2.alloc_f32(&[1.0f32; 9]).unwrap());
    let dp = mem2.alloc_zeroed(4 * w * h).unwrap();
    let args = [KernelArg::Ptr(dn), KernelArg::Ptr(df), KernelArg::Ptr(dp), args[3], args[4], args[5]];
    let r = run_with(
        &module,
        "convolution_2D_basic_kernel",
        cfg([1, 1, 1], [8, 8, 1]),
        &args,
        &[],
        &mut mem2,
        &Options::default(),
    );
    assert!(r.lines.is_empty());
}

#[test]
fn tiled_convolution_lines_sum_to_the_metrics() {
    // Shared memory, constant memory, barriers and bank conflicts on several lines.
    let module = module("conv2d_tiled");
    let (w, h) = (70usize, 45usize);
    let mut g = rng(60);
    let n = random_f32(&mut g, w * h);
    let fb = f32_bytes(&random_f32(&mut g, 25));
    let mut mem = DeviceMemory::new();
    let dn = mem.alloc_f32(&n).unwrap();
    let dp = mem.alloc_zeroed(4 * w * h).unwrap();
    let opts = Options { traffic_per_line: true, threads: 2, ..Options::default() };
    let r = run_with(
        &module,
        "convolution_tiled_2D_const_mem_kernel",
        cfg([3, 2, 1], [32, 32, 1]),
        &[KernelArg::Ptr(dn), KernelArg::Ptr(dp), KernelArg::I32(w as i32), KernelArg::I32(h as i32)],
        &[("F", &fb)],
        &mut mem,
        &opts,
    );
    assert_clean("conv2d_tiled", &r);
    assert_lines_sum_to_metrics(&r);
    // Only the tile load reads global memory: one line.
    let loading: Vec<&LineCounts> = r.lines.iter().filter(|l| l.global_loads > 0).collect();
    assert_eq!(loading.len(), 1, "{loading:#?}");
    assert!(r.lines.iter().any(|l| l.shared_load_bytes > 0 && l.flops > 0), "the taps read the tile");
}

#[test]
fn loads_per_element_of_the_basic_convolution() {
    // 5×4 image, r = 1: pixel (x, y) is loaded by every output whose 3×3 window holds it, so
    // (in-range neighbour columns) × (in-range neighbour rows) times: 9 inside, 6 on an edge,
    // 4 in a corner. The filter's 9 values together: once per in-range tap, 130.
    let module = module("conv2d_basic");
    let (w, h) = (5usize, 4usize);
    let mut mem = DeviceMemory::new();
    let dn = mem.alloc_f32(&vec![1.0; w * h]).unwrap();
    let df = mem.alloc_f32(&[1.0f32; 9]).unwrap();
    let dp = mem.alloc_zeroed(4 * w * h).unwrap();
    let args = [
        KernelArg::Ptr(dn),
        KernelArg::Ptr(df),
        KernelArg::Ptr(dp),
        KernelArg::I32(1),
        KernelArg::I32(w as i32),
        KernelArg::I32(h as i32),
    ];
    let opts = Options { loads_per_element: true, ..Options::default() };
    let r = run_with(&module, "convolution_2D_basic_kernel", cfg([1, 1, 1], [8, 8, 1]), &args, &[], &mut mem, &opts);
    let of = |p: emulator::DevicePtr| r.element_loads.iter().find(|(b, _)| *b == p).map(|(_, c)| c.clone()).unwrap();
    let span = |i: usize, n: usize| (i.saturating_sub(1)..=(i + 1).min(n - 1)).count() as u32;
    let expected: Vec<u32> = (0..w * h).map(|i| span(i % w, w) * span(i / w, h)).collect();
    assert_eq!(of(dn), expected);
    assert_eq!(of(df).iter().sum::<u32>(), 130);
    assert_eq!(of(dp), vec![0; w * h], "the output is only stored");
    let loads: u32 = r.element_loads.iter().flat_map(|(_, c)| c).sum();
    assert_eq!(loads as u64, r.metrics.global_loads);
}
