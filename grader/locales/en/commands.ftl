# The student's commands (grade, all, list, hint, watch, reset) and the grader's own errors
# (usage, the course's files, progress). clap's own messages and --help texts stay English.

## Sections and the course's files

# $sections: the section ids, comma-separated.
cmd-unknown-section = unknown section `{ $id }`. Sections: { $sections }
# After an unknown section: it may have been a mistyped command.
cmd-or-a-command = { $message } (or a command: { $commands }; see `grader --help`)
cmd-kernel-not-found = kernel file not found: { $path }
cmd-no-working-dir = cannot read the working directory: { $error }
cmd-no-course = cannot find the course's files (a directory with Cargo.toml and exercises/) from { $dir } upwards
cmd-cannot-write-json = cannot write the JSON report: { $error }
cmd-note = note: { $message }

## Progress (.progress.json) and where a section stands

cmd-progress-damaged = { $path } is damaged ({ $error }); delete it to start your progress afresh
cmd-cannot-encode-progress = cannot encode progress: { $error }
cmd-progress-not-saved = note: progress not saved: { $error }
cmd-place-done = done
# Passed, but its speed target could not be measured without a GPU.
cmd-place-done-no-gpu = done, no GPU
cmd-place-current = current
cmd-place-tried = tried
cmd-place-not-started = not started

## reset

cmd-no-stub = no stub is built in for section { $id }
# The question; the answer is y or n (N when only Enter is pressed).
cmd-reset-ask = Replace { $path } with the original stub? Your changes will be lost. [y/N]
cmd-cannot-read-answer = cannot read the answer: { $error }
cmd-reset-kept = Left { $path } as it is.
cmd-reset-done = Restored { $path } to the stub; progress and hints for { $id } start afresh.

## hint

cmd-hint-count = the number of hints must be a positive number, e.g. `hint 7.4 2`

## grade

cmd-results-needs-platform = --results is where a course platform's results.json goes: add `--format gradescope` or `--format prairielearn`
cmd-data-needs-prairielearn = --data is PrairieLearn's data.json: add `--format prairielearn`
# $mode: gradescope or prairielearn.
cmd-platform-unknown-section = unknown section `{ $id }` ({ $mode } mode grades one of: { $sections })
cmd-could-not-grade = The autograder could not grade this submission: { $error }
cmd-cannot-encode-results = cannot encode results: { $error }
cmd-nothing-submitted = No kernel.cu was submitted (looked for { $path }).

## list

cmd-list-solutions = reference solutions
cmd-list-yours = your kernels
# $which: cmd-list-solutions or cmd-list-yours.
cmd-list-header = sections ({ $which }; quick check: visible tests only — grade one with `cargo run -p grader -- <id>`)
cmd-list-no-kernel = no kernel.cu
cmd-list-passes = ✓ passes visible tests
cmd-list-does-not-compile = ✗ does not compile
cmd-list-not-yet = ✗ not yet

## watch

cmd-watch-keys = watching for saves · f full report · c compact · h hint · l list · n next section · q quit
cmd-watch-sections = sections
cmd-cannot-watch-files = cannot watch files: { $error }
cmd-cannot-watch = cannot watch { $path }: { $error }
cmd-watch-all-passed = Every section has passed. Watch one again with `cargo run -p grader -- watch <id>`.
cmd-watch-grading = grading { $id } …
cmd-watch-next = Section { $done } passed. Next: { $id } { $title } — edit { $path }
cmd-watch-course-done = That was the last section: the course is done.
cmd-watch-no-next = no section after this one

# The `hint` command's frame around a section's hints.

hint-none = this section has no hints
# "hint 2 of 4: …": the hint's number, how many the section has, and the hint.
hint-number = hint { $index } of { $count }: { $hint }
# The last hint of a section.
hint-number-last = hint { $index } of { $count } (the idea of the solution): { $hint }
hint-another = another hint: { $command }
hint-last = that was the last hint; the section's chapter in the book: { $command }
# The progress file could not be read or saved ($message says why).
hint-note = (note: { $message })

## time, without a GPU: the speed model's table
cmd-time-no-gpu = no GPU ({ $why }): the speed model's figures for an { $card }, from the emulator's counts
cmd-time-modelling = modelling { $section } ({ $file })…
cmd-time-row-no-gpu = no GPU
cmd-time-row-not-graded = not graded: { $error }
cmd-time-model-header = Speed model, not a measurement: an { $card } ({ $sms } SMs at { $ghz } GHz, DRAM { $tbps } TB/s, copy { $copy } GB/s), the emulator's counts scaled to the timing case. "at most": no kernel with these counts can be faster (its resource named); "estimated": the model's estimate and its error on the course's corpus.
cmd-time-model-columns = | section | kernel | at most % of copy | bound by | estimated % of copy | error (median, worst) |
cmd-time-model-line = , line { $line }
cmd-time-no-model = no model
