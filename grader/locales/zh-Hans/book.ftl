# book: `grader book` (commands/book.rs) and the tools it builds the book with (toolchain/mdbook.rs)

## commands/book.rs

# The title of the translated book (the English one is book.toml's).
book-title = 动手学 GPU 卷积与 stencil
book-lang-unknown = --lang { $given }：本书有 en、zh-Hans 和 zh-Hant 三种语言（或 all：三种并排构建）
book-serve-one-language = --serve 一次只能提供一种语言（mdBook 每次保存只重新构建一本书）：请用 --lang en、zh-Hans 或 zh-Hant，而不是 all
book-no-book-toml = { $root } 中没有 book.toml：课程讲义不在这里
book-out-unusable = --out { $dir }：不是可用的路径（{ $error }）
book-out-course-files = 讲义会覆盖课程自身的文件（mdBook 会先清空该文件夹）
book-out-is-file = 这是一个文件，而不是文件夹
book-out-other-files = 该文件夹中有其他文件，而 mdBook 会先清空它：请指定一个新的或空的文件夹
book-built = 课程讲义已用 { $version }（{ $found_by }）构建：
book-built-translated = 课程讲义（{ $languages }）已用 { $version }（{ $found_by }）和 { $helpers }（{ $helpers_found_by }）构建：
book-no-browser = 注意：无法打开浏览器（{ $error }）：请自行打开 { $page }
book-install-progress = cargo install { $name }：已编译 { $compiled } 个 crate（{ $line }）
book-build-errors-reported = 它报告了错误
book-build-failed = mdbook 无法从 { $docs } 构建讲义（{ $why }）：
book-cannot-run = 无法运行 { $program }（{ $error }）
book-serving = 正在 http://localhost:{ $port } 上提供讲义，每次保存 { $watched } 都会重新构建（按 Ctrl-C 停止）…
book-serve-stopped = mdbook serve 已停止（{ $status }；端口 { $port } 是否已被占用？可用 --port 换一个）

## toolchain/mdbook.rs

book-mdbook-what = mdBook（用于把课程讲义构建为 HTML）
book-helpers-what = mdbook-i18n-helpers（用于把 po/ 中的译文放进讲义）
book-found-by-var = 来自 { $var }
book-found-by-cache = 位于课程缓存中
book-found-by-path = 位于 PATH 中
book-found-by-install = 刚安装到课程缓存中
book-cannot-be-run = { $program }（{ $found_by }）无法运行：{ $error }
book-mdbook-no-version = { $program }（{ $found_by }）对 `--version` 的回答不像 mdbook（它输出的是 { $said }）
book-helpers-does-not-answer = { $program }（{ $found_by }）对 `supports html` 的回答不像 mdbook-gettext（{ $status }）
book-var-does-not-exist = { $var }={ $path } 不存在
book-helpers-var-holds-none = { $var }={ $path } 中没有 mdbook-gettext（请指定它所在的文件夹，或安装时用的 --root）
book-mdbook-var-other-version = 注意：{ $var } 是 { $version }；课程讲义用 mdbook { $pinned } 构建
book-helpers-var-other-version = 注意：{ $var } 是 { $version }；课程的译文用 mdbook-i18n-helpers { $pinned } 构建
book-other-series = { $program }（{ $found_by }）是 { $version }，不属于 { $series } 系列
book-no-home = 没有设置 HOME：没有可以安装到的缓存
book-installed-nothing = cargo 已完成，但缓存中没有 { $bin }
book-vanished = { $program } 不见了
book-not-found = 没有找到 { $what }。
book-skipped = 已跳过：{ $why }
book-install-failed = 自动安装失败：{ $why }
book-mdbook-how-to-install = 请用 `{ $command }` 安装它（PATH 中任何 mdbook { $series }.x 都可以），或者让 { $var } 指向一个 mdbook 可执行文件。在此之前，讲义可以直接作为 Markdown 阅读：docs/SUMMARY.md 列出了它的各页。
book-helpers-how-to-install = 请用 `{ $command }` 安装它（之后 PATH 中它的 mdbook-gettext 就可以用），或者让 { $var } 指向其 mdbook-gettext 所在的文件夹。在此之前，英文讲义可以用 --lang en 构建，docs/SUMMARY.md 列出了它的各页。
book-cache-has-no-parent = 缓存目录没有上级目录
book-installing = 没有找到 { $what }：正在用 `{ $command }` 把 { $name } { $version } 安装到 { $dir }，只需一次（cargo 会下载并编译它：需要几分钟）…
book-cargo-did-not-finish = cargo install 没有完成：{ $error }
book-cargo-failed = `{ $command }` 失败（{ $status }；是否离线？{ $name } { $version } 需要 Rust { $rust } 或更高版本）：
book-cargo-installed-no-binary = cargo install 已完成，但没有安装 { $bin } 可执行文件
book-cannot-move = 无法把安装好的 { $name } 移到 { $dir }：{ $error }
book-installed = { $name } { $version } 已安装到 { $dir }。
