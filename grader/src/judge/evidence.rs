//! A finding's evidence in the student's language: the emulator's [`Detail`] said with the
//! catalogue's `finding-…` messages (`locales/*/findings.ftl`), whose English is the emulator's
//! own words ([`Detail`]'s `Display`, which a test holds them to).
//!
//! Numbers are passed as text, as the emulator writes them (no separators; addresses in hex).

use ::emulator::{CodeLine, Detail, Finding, GpuValueUse, MemorySpace, RaceKind, UsePlace, ValueUse};

use crate::i18n::Text;
use crate::text;

/// A finding's message: its evidence, and the PTX line where it has no source line (as the
/// emulator's [`Finding::message`] says it).
pub fn message(f: &Finding) -> Text {
    match f.source {
        Some(_) => describe(&f.detail),
        None => text!(finding_at_ptx_line, evidence = describe(&f.detail), line = f.ptx_line.to_string()),
    }
}

/// The evidence of a finding, to be said in the current language.
pub fn describe(detail: &Detail) -> Text {
    match detail {
        Detail::OutOfBounds { write, size, space, addr, space_bytes } => {
            let (offset, bytes) = (addr.to_string(), space_bytes.to_string());
            let place = match space {
                MemorySpace::Shared => text!(finding_oob_shared, offset = offset, bytes = bytes),
                MemorySpace::Const => text!(finding_oob_const, offset = offset, bytes = bytes),
                MemorySpace::Local => text!(finding_oob_local, offset = offset, bytes = bytes),
                MemorySpace::Param => text!(finding_oob_param, offset = offset),
                MemorySpace::CallParameter => text!(finding_oob_call_parameter, offset = offset, bytes = bytes),
                MemorySpace::Global | MemorySpace::Generic => text!(finding_oob_address, addr = hex(*addr)),
            };
            text!(
                finding_out_of_bounds,
                access = if *write { "write" } else { "read" },
                size = size.to_string(),
                space = space_name(*space),
                place = place,
            )
        }
        Detail::Misaligned { size, space, addr } => {
            text!(finding_misaligned, size = size.to_string(), space = space_name(*space), addr = hex(*addr))
        }
        Detail::MisalignedAtomic { size, addr } => {
            text!(finding_misaligned_atomic, size = size.to_string(), addr = hex(*addr))
        }
        Detail::ReadOnlyWrite => text!(finding_read_only_write),
        Detail::Race { race, offset, element, other, other_line } => {
            let offset = offset.to_string();
            let place = match element {
                Some(e) => {
                    text!(finding_race_element, offset = offset, index = e.index.to_string(), array = &e.array)
                }
                None => text!(finding_race_offset, offset = offset),
            };
            let other = match other {
                Some(t) => thread(t),
                None => text!(finding_other_threads),
            };
            match other_line {
                Some(l) => {
                    text!(finding_race_at, race = race_name(*race), place = place, other = other, line = line(*l))
                }
                None => text!(finding_race, race = race_name(*race), place = place, other = other),
            }
        }
        Detail::BarrierExited { exited } => text!(finding_barrier_exited, thread = coords(exited)),
        Detail::BarrierDiverged { first, other } => {
            text!(finding_barrier_diverged, first = line(*first), other = line(*other))
        }
        Detail::BudgetSpent => text!(finding_budget_spent),
        Detail::StoppedByAnotherLaunch => text!(finding_stopped_by_another_launch),
        Detail::AssertFailed { expr, function } => text!(finding_assert_failed, expr = expr, function = function),
        Detail::Trap => text!(finding_trap),
        Detail::BadCall { pointer: 0 } => text!(finding_bad_call_null),
        Detail::BadCall { pointer } => text!(finding_bad_call, pointer = hex(*pointer)),
        Detail::InlinedTooLarge { limit } => text!(finding_inlined_too_large, limit = limit.to_string()),
        Detail::CallsTooDeep { limit } => text!(finding_calls_too_deep, limit = limit.to_string()),
        Detail::WarpId => text!(finding_warpid),
        Detail::UnwrittenRead { offset, array, copy, used, at } => {
            let offset = offset.to_string();
            let place = match array {
                Some(a) => text!(finding_unwritten_in_array, offset = offset, array = a),
                None => text!(finding_unwritten_offset, offset = offset),
            };
            text!(
                finding_unwritten_read,
                place = place,
                copy = if *copy { "yes" } else { "no" },
                used = value_use(*used),
                at = use_place(at),
            )
        }
        Detail::Unportable { value, used, at } => {
            let value = match value.register() {
                Some(register) => text!(finding_gpu_value_register, register = register),
                None => text!(finding_gpu_value_buffer_address),
            };
            let used = match used {
                GpuValueUse::Branch => "branch",
                GpuValueUse::Guard => "guard",
                GpuValueUse::Address => "address",
                GpuValueUse::StoredValue => "stored",
                GpuValueUse::Atomic => "atomic",
            };
            text!(finding_unportable, value = value, at = use_place(at), used = used)
        }
    }
}

