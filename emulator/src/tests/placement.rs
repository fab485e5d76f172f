//! Where buffers lie: at addresses like a GPU's (`cudaMalloc` on an H100), from a base that a
//! seed picks, ascending and aligned, with gaps so that running off one is still reported.

use super::*;

/// A kernel that reads `in[i]` (a float) for its one parameter `i` and stores it to `out[0]`.
const READ_AT: &str = r#"
.version 8.8
.target sm_75
.address_size 64

.visible .entry t(
    .param .u64 in,
    .param .u64 out,
    .param .u32 i
)
{
    .reg .b32 %r<4>;
    .reg .f32 %f<2>;
    .reg .b64 %rd<8>;
    .loc 1 5 1
    ld.param.u64 %rd1, [in];
    ld.param.u64 %rd2, [out];
    ld.param.u32 %r1, [i];
    cvta.to.global.u64 %rd3, %rd1;
    mul.wide.s32 %rd4, %r1, 4;
    add.s64 %rd5, %rd3, %rd4;
    .loc 1 6 1
    ld.global.f32 %f1, [%rd5];
    cvta.to.global.u64 %rd6, %rd2;
    .loc 1 7 1
    st.global.f32 [%rd6], %f1;
    ret;
}
.file 1 "placement.cu"
"#;

/// The bases of a memory's allocations of these sizes.
fn bases(mem: &mut DeviceMemory, sizes: &[usize]) -> Vec<u64> {
    sizes.iter().map(|&n| mem.alloc_zeroed(n).unwrap().0).collect()
}

#[test]
fn allocations_lie_where_a_gpus_do_ascending_and_aligned() {
    let sizes = [4096, 12, 4 << 20, 1000, 3 << 21, 1];
    for seed in [DEFAULT_MEMORY_SEED, 1, 2, 0xdead_beef, u64::MAX] {
        let b = bases(&mut DeviceMemory::with_seed(seed), &sizes);
        assert!((0x7f00_0000_0000..0x7fff_0000_0000).contains(&b[0]), "{seed}: {:#x}", b[0]);
        assert_eq!(b[0] % (2 << 20), 0, "{seed}: the first at a 2 MiB page");
        for (k, (&base, &n)) in b.iter().zip(&sizes).enumerate() {
            let align = if n >= 2 << 20 { 2 << 20 } else { 512 };
            assert_eq!(base % align, 0, "{seed}: allocation {k} of {n} bytes at {base:#x}");
            if k > 0 {
                assert!(base >= b[k - 1] + sizes[k - 1] as u64 + (1 << 24), "{seed}: ascending, with a gap");
            }
        }
        assert!(*b.last().unwrap() < crate::memory::FUNCTION_WINDOW, "below the generic windows");
    }
}

#[test]
fn two_seeds_give_two_bases_and_one_seed_always_the_same() {
    let first = |seed| DeviceMemory::with_seed(seed).alloc_zeroed(64).unwrap().0;
    assert_eq!(first(7), first(7));
    assert_eq!(DeviceMemory::new().alloc_zeroed(64).unwrap().0, first(DEFAULT_MEMORY_SEED));
    // The default base, as reports and snapshots show addresses near it.
    assert_eq!(first(DEFAULT_MEMORY_SEED), 0x7f92_b5e0_0000);
    let all: std::collections::BTreeSet<u64> = (0..64).map(first).collect();
    assert_eq!(all.len(), 64, "every seed its own base");
    assert_ne!(first(1), first(2));
}

#[test]
fn a_read_past_an_allocation_is_out_of_bounds_whatever_the_seed() {
    let m = Module::parse(READ_AT).unwrap();
    for seed in [DEFAULT_MEMORY_SEED, 3, 0x5eed] {
        for (i, expect_fault) in [(15, false), (16, true), (1 << 20, true), (-1, true)] {
            let mut mem = DeviceMemory::with_seed(seed);
            let input = mem.alloc_f32(&[1.5; 16]).unwrap();
            let out = mem.alloc_zeroed(4).unwrap();
            let rep = launch(
                &m,
                &Launch {
                    kernel: "t",
                    config: LaunchConfig { grid: [1, 1, 1], block: [1, 1, 1], dynamic_shared_bytes: 0 },
                    args: &[KernelArg::Ptr(input), KernelArg::Ptr(out), KernelArg::I32(i)],
                    constants: &[],
                },
                &mut mem,
                &opts(1),
            )
            .unwrap();
            if expect_fault {
                let [f] = rep.findings.as_slice() else { panic!("{seed} {i}: {:?}", rep.findings) };
                assert!(!rep.completed);
                assert_eq!((f.kind, f.source.as_ref().map(|s| s.line)), (FindingKind::OutOfBounds, Some(6)));
                let addr = input.0.wrapping_add((i as i64 * 4) as u64);
                assert!(f.message.contains(&format!("{addr:#x}, outside every allocation")), "{}", f.message);
            } else {
                assert!(rep.completed && rep.findings.is_empty(), "{seed} {i}: {:?}", rep.findings);
                assert_eq!(mem.read_f32(out, 1).unwrap(), [1.5]);
            }
        }
    }
}
