//! The clocks advance with the modelled latency of loads (`gpu::LoadLatency`), as a GPU's do:
//! a kernel that times its loads reads figures of the order an H100/H200 gives, not a few
//! cycles.

use super::sregs::run_grid;

/// `%clock64` around `passes` walks over the 8 sectors of `out` (8 dependent `__ldcg` loads
/// each: every address adds the value loaded, 0), the difference of the last walk in `%res`.
fn timed_walks(passes: usize, shared: bool) -> Vec<u64> {
    let mut body = String::from("ld.param.u64 %rd9, [out];\n cvta.to.global.u64 %rd9, %rd9;\n");
    for _ in 0..passes {
        body += "mov.u64 %rd3, %rd9;\n mov.u64 %rd1, %clock64;\n";
        for _ in 0..8 {
            body += if shared {
                "ld.shared.u64 %rd4, [%rd5];\n add.s64 %rd5, %rd5, %rd4;\n"
            } else {
                "ld.global.cg.u64 %rd4, [%rd3];\n add.s64 %rd3, %rd3, %rd4;\n add.s64 %rd3, %rd3, 32;\n"
            };
        }
        body += "mov.u64 %rd2, %clock64;\n sub.u64 %res, %rd2, %rd1;\n";
    }
    if shared {
        body = format!(".shared .align 8 .b8 s[64];\n mov.u64 %rd5, s;\n{body}");
    }
    let (v, rep) = run_grid(&body, 1, 32, 1);
    assert!(rep.completed, "{:?}", rep.findings);
    v
}

#[test]
fn eight_dependent_global_loads_take_thousands_of_cycles() {
    let first = timed_walks(1, false);
    // Sectors no thread read before: about 600 cycles each (DRAM), as an H200 reads 2,000-2,900.
    assert!(first.iter().all(|&c| (8 * 200..8 * 1000).contains(&c)), "{first:?}");
    // The same sectors again: served by L2, faster, still hundreds of cycles each.
    let again = timed_walks(2, false);
    assert!(again.iter().all(|&c| (8 * 200..first[0]).contains(&c)), "{again:?} after {first:?}");
}

#[test]
fn shared_loads_take_tens_of_cycles() {
    let v = timed_walks(1, true);
    assert!(v.iter().all(|&c| (8 * 20..8 * 100).contains(&c)), "{v:?}");
}
