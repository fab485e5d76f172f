//! Where a kernel's parameters and variables live: offsets in the parameter buffer, the block's
//! shared memory, and each thread's local and call-parameter memory.

use super::*;

/// The kernel's parameters, in order: (offset, size) of each in the parameter buffer, and
/// the buffer's size.
pub(super) fn params(cx: &mut Ctx, f: &Function) -> Result<(Vec<(usize, usize)>, usize), LoadError> {
    let mut params = Vec::new();
    let mut poff = 0u64;
    for p in &f.params {
        let size = var_size(p).map_err(|m| cx.err(m))?;
        let al = p.align.max(elem_size(&p.ty)).max(1);
        poff = align_up(poff, al);
        params.push((poff as usize, size as usize));
        cx.syms.insert(p.name.clone(), Sym::Param(poff));
        poff += size;
    }
    // CUDA's limit on kernel parameters (32 KiB since 12.1).
    if poff > 32 * 1024 {
        return Err(cx.err(format!("kernel `{}` has {poff} bytes of parameters: at most 32768", f.name)));
    }
    let param_bytes = poff as usize;
    Ok((params, param_bytes))
}

/// Where a kernel's variables live: its shared layout (static variables in declaration order,
/// then dynamic memory), local and call-parameter bytes per thread.
pub(super) struct VarLayout {
    pub static_shared_bytes: u64,
    pub dynamic_shared_offset: u64,
    pub uses_dynamic_shared: bool,
    pub local_bytes: u64,
    pub frame_bytes: u64,
    /// (name, offset, bytes) of each shared array; 0 bytes: dynamic memory, sized at launch.
    pub shared_arrays: Vec<(String, u64, u64)>,
}

pub(super) fn variables(
    cx: &mut Ctx,
    f: &Function,
    module_shared: &[VarDecl],
    body: &[Statement],
) -> Result<VarLayout, LoadError> {
    let mut shared_end = 0u64;
    let mut static_shared_bytes = 0u64;
    let mut extern_align = 16u64;
    let mut externs = Vec::new();
    let mut local_end = 0u64;
    let body_vars = body.iter().filter_map(|s| if let Statement::Var(v) = s { Some(v) } else { None });
    let mut frame_end = 0u64;
    let mut shared_arrays = Vec::new();
    for v in module_shared.iter().chain(body_vars) {
        cx.line = v.line;
        let size = var_size(v).map_err(|m| cx.err(m))?;
        let al = v.align.max(elem_size(&v.ty)).max(1);
        match v.space.as_str() {
            "shared" if v.extern_ || v.unsized_array => {
                extern_align = extern_align.max(al);
                externs.push(v.name.clone());
            }
            "shared" => {
                shared_end = align_up(shared_end, al);
                cx.syms.insert(v.name.clone(), Sym::Shared(shared_end));
                shared_arrays.push((v.name.clone(), shared_end, size));
                shared_end += size;
                static_shared_bytes += size;
            }
            "local" => {
                local_end = align_up(local_end, al);
                cx.syms.insert(v.name.clone(), Sym::Local(local_end));
                local_end += size;
            }
            "param" => {
                // A call sequence's arguments and return values (see `Space::Frame`).
                frame_end = align_up(frame_end, al);
                cx.syms.insert(v.name.clone(), Sym::Frame(frame_end));
                frame_end += size;
            }
            s => return Err(cx.err(format!(".{s} variables inside a kernel are not supported"))),
        }
    }
    // Bounded so that a typo cannot make the emulator allocate absurd amounts.
    if local_end > 512 * 1024 {
        return Err(
            cx.err(format!("kernel `{}` uses {local_end} bytes of local memory per thread: at most 524288", f.name))
        );
    }
    if shared_end > 228 * 1024 {
        return Err(cx.err(format!("kernel `{}` declares {shared_end} bytes of shared memory: at most 233472", f.name)));
    }
    let dynamic_shared_offset = align_up(shared_end, extern_align);
    let uses_dynamic_shared = !externs.is_empty();
    for n in externs {
        cx.syms.insert(n.clone(), Sym::Shared(dynamic_shared_offset));
        shared_arrays.push((n, dynamic_shared_offset, 0));
    }
    Ok(VarLayout {
        static_shared_bytes,
        dynamic_shared_offset,
        uses_dynamic_shared,
        local_bytes: local_end,
        frame_bytes: frame_end,
        shared_arrays,
    })
}
