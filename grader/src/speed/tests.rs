use super::*;

fn metrics(f: impl FnOnce(&mut Metrics)) -> Metrics {
    let mut m = Metrics::default();
    f(&mut m);
    m
}

#[test]
fn the_bound_is_the_slowest_bounding_resource_at_its_peak() {
    // 1 GB loaded and 1 GB stored: DRAM needs (1e9 + 1e9 − 50 MiB) / 3.35e12 s.
    let w = Work { loaded_bytes: 1e9, stored_bytes: 1e9, warp_instructions: 1e12, l1_sectors: 1e12, ..Work::default() };
    let b = bound_seconds(&w, &H100);
    let dram = (2e9 - 50.0 * 1024.0 * 1024.0) / 3.35e12;
    assert!((b[0].unwrap() - dram).abs() < 1e-12, "{b:?}");
    assert_eq!(b[2], None, "instructions do not bound");
    assert_eq!(b[3], None, "sectors do not bound");
    // A billion wavefronts over 132 SMs at 1.98 GHz, one a clock: 3.8 ms, more than DRAM's.
    let w = Work { shared_wavefronts: 4e9, shared_wavefronts_if_merged: 1e9, ..w };
    let b = bound_seconds(&w, &H100);
    assert!((b[1].unwrap() - 1e9 / (132.0 * 1.98e9)).abs() < 1e-15);
    let timing = TimingShape { outputs: 1 << 26, blocks: 1 << 16 };
    let p = predict(Scaled { bound: w, estimate: w }, timing, None, &[], &H100);
    assert_eq!(p.binding, Resource::SharedWavefronts);
    assert!((p.bound_ms - 1e3 * 1e9 / (132.0 * 1.98e9)).abs() < 1e-9);
    // % of copy: the copy of 2 × 4 × 2^26 bytes at 2,989 GB/s over the bound.
    let copy = 8.0 * (1u64 << 26) as f64 / 2.989e12;
    assert!((p.at_most_percent_of_copy - 100.0 * copy / (p.bound_ms / 1e3)).abs() < 1e-9);
}

#[test]
fn stores_the_l2_can_hold_are_not_dram_traffic() {
    let w = Work { loaded_bytes: 0.0, stored_bytes: 10e6, ..Work::default() };
    assert_eq!(bound_seconds(&w, &H100)[0], Some(0.0));
}

#[test]
fn counts_scale_by_the_smaller_growth_for_the_bound_and_by_outputs_and_blocks_for_the_estimate() {
    // Work = 3 per output + 100 per block, measured at two sizes.
    let at = |outputs: u64, blocks: u64| {
        metrics(|m| {
            m.warp_instructions = 3 * outputs + 100 * blocks;
            m.global_store_bytes = 4 * outputs;
        })
    };
    let (m1, m2) = (at(1000, 10), at(400, 8));
    let first = Launch { metrics: &m1, outputs: 1000, blocks: 10 };
    let second = Launch { metrics: &m2, outputs: 400, blocks: 8 };
    let timing = TimingShape { outputs: 100_000, blocks: 500 };
    let s = scale(first, Some(second), timing);
    assert!((s.estimate.warp_instructions - (3.0 * 100_000.0 + 100.0 * 500.0)).abs() < 1e-6, "{s:?}");
    // The bound: ×50 (blocks) rather than ×100 (outputs).
    assert!((s.bound.warp_instructions - 50.0 * m1.warp_instructions as f64).abs() < 1e-6);
    assert!((s.bound.stored_bytes - 50.0 * 4000.0).abs() < 1e-6);
    // No second case: in proportion to the outputs; stores at most the output.
    let s = scale(first, None, timing);
    assert!((s.estimate.warp_instructions - 100.0 * m1.warp_instructions as f64).abs() < 1e-6);
    assert_eq!(s.estimate.stored_bytes, 400_000.0);
    // A fit with a negative part falls back to the proportion.
    let m3 = metrics(|m| m.warp_instructions = 10);
    let s = scale(first, Some(Launch { metrics: &m3, outputs: 400, blocks: 8 }), timing);
    assert!((s.estimate.warp_instructions - 100.0 * m1.warp_instructions as f64).abs() < 1e-6);
}

#[test]
fn the_estimate_is_the_slowest_resource_at_its_efficiency() {
    let w = Work { loaded_bytes: 2.989e9, ..Work::default() };
    let (s, r) = estimate_seconds(&w, None, &H100, &[0.5, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0]);
    assert_eq!(r, Resource::Dram);
    assert!((s - 2e-3).abs() < 1e-12, "1 ms at copy speed, 2 ms at half of it: {s}");
}

#[test]
fn the_fit_finds_the_efficiencies_that_made_the_times() {
    // Kernels limited by different resources, timed as if at efficiencies 0.8 / 0.5 / 0.3 / 0.4.
    let truth = [0.8, 0.5, 0.3, 0.4, 0.01, 0.2, 2.0];
    // Each resource the slowest in some kernels (else nothing could tell its efficiency).
    let samples: Vec<([f64; RESOURCES], f64)> = (0..60)
        .map(|i| {
            let mut raw = [0.0; RESOURCES];
            for (r, x) in raw.iter_mut().enumerate() {
                *x = 0.01 * ((i + r) % 5 + 1) as f64 * truth[r];
            }
            raw[i % RESOURCES] = (1 + i % 4) as f64 * truth[i % RESOURCES];
            let t = raw.iter().zip(&truth).map(|(r, e)| r / e).fold(0.0, f64::max);
            (raw, t)
        })
        .collect();
    let e = corpus::fit(&samples);
    for (got, want) in e.iter().zip(truth) {
        assert!((got / want - 1.0).abs() < 0.07, "{e:?}");
    }
}
