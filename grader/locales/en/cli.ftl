# The command line's help (`grader --help`, `grader <COMMAND> --help`). English: the very words
# of the doc comments clap derives the help from (grader/src/cli.rs, grader/src/commands/*.rs);
# a test keeps them equal (grader/src/cli/help.rs). `cli-<command>-about`: a command's line;
# `cli-<command>-<argument>`: an argument's help in that command, `cli-<argument>`: in every
# command that has no message of its own; `cli-value-<argument>-<value>`: a value's.

## The grader and its commands.

cli-about = Grade the course's CUDA kernels (PMPP chapters 7 and 8) with no GPU needed
cli-grade-about = Grade one section (`grader 7.4` is the same as `grader grade 7.4`)
cli-all-about = Grade every section, in course order
cli-list-about = Every section, its title, where you stand, and whether your kernel passes its visible tests
cli-hint-about = The next hint for a section, or its first N hints
cli-watch-about = Regrade the section you work on each time you save its kernel.cu
cli-reset-about = Put a section's stub back in place (after asking)
cli-book-about = The course book as HTML (built with mdBook, installed on first use); --open, --serve to read it
cli-verify-about = For instructors: every solution passes, every stub fails, every wrong kernel fails for its stated reason
cli-bundle-about = For instructors: a Gradescope autograder zip for one section
cli-prairielearn-about = For instructors: PrairieLearn questions graded externally, their entrypoint and the grading image's Dockerfile
cli-time-about = With a GPU: time kernels on inputs far beyond the L2, beside a device-to-device copy
cli-profile-about = With a GPU: one launch of the metrics case for Nsight Compute, and the emulator's counts as JSON (tools/ncu-crosscheck)
cli-traffic-about = Where the kernel's memory traffic comes from, line by line, on the metrics case (no GPU needed)
cli-coverage-about = For maintainers: run one fixture per CUDA device built-in (grader/coverage/) and compare it with a GPU's recorded output

## What follows a help: the sections, examples.

