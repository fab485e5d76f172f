# judge
# The grading's verdicts: tests' messages, targets' notes, the advice on findings, the map of
# wrong elements, the plan's row names, the speed model's resources.

## How many findings (every report counts them in one unit).

# $count: the number of distinct findings (chooses the plural; shown with thousands separators).
judge-findings = { $count ->
    [one] 1 finding
   *[other] { $count } findings
}
# $occurrences: every occurrence of them.
judge-findings-occurrences = { $count ->
    [one] 1 finding
   *[other] { $count } distinct findings
} ({ $occurrences } occurrences)

## A test's message: notes joined by "; ".

judge-notes = { $first }; { $rest }
judge-see-findings = { $note } (see findings)
judge-reached-no-output = { $note }, which reached no output directly
judge-none-reached-an-output = { $note }, none of which reached an output directly
judge-elements-wrong = { $wrong } of { $total } elements wrong
judge-elements-wrong-never-written = { $wrong } of { $total } elements wrong (never written)
judge-computed-nan = { $count } of them NaN the kernel wrote (computed from a value read before it was written?)
# $mistakes: the section's description of a classic mistake ("the filter is flipped"), or several
# joined by judge-mistakes-or.
judge-equals-mistake = it equals the output of a kernel in which { $mistakes }
judge-mistakes-or = { $first }, or in which { $rest }
# $kind: the finding's kind as the JSON names it (race, out_of_bounds), or judge-a-fault.
judge-stopped-by = stopped by { $kind }
judge-a-fault = a fault
# $place: judge-element, judge-element-xy or judge-element-xyz.
judge-changed-input = the kernel changed its input, argument { $argument } at { $place }: was { $was }, now { $now } (a kernel must not write the buffers it reads)
judge-element = element { $element }
judge-element-xy = element { $element } (x { $x }, y { $y })
judge-element-xyz = element { $element } (x { $x }, y { $y }, z { $z })
judge-not-run-after-timeout = not run: an earlier test did not finish (timeout)

## The targets.

judge-needs-gpu = needs a GPU
judge-not-graded-without-gpu = not graded without a GPU (estimated { $percent }%)
# $why: judge-did-not-run, judge-stopped-at or judge-no-metrics-counted.
judge-not-graded = not graded: { $why }
judge-not-timed = not timed: { $error }
judge-role-metrics-case = metrics case
judge-role-second-metrics-case = second metrics case
judge-did-not-run = the { $role } did not run
judge-stopped-at = the { $role } stopped at { $kind } (see findings)
judge-no-metrics-counted = no metrics were counted
# The metrics case's label when its launch stopped; $label: the section's own label.
judge-metrics-case-stopped = { $label }; stopped at { $kind }: the counts of part of the launch

## --variants.

judge-variant-does-not-compile = does not compile with { $defines }: { $log }

## A finding listed after the race or barrier it likely follows from. $kind: race or barrier.

judge-may-follow-from-line = may follow from the { $kind } at line { $line } above: fix that first
judge-may-follow-from = may follow from the { $kind } above: fix that first

## The advice on a read of unwritten shared memory.

