//! Values a GPU gives otherwise (clocks, SM ids, buffer addresses) that decide what a kernel
//! does: `Unportable` findings found in the code at load time, at the use's line and naming
//! the source's; and the portable uses of such values that are no finding.

use super::sregs::run_grid;
use super::*;

/// The unportable findings of `body` (see `run_grid`): (line, message).
fn unportable(body: &str) -> Vec<(u32, String)> {
    let (_, rep) = run_grid(body, 2, 64, 1);
    let found: Vec<(u32, String)> = rep
        .findings
        .iter()
        .filter(|f| f.kind == FindingKind::Unportable)
        .map(|f| (f.source.as_ref().map_or(0, |s| s.line), f.message.clone()))
        .collect();
    let others: Vec<&Finding> = rep.findings.iter().filter(|f| f.kind != FindingKind::Unportable).collect();
    assert!(others.is_empty(), "{others:?}");
    found
}

/// `body` is flagged once, at `line`, with a message that says `says`.
fn flagged_at(body: &str, line: u32, says: &[&str]) {
    let found = unportable(body);
    let [(at, message)] = found.as_slice() else { panic!("one finding expected: {found:?}\n{body}") };
    assert_eq!(*at, line, "{message}");
    for s in says {
        assert!(message.contains(s), "`{s}` not in: {message}");
    }
    assert!(message.contains("differ from the emulator's"), "{message}");
}

fn portable(body: &str) {
    assert_eq!(unportable(body), [], "{body}");
}

/// Two reads of `clock` on lines 11 and 12, then a branch on their difference on line 13.
fn branch_on_delta(clock: &str) -> String {
    format!(
        ".loc 1 11 1\n mov.u64 %rd1, {clock};\n .loc 1 12 1\n mov.u64 %rd2, {clock};\n .loc 1 13 1\n \
         sub.s64 %rd3, %rd2, %rd1;\n setp.gt.s64 %p1, %rd3, 1000;\n @%p1 bra SKIP;\n .loc 1 14 1\n \
         mov.u64 %res, 1;\n SKIP:"
    )
}

/// `out`'s address in %rd1 (line 11).
const OUT: &str = ".loc 1 11 1\n ld.param.u64 %rd1, [out];\n";

#[test]
fn a_branch_on_a_clock64_delta_is_flagged() {
    flagged_at(&branch_on_delta("%clock64"), 13, &["a value read from %clock64 at line 12 decides a branch"]);
}

#[test]
fn a_branch_on_a_globaltimer_delta_is_flagged() {
    flagged_at(&branch_on_delta("%globaltimer"), 13, &["%globaltimer at line 12 decides a branch", "another path"]);
}

#[test]
fn an_address_indexed_by_smid_is_flagged() {
    let body = ".loc 1 11 1\n mov.u32 %r1, %smid;\n .loc 1 12 1\n ld.param.u64 %rd1, [out];\n \
                cvta.to.global.u64 %rd1, %rd1;\n mul.wide.u32 %rd2, %r1, 8;\n add.s64 %rd3, %rd1, %rd2;\n \
                ld.global.u64 %rd4, [%rd3];";
    flagged_at(body, 12, &["a value read from %smid at line 11 decides an address", "access other memory"]);
}

#[test]
fn a_stored_clock_is_flagged() {
    let body = ".loc 1 11 1\n mov.u64 %rd5, %clock64;\n .loc 1 12 1\n ld.param.u64 %rd1, [out];\n \
                cvta.to.global.u64 %rd1, %rd1;\n st.global.u64 [%rd1], %rd5;";
    flagged_at(body, 12, &["a value read from %clock64 at line 11 is stored to memory", "write other values"]);
}

#[test]
fn a_branch_on_a_buffers_address_is_flagged() {
    // if ((uintptr_t)out == 0x100000000)
    let body =
        format!("{OUT} .loc 1 12 1\n setp.eq.s64 %p1, %rd1, 4294967296;\n @%p1 bra SKIP;\n mov.u64 %res, 1;\n SKIP:");
    flagged_at(&body, 12, &["a buffer's address at line 11 decides a branch"]);
    // if (((uintptr_t)out >> 20) & 1)
    let body = format!(
        "{OUT} .loc 1 12 1\n shr.u64 %rd2, %rd1, 20;\n and.b64 %rd3, %rd2, 1;\n setp.eq.s64 %p1, %rd3, 1;\n \
         @%p1 bra SKIP;\n mov.u64 %res, 1;\n SKIP:"
    );
    flagged_at(&body, 12, &["a buffer's address at line 11 decides a branch"]);
}

