# book: `grader book` (commands/book.rs) and the tools it builds the book with (toolchain/mdbook.rs)

## commands/book.rs

# The title of the translated book (the English one is book.toml's).
book-title = GPU Convolution and Stencils, by Doing
book-lang-unknown = --lang { $given }: the book is written in en, zh-Hans and zh-Hant (or all: the three side by side)
book-serve-one-language = --serve serves one language (mdBook rebuilds one book on each save): --lang en, zh-Hans or zh-Hant, not all
book-no-book-toml = { $root } has no book.toml: the course book is not here
book-out-unusable = --out { $dir }: not a usable path ({ $error })
book-out-course-files = the book would be written over the course's own files (mdBook empties the folder first)
book-out-is-file = a file, not a folder
book-out-other-files = this folder holds other files, and mdBook empties it first: name a new or empty folder
book-built = The course book, built with { $version } ({ $found_by }):
book-built-translated = The course book ({ $languages }), built with { $version } ({ $found_by }) and { $helpers } ({ $helpers_found_by }):
book-no-browser = note: no browser could be opened ({ $error }): open { $page } yourself
book-install-progress = cargo install { $name }: crates compiled: { $compiled } ({ $line })
book-build-errors-reported = it reported errors
book-build-failed = mdbook could not build the book from { $docs } ({ $why }):
book-cannot-run = cannot run { $program } ({ $error })
book-serving = Serving the book on http://localhost:{ $port }, rebuilt on every save of { $watched } (Ctrl-C stops it)…
book-serve-stopped = mdbook serve stopped ({ $status }; is port { $port } taken? --port picks another)

## toolchain/mdbook.rs

book-mdbook-what = mdBook (which builds the course book as HTML)
book-helpers-what = mdbook-i18n-helpers (which puts the translations of po/ into the book)
book-found-by-var = from { $var }
book-found-by-cache = in the course's cache
book-found-by-path = on PATH
book-found-by-install = just installed in the course's cache
book-cannot-be-run = { $program } ({ $found_by }) cannot be run: { $error }
book-mdbook-no-version = { $program } ({ $found_by }) does not answer `--version` as mdbook does (it said { $said })
book-helpers-does-not-answer = { $program } ({ $found_by }) does not answer `supports html` as mdbook-gettext does ({ $status })
book-var-does-not-exist = { $var }={ $path } does not exist
book-helpers-var-holds-none = { $var }={ $path } holds no mdbook-gettext (name the folder it is in, or the --root it was installed with)
book-mdbook-var-other-version = note: { $var } is { $version }; the course's book is built with mdbook { $pinned }
book-helpers-var-other-version = note: { $var } is { $version }; the course's translations are built with mdbook-i18n-helpers { $pinned }
book-other-series = { $program } ({ $found_by }) is { $version }, not of the { $series } series
book-no-home = HOME is not set: there is no cache to install into
book-installed-nothing = cargo finished but there is no { $bin } in the cache
book-vanished = { $program } vanished
book-not-found = { $what } was not found.
book-skipped = skipped: { $why }
book-install-failed = installing it automatically failed: { $why }
book-mdbook-how-to-install = Install it with `{ $command }` (any mdbook { $series }.x on PATH will do), or point { $var } at an mdbook binary. Meanwhile the book reads as Markdown: docs/SUMMARY.md lists its pages.
book-helpers-how-to-install = Install it with `{ $command }` (then its mdbook-gettext on PATH will do), or point { $var } at the folder of its mdbook-gettext. Meanwhile the English book builds with --lang en, and docs/SUMMARY.md lists its pages.
book-cache-has-no-parent = the cache directory has no parent
book-installing = { $what } was not found: installing { $name } { $version } into { $dir } with `{ $command }`, once (cargo downloads and compiles it: a few minutes)…
book-cargo-did-not-finish = cargo install did not finish: { $error }
book-cargo-failed = `{ $command }` failed ({ $status }; offline? { $name } { $version } needs Rust { $rust } or later):
book-cargo-installed-no-binary = cargo install finished but installed no { $bin } binary
book-cannot-move = cannot move the installed { $name } into { $dir }: { $error }
book-installed = { $name } { $version } installed in { $dir }.
