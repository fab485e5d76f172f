# book: `grader book` (commands/book.rs) and the tools it builds the book with (toolchain/mdbook.rs)

## commands/book.rs

# The title of the translated book (the English one is book.toml's).
book-title = 動手學 GPU 卷積與 stencil
book-lang-unknown = --lang { $given }：本書有 en、zh-Hans 和 zh-Hant 三種語言（或 all：三種並排建置）
book-serve-one-language = --serve 一次只能提供一種語言（mdBook 每次儲存只重新建置一本書）：請用 --lang en、zh-Hans 或 zh-Hant，而不是 all
book-no-book-toml = { $root } 中沒有 book.toml：課程講義不在這裡
book-out-unusable = --out { $dir }：不是可用的路徑（{ $error }）
book-out-course-files = 講義會覆蓋課程自身的檔案（mdBook 會先清空該資料夾）
book-out-is-file = 這是一個檔案，而不是資料夾
book-out-other-files = 該資料夾中有其他檔案，而 mdBook 會先清空它：請指定一個新的或空的資料夾
book-built = 課程講義已用 { $version }（{ $found_by }）建置：
book-built-translated = 課程講義（{ $languages }）已用 { $version }（{ $found_by }）和 { $helpers }（{ $helpers_found_by }）建置：
book-no-browser = 注意：無法開啟瀏覽器（{ $error }）：請自行開啟 { $page }
book-install-progress = cargo install { $name }：已編譯 { $compiled } 個 crate（{ $line }）
book-build-errors-reported = 它報告了錯誤
book-build-failed = mdbook 無法從 { $docs } 建置講義（{ $why }）：
book-cannot-run = 無法執行 { $program }（{ $error }）
book-serving = 正在 http://localhost:{ $port } 上提供講義，每次儲存 { $watched } 都會重新建置（按 Ctrl-C 停止）…
book-serve-stopped = mdbook serve 已停止（{ $status }；埠 { $port } 是否已被佔用？可用 --port 換一個）

## toolchain/mdbook.rs

book-mdbook-what = mdBook（用於把課程講義建置為 HTML）
book-helpers-what = mdbook-i18n-helpers（用於把 po/ 中的譯文放進講義）
book-found-by-var = 來自 { $var }
book-found-by-cache = 位於課程快取中
book-found-by-path = 位於 PATH 中
book-found-by-install = 剛安裝到課程快取中
book-cannot-be-run = { $program }（{ $found_by }）無法執行：{ $error }
book-mdbook-no-version = { $program }（{ $found_by }）對 `--version` 的回答不像 mdbook（它輸出的是 { $said }）
book-helpers-does-not-answer = { $program }（{ $found_by }）對 `supports html` 的回答不像 mdbook-gettext（{ $status }）
book-var-does-not-exist = { $var }={ $path } 不存在
book-helpers-var-holds-none = { $var }={ $path } 中沒有 mdbook-gettext（請指定它所在的資料夾，或安裝時用的 --root）
book-mdbook-var-other-version = 注意：{ $var } 是 { $version }；課程講義用 mdbook { $pinned } 建置
book-helpers-var-other-version = 注意：{ $var } 是 { $version }；課程的譯文用 mdbook-i18n-helpers { $pinned } 建置
book-other-series = { $program }（{ $found_by }）是 { $version }，不屬於 { $series } 系列
book-no-home = 沒有設定 HOME：沒有可以安裝到的快取
book-installed-nothing = cargo 已完成，但快取中沒有 { $bin }
book-vanished = { $program } 不見了
book-not-found = 沒有找到 { $what }。
book-skipped = 已跳過：{ $why }
book-install-failed = 自動安裝失敗：{ $why }
book-mdbook-how-to-install = 請用 `{ $command }` 安裝它（PATH 中任何 mdbook { $series }.x 都可以），或者讓 { $var } 指向一個 mdbook 可執行檔案。在此之前，講義可以直接作為 Markdown 閱讀：docs/SUMMARY.md 列出了它的各頁。
book-helpers-how-to-install = 請用 `{ $command }` 安裝它（之後 PATH 中它的 mdbook-gettext 就可以用），或者讓 { $var } 指向其 mdbook-gettext 所在的資料夾。在此之前，英文講義可以用 --lang en 建置，docs/SUMMARY.md 列出了它的各頁。
book-cache-has-no-parent = 快取目錄沒有上級目錄
book-installing = 沒有找到 { $what }：正在用 `{ $command }` 把 { $name } { $version } 安裝到 { $dir }，只需一次（cargo 會下載並編譯它：需要幾分鐘）…
book-cargo-did-not-finish = cargo install 沒有完成：{ $error }
book-cargo-failed = `{ $command }` 失敗（{ $status }；是否離線？{ $name } { $version } 需要 Rust { $rust } 或更高版本）：
book-cargo-installed-no-binary = cargo install 已完成，但沒有安裝 { $bin } 可執行檔案
book-cannot-move = 無法把安裝好的 { $name } 移到 { $dir }：{ $error }
book-installed = { $name } { $version } 已安裝到 { $dir }。
