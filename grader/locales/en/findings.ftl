# findings
#
# The evidence of a sanitizer finding (the emulator's `Detail`, said by grader/src/judge/evidence.rs).
# The English is the emulator's own message, word for word (a test holds it to that). Numbers come
# as the emulator writes them: no separators, addresses in hex. The parts of a message (a memory
# space, a thread, a line, a place) are messages of their own, passed as arguments.

# A finding placed by its PTX line (the instruction had no source line).
finding-at-ptx-line = { $evidence } (PTX line { $line })

## Memory spaces, as "… in { $space } memory" says them.

finding-space-global = global
finding-space-shared = shared
finding-space-local = local
finding-space-const = const
finding-space-param = param
finding-space-call-parameter = call parameter
finding-space-generic = generic

## Accesses outside their memory, misaligned or to read-only memory.

# $access: read or write; $space: a finding-space-… message; $place: a finding-oob-… message.
finding-out-of-bounds = out-of-bounds { $access ->
        [write] write
       *[read] read
    } of { $size } bytes in { $space } memory: { $place }
finding-oob-shared = shared offset { $offset } (the block has { $bytes } bytes of shared memory)
finding-oob-const = constant offset { $offset } (the module has { $bytes } bytes of __constant__ data)
finding-oob-local = local offset { $offset } (each thread has { $bytes } bytes)
finding-oob-param = parameter offset { $offset }
finding-oob-call-parameter = call parameter offset { $offset } (each thread has { $bytes } bytes)
finding-oob-address = address { $addr }, outside every allocation
finding-misaligned = misaligned { $size }-byte access to { $space } memory at { $addr }
finding-misaligned-atomic = misaligned { $size }-byte atomic at { $addr }
finding-read-only-write = write to read-only (constant or parameter) memory

## Races on shared memory.

# $race: a finding-race-… kind; $place: finding-race-element or finding-race-offset; $other:
# finding-thread or finding-other-threads.
finding-race = { $race } race on shared memory ({ $place }): { $other } accessed it earlier with no __syncthreads() in between
# finding-race with the earlier access's line ($line: finding-line or finding-ptx-line; for
# several readers, the last one's).
finding-race-at = { $race } race on shared memory ({ $place }): { $other } accessed it earlier, at { $line }, with no __syncthreads() in between
finding-race-read-after-write = read-after-write
finding-race-write-after-read = write-after-read
finding-race-write-after-write = write-after-write
finding-race-element = offset { $offset }, element { $index } of `{ $array }` counting row by row
finding-race-offset = offset { $offset }
# $thread: its coordinates, "(1,2,0)".
finding-thread = thread { $thread }
finding-other-threads = other threads

## Barriers.

# $thread: its coordinates, "(3,1,0)".
finding-barrier-exited = __syncthreads() reached by only part of the block: thread { $thread } had already exited, so the others would wait forever
# $first, $other: finding-line or finding-ptx-line.
finding-barrier-diverged = threads of one block wait at different __syncthreads() ({ $first } and { $other })
finding-line = line { $line }
finding-ptx-line = PTX line { $line }

## Launches that stop.

finding-budget-spent = the launch ran past its instruction budget: an endless loop?
finding-stopped-by-another-launch = stopped here: another launch of this kernel ran past its instruction budget
finding-assert-failed = assertion `{ $expr }` failed in { $function }
finding-trap = the kernel executed `trap` (`__trap()`): a GPU aborts the launch here ("unspecified launch failure"), and every later CUDA call of the program fails
finding-bad-call-null = a call through a null function pointer: a GPU stops the launch here
finding-bad-call = a call through a function pointer holding { $pointer }, which is no function of the kernel's file that takes these arguments: a GPU stops the launch here
finding-inlined-too-large = the functions this kernel calls add up to more than { $limit } instructions once inlined (a recursion?): the emulator stops here
finding-calls-too-deep = calls nested more than { $limit } deep (endless recursion?): the launch was stopped

## Unportable code.

finding-warpid = %warpid is the warp's slot on its SM, not its index in the block (a GPU gives other values, and they change): use threadIdx.x / warpSize
# $value: finding-gpu-value-register or finding-gpu-value-buffer-address; $at: a finding-used-…
# message (where the value was read, seen from the line of its use); $used: branch, guard,
# address, stored or atomic.
finding-unportable = { $value } { $at } { $used ->
        [branch] decides a branch
        [guard] decides whether an instruction runs
        [address] decides an address
        [stored] is stored to memory
       *[atomic] is an operand of an atomic operation
    }: a GPU's clocks, SM ids and buffer addresses differ from the emulator's, so the kernel could { $used ->
        [branch] take another path
        [guard] take another path
        [address] access other memory
       *[other] write other values
    } there
finding-gpu-value-register = a value read from { $register }
finding-gpu-value-buffer-address = a buffer's address

## Reads of shared memory no thread wrote, and where their value went.

# $place: finding-unwritten-in-array or finding-unwritten-offset; $copy: yes (the memory held a
# copy of unwritten memory) or no; $used: a finding-use-… message; $at: a finding-used-… message.
finding-unwritten-read = read of shared memory ({ $place }) { $copy ->
        [yes] that holds a copy of shared memory no thread of the block has written
       *[no] that no thread of the block has written
    }; its value reaches { $used } { $at }
finding-unwritten-in-array = offset { $offset }, in `{ $array }`
finding-unwritten-offset = offset { $offset }
finding-use-global-store = a store to global memory
finding-use-store-address = the address of a store
finding-use-address = the address of a memory access
finding-use-comparison = a comparison (a branch or a condition)
finding-use-atomic = an atomic operation
finding-use-local-store = local memory (a local array or printf's arguments), where it is not followed further
finding-used-on-the-same-line = on the same line
finding-used-at-line = at line { $line }
finding-used-at-file-line = at { $file }:{ $line }
finding-used-at-ptx-line = at PTX line { $line }