fn hex(n: u64) -> String {
    format!("{n:#x}")
}

/// A thread's coordinates, "(1,2,0)".
fn coords(t: &[u32; 3]) -> String {
    format!("({},{},{})", t[0], t[1], t[2])
}

fn thread(t: &[u32; 3]) -> Text {
    text!(finding_thread, thread = coords(t))
}

fn line(l: CodeLine) -> Text {
    match l {
        CodeLine::Source(n) => text!(finding_line, line = n.to_string()),
        CodeLine::Ptx(n) => text!(finding_ptx_line, line = n.to_string()),
    }
}

fn space_name(space: MemorySpace) -> Text {
    match space {
        MemorySpace::Global => text!(finding_space_global),
        MemorySpace::Shared => text!(finding_space_shared),
        MemorySpace::Local => text!(finding_space_local),
        MemorySpace::Const => text!(finding_space_const),
        MemorySpace::Param => text!(finding_space_param),
        MemorySpace::CallParameter => text!(finding_space_call_parameter),
        MemorySpace::Generic => text!(finding_space_generic),
    }
}

fn race_name(race: RaceKind) -> Text {
    match race {
        RaceKind::ReadAfterWrite => text!(finding_race_read_after_write),
        RaceKind::WriteAfterRead => text!(finding_race_write_after_read),
        RaceKind::WriteAfterWrite => text!(finding_race_write_after_write),
    }
}

fn value_use(used: ValueUse) -> Text {
    match used {
        ValueUse::GlobalStore => text!(finding_use_global_store),
        ValueUse::StoreAddress => text!(finding_use_store_address),
        ValueUse::Address => text!(finding_use_address),
        ValueUse::Comparison => text!(finding_use_comparison),
        ValueUse::Atomic => text!(finding_use_atomic),
        ValueUse::LocalStore => text!(finding_use_local_store),
    }
}

