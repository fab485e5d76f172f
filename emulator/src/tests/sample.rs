//! A sample of a launch (`Options::only_blocks`): only the blocks asked for run, their counts are
//! theirs alone, and `DeviceMemory::spans_read` tells which parts of an input they read.

use super::opts;
use crate::*;

/// Each thread of block b (linear) copies `in[32 b + tid] + b` to `out[32 b + tid]`.
const COPY_PTX: &str = r#"
.version 8.8
.target sm_75
.address_size 64

.visible .entry copy(
    .param .u64 in,
    .param .u64 out
)
{
    .reg .b32 %r<8>;
    .reg .b64 %rd<8>;
    .reg .f32 %f<4>;
    mov.u32 %r1, %ctaid.x;
    mov.u32 %r2, %ctaid.y;
    mov.u32 %r3, %nctaid.x;
    mad.lo.s32 %r4, %r2, %r3, %r1;
    mov.u32 %r5, %tid.x;
    mad.lo.s32 %r6, %r4, 32, %r5;
    mul.wide.u32 %rd1, %r6, 4;
    ld.param.u64 %rd2, [in];
    add.s64 %rd3, %rd2, %rd1;
    ld.global.f32 %f1, [%rd3];
    cvt.rn.f32.u32 %f2, %r4;
    add.f32 %f3, %f1, %f2;
    ld.param.u64 %rd4, [out];
    add.s64 %rd5, %rd4, %rd1;
    st.global.f32 [%rd5], %f3;
    ret;
}
"#;

fn sample(grid: [u32; 3], blocks: Option<Vec<u64>>) -> (Result<LaunchReport, LaunchError>, DeviceMemory, DevicePtr) {
    let module = Module::parse(COPY_PTX).unwrap();
    let mut mem = DeviceMemory::new();
    let input = mem.alloc_f32(&vec![1.0; 8 * 32]).unwrap();
    let output = mem.alloc_zeroed(8 * 32 * 4).unwrap();
    let request = Launch {
        kernel: "copy",
        config: LaunchConfig { grid, block: [32, 1, 1], dynamic_shared_bytes: 0 },
        args: &[KernelArg::Ptr(input), KernelArg::Ptr(output)],
        constants: &[],
    };
    let options = Options { only_blocks: blocks, ..opts(0) };
    let report = launch(&module, &request, &mut mem, &options);
    let out = mem.read_f32(output, 8 * 32).unwrap();
    let nonzero: Vec<usize> =
        (0..8).filter(|&b| out[32 * b..32 * b + 32].iter().all(|&v| v == 1.0 + b as f32)).collect();
    assert!(out.iter().enumerate().all(|(i, &v)| v == 0.0 || nonzero.contains(&(i / 32))), "{out:?}");
    (report, mem, input)
}

#[test]
fn only_the_blocks_asked_for_run_and_count() {
    let (whole, mem, input) = sample([4, 2, 1], None);
    let whole = whole.unwrap();
    assert_eq!(
        (whole.metrics.blocks, whole.metrics.global_load_bytes, whole.metrics.global_store_bytes),
        (8, 1024, 1024)
    );
    assert_eq!(mem.spans_read(input).unwrap(), (0..16).collect::<Vec<u64>>());

    let (part, mem, input) = sample([4, 2, 1], Some(vec![5, 2]));
    let part = part.unwrap();
    assert!(part.completed);
    let m = &part.metrics;
    assert_eq!((m.blocks, m.global_load_bytes, m.global_store_bytes), (2, 256, 256));
    // The distinct bytes are not counted for a sample (the read bits say which: below).
    assert_eq!(m.unique_global_load_bytes, 0);
    assert_eq!(m.warp_instructions, 2 * whole.metrics.warp_instructions / 8);
    // Block 2 reads bytes 256..384 of the input (spans 4 and 5), block 5 bytes 640..768.
    assert_eq!(mem.spans_read(input).unwrap(), vec![4, 5, 10, 11]);
}

#[test]
fn a_sample_may_come_from_a_grid_too_large_to_run_whole() {
    // 2^22 blocks of 32 threads: over the emulator's 2^26 threads, refused whole.
    let (whole, ..) = sample([1 << 22, 1, 1], None);
    assert!(whole.unwrap_err().message.contains("the emulator accepts at most"));
    let (first, ..) = sample([1 << 22, 1, 1], Some(vec![0, 7]));
    assert_eq!(first.unwrap().metrics.blocks, 2);
    let (beyond, ..) = sample([4, 2, 1], Some(vec![8]));
    assert_eq!(beyond.unwrap_err().message, "block 8 asked for: the grid has 8");
}