#[test]
fn high_bits_of_an_address_kept_by_a_mask_or_a_shift_are_no_null_test() {
    // if (((uintptr_t)out >> 40) == 0), as NVRTC writes it: a mask of the high bits, then 0
    let body = format!(
        "{OUT} .loc 1 12 1\n and.b64 %rd2, %rd1, -1099511627776;\n setp.eq.s64 %p1, %rd2, 0;\n @%p1 bra SKIP;\n \
         mov.u64 %res, 1;\n SKIP:"
    );
    flagged_at(&body, 12, &["a buffer's address at line 11 decides a branch"]);
    // if (((uintptr_t)out << 24) == 0)
    let body = format!(
        "{OUT} .loc 1 12 1\n shl.b64 %rd2, %rd1, 24;\n setp.eq.s64 %p1, %rd2, 0;\n @%p1 bra SKIP;\n \
         mov.u64 %res, 1;\n SKIP:"
    );
    flagged_at(&body, 12, &["a buffer's address at line 11 decides a branch"]);
    // The pointer aligned down (p & ~15) is still a pointer: loading through it is portable.
    portable(&format!("{OUT} cvta.to.global.u64 %rd1, %rd1;\n and.b64 %rd2, %rd1, -16;\n ld.global.u64 %res, [%rd2];"));
}

#[test]
fn a_clock_kept_in_a_local_variable_is_followed() {
    // volatile long long t = clock64(); if (t > 5) …
    let body = ".local .align 8 .b8 __local_depot0[8];\n mov.u64 %rd10, __local_depot0;\n .loc 1 11 1\n \
                mov.u64 %rd1, %clock64;\n st.local.u64 [%rd10], %rd1;\n .loc 1 12 1\n \
                ld.local.u64 %rd2, [%rd10];\n setp.gt.u64 %p1, %rd2, 5;\n @%p1 bra SKIP;\n mov.u64 %res, 1;\n SKIP:";
    flagged_at(body, 12, &["a value read from %clock64 at line 11 decides a branch"]);
}

#[test]
fn a_guard_from_a_clock_and_an_atomic_of_an_sm_id_are_flagged() {
    let body = ".loc 1 11 1\n mov.u32 %r1, %clock;\n setp.eq.u32 %p1, %r1, 7;\n .loc 1 12 1\n @%p1 mov.u64 %res, 2;";
    flagged_at(body, 12, &["a value read from %clock at line 11 decides whether an instruction runs"]);
    let body = ".loc 1 11 1\n mov.u32 %r1, %nsmid;\n ld.param.u64 %rd1, [out];\n .loc 1 12 1\n \
                atom.global.add.u32 %r2, [%rd1], %r1;";
    flagged_at(body, 12, &["a value read from %nsmid at line 11", "is an operand of an atomic operation"]);
}

#[test]
fn an_alignment_test_is_portable() {
    // if ((uintptr_t)out % 16 == 0)
    portable(&format!(
        "{OUT} and.b64 %rd2, %rd1, 15;\n setp.eq.s64 %p1, %rd2, 0;\n @%p1 bra SKIP;\n mov.u64 %res, 1;\n SKIP:"
    ));
    portable(&format!("{OUT} rem.u64 %rd2, %rd1, 256;\n setp.eq.s64 %p1, %rd2, 0;\n @%p1 bra SKIP;\n SKIP:"));
}

#[test]
fn a_pointer_walk_a_null_test_and_indexing_are_portable() {
    // for (p = out; p < out + 32; p++) sum += *p;
    portable(&format!(
        "{OUT} cvta.to.global.u64 %rd1, %rd1;\n add.s64 %rd2, %rd1, 256;\n mov.u64 %rd3, %rd1;\n LOOP:\n \
         ld.global.u64 %rd4, [%rd3];\n add.s64 %res, %res, %rd4;\n add.s64 %rd3, %rd3, 8;\n \
         setp.lt.u64 %p1, %rd3, %rd2;\n @%p1 bra LOOP;\n sub.s64 %rd5, %rd3, %rd1;\n add.s64 %res, %res, %rd5;"
    ));
    // if (out != NULL) and in == out
    portable(&format!(
        "{OUT} setp.eq.s64 %p1, %rd1, 0;\n @%p1 bra SKIP;\n setp.ne.s64 %p2, %rd1, %outp;\n mov.u64 %res, 1;\n SKIP:"
    ));
    // out[4 * i]
    portable(&format!(
        "{OUT} cvta.to.global.u64 %rd1, %rd1;\n mul.wide.u32 %rd2, %gid, 8;\n add.s64 %rd3, %rd1, %rd2;\n \
         ld.global.u64 %res, [%rd3];\n st.global.u64 [%rd3], %res;"
    ));
}

