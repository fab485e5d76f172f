//! The special registers that describe the GPU (`%nsmid`, `%smid`, `%nwarpid`): values an
//! H100 could give, so that a kernel cannot tell the emulator from a GPU.

use super::*;

/// Run `body` in `blocks` blocks of `block` threads on `threads` workers; every thread stores
/// `%res` (64 bits) to out[global thread index]. The stored values and the report.
pub(super) fn run_grid(body: &str, blocks: u32, block: u32, threads: usize) -> (Vec<u64>, LaunchReport) {
    let ptx = format!(
        r#"
.version 8.8
.target sm_75
.address_size 64

.visible .entry t(
    .param .u64 out
)
{{
    .reg .pred %p<8>;
    .reg .b32 %r<16>;
    .reg .b64 %rd<16>;
    .reg .b64 %res;
    .reg .b64 %outp;
    .reg .b64 %off;
    .reg .b32 %gid;
    mov.u32 %r15, %ctaid.x;
    mov.u32 %r14, %ntid.x;
    mov.u32 %r13, %tid.x;
    mad.lo.u32 %gid, %r15, %r14, %r13;
    mov.u64 %res, 0;
    .loc 1 10 1
{body}
    .loc 1 99 1
    ld.param.u64 %outp, [out];
    cvta.to.global.u64 %outp, %outp;
    mul.wide.u32 %off, %gid, 8;
    add.s64 %outp, %outp, %off;
    st.global.u64 [%outp], %res;
    ret;
}}
.file 1 "sregs.cu"
"#
    );
    let m = Module::parse(&ptx).unwrap_or_else(|e| panic!("{e}\n{ptx}"));
    let mut mem = DeviceMemory::new();
    let n = (blocks * block) as usize;
    let out = mem.alloc_zeroed(8 * n).unwrap();
    let rep = launch(
        &m,
        &Launch {
            kernel: "t",
            config: LaunchConfig { grid: [blocks, 1, 1], block: [block, 1, 1], dynamic_shared_bytes: 0 },
            args: &[KernelArg::Ptr(out)],
            constants: &[],
        },
        &mut mem,
        &Options { instruction_budget: 100_000_000, ..opts(threads) },
    )
    .unwrap();
    let bytes = mem.read_bytes(out, 8 * n).unwrap();
    (bytes.chunks_exact(8).map(|c| u64::from_le_bytes(c.try_into().unwrap())).collect(), rep)
}

/// `%res` of every thread, from a launch that must complete with no finding.
fn values(body: &str, blocks: u32, block: u32) -> Vec<u64> {
    let (v, rep) = run_grid(body, blocks, block, 1);
    assert!(rep.completed && rep.findings.is_empty(), "{:?}", rep.findings);
    v
}

#[test]
fn an_h100_has_132_sms_of_64_warp_slots() {
    let v = values("mov.u32 %r1, %nsmid;\n mov.u32 %r2, %nwarpid;\n mov.b64 %res, {%r1, %r2};", 2, 64);
    assert!(v.iter().all(|&x| x == (64 << 32) | 132), "{:x?}", &v[..2]);
}

#[test]
fn blocks_are_spread_over_every_sm() {
    // 300 blocks of 64 threads: %smid of thread 0 of each.
    let v = values("mov.u32 %r1, %smid;\n cvt.u64.u32 %res, %r1;", 300, 64);
    let sms: Vec<u64> = v.chunks(64).map(|b| b[0]).collect();
    assert!(v.chunks(64).all(|b| b.iter().all(|&s| s == b[0])), "one SM per block");
    assert!(sms.iter().all(|&s| s < 132));
    let used: std::collections::BTreeSet<u64> = sms.iter().copied().collect();
    assert_eq!(used.len(), 132, "the first 132 blocks fill every SM");
    assert_ne!(sms[0], sms[1], "neighbouring blocks on different SMs");
    assert_eq!(sms[..132], sms[132..264], "the next wave reuses them in the same order");
}