# $ids: the sections' ids, separated by spaces.
cli-sections-line = Sections: { $ids } (`grader <SECTION> --help` for grading's options)
cli-examples-heading = Examples:
cli-example-heading = Example:
cli-section = A section: { $ids }
cli-sections = A section: { $ids }, or all

## Arguments every command that has them shares.

cli-lang = The grader's language: en, zh-Hans, zh-Hant or a locale (default: LC_ALL, LC_MESSAGES, LANG)
cli-solutions = Grade the reference solution (solutions/<section>/kernel.cu) instead of yours
cli-kernel = Grade this file as the section's kernel
cli-backend = Where kernels run: a GPU if usable (auto), the emulator, or a GPU
cli-compiler = What compiles kernel.cu to PTX: NVRTC where it exists or can be installed (auto), else clang; or either one by name
cli-card = The card the speed model speaks of: h100-sxm (the default without a GPU), h100-pcie, h200, a100-40gb, a100-80gb, l4, t4, rtx-4090, rtx-3090, rtx-3060-laptop. With a GPU, the card found
cli-seed = The seed of the hidden tests
cli-value-backend-auto = A GPU when one is usable, else the emulator
cli-value-compiler-auto = NVRTC where it exists or can be installed, clang otherwise

## Each command's own.

cli-grade-seed = The seed of the hidden tests (printed by every run, so a failure can be reproduced)
cli-grade-results = With --format gradescope or prairielearn: write results.json here (default: stdout), even when the kernel cannot be graded
cli-grade-data = With --format prairielearn: the question's data.json; its `params.seed`, when it has one, is the seed of the hidden tests (else --seed)
cli-grade-cases = Also grade an instructor's private hidden cases from this TOML/JSON file (format: grader/src/course/cases_file.rs)
cli-grade-variants = Also measure the section's other configurations (7.4: the textbook's 32x32 tiles with a 9x9 filter, 8x8 tiles with a 5x5 filter)
cli-value-format-gradescope = Gradescope's autograder results.json (see --results)
cli-value-format-prairielearn = PrairieLearn's external-grader results.json (see --results and --data)
cli-all-solutions = Grade the reference solutions instead of your kernels
cli-all-cases = Also grade an instructor's private hidden cases from this TOML/JSON file
cli-all-variants = Also measure each section's other configurations
cli-list-solutions = Check the reference solutions instead of your kernels
cli-hint-count = How many hints to show (default: one more than last time)
cli-watch-seed = The seed of the hidden tests (default: a fresh one per grading)
cli-reset-yes = Restore the stub without asking
cli-book-lang = The book's language: en, zh-Hans, zh-Hant (or a locale, zh_TW.UTF-8), or all (the three side by side, with a language switcher; the translations in zh-Hans/ and zh-Hant/). Default: the language the grader speaks
cli-book-out = Where to write the HTML (default: target/book in the course): a new or empty folder, or a book built before (mdBook empties it first)
cli-book-open = Open the book in a browser once built (with --serve: the served book)
cli-book-serve = Then serve the book on http://localhost:PORT, rebuilt and reloaded on every save of docs/ (until Ctrl-C)
cli-book-port = The port --serve listens on
cli-verify-only = Only the kernels of one suite (grader/<SUITE>/), not the solutions and stubs
cli-value-only-wrong = Classic mistakes, each failing for its stated reasons
cli-value-only-accepted = Correct kernels in students' styles: they pass
cli-value-only-hostile = Kernels that try to cheat, peek or crash the grader
cli-bundle-output = Where to write the autograder zip (default autograder-<id>.zip)
cli-bundle-cases = Private hidden cases to grade every submission with (TOML/JSON; checked now)
cli-prairielearn-out = The folder to write (questions/, serverFilesCourse/, the Dockerfile, a README)
cli-prairielearn-image = The grading image as PrairieLearn pulls it: a public linux/amd64 image (Docker Hub, ghcr.io, quay.io, GitLab, ECR Public)
cli-prairielearn-cases = Private hidden cases graded with every submission (TOML/JSON; checked now), put into each question's tests/
cli-prairielearn-timeout = Each question's timeout in seconds, instead of the one measured from its reference solution
cli-time-seed = The seed of the timing data (default 7)
cli-time-write-docs = Also write the table to docs/gpu-timing.md (the card's own part of it)
cli-time-card = Without a GPU, the card the speed model speaks of (default h100-sxm; `grade --help` lists them)
cli-time-unchecked = Time kernels that fail their tests too, without checking their outputs on the timing case (the speed model's corpus, tools/gpu/speed-corpus.sh); kernels that hang, fault or stop on the emulator are still not launched
cli-time-timing-only = With `--unchecked`: time without grading on the emulator first (no model in the rows), for a list known to run (the corpus on a second card: its rows' model comes from a run without a GPU, joined by `tools/speed-corpus-merge`). Hidden: not for students
cli-time-jsonl = One JSON object per row on stdout instead of the table
cli-time-list = Time the kernels this file lists, one `SECTION:FILE` a line, in one run (the corpus: one CUDA context, and one timing case per section in turn)
cli-profile-seed = The seed of the metrics case's data (default 7)
cli-traffic-compiler = What compiles kernel.cu to PTX
cli-traffic-seed = The seed of the metrics case's data (default 1)
cli-traffic-plane = 3D sections: the z plane the maps show (default: the middle one)
cli-traffic-svg = Also write the maps as SVG files into this directory
cli-traffic-block = The block whose tile and shared cells are drawn (default: the middle of the grid)
cli-traffic-thread = The thread of that block whose window is marked (default: the middle of the block)
cli-coverage-backend = Where the fixtures run: the emulator (compared with the recorded GPU outputs), or a GPU (compared with the emulator)
cli-coverage-record = With --backend gpu: write the GPU's outputs to grader/coverage/recorded.json
cli-coverage-markdown = Also write the table as the book's page (docs/coverage.md)

## clap's own words, replaced in the rendered help (English: clap's, never read).

cli-usage-heading = Usage:
cli-commands-heading = Commands:
cli-arguments-heading = Arguments:
cli-options-heading = Options:
cli-possible-values-heading = Possible values:
cli-help-flag = Print help
cli-help-flag-short = Print help (see more with '--help')
cli-help-flag-long = Print help (see a summary with '-h')
cli-help-command = Print this message or the help of the given subcommand(s)
cli-help-command-subcommand = Print help for the subcommand(s)
cli-default = default:{" "}
cli-possible-values = possible values:{" "}

## clap's usage errors (an unknown argument, a missing value…), said from the error's kind and
## context (English: clap's own, never read). $arg, $value, $command: as the student typed them.

cli-error-unknown-argument = unexpected argument '{ $arg }' found
cli-error-unknown-command = unrecognized subcommand '{ $command }'
cli-error-missing-value = a value is required for '{ $arg }' but none was supplied
cli-error-invalid-value = invalid value '{ $value }' for '{ $arg }'
# $reason: why the value is wrong (no such section, no such card…), already in this language.
cli-error-invalid-value-because = invalid value '{ $value }' for '{ $arg }': { $reason }
cli-error-missing-arguments = the following required arguments were not provided:
cli-error-missing-command = '{ $command }' requires a subcommand but one was not provided
cli-error-too-many-values = unexpected value '{ $value }' for '{ $arg }' found; no more were expected
cli-error-given-twice = the argument '{ $arg }' cannot be used multiple times
cli-error-conflict = the argument '{ $arg }' cannot be used with '{ $other }'
cli-error-unreadable = the command line cannot be read
# $names: one or more names the student may have meant.
cli-tip-similar = tip: a similar one exists: '{ $names }'
cli-tip-as-value = tip: to pass '{ $arg }' as a value, use '{ $how }'
cli-error-more = For more information, try '{ $help }'.
# --card: $known lists the cards' ids.
cli-error-no-card = no card `{ $card }` in the table: { $known }
# clap's check of a number's range: $range as clap writes it (10..=600).
cli-error-not-in-range = { $value } is not in { $range }
