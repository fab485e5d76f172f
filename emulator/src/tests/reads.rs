//! How global reads are counted: every instruction that reads global memory into a thread
//! (loads of every cache qualifier, vector and generic loads, atomics that return a value) and
//! the fewest sectors a request of its width needs.

use super::instructions::run_snippet_cfg;

/// Every instruction that reads global memory into a thread is a load, counted in bytes,
/// requests, sectors and compulsory bytes alike: each snippet reads the 32 lanes' consecutive
/// 8-byte words of `out` once (256 bytes, 8 sectors, the minimum), whatever the path.
#[test]
fn every_read_of_global_memory_is_a_load_whatever_the_instruction() {
    let address = "ld.param.u64 %rd1, [out];\n mul.wide.u32 %rd2, %tx, 8;\n add.s64 %rd3, %rd1, %rd2;\n";
    let reads = [
        ("plain", "ld.global.u64 %rd4, [%rd3];"),
        ("__ldg", "ld.global.nc.u64 %rd4, [%rd3];"),
        ("__ldcg", "ld.global.cg.u64 %rd4, [%rd3];"),
        ("__ldcs", "ld.global.cs.u64 %rd4, [%rd3];"),
        ("__ldlu", "ld.global.lu.u64 %rd4, [%rd3];"),
        ("volatile", "ld.volatile.global.u64 %rd4, [%rd3];"),
        ("generic", "ld.u64 %rd4, [%rd3];"),
        ("vector", "ld.global.v2.u32 {%r4, %r5}, [%rd3];"),
        ("atomicAdd(p, 0)", "atom.global.add.u64 %rd4, [%rd3], 0;"),
        ("atomicOr(p, 0)", "atom.global.or.b64 %rd4, [%rd3], 0;"),
        ("atomicCAS(p, v, v)", "atom.global.cas.b64 %rd4, [%rd3], 0, 0;"),
        ("atomicMax(p, 0)", "atom.global.max.u64 %rd4, [%rd3], 0;"),
        ("atomicExch", "atom.global.exch.b64 %rd4, [%rd3], 0;"),
    ];
    for (what, read) in reads {
        let (_, rep) = run_snippet_cfg(&format!("{address} {read}"), "", 32, "", &[], 0);
        assert!(rep.completed && rep.findings.is_empty(), "{what}: {:?}", rep.findings);
        let m = &rep.metrics;
        assert_eq!(
            (m.global_load_bytes, m.global_load_requests, m.global_load_sectors, m.global_load_minimum_sectors),
            (256, 1, 8, 8),
            "{what}"
        );
        assert_eq!(m.unique_global_load_bytes, 256, "{what}: compulsory bytes");
    }
    // A reduction returns nothing: it updates memory, but no thread reads a value.
    let (_, rep) = run_snippet_cfg(&format!("{address} red.global.add.u64 [%rd3], 1;"), "", 32, "", &[], 0);
    assert_eq!((rep.metrics.global_load_bytes, rep.metrics.global_atomic_bytes), (0, 256));
    // A float atomicAdd reads (and adds: one FLOP per lane); 4 bytes 8 apart: 8 sectors, 4 at least.
    let body = format!("{address} mov.f32 %f1, 0f00000000;\n atom.global.add.f32 %f2, [%rd3], %f1;");
    let (_, rep) = run_snippet_cfg(&body, "", 32, "", &[], 0);
    let m = &rep.metrics;
    assert_eq!((m.global_load_bytes, m.global_load_sectors, m.global_load_minimum_sectors, m.flops), (128, 8, 4, 32));
}

/// Coalescing is judged against the fewest sectors a request's width needs.
#[test]
fn the_minimum_sectors_follow_the_access_width() {
    let load = |stride: u32, width: &str| {
        let body = format!(
            "ld.param.u64 %rd1, [out];\n mul.wide.u32 %rd2, %tx, {stride};\n add.s64 %rd3, %rd1, %rd2;\n {width}"
        );
        let (_, rep) = run_snippet_cfg(&body, "", 32, "", &[], 0);
        assert!(rep.completed, "{width}");
        (rep.metrics.global_load_sectors, rep.metrics.global_load_minimum_sectors)
    };
    // Half a warp's float4 loads (`out` holds 256 bytes), consecutive: 8 sectors, the minimum
    // (a whole warp's are 16, the probe's own test).
    let half_warp_float4 = "setp.lt.u32 %p1, %tx, 16;\n @%p1 ld.global.v4.f32 {%f1, %f2, %f3, %f4}, [%rd3];";
    assert_eq!(load(16, half_warp_float4), (8, 8));
    // 4-byte loads: 4 sectors coalesced; 8 bytes apart, twice the minimum.
    assert_eq!(load(4, "ld.global.f32 %f1, [%rd3];"), (4, 4));
    assert_eq!(load(8, "ld.global.f32 %f1, [%rd3];"), (8, 4));
    // Every lane the same word: a broadcast needs one sector.
    assert_eq!(load(0, "ld.global.f32 %f1, [%rd3];"), (1, 1));
    // Lanes in reverse order: the same sectors as in order.
    let body = "ld.param.u64 %rd1, [out];\n sub.u32 %r1, 31, %tx;\n mul.wide.u32 %rd2, %r1, 4;\n add.s64 %rd3, %rd1, %rd2;\n ld.global.f32 %f1, [%rd3];";
    let (_, rep) = run_snippet_cfg(body, "", 32, "", &[], 0);
    assert_eq!((rep.metrics.global_load_sectors, rep.metrics.global_load_minimum_sectors), (4, 4));
}
