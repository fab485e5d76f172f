# judge
# The grading's verdicts: tests' messages, targets' notes, the advice on findings, the map of
# wrong elements, the plan's row names, the speed model's resources.

## How many findings (every report counts them in one unit).

# $count: the number of distinct findings (chooses the plural); $count_text: the same, as shown.
judge-findings = { $count ->
    [one] 1 finding
   *[other] { $count_text } findings
}
# $occurrences: every occurrence of them, with thousands separators.
judge-findings-occurrences = { $count ->
    [one] 1 finding
   *[other] { $count_text } distinct findings
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
judge-stopped-when-another-timed-out = not finished: stopped when another test ran out of time

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

judge-tile-never-loaded = part of the tile is never loaded (the halo, or ghost cells: slots for points outside the grid, which should hold 0 rather than be skipped)
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
judge-slot-on-edge = This block is on the edge of the grid: if that slot is a ghost cell (a point outside the grid), store 0 in it rather than skip it; if not, that thread's store is skipped (the halo left out?)
judge-slot-inside = This block is inside the grid, so its tile has no ghost cells: that thread's store is skipped (the halo left out?)
# $whose: judge-slot-own or judge-slot-of-thread; $count: judge-unwritten-count; $why:
# judge-slot-on-edge or judge-slot-inside.
judge-unwritten-slot = { $read }, which in a tile of one slot per thread is { $whose }, never stored ({ $count }). { $why }
judge-unwritten-past-threads = { $read } ({ $count }). The array has { $len } slots for the block's { $threads } threads and this one is past the first { $threads }: one store per thread leaves it unloaded; load the rest (the halo) in a second step or a loop
judge-block-on-edge = this block is on the edge of the grid, where ghost cells are
judge-block-inside = this block is inside the grid, so its tile has no ghost cells
judge-unwritten-either = { $read } ({ $count }): either { $never_loaded }, or { $beyond }; { $block_place }

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

## Errors of the emulator and of the grading ($error: the emulator's own words).

judge-emulator-cannot-load = the emulator cannot load this kernel's PTX: { $error }
judge-emulator-cannot-launch = the emulator could not launch the kernel: { $error }
judge-case-no-such-buffer = case { $case }: argument names buffer { $buffer }, which does not exist
judge-case-no-output-buffer = case { $case }: output buffer { $buffer } does not exist
judge-internal-error = internal error while grading { $section } ({ $what }); please report it