fn use_place(at: &UsePlace) -> Text {
    match at {
        UsePlace::SameLine => text!(finding_used_on_the_same_line),
        UsePlace::Line(l) => text!(finding_used_at_line, line = l.to_string()),
        UsePlace::File { file, line } => text!(finding_used_at_file_line, file = file, line = line.to_string()),
        UsePlace::Ptx(l) => text!(finding_used_at_ptx_line, line = l.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::{with_lang, Lang};
    use ::emulator::{ArrayElement, FindingKind, GpuValue, SourceLocation};

    /// Every kind of evidence, with each of its forms.
    fn samples() -> Vec<Detail> {
        let oob = |write, space, addr| Detail::OutOfBounds { write, size: 4, space, addr, space_bytes: 4096 };
        let race = |race, element, other| Detail::Race { race, offset: 16, element, other, other_line: None };
        let unwritten = |array: Option<&str>, copy, used, at| Detail::UnwrittenRead {
            offset: 528,
            array: array.map(str::to_string),
            copy,
            used,
            at,
        };
        let mut all = vec![];
        for space in [
            MemorySpace::Global,
            MemorySpace::Shared,
            MemorySpace::Local,
            MemorySpace::Const,
            MemorySpace::Param,
            MemorySpace::CallParameter,
            MemorySpace::Generic,
        ] {
            all.push(oob(false, space, 0x7f00_0000_1000));
            all.push(oob(true, space, 5000));
            all.push(Detail::Misaligned { size: 8, space, addr: 0x1004 });
        }
        all.extend([
            Detail::MisalignedAtomic { size: 8, addr: 0x1004 },
            Detail::ReadOnlyWrite,
            race(RaceKind::ReadAfterWrite, Some(ArrayElement { array: "N_s".into(), index: 4 }), Some([1, 2, 0])),
            race(RaceKind::WriteAfterRead, None, None),
            race(RaceKind::WriteAfterWrite, None, Some([0, 0, 0])),
            Detail::Race {
                race: RaceKind::WriteAfterWrite,
                offset: 16,
                element: None,
                other: Some([0, 0, 0]),
                other_line: Some(CodeLine::Source(31)),
            },
            Detail::Race {
                race: RaceKind::WriteAfterRead,
                offset: 16,
                element: None,
                other: None,
                other_line: Some(CodeLine::Ptx(80)),
            },
            Detail::BarrierExited { exited: [3, 1, 0] },
            Detail::BarrierDiverged { first: CodeLine::Source(12), other: CodeLine::Source(20) },
            Detail::BarrierDiverged { first: CodeLine::Ptx(80), other: CodeLine::Source(1234) },
            Detail::BudgetSpent,
            Detail::StoppedByAnotherLaunch,
            Detail::AssertFailed { expr: "x < n".into(), function: "void k(int *)".into() },
            Detail::Trap,
            Detail::BadCall { pointer: 0 },
            Detail::BadCall { pointer: 0xdead },
            Detail::InlinedTooLarge { limit: 20000 },
            Detail::CallsTooDeep { limit: 16 },
            Detail::WarpId,
        ]);
        let places = [
            UsePlace::SameLine,
            UsePlace::Line(36),
            UsePlace::File { file: "h.cuh".into(), line: 3 },
            UsePlace::Ptx(99),
        ];
        for used in [
            ValueUse::GlobalStore,
            ValueUse::StoreAddress,
            ValueUse::Address,
            ValueUse::Comparison,
            ValueUse::Atomic,
            ValueUse::LocalStore,
        ] {
            for (i, at) in places.iter().enumerate() {
                all.push(unwritten((i % 2 == 0).then_some("N_s"), i == 1, used, at.clone()));
            }
        }
        let values = [GpuValue::Clock64, GpuValue::GlobalTimerLow, GpuValue::SmId, GpuValue::BufferAddress];
        let uses = [
            GpuValueUse::Branch,
            GpuValueUse::Guard,
            GpuValueUse::Address,
            GpuValueUse::StoredValue,
            GpuValueUse::Atomic,
        ];
        for (i, used) in uses.into_iter().enumerate() {
            for (j, value) in values.into_iter().enumerate() {
                all.push(Detail::Unportable { value, used, at: places[(i + j) % places.len()].clone() });
            }
        }
        all
    }

    #[test]
    fn english_is_the_emulators_words_and_chinese_is_not() {
        for detail in samples() {
            let said = describe(&detail);
            assert_eq!(with_lang(Lang::En, || said.render()), detail.to_string(), "{detail:?}");
            for lang in [Lang::ZhHans, Lang::ZhHant] {
                let zh = with_lang(lang, || said.render());
                assert_ne!(zh, detail.to_string(), "{lang}: {detail:?}");
                assert!(zh.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)), "{lang}: {zh}");
            }
        }
    }

    #[test]
    fn a_finding_without_a_source_line_names_its_ptx_line_as_the_emulator_does() {
        let mut f = Finding {
            kind: FindingKind::Timeout,
            detail: Detail::BudgetSpent,
            message: "the launch ran past its instruction budget: an endless loop? (PTX line 42)".into(),
            source: None,
            called_from: vec![],
            block: [0; 3],
            thread: [0; 3],
            ptx_line: 42,
            loops_inside: 0,
            line_inferred: false,
            unwritten: None,
        };
        assert_eq!(with_lang(Lang::En, || message(&f).render()), f.message);
        assert!(with_lang(Lang::ZhHans, || message(&f).render()).contains("42"));
        f.source = Some(SourceLocation { file: "kernel.cu".into(), line: 7 });
        assert_eq!(with_lang(Lang::En, || message(&f).render()), f.detail.to_string());
    }
}
