# The text report of a section: its header, tests, findings, metrics and targets.

# The language's own name (shown by --help's --lang and the book's switcher).
lang-name = English

# Before every message that stops the grader.
error-label = error:
lang-unknown = --lang { $given }: the course speaks { $tags } (or a locale such as zh_TW.UTF-8)

## The report's header and tests.

report-kernel = kernel
report-backend = backend
report-seed = seed { $seed } — rerun with --seed { $seed }
report-tests = tests
# The tests' column: a test's kind.
report-vis-visible = visible
report-vis-hidden = hidden
report-vis-metrics = metrics
report-printf-header = printf (block, thread):
report-printf-more = … { $more } more printf calls not shown
report-first-wrong = first wrong elements:
# Headings of the wrong elements' columns: "(x, y, z)  expected  got".
report-expected = expected
report-got = got
report-and-more = … and { $more } more
report-where-everywhere = where: every element is wrong
report-where = where: { $legend }

## Findings.

report-findings = findings: { $findings }
# "race at kernel.cu:23, block (1, 0, 0) thread (3, 4, 0), in test "odd size""; $kind is the finding's name (race, out_of_bounds…), kept in English.
report-finding-at = { $kind } at { $place }, block { $block } thread { $thread }, in test "{ $case }"
report-finding-more-tests = { $count ->
    [one] {" "}(and in { $more } more test)
   *[other] {" "}(and in { $more } more tests)
}
report-no-source-line = (no source line)
report-line-inferred = line { $line } inferred: { $why }
report-inferred-line = the compiler gave the instruction no line of its own (code it made from several statements): this is the nearest line of the code around it
report-called-from = called from { $place }
report-called-from-more = , called from { $place }
report-findings-more = … the first occurrence of each is listed; { $more } more occurrences not listed
report-explain-out-of-bounds = a thread read or wrote outside the array: check the bounds test before that access (ghost cells, the rounded-up grid)
report-explain-misaligned = an address not a multiple of the access size: an index computed in bytes where elements were meant, or a bad cast
report-explain-race = two threads used the same shared-memory word between two barriers, at least one writing: a read and a write need a __syncthreads() between them; two writes need one writer
report-explain-uninitialized-shared = shared memory read before any thread of the block wrote it: part of the tile (often the halo) is never loaded
report-explain-barrier = __syncthreads() not reached by every thread of the block (inside an if, or after an early return): move it where all threads pass
report-explain-timeout = the kernel did not finish within its instruction budget: a loop that never ends (check its bound and its increment)
report-explain-assertion = an assert() in the kernel failed, or it called __trap(): the launch stopped there, as it does on a GPU
report-explain-call-depth = functions called each other deeper than the emulator follows: a recursion that never ends?
report-explain-unportable = the kernel relies on a value a GPU gives otherwise (a clock, an SM or warp id, where a buffer lies; %warpid is not the warp's index in the block): it works here by chance

## Metrics.

report-metrics = metrics ({ $case })
report-metric-flops = FLOPs the problem needs
report-metric-executed-flops = FLOPs executed
report-metric-global-load-bytes = global load bytes
report-metric-op-per-byte = OP/B (problem FLOPs ÷ global load bytes)
report-metric-global-load-requests = global load requests
report-metric-global-load-sectors = global load sectors (32 B)
report-metric-global-store-bytes = global store bytes
report-metric-shared-per-block = shared memory per block (bytes)
report-metric-threads-blocks = threads × blocks
# A metric in words ($shown of report-not-graded-shown; the targets' table keeps the ids the
# JSON and the contract use).
report-metric-name-op-per-byte = OP/B
report-metric-name-shared-bytes-per-block = shared memory bytes per block
report-metric-name-global-load-bytes-per-output = global load bytes per output
report-metric-name-threads-per-block = threads per block
report-metric-name-global-load-sectors-per-request = sectors per global load request
report-metric-name-global-load-sectors-over-minimum = global load sectors over the fewest possible
report-metric-name-global-load-uncoalesced-sectors-per-output = uncoalesced global load sectors per output
report-metric-name-global-loads-per-element = global loads per input element
report-metric-name-shared-bank-conflicts-per-request = bank conflicts per shared memory request
report-metric-name-shared-bank-conflicts-per-output = bank conflicts per output
report-metric-name-local-memory-bytes = local memory bytes
report-metric-name-active-lane-percent = active lanes in % of a warp
report-metric-name-percent-of-copy = speed in % of a copy
# $shown: metrics in words, each with its value ("sectors per global load request 17.30").
report-not-graded-shown = not graded (the caches decide what they cost): { $shown }
report-gpu-shared-same = { $bytes } B static shared (= emulator)
report-gpu-shared-differs = { $bytes } B static shared (emulator says { $emulator } B!)
report-gpu-spills = {" "}(spills or local arrays)
report-gpu-line = on { $device } ({ $binary }): { $registers } registers/thread, { $local } B local/thread{ $spill }, { $shared }
report-also-measured = also measured
report-variant-textbook = {" "}(textbook { $value })
report-variant-failed = FAILED: { $message }

## Speed.

report-speed-on = speed on { $device }
report-timing = timing case { $case }: { $ms } ms (median), { $gbps } GB/s = { $percent }% of a device-to-device copy ({ $copy } GB/s)
report-timed = timed: { $method }
report-speed-reference = the course's reference, timed in the same run on this card: { $ms } ms = { $percent }% of copy; a kernel within { $tolerance }% of its time meets the target too
report-at-most = at most { $value }
report-resource-dram = DRAM traffic
report-resource-shared-wavefronts = shared-memory wavefronts
report-resource-issue = instruction issue
report-resource-l1-sectors = L1 sectors
report-resource-blocks = blocks started
report-resource-atomics = global atomics
report-resource-loads-in-flight = DRAM loads in flight (occupancy)
report-line = line { $line }
report-line-with-text = line { $line }: { $text }
report-cannot-reach = cannot reach { $target }% of copy: the { $resource } alone take at least { $ms } ms on an { $gpu }, at most { $most }% of copy{ $place }
report-estimated-at-most = estimated at most { $value }
report-estimate-cannot-reach = estimated below { $target }% of copy: { $percent }% on an { $gpu }; the model's estimates of kernels limited by { $resource } were at most { $factor }× slower than their measured times, and even { $factor }× faster this kernel reaches { $most }% (an estimate, not a bound: a GPU's timing decides){ $place }
report-cannot-reach-where = {" "}— most of them at { $line }
report-model-beside = beside the measurement above
report-model-not-measured = not a measurement
report-model-header = speed on an { $gpu } by the model (from the emulator's counts; { $measured })
report-model-bound-at = { $resource }, most at { $line }
report-model-bound-once = { $resource }: the inputs read once and the output written once
# A bound: the least time the counts allow, so the most % of copy the kernel can reach.
# $reference: report-model-reference-at-most, or nothing where the section has no reference.
report-model-at-most = at most { $percent }% of copy ({ $ms } ms at least{ $reference }), a bound: the kernel cannot be faster than this on this card; it is set by { $bound }
report-model-reference-at-most = ; the course's reference: at most { $percent }%
report-model-reference-estimate = ; the course's reference: { $percent }%
# $change: one of report-change-*; $place: report-model-change-where or nothing.
report-model-change = to be faster, the kernel needs { $change }{ $place }
report-model-change-where = {" "}— most of it at { $line }
report-change-dram = fewer bytes between DRAM and the chip (the least: each input read once, each output written once)
report-change-shared-wavefronts = fewer shared-memory wavefronts (fewer shared accesses per output, or no bank conflicts)
report-change-issue = fewer instructions per output (more outputs per thread, less index arithmetic)
report-change-l1-sectors = fewer global load sectors (coalesced loads, inputs reused from shared memory or registers)
report-change-blocks = fewer blocks (more outputs per block)
report-change-atomics = fewer global atomics
report-change-loads-in-flight = more DRAM loads in flight per SM (more resident warps: fewer registers or less shared memory per block, larger blocks; or several independent loads issued per thread before their values are used)
report-model-limited-at = , { $resource } at line { $line }
report-model-limited = , { $resource }
report-model-estimate = estimated { $percent }% of copy ({ $ms } ms{ $limited }{ $reference }); the model's error on { $kernels } timed kernels: median { $median }%, worst { $worst }%
report-model-occupancy = occupancy: { $warps } warps resident per SM (blocks of { $threads } threads, { $registers } registers per thread in NVRTC's build for the card, { $shared } bytes of shared memory per block), each waiting on one DRAM load at a time
report-model-sampled = the timing case's own blocks do other work than the metrics cases scaled to its size: { $blocks } of its blocks run on the emulator ({ $outputs } outputs) did { $sampled } { $count } where { $assumed } were assumed, so these figures are from what its blocks do ({ $ratio }× the scaled estimate's time)
report-sampled-stored-bytes = bytes stored
report-sampled-shared-wavefronts = shared-memory wavefronts
report-sampled-shared-wavefronts-if-merged = shared-memory wavefronts (as merged)
report-sampled-warp-instructions = warp instructions
report-sampled-l1-sectors = L1 sectors
report-sampled-global-atomics = lanes of global atomics
report-sampled-global-load-bytes = bytes of global loads
report-sampled-global-load-requests = global load requests

## Targets.

report-targets = targets
# The targets' column headings.
report-col-target = target
report-col-measured = measured
report-col-textbook = textbook
report-second-case = but { $measured } on the second metrics case ({ $case }): a target must hold at every size
report-every-line-traffic = every line's traffic: cargo run -p grader -- traffic { $section }
report-culprit-loads = makes { $loads } global loads per output, the most of any line
report-culprit-sectors = touches { $per_request } sectors per warp-level load, { $over } times the fewest its width needs (1 when coalesced)
report-culprit-conflicts = causes { $replays } bank-conflict replays, the most of any line
report-culprit-conflict-example = ; for example, lanes { $lane_a } and { $lane_b } of one warp (threads { $thread_a } and { $thread_b }) { $access } { $places }: two different words of bank { $bank }, which serves one word per pass, so the access takes { $ways } passes
report-conflict-read = read
report-conflict-write = write
report-conflict-elements = elements { $index_a } and { $index_b } of `{ $array }` (counted row by row)
report-conflict-places = { $place_a } and { $place_b }
report-conflict-element = element { $index } of `{ $array }` (counted row by row)
report-conflict-offset = offset { $offset }
report-conflict-half-warps = the two halves of each warp sit on different rows of a block 16 threads wide, and the tile's rows are a multiple of 32 words apart, so the halves meet in every bank: make the block 32 threads wide, or pad each tile row by one word
report-culprit-local = loads and stores { $bytes } bytes of local memory, the most of any line{ $array }
report-culprit-local-array = {" "}(probably the per-thread array { $name }, declared at line { $line })
report-culprit-inferred = (with code the compiler gave no line of its own, counted on this, the nearest line)

## The verdict.

report-compile-error = compile error
report-no-defines = no defines
report-passed-word = PASSED
report-failed-word = FAILED
report-passed-on-emulator-word = PASSED ON THE EMULATOR
report-passed-on-emulator = { $verdict } — every test and every target the emulator measures pass; not measured without a GPU: { $targets } (the challenge's goal: see `cargo run -p grader -- time { $section }` on a machine with an NVIDIA GPU)
report-visible-pass = visible tests pass
report-all-pass = all tests and targets pass
report-why-compile = the kernel does not compile
report-why-launch = the kernel cannot be launched
report-why-tests = { $failed } of { $total } tests failed
report-why-sanitizer = sanitizer: { $findings }
report-why-missed = { $count ->
    [one] { $count } target missed
   *[other] { $count } targets missed
}
report-why-not-graded = { $count ->
    [one] { $count } target not graded
   *[other] { $count } targets not graded
}
# Between the reasons of a FAILED verdict.
report-list-sep = {", "}
report-stuck = stuck? cargo run -p grader -- hint { $section }

## The compact report (watch).

report-more-log-lines = … { $more } more lines (f: full report)
report-first-failure = first failure: { $test }
report-printf-lines = printf: { $count ->
    [one] { $count } line
   *[other] { $count } lines
} (f: full report)

## The summary of a run of several sections.

report-summary = summary
report-summary-passed = passed
report-summary-passed-emulator = passed on the emulator (speed not measured)
report-summary-unmeasured = {" "}({ $count } without { $count ->
    [one] its
   *[other] their
} speed measured: no GPU)
report-summary-total = { $passed } of { $total } sections passed{ $unmeasured } in { $seconds } s

## The progress bar.

report-bar-tests = tests
report-bar-section = section { $section }

## traffic: the per-line table.

report-traffic-case = metrics case { $case }
report-traffic-op-per-byte = OP/B { $op_per_byte }: the problem's { $flops } FLOPs over { $bytes } bytes loaded from global memory, for { $outputs } outputs ({ $executed } FLOPs executed)
# The table's column headings (short: the numbers below are right-aligned under them).
report-traffic-col-line = line
report-traffic-col-source = source
report-traffic-col-loads = loads/output
report-traffic-col-requests = requests
report-traffic-col-sectors = sectors/req
report-traffic-col-stores = stores B
report-traffic-col-shared = shared B
report-traffic-col-conflicts = conflicts
report-traffic-col-local = local B
report-traffic-col-flops = FLOPs
# The totals' row.
report-traffic-all = all
report-traffic-legend =
    loads/output: thread-level global loads of the line per output element; sectors/req: 32-byte
    sectors per warp-level load (4 is ideal for a full warp's 4-byte loads); shared B: shared
    bytes loaded and stored; conflicts: extra wavefronts from bank conflicts; local B: local
    memory loaded and stored (a per-thread array the compiler could not keep in registers);
    FLOPs: executed.
report-traffic-inferred =
    {"*"}: also counts instructions the compiler gave no line of their own (code it made from
    several statements), on the nearest line of the code around them.

## traffic: the reuse maps and the block view.

report-map-stats = { $label }: loads per element min { $min }, mean { $mean }, max { $max } — { $times }× the compulsory traffic{ $plane }
report-map-plane = {" "}(plane z = { $plane } of 0..{ $last })
report-map-cell = each cell = { $cw }×{ $ch } elements; ' ' none … '@' { $max } loads
report-map-corner = the first { $cols }×{ $rows } elements, loads each:
report-block-title = block { $block }, thread { $thread } of it:
report-block-plane = , plane z = { $z }
report-block-loaded = { $name }: the block loaded { $elements } elements ({ $loads } loads) from global memory; the thread { $thread } of them{ $plane }
report-block-columns = columns { $x0 }..{ $x1 }, rows { $y0 }..{ $y1 }; digits: loads by the block ('+' past 9), o: loaded by the thread, ·: not loaded
report-block-shared-unused = shared memory: not used
report-block-shared = shared memory: { $written } words written, { $read } read; the thread read { $thread }. Rows of { $per_row } words{ $first }:
report-block-shared-first = , the first { $shown } of { $rows }
report-block-shared-legend = #: written and read, w: written only, r: read but never written, o: read by the thread, ·: untouched
report-argument = argument { $number }
report-plane-not-3d = --plane { $plane }: section { $section }'s buffers are not 3D
report-plane-out-of-range = --plane { $plane }: { $name } has planes 0 to { $last } in the metrics case
report-coords-count = `{ $text }`: give X,Y or X,Y,Z
report-coords-not-integer = `{ $text }`: `{ $part }` is not a non-negative integer
report-traffic-another-block = (another block: --block X,Y[,Z]; another thread: --thread X,Y[,Z])
report-traffic-no-metrics-run = { $kernel } did not run the metrics case to the end (fix what `cargo run -p grader -- { $section }` reports first)
report-traffic-block-outside = block { $block } or its thread { $thread } is not in the launch (the metrics case launches { $grid } blocks of { $threads } threads)
report-wrote = wrote { $path }

## The SVG figures' captions.

report-svg-loads-title = { $label }: loads from global memory per element{ $plane }
report-svg-plane = , plane z = { $plane } of 0..{ $last }
report-svg-stats = min { $min }, mean { $mean }, max { $max }: { $times }× the compulsory traffic (each element loaded once)
report-svg-all = all { $size } elements (a cell: the mean of { $cell })
report-svg-all-rows = all { $elements }, in rows of { $row } (a cell: the mean of { $cell })
report-svg-first = the first { $size } elements, loads each
report-svg-legend = loads per element:
report-svg-footprint = { $name }: columns { $x0 }.., rows { $y0 }..{ $plane }
report-svg-shared-caption = shared memory, rows of { $per_row } words
report-svg-block = block { $block }: what it loaded from global memory, coloured by loads; thread { $thread }'s loads outlined
report-svg-shared-legend = shared memory: green written and read, grey written only, red read but never written, blue read by the thread

## A course platform's results (Gradescope, PrairieLearn).

report-row-not-run = not run
report-row-compile-failure = The kernel does not compile ({ $compiler }, { $defines }):
report-row-summary = Section { $section } ({ $title }), backend { $backend }, seed { $seed }: { $verdict }.
report-row-passed-emulator = every test and every target the emulator measures pass; not measured without a GPU: { $targets }
report-row-not-yet = not yet
report-row-size = size { $size }
report-row-skipped = not measured here ({ $why }): the point is given
report-row-measured = measured { $value }
report-row-not-measured-here = not measured here: { $why }
report-row-not-measured = not measured
report-row-textbook = , textbook { $value }
report-row-finding = { $kind } at { $place }, block { $block } thread { $thread }, in test "{ $case }": { $advice }
report-row-findings = { $count }; the first occurrence of each:
report-pl-target = the section's target for { $metric }, on the metrics case
report-pl-hidden-test = a hidden case: the output against the CPU oracle (its data are not shown)
report-pl-test = the output against the CPU oracle
report-pl-sanitizer = the sanitizer: races, out-of-bounds accesses, uninitialised shared memory, barriers
report-pl-right = right
report-pl-wrong = wrong (its values are not shown)
report-pl-passed = passed
report-pl-failed = failed
report-pl-no-png = {" "}(the traffic views are not drawn: this grader was built without the `png` feature)
report-pl-image-loads = { $label }: loads from global memory per element
report-pl-image-block = block { $block }: what it loaded, and its shared memory
report-pl-left-out = {" "}({ $images }{ $report }left out: results.json must stay under 1 MB)
report-pl-images-dropped = { $count ->
    [one] { $count } image
   *[other] { $count } images
}{" "}
report-pl-report-cut = and part of the report{" "}

# A finding's evidence, as the emulator found it, under its explanation.
report-finding-evidence = ({ $message })

report-compiled-by = ({ $compiler }, { $defines })
# The headline of a compile error and what compiled it (report-compiled-by or report-compiler).
report-compile-headline = { $error } { $compiler }
report-compiler = ({ $compiler })

# A file whose device code differs between architectures (it switches on __CUDA_ARCH__).
report-arch-differs = this file's code differs between cards (it depends on __CUDA_ARCH__): each build is graded, and the worst decides
report-arch-build = { $archs } ({ $cards })
report-arch-passed = passed
report-arch-failed = failed
report-arch-this = ← this report
report-arch-not-built = does not build for { $arch } ({ $cards }), graded on the others: { $error }
report-arch-not-run = { $arch } ({ $cards }) not graded: the emulator does not run its code ({ $error })
