# The student's commands (grade, all, list, hint, watch, reset) and the grader's own errors
# (usage, the course's files, progress). clap's own messages and --help texts stay English.

## Sections and the course's files

cmd-unknown-section = 沒有小節 `{ $id }`。現有小節：{ $sections }
cmd-or-a-command = { $message }（或者是一個命令：{ $commands }；見 `grader --help`）
cmd-kernel-not-found = 找不到核函式檔案：{ $path }
cmd-no-working-dir = 無法讀取工作目錄：{ $error }
cmd-no-course = 從 { $dir } 向上找不到課程的檔案（一個包含 Cargo.toml 和 exercises/ 的目錄）
cmd-cannot-write-json = 無法寫出 JSON 報告：{ $error }
cmd-note = 注意：{ $message }

## Progress (.progress.json) and where a section stands

cmd-progress-damaged = { $path } 已損壞（{ $error }）；刪除它即可從頭開始記錄進度
cmd-cannot-encode-progress = 無法編碼進度：{ $error }
cmd-progress-not-saved = 注意：進度未儲存：{ $error }
cmd-place-done = 已完成
cmd-place-done-no-gpu = 已完成（無 GPU）
# hant: by hand
cmd-place-current = 目前
cmd-place-tried = 已嘗試
cmd-place-not-started = 未開始

## reset

cmd-no-stub = 評分器中沒有內建小節 { $id } 的初始程式碼
cmd-reset-ask = 用原始的初始程式碼替換 { $path }？你的修改將會丟失。[y/N]
cmd-cannot-read-answer = 無法讀取回答：{ $error }
cmd-reset-kept = { $path } 保持不變。
cmd-reset-done = 已將 { $path } 恢復為初始程式碼；小節 { $id } 的進度和提示從頭開始。

## hint

cmd-hint-count = 提示數必須是正整數，例如 `hint 7.4 2`

## grade

cmd-results-needs-platform = --results 指定課程平臺的 results.json 寫到哪裡：請加上 `--format gradescope` 或 `--format prairielearn`
cmd-data-needs-prairielearn = --data 是 PrairieLearn 的 data.json：請加上 `--format prairielearn`
cmd-platform-unknown-section = 沒有小節 `{ $id }`（{ $mode } 模式評分以下之一：{ $sections }）
cmd-could-not-grade = 自動評分器無法為這次提交評分：{ $error }
cmd-cannot-encode-results = 無法編碼結果：{ $error }
cmd-nothing-submitted = 沒有提交 kernel.cu（查詢的位置：{ $path }）。

## list

cmd-list-solutions = 參考答案
cmd-list-yours = 你的核函式
cmd-list-header = 小節（{ $which }；快速檢查：只執行可見測試 —— 用 `cargo run -p grader -- <id>` 為單個小節評分）
cmd-list-no-kernel = 沒有 kernel.cu
cmd-list-passes = ✓ 通過可見測試
cmd-list-does-not-compile = ✗ 無法編譯
cmd-list-not-yet = ✗ 尚未通過

## watch

cmd-watch-keys = 正在監視儲存 · f 完整報告 · c 簡要報告 · h 提示 · l 列表 · n 下一小節 · q 退出
cmd-watch-sections = 小節
cmd-cannot-watch-files = 無法監視檔案：{ $error }
cmd-cannot-watch = 無法監視 { $path }：{ $error }
cmd-watch-all-passed = 所有小節都已通過。用 `cargo run -p grader -- watch <id>` 再次監視某一小節。
cmd-watch-grading = 正在為 { $id } 評分…
cmd-watch-next = 小節 { $done } 已通過。下一節：{ $id } { $title } —— 編輯 { $path }
cmd-watch-course-done = 這是最後一個小節：課程已全部完成。
cmd-watch-no-next = 這是最後一個小節，後面沒有了

# The `hint` command's frame around a section's hints.

hint-none = 這個小節沒有提示
hint-number = 提示 { $index }/{ $count }：{ $hint }
hint-number-last = 提示 { $index }/{ $count }（解法的思路）：{ $hint }
hint-another = 下一條提示：{ $command }
hint-last = 這是最後一條提示；本節在課程講義中的章節：{ $command }
hint-note = （注意：{ $message }）

## time, without a GPU: the speed model's table
cmd-time-no-gpu = 沒有 GPU（{ $why }）：以下是速度模型針對 { $card } 的數字，來自模擬器的計數
cmd-time-modelling = 正在為 { $section }（{ $file }）建模…
cmd-time-row-no-gpu = 沒有 GPU
cmd-time-row-not-graded = 未評判：{ $error }
cmd-time-model-header = 速度模型，不是實測：{ $card }（{ $sms } 個 SM，{ $ghz } GHz，DRAM { $tbps } TB/s，複製 { $copy } GB/s），模擬器的計數按比例換算到計時案例。「至多」：具有這些計數的核函式不可能更快（並指出是哪種資源）；「估計」：模型的估計值及其在課程語料庫上的誤差。
cmd-time-model-columns = | 小節 | 核函式 | 至多為複製的 % | 受限於 | 估計為複製的 % | 誤差（中位數，最大） |
cmd-time-model-line = ，第 { $line } 行
cmd-time-no-model = 沒有模型