# Part of the tile never loaded, as the section's boundary rule has it: ghost cells of an image
# (7.2-7.5, challenge-2d), boundary points of a grid that are not computed (8.2-8.5,
# challenge-3d), or clamped ends (1d).
judge-tile-never-loaded-image = part of the tile is never loaded (the halo, or ghost cells: slots for pixels outside the image, which should hold 0 rather than be skipped)
judge-tile-never-loaded-grid = part of the tile is never loaded (the halo; a slot for a point outside the grid is read only when a boundary point is computed, and this section keeps boundary points as their input)
judge-tile-never-loaded-clamped = part of the tile is never loaded (a halo slot: at an end of the array it holds the end element, clamped, not 0)
judge-read-beyond-loaded = the thread reads beyond what was loaded (an index past the loaded part of the tile)
judge-unwritten-outside-arrays = shared memory read before any thread of the block wrote it, outside every shared array the kernel declares (offset { $offset }): { $beyond }
# $name: the shared array; $index: the element read.
judge-unwritten-read = shared memory read before any thread of the block wrote it: `{ $name }` element { $index }
# $read: judge-unwritten-read.
judge-unwritten-none-written = { $read }, and no element of `{ $name }` had been written yet: its stores are missing, go to another array, or come after this read
judge-unwritten-count = { $unwritten } of its { $len } elements are unwritten
# $slot: the slot's indices, "[0][1]".
judge-slot-own = the reading thread's own slot { $slot }
judge-slot-of-thread = thread ({ $x }, { $y }, { $z })'s slot { $slot }
judge-slot-on-edge-image = This block's tile reaches past the edge of the image: if that slot is a ghost cell (a pixel outside the image), store 0 in it rather than skip it; if not, that thread's store is skipped (the halo left out?)
judge-slot-inside-image = This block's tile lies inside the image, so it has no ghost cells: that thread's store is skipped (the halo left out?)
judge-slot-on-edge-grid = This block is at the boundary of the grid: if that slot is a point outside the grid, only a boundary point reads it, and boundary points are not computed in this section (compute only 1 ≤ i, j, k ≤ N − 2); if not, that thread's store is skipped (the halo left out?)
judge-slot-inside-grid = This block is inside the grid, so no slot of its tile is outside it: that thread's store is skipped (the halo left out?)
judge-slot-on-edge-clamped = This block is at an end of the array: this section clamps its ends, so a halo slot there holds the end element (A[−1] = A[0], A[N] = A[N − 1]), not 0; if not a halo slot, that thread's store is skipped
judge-slot-inside-clamped = This block is inside the array: that thread's store is skipped (the halo left out?)
# $whose: judge-slot-own or judge-slot-of-thread; $count: judge-unwritten-count; $why:
# judge-slot-on-edge or judge-slot-inside.
judge-unwritten-slot = { $read }, which in a tile of one slot per thread is { $whose }, never stored ({ $count }). { $why }
judge-unwritten-past-threads = { $read } ({ $count }). The array has { $len } slots for the block's { $threads } threads and this one is past the first { $threads }: one store per thread leaves it unloaded; load the rest (the halo) in a second step or a loop
judge-block-on-edge-image = this block's tile reaches past the edge of the image, where ghost cells are
judge-block-inside-image = this block's tile lies inside the image, so it has no ghost cells
judge-block-on-edge-grid = this block is at the boundary of the grid: a slot outside the grid is read only when a boundary point is computed, which this section does not do
judge-block-inside-grid = this block is inside the grid, so no slot of its tile is outside it
judge-block-on-edge-clamped = this block is at an end of the array, which this section clamps (A[−1] = A[0], A[N] = A[N − 1]), not pads with 0
judge-block-inside-clamped = this block is inside the array
# The 1D stencil's tile: slot 0 the left halo, slot tid + 1 thread tid's element, the slot after
# the last element the right halo. $read: judge-unwritten-read; $count: judge-unwritten-count;
# $rule: judge-rule-clamped.
judge-rule-clamped = This section clamps the array's ends: A[−1] = A[0] and A[N] = A[N − 1], never 0.
judge-unwritten-1d-left-halo = { $read } ({ $count }): the left halo, slot 0, which thread 0 loads (A[gid − 1], clamped to A[0] in the first block). { $rule }
judge-unwritten-1d-own = { $read } ({ $count }): thread { $thread }'s own slot (it stores A[gid] at tid + 1), never stored. { $rule }
judge-unwritten-1d-right-halo = { $read } ({ $count }): the right halo of this block, which the block's last thread, { $last }, loads (A[gid + 1], clamped to A[N − 1]). { $rule }
judge-unwritten-1d-right-halo-partial = { $read } ({ $count }): the right halo of this block, the last, where only threads 0 to { $last } have an element (N = { $n }): the last thread that has an element, thread { $last } (gid = N − 1), must load it, clamped to A[N − 1]; a load by thread { $block_last } alone never happens here. { $rule }
judge-unwritten-1d-past = { $read } ({ $count }): past the block's right halo (slot { $halo }): the thread reads beyond what was loaded. { $rule }
judge-unwritten-either = { $read } ({ $count }): either { $never_loaded }, or { $beyond }; { $block_place }

## The advice on a race, by its kind. $earlier: judge-race-earlier-at or judge-race-earlier.

judge-race-earlier-at = at { $line }
judge-race-earlier = earlier
judge-race-read-after-write = a thread read a slot that another thread wrote { $earlier }, in the same barrier interval: a __syncthreads() is missing between the stores and the reads, or is placed before the store
judge-race-write-after-read = a thread overwrote a slot that another thread read { $earlier }, in the same barrier interval: a __syncthreads() is missing between the reads and the next stores (the tile is reused before every thread is done with it)
judge-race-write-after-write-one-line = two threads wrote the same slot, both at this line: a __syncthreads() does not fix that. Give each slot one writer: check the store's index (two threads computing the same one) and the condition that picks the thread that stores it (an `if (threadIdx.x == 0)` left out?)
judge-race-write-after-write = two threads wrote the same slot, another thread { $earlier } and this one: give each slot one writer (check the stores' indices and the conditions that pick the writers); only if the two stores are meant, one phase after another, does a __syncthreads() between them fix it

## The wrong elements of a test's output.

judge-never-written = never written
judge-missing = missing
judge-poison = { $value } (poison)
judge-map-cells = each cell = { $width }×{ $height } elements (x → right, y ↓); . right, x some wrong, X all wrong
judge-map-one-cell = one cell per element (x → right, y ↓); . right, X wrong
judge-map-planes = planes with wrong elements: z = { $planes }
judge-map-planes-more = planes with wrong elements: z = { $planes } … ({ $count } planes)

## A load map's buffer.

judge-buffer-label = { $name } ({ $elements } elements)

## The plan's rows (Gradescope's and PrairieLearn's test names).

# $visibility: visible, hidden or metrics (the metrics case).
judge-row-test = { $section } test: { $case } ({ $visibility ->
    [metrics] metrics case
   *[other] { $visibility }
})
judge-row-target = { $section } target: { $metric } { $op } { $value }
judge-row-sanitizer = { $section } sanitizer: no findings

## The speed model's resources ("the DRAM traffic alone take at least …").

judge-resource-dram = DRAM traffic
judge-resource-shared-wavefronts = shared-memory wavefronts
judge-resource-issue = instruction issue
judge-resource-l1-sectors = L1 sectors
judge-resource-blocks = blocks started
judge-resource-atomics = global atomics
judge-resource-loads-in-flight = DRAM loads in flight (occupancy)

## Errors of the emulator and of the grading ($error: the emulator's own words).

judge-emulator-cannot-load = the emulator cannot load this kernel's PTX: { $error }
judge-emulator-cannot-launch = the emulator could not launch the kernel: { $error }
judge-case-no-such-buffer = case { $case }: argument names buffer { $buffer }, which does not exist
judge-case-no-output-buffer = case { $case }: output buffer { $buffer } does not exist
judge-internal-error = internal error while grading { $section } ({ $what }); please report it