#[test]
fn a_loop_counter_and_a_reused_register_are_portable() {
    portable(
        "mov.u32 %r1, 0;\n L1:\n add.u32 %r1, %r1, 1;\n setp.lt.u32 %p1, %r1, 10;\n @%p1 bra L1;\n \
              cvt.u64.u32 %res, %r1;",
    );
    // %rd1 holds a clock, then a number: only the clock's uses would count.
    portable(
        "mov.u64 %rd1, %clock64;\n mov.u64 %rd1, 3;\n setp.gt.u64 %p1, %rd1, 2;\n @%p1 bra SKIP;\n \
              mov.u64 %res, %rd1;\n SKIP:",
    );
}

const PRINT_CLOCK: &str = r#"
.version 8.8
.target sm_75
.address_size 64
.extern .func  (.param .b32 func_retval0) vprintf
(
	.param .b64 vprintf_param_0,
	.param .b64 vprintf_param_1
)
;
.global .align 1 .b8 $str[6] = {37, 108, 108, 100, 10, 0};

.visible .entry t()
{
	.local .align 8 .b8 	__local_depot0[8];
	.reg .b64 	%SP;
	.reg .b64 	%SPL;
	.reg .b32 	%r<3>;
	.reg .b64 	%rd<8>;
	.loc	1 3 0
	mov.u64 	%SPL, __local_depot0;
	cvta.local.u64 	%SP, %SPL;
	.loc	1 4 5
	mov.u64 	%rd1, %clock64;
	add.u64 	%rd2, %SP, 0;
	add.u64 	%rd3, %SPL, 0;
	st.local.u64 	[%rd3], %rd1;
	mov.u64 	%rd4, $str;
	cvta.global.u64 	%rd5, %rd4;
	{ // callseq 0, 0
	.reg .b32 temp_param_reg;
	.param .b64 param0;
	st.param.b64 	[param0+0], %rd5;
	.param .b64 param1;
	st.param.b64 	[param1+0], %rd2;
	.param .b32 retval0;
	call.uni (retval0),
	vprintf,
	(
	param0,
	param1
	);
	ld.param.b32 	%r1, [retval0+0];
	} // callseq 0
	ret;
}
.file 1 "print.cu"
"#;

#[test]
fn a_printed_clock_is_portable() {
    let m = Module::parse(PRINT_CLOCK).unwrap();
    let mut mem = DeviceMemory::new();
    let config = LaunchConfig { grid: [1, 1, 1], block: [2, 1, 1], dynamic_shared_bytes: 0 };
    let rep = launch(&m, &Launch { kernel: "t", config, args: &[], constants: &[] }, &mut mem, &opts(1)).unwrap();
    assert!(rep.completed && rep.findings.is_empty(), "{:?}", rep.findings);
    assert_eq!(rep.printf.len(), 2);
}

/// The course's real kernels (NVRTC's PTX) use their buffers' addresses only portably.
#[test]
fn the_real_kernels_are_portable() {
    // The buggy ones too (races, out-of-bounds accesses…): none of them is unportable.
    let dirs =
        ["src/testdata", "fixtures/ptx", "fixtures/bugs/ptx"].map(|d| format!("{}/{d}", env!("CARGO_MANIFEST_DIR")));
    let mut kernels = 0;
    for dir in dirs {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_none_or(|e| e != "ptx") {
                continue;
            }
            let m = Module::parse(&std::fs::read_to_string(&path).unwrap()).unwrap();
            for k in &m.data.kernels {
                assert_eq!(m.unportable(k), [], "{} {}", path.display(), k.name);
                kernels += 1;
            }
        }
    }
    assert!(kernels > 45, "{kernels}");
}
